// android.icu.util.ULocale (API 24): what the generated accessors use of it.
package android.icu.util;

public final class ULocale {
    private final String tag;

    private ULocale(String tag) { this.tag = tag; }

    public static ULocale forLocale(java.util.Locale locale) { return new ULocale(locale.toLanguageTag()); }

    public String toLanguageTag() { return tag; }
}
