// The part of android.content.res.Resources that Speakable's generated Kotlin accessors call,
// for the platform differential (tools/PlatformDifferentialKit): the accessors are compiled
// against these classes only, so a call to anything else fails to compile. The strings come from
// the aapt2-linked resource table of the case's locale (android.content.res.SpeakableTestResources
// fills them in); formatting follows AOSP frameworks/base:
//   getString(id, args)            = String.format(configuration locale, getString(id), args)
//   getQuantityText(id, n)         = the item for PluralRules.forLocale(locale).select(n), else "other"
//   getQuantityString(id, n, args) = String.format(configuration locale, getQuantityText(id, n), args)
//   getQuantityString(id, n)       = getQuantityText(id, n) as is (no formatting)
package android.content.res;

import java.util.Map;

public class Resources {
    final Configuration configuration;
    final Map<Integer, String> strings;
    final Map<Integer, Map<String, String>> plurals;
    final com.ibm.icu.text.PluralRules rules;

    Resources(Configuration configuration, Map<Integer, String> strings, Map<Integer, Map<String, String>> plurals) {
        this.configuration = configuration;
        this.strings = strings;
        this.plurals = plurals;
        this.rules = com.ibm.icu.text.PluralRules.forLocale(com.ibm.icu.util.ULocale.forLocale(configuration.locale));
    }

    public Configuration getConfiguration() { return configuration; }

    public String getString(int id) {
        String text = strings.get(id);
        if (text == null) throw new IllegalStateException("Resources.NotFoundException: String resource ID #0x" + Integer.toHexString(id));
        return text;
    }

    public String getString(int id, Object... formatArgs) {
        return String.format(configuration.locale, getString(id), formatArgs);
    }

    public String getQuantityString(int id, int quantity) {
        Map<String, String> items = plurals.get(id);
        if (items == null) throw new IllegalStateException("Resources.NotFoundException: Plural resource ID #0x" + Integer.toHexString(id));
        String item = items.get(rules.select((double) quantity));
        if (item == null) item = items.get("other");
        if (item == null) throw new IllegalStateException("Resources.NotFoundException: no item for quantity " + quantity);
        return item;
    }

    public String getQuantityString(int id, int quantity, Object... formatArgs) {
        return String.format(configuration.locale, getQuantityString(id, quantity), formatArgs);
    }
}
