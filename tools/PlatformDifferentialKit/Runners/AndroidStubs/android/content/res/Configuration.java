// android.content.res.Configuration as the generated accessors read it: the (deprecated, API 1+)
// `locale` field, the first of the configuration's locales.
package android.content.res;

public class Configuration {
    @Deprecated
    public java.util.Locale locale;

    Configuration(java.util.Locale locale) { this.locale = locale; }
}
