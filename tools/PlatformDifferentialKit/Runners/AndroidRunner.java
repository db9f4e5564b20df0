// Formats Android string resources the way Android's Resources does at run time, for the
// platform differential (tools/PlatformDifferentialKit). Compiled by the differential with
// `javac -cp /usr/share/java/icu4j.jar`; one JVM formats every case.
//
// Input: one JSON object per line on standard input.
//   {"id": 1, "locale": "ko", "text": "…"}                                  getString(id)
//   {"id": 2, "locale": "ko", "text": "%1$d행", "args": [{"int": 3}]}        getString(id, args…)
//   {"id": 3, "locale": "ru", "items": {"one": "…", "other": "…"}, "quantity": 5, "args": […]}
//                                                                            getQuantityString(id, n, args…)
//   {"id": 4, "locale": "en", "text": "%1$s and %2$s", "args": [{"part": 0}, {"part": 1}],
//    "parts": [{"items": {…}, "quantity": 2, "args": […]}, {"text": "…", "args": […]}]}
//                     a message composed from several resources: each part is formatted first,
//                     and {"part": i} passes part i's text
//   {"probe": "ar"}   the locale's number symbols from the JDK (what String.format uses here) and
//                     from ICU4J (what Android's libcore uses): they must agree for the model to hold
// Arguments: {"int": n} (an Integer when it fits, else a Long, as Kotlin passes them),
// {"double": x}, {"str": "…"}, {"date": epochMillis, "skeleton": "MMMMd"} or
// {"date": epochMillis, "pattern": "d MMM"} or
// {"date": epochMillis, "dateStyle": "medium", "timeStyle": "none"} — a date the app formats with
// android.icu's DateFormat (here ICU4J 72) in UTC and passes as text;
// {"number": 0.5, "pattern": "{0, number, percent}"} — a number the strings.xml holds as %s (a
// Double, or a style printf cannot say): the app formats it with
// android.icu.text.MessageFormat(pattern, locale) (here ICU4J 72), as docs/android.md says.
// Output: one line per request, in order: {"id": 1, "out": "…", "category": "few"} or
// {"id": 1, "error": "…"} (an exception the app would throw, e.g. IllegalFormatConversionException).
//
// Android's own code that this follows (AOSP frameworks/base):
//   Resources.getString(id, args)            = String.format(config locale, getString(id), args)
//   Resources.getQuantityText(id, n)         = the item for PluralRules.forLocale(locale).select(n),
//                                              else the "other" item (ResourcesImpl.getQuantityText)
//   Resources.getQuantityString(id, n, args) = String.format(config locale, getQuantityText(id, n), args)
//   Resources.getQuantityString(id, n)       = getQuantityText(id, n) as is (no formatting)

import com.ibm.icu.text.DateFormat;
import com.ibm.icu.text.MessageFormat;
import com.ibm.icu.text.PluralRules;
import com.ibm.icu.util.TimeZone;
import com.ibm.icu.util.ULocale;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

public final class AndroidRunner {
    public static void main(String[] argv) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, "UTF-8");
        Map<String, PluralRules> rules = new LinkedHashMap<>();
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            Object id = null;
            try {
                @SuppressWarnings("unchecked")
                Map<String, Object> request = (Map<String, Object>) new Json(line).value();
                id = request.get("id");
                if (request.containsKey("probe")) {
                    out.println(probe((String) request.get("probe")));
                    continue;
                }
                String tag = (String) request.get("locale");
                // A message composed from several resources: each part first (the texts of
                // <plurals> or companion <string>s), then the request itself with {"part": i}
                // standing for part i's text.
                List<String> parts = new ArrayList<>();
                @SuppressWarnings("unchecked")
                List<Object> partRequests = (List<Object>) request.get("parts");
                if (partRequests != null) {
                    for (Object part : partRequests) {
                        @SuppressWarnings("unchecked")
                        Map<String, Object> partRequest = (Map<String, Object>) part;
                        parts.add(resource(partRequest, tag, rules, parts, new String[1]));
                    }
                }
                String[] category = new String[1];
                String result = resource(request, tag, rules, parts, category);
                StringBuilder json = new StringBuilder("{\"id\":").append(id).append(",\"out\":");
                quote(json, result);
                if (category[0] != null) json.append(",\"category\":\"").append(category[0]).append('"');
                out.println(json.append('}'));
            } catch (Exception e) {
                StringBuilder json = new StringBuilder("{\"id\":").append(id).append(",\"error\":");
                quote(json, e.getClass().getSimpleName() + ": " + e.getMessage());
                out.println(json.append('}'));
            }
        }
        out.flush();
    }

    /// One resource as Resources returns it: getString(id), getString(id, args…),
    /// getQuantityString(id, n) or getQuantityString(id, n, args…).
    static String resource(Map<String, Object> request, String tag, Map<String, PluralRules> rules, List<String> parts,
                           String[] category) {
        Locale locale = Locale.forLanguageTag(tag);
        String text;
        if (request.containsKey("items")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> items = (Map<String, Object>) request.get("items");
            long quantity = ((Number) request.get("quantity")).longValue();
            PluralRules rule = rules.computeIfAbsent(tag, t -> PluralRules.forLocale(ULocale.forLanguageTag(t)));
            // Resources.getQuantityText passes an int; PluralRules.select(double).
            category[0] = rule.select((double) (int) quantity);
            Object item = items.get(category[0]);
            if (item == null) item = items.get("other");
            if (item == null) throw new IllegalStateException("NotFoundException: no item for " + category[0] + " and no other");
            text = (String) item;
        } else {
            text = (String) request.get("text");
        }
        @SuppressWarnings("unchecked")
        List<Object> args = (List<Object>) request.get("args");
        if (args == null || args.isEmpty()) return text;
        Object[] values = new Object[args.size()];
        for (int i = 0; i < values.length; i++) {
            @SuppressWarnings("unchecked")
            Map<String, Object> arg = (Map<String, Object>) args.get(i);
            values[i] = arg.containsKey("part") ? parts.get(((Number) arg.get("part")).intValue()) : argument(arg, tag);
        }
        return String.format(locale, text, values);
    }

    static Object argument(Object raw, String tag) {
        @SuppressWarnings("unchecked")
        Map<String, Object> arg = (Map<String, Object>) raw;
        if (arg.containsKey("number")) {
            Number number = (Number) arg.get("number");
            Object value = number instanceof Double ? (Object) number.doubleValue() : (Object) number.longValue();
            return new MessageFormat((String) arg.get("pattern"), ULocale.forLanguageTag(tag)).format(new Object[] {value});
        }
        if (arg.containsKey("int")) {
            long n = ((Number) arg.get("int")).longValue();
            return n == (int) n ? (Object) Integer.valueOf((int) n) : (Object) Long.valueOf(n);
        }
        if (arg.containsKey("double")) return ((Number) arg.get("double")).doubleValue();
        if (arg.containsKey("str")) return arg.get("str");
        if (arg.containsKey("date")) {
            ULocale locale = ULocale.forLanguageTag(tag);
            DateFormat format;
            if (arg.containsKey("skeleton")) {
                format = DateFormat.getInstanceForSkeleton((String) arg.get("skeleton"), locale);
            } else if (arg.containsKey("pattern")) {
                format = new com.ibm.icu.text.SimpleDateFormat((String) arg.get("pattern"), locale);
            } else {
                int date = style((String) arg.get("dateStyle"));
                int time = style((String) arg.get("timeStyle"));
                format = date == DateFormat.NONE ? DateFormat.getTimeInstance(time, locale)
                       : time == DateFormat.NONE ? DateFormat.getDateInstance(date, locale)
                       : DateFormat.getDateTimeInstance(date, time, locale);
            }
            format.setTimeZone(TimeZone.getTimeZone("UTC"));
            return format.format(new java.util.Date(((Number) arg.get("date")).longValue()));
        }
        throw new IllegalArgumentException("unknown argument " + raw);
    }

    static int style(String name) {
        if (name == null) return DateFormat.NONE;
        switch (name) {
            case "short": return DateFormat.SHORT;
            case "medium": return DateFormat.MEDIUM;
            case "long": return DateFormat.LONG;
            case "full": return DateFormat.FULL;
            default: return DateFormat.NONE;
        }
    }

    /// The number symbols java.util.Formatter takes from the JDK's locale data here, next to the
    /// ones ICU4J 72 (Android's data) gives.
    static String probe(String tag) {
        Locale locale = Locale.forLanguageTag(tag);
        java.text.DecimalFormatSymbols jdk = java.text.DecimalFormatSymbols.getInstance(locale);
        com.ibm.icu.text.DecimalFormatSymbols icu = com.ibm.icu.text.DecimalFormatSymbols.getInstance(ULocale.forLanguageTag(tag));
        StringBuilder json = new StringBuilder("{\"probe\":");
        quote(json, tag);
        json.append(",\"jdk\":");
        quote(json, "" + jdk.getZeroDigit() + jdk.getGroupingSeparator() + jdk.getDecimalSeparator() + jdk.getMinusSign());
        json.append(",\"icu\":");
        quote(json, "" + icu.getZeroDigit() + icu.getGroupingSeparator() + icu.getDecimalSeparator() + icu.getMinusSign());
        json.append(",\"icuVersion\":");
        quote(json, com.ibm.icu.util.VersionInfo.ICU_VERSION.toString());
        return json.append('}').toString();
    }

    static void quote(StringBuilder out, String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                default:
                    if (c < 0x20 || (c >= 0xD800 && c <= 0xDFFF && !validSurrogate(text, i))) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }

    static boolean validSurrogate(String text, int i) {
        char c = text.charAt(i);
        if (Character.isHighSurrogate(c)) return i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
        return i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
    }

    /// A small JSON reader: objects, arrays, strings, numbers (Long, or Double with a fraction or
    /// exponent), true, false, null.
    static final class Json {
        private final String s;
        private int i;

        Json(String s) { this.s = s; }

        Object value() {
            space();
            if (i >= s.length()) throw new IllegalArgumentException("unexpected end of JSON");
            char c = s.charAt(i);
            switch (c) {
                case '{': {
                    i++;
                    Map<String, Object> map = new LinkedHashMap<>();
                    space();
                    if (s.charAt(i) == '}') { i++; return map; }
                    while (true) {
                        space();
                        String key = string();
                        space();
                        expect(':');
                        map.put(key, value());
                        space();
                        if (s.charAt(i) == ',') { i++; continue; }
                        expect('}');
                        return map;
                    }
                }
                case '[': {
                    i++;
                    List<Object> list = new ArrayList<>();
                    space();
                    if (s.charAt(i) == ']') { i++; return list; }
                    while (true) {
                        list.add(value());
                        space();
                        if (s.charAt(i) == ',') { i++; continue; }
                        expect(']');
                        return list;
                    }
                }
                case '"': return string();
                case 't': i += 4; return Boolean.TRUE;
                case 'f': i += 5; return Boolean.FALSE;
                case 'n': i += 4; return null;
                default: {
                    int start = i;
                    while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
                    String number = s.substring(start, i);
                    if (number.contains(".") || number.contains("e") || number.contains("E")) return Double.parseDouble(number);
                    return Long.parseLong(number);
                }
            }
        }

        private String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (true) {
                char c = s.charAt(i++);
                if (c == '"') return out.toString();
                if (c != '\\') { out.append(c); continue; }
                char e = s.charAt(i++);
                switch (e) {
                    case 'n': out.append('\n'); break;
                    case 't': out.append('\t'); break;
                    case 'r': out.append('\r'); break;
                    case 'b': out.append('\b'); break;
                    case 'f': out.append('\f'); break;
                    case 'u': out.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; break;
                    default: out.append(e);
                }
            }
        }

        private void space() { while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++; }

        private void expect(char c) {
            if (i >= s.length() || s.charAt(i) != c) throw new IllegalArgumentException("expected " + c + " at " + i);
            i++;
        }
    }
}
