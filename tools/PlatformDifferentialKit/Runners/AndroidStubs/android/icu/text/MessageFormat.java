// android.icu.text.MessageFormat (API 24) as the generated accessors call it, over ICU4J 72
// (com.ibm.icu, the same code and data version Android's android.icu repackages).
package android.icu.text;

import java.text.FieldPosition;
import java.text.ParsePosition;

public class MessageFormat extends java.text.Format {
    private final com.ibm.icu.text.MessageFormat icu;

    public MessageFormat(String pattern, android.icu.util.ULocale locale) {
        icu = new com.ibm.icu.text.MessageFormat(pattern, com.ibm.icu.util.ULocale.forLanguageTag(locale.toLanguageTag()));
    }

    @Override
    public StringBuffer format(Object arguments, StringBuffer append, FieldPosition position) {
        return icu.format(arguments, append, position);
    }

    @Override
    public Object parseObject(String source, ParsePosition position) {
        return icu.parseObject(source, position);
    }
}
