// Calls Speakable's generated Compose Multiplatform accessors (`compose/kotlin/<Table>Strings.kt`)
// on the JVM for the platform differential (tools/PlatformDifferentialKit), as an app would: by
// function name and parameter names (kotlinc -java-parameters), each accessor twice — the suspend
// function (started with a trivial Continuation: nothing suspends, so it returns its result) and
// its @Composable twin in `<Table>Strings.Composables` — against ComposeStubs/, which model
// Compose's resources library over the compiled composeResources/ folder read here as Compose's
// Gradle plugin reads it. Compiled with AndroidRunner.java (its JSON reader and writer).
//
// Argument: the composeResources/ folder. Each values*/strings.xml is parsed with the JDK's DOM
// parser (what the plugin's XmlValuesConverterTask uses), each <string> and <item> taken as its
// textContent through the plugin's handleSpecialCharacters (backslash-u and four hex digits, backslash-n,
// backslash-t, unless a pair of backslashes ends right before them; then each pair becomes one). A resource is looked up as Compose's run time does
// (ResourceEnvironment.kt filterByLocale): the folders that have it, by language, then script,
// then region (an item with the region, else one without a region qualifier), else the folders
// without a locale. Plural items: ICU4J 72's PluralRules for language and region, else "other".
//
// Input: one request per line:
//   {"id": 1, "locale": "ko", "class": "com.example.speakable.speakable.GameStrings",
//    "function": "levelStars", "args": {"stars": {"int": 2}, "total": {"int": 3}}}
// Arguments by parameter name: {"int": n}, {"double": x}, {"str": "…"} (a select's enum: the
// entry whose `value` it is, else `other`), and "text": ICU's text of a number or date, which a
// String parameter of that name, or a `<name>Text` parameter, takes. Output: {"id": 1, "out": "…"}
// or {"id": 1, "error": "…"} (also when the composable's result differs from the suspend one's).

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import kotlin.coroutines.Continuation;
import kotlin.coroutines.CoroutineContext;
import kotlin.coroutines.EmptyCoroutineContext;
import kotlin.coroutines.intrinsics.IntrinsicsKt;

import org.jetbrains.compose.resources.StubResourceReader;
import org.jetbrains.compose.resources.StubResources;

public final class ComposeRunner {
    /** One values* folder: its qualifiers and its strings and plurals. */
    static final class Folder {
        final String name;
        String language = "";
        String script = "";
        String region = "";
        final Map<String, String> strings = new HashMap<>();
        final Map<String, Map<String, String>> plurals = new HashMap<>();

        Folder(String name) {
            this.name = name;
            String[] parts = name.split("-");
            for (int i = 1; i < parts.length; i++) {
                String part = parts[i];
                if (part.startsWith("b+")) {
                    String[] subtags = part.substring(2).split("\\+");
                    language = subtags[0];
                    for (int k = 1; k < subtags.length; k++) {
                        if (subtags[k].length() == 4) script = subtags[k];
                        else region = subtags[k];
                    }
                } else if (i == 1 && (part.length() == 2 || part.length() == 3) && part.equals(part.toLowerCase())) {
                    language = part;
                } else if (part.length() == 3 && part.startsWith("r")) {
                    region = part.substring(1);
                }
            }
        }

        boolean hasLocale() { return !language.isEmpty() || !script.isEmpty() || !region.isEmpty(); }
    }

    static final List<Folder> folders = new ArrayList<>();

    public static void main(String[] argv) throws Exception {
        java.util.TimeZone.setDefault(java.util.TimeZone.getTimeZone("UTC"));
        com.ibm.icu.util.TimeZone.setDefault(com.ibm.icu.util.TimeZone.getTimeZone("UTC"));
        File root = new File(argv[0]);
        File[] children = root.listFiles();
        if (children != null) {
            java.util.Arrays.sort(children);
            for (File child : children) {
                File file = new File(child, "strings.xml");
                if (child.getName().startsWith("values") && file.exists()) folders.add(read(child.getName(), file));
            }
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, "UTF-8");
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            Object id = null;
            try {
                @SuppressWarnings("unchecked")
                Map<String, Object> request = (Map<String, Object>) new AndroidRunner.Json(line).value();
                id = request.get("id");
                String tag = (String) request.get("locale");
                androidx.compose.ui.text.intl.Locale.setCurrent(new androidx.compose.ui.text.intl.Locale(tag));
                StubResources.setReader(new Reader(new androidx.compose.ui.text.intl.Locale(tag)));
                @SuppressWarnings("unchecked")
                Map<String, Object> args = (Map<String, Object>) request.get("args");
                String className = (String) request.get("class");
                String function = (String) request.get("function");
                String suspended = call(className, function, args, true);
                int reads = StubResources.getComposableReads();
                String composed = call(className + "$Composables", function, args, false);
                StringBuilder json = new StringBuilder("{\"id\":").append(id);
                if (!suspended.equals(composed)) {
                    json.append(",\"error\":");
                    AndroidRunner.quote(json, "the @Composable accessor says " + composed + ", the suspend one " + suspended);
                } else if (StubResources.getComposableReads() == reads) {
                    json.append(",\"error\":");
                    AndroidRunner.quote(json, "the @Composable accessor read no resource");
                } else {
                    json.append(",\"out\":");
                    AndroidRunner.quote(json, suspended);
                }
                out.println(json.append('}'));
            } catch (Throwable e) {
                Throwable cause = e instanceof InvocationTargetException && e.getCause() != null ? e.getCause() : e;
                StringBuilder json = new StringBuilder("{\"id\":").append(id).append(",\"error\":");
                AndroidRunner.quote(json, cause.getClass().getSimpleName() + ": " + cause.getMessage());
                out.println(json.append('}'));
            }
        }
        out.flush();
    }

    // MARK: Reading composeResources/ as Compose's Gradle plugin does

    static Folder read(String name, File file) throws Exception {
        Folder folder = new Folder(name);
        Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file);
        NodeList items = document.getElementsByTagName("resources").item(0).getChildNodes();
        for (int i = 0; i < items.getLength(); i++) {
            Node node = items.item(i);
            if (!(node instanceof Element)) continue;
            Element element = (Element) node;
            String key = element.getAttribute("name");
            if (node.getNodeName().equals("string")) {
                folder.strings.put(key, handleSpecialCharacters(element.getTextContent()));
            } else if (node.getNodeName().equals("plurals")) {
                Map<String, String> forms = new HashMap<>();
                NodeList children = element.getChildNodes();
                for (int k = 0; k < children.getLength(); k++) {
                    Node child = children.item(k);
                    if (!child.getNodeName().equals("item")) continue;
                    forms.put(((Element) child).getAttribute("quantity"), handleSpecialCharacters(child.getTextContent()));
                }
                folder.plurals.put(key, forms);
            }
        }
        return folder;
    }

    static final Pattern UNICODE_NEW_LINE_TAB = Pattern.compile("\\\\u[a-fA-F\\d]{4}|\\\\n|\\\\t");
    static final Pattern DOUBLE_SLASH = Pattern.compile("\\\\\\\\");

    /** The plugin's handleSpecialCharacters, line for line. */
    static String handleSpecialCharacters(String string) {
        Set<Integer> doubleSlashIndexes = new HashSet<>();
        Matcher pairs = DOUBLE_SLASH.matcher(string);
        while (pairs.find()) doubleSlashIndexes.add(pairs.start());
        Matcher matcher = UNICODE_NEW_LINE_TAB.matcher(string);
        StringBuilder handled = new StringBuilder();
        int last = 0;
        while (matcher.find()) {
            handled.append(string, last, matcher.start());
            String value = matcher.group();
            if (doubleSlashIndexes.contains(matcher.start() - 1)) handled.append(value);
            else if (value.equals("\\n")) handled.append('\n');
            else if (value.equals("\\t")) handled.append('\t');
            else handled.append((char) Integer.parseInt(value.substring(2), 16));
            last = matcher.end();
        }
        handled.append(string, last, string.length());
        return handled.toString().replace("\\\\", "\\");
    }

    // MARK: Looking up as Compose's run time does

    static final class Reader implements StubResourceReader {
        final String language;
        final String script;
        final String region;

        Reader(androidx.compose.ui.text.intl.Locale locale) {
            language = locale.getLanguage();
            script = locale.getScript();
            region = locale.getRegion();
        }

        Folder pick(String key, boolean plural) {
            List<Folder> items = new ArrayList<>();
            for (Folder folder : folders) {
                if (plural ? folder.plurals.containsKey(key) : folder.strings.containsKey(key)) items.add(folder);
            }
            List<Folder> chosen = filterByLocale(items);
            if (chosen.isEmpty()) throw new IllegalArgumentException("Resource with ID='" + key + "' not found");
            if (chosen.size() > 1) throw new IllegalArgumentException("Resource with ID='" + key + "' has more than one file");
            return chosen.get(0);
        }

        List<Folder> filterByLocale(List<Folder> items) {
            List<Folder> noLocale = new ArrayList<>();
            List<Folder> withLanguage = new ArrayList<>();
            for (Folder item : items) {
                if (!item.hasLocale()) noLocale.add(item);
                if (!item.language.isEmpty() && item.language.equals(language)) withLanguage.add(item);
            }
            if (withLanguage.isEmpty()) return noLocale;
            List<Folder> withScript = new ArrayList<>();
            List<Folder> withDefaultScript = new ArrayList<>();
            for (Folder item : withLanguage) {
                if (!item.script.isEmpty() && item.script.equals(script)) withScript.add(item);
                if (item.script.isEmpty()) withDefaultScript.add(item);
            }
            List<Folder> byScriptAndRegion = filterByRegion(withScript);
            if (!byScriptAndRegion.isEmpty()) return byScriptAndRegion;
            List<Folder> byDefaultScriptAndRegion = filterByRegion(withDefaultScript);
            if (!byDefaultScriptAndRegion.isEmpty()) return byDefaultScriptAndRegion;
            if (script.isEmpty()) {
                List<Folder> byRegion = filterByRegion(withLanguage);
                if (!byRegion.isEmpty()) return byRegion;
            }
            return noLocale;
        }

        /** Items with the region, else items without a region qualifier. */
        List<Folder> filterByRegion(List<Folder> items) {
            List<Folder> with = new ArrayList<>();
            List<Folder> without = new ArrayList<>();
            for (Folder item : items) {
                if (!item.region.isEmpty() && item.region.equals(region)) with.add(item);
                if (item.region.isEmpty()) without.add(item);
            }
            return with.isEmpty() ? without : with;
        }

        @Override
        public String string(String key) {
            return pick(key, false).strings.get(key);
        }

        @Override
        public String plural(String key, int quantity) {
            Map<String, String> items = pick(key, true).plurals.get(key);
            com.ibm.icu.util.ULocale locale = new com.ibm.icu.util.ULocale(region.isEmpty() ? language : language + "_" + region);
            String category = com.ibm.icu.text.PluralRules.forLocale(locale).select(quantity);
            String item = items.get(category);
            if (item == null) item = items.get("other");
            if (item == null) throw new IllegalArgumentException("Quantity string ID=`" + key + "` does not have the pluralization " + category);
            return item;
        }
    }

    // MARK: Calling an accessor

    static final Continuation<Object> COMPLETION = new Continuation<Object>() {
        @Override
        public CoroutineContext getContext() { return EmptyCoroutineContext.INSTANCE; }

        @Override
        public void resumeWith(Object result) {
            throw new IllegalStateException("an accessor suspended");
        }
    };

    static String call(String className, String function, Map<String, Object> args, boolean suspending) throws Throwable {
        Class<?> type = Class.forName(className);
        Object instance = type.getField("INSTANCE").get(null);
        Method method = null;
        for (Method candidate : type.getMethods()) {
            if (!candidate.getName().equals(function)) continue;
            Class<?>[] types = candidate.getParameterTypes();
            boolean takesContinuation = types.length > 0 && types[types.length - 1] == Continuation.class;
            if (takesContinuation != suspending) continue;
            if (method != null) throw new IllegalStateException("two accessors named " + function);
            method = candidate;
        }
        if (method == null) throw new NoSuchMethodException("no " + (suspending ? "suspend" : "@Composable") + " accessor " + className + "." + function);
        Parameter[] parameters = method.getParameters();
        int count = suspending ? parameters.length - 1 : parameters.length;
        Object[] values = new Object[parameters.length];
        Set<String> used = new HashSet<>();
        for (int i = 0; i < count; i++) {
            Parameter parameter = parameters[i];
            if (!parameter.isNamePresent()) throw new IllegalStateException("parameter names are not compiled in (kotlinc -java-parameters)");
            String name = parameter.getName();
            @SuppressWarnings("unchecked")
            Map<String, Object> raw = (Map<String, Object>) args.get(name);
            if (raw != null) {
                used.add(name);
                values[i] = argument(raw, parameter.getType(), name);
                continue;
            }
            // `<label>Text` (`_` appended when taken): ICU's text of the argument `<label>`.
            String base = name;
            while (base.endsWith("_")) base = base.substring(0, base.length() - 1);
            if (base.endsWith("Text") && parameter.getType() == String.class) {
                base = base.substring(0, base.length() - 4);
                @SuppressWarnings("unchecked")
                Map<String, Object> of = (Map<String, Object>) args.get(base);
                if (of == null || !of.containsKey("text")) throw new IllegalArgumentException(name + ": no ICU text of " + base + " given");
                values[i] = of.get("text");
                continue;
            }
            values[i] = argument(null, parameter.getType(), name);
        }
        for (String name : args.keySet()) {
            if (!used.contains(name)) {
                boolean known = false;
                for (Parameter parameter : parameters) known |= parameter.getName().startsWith(name);
                if (!known) throw new IllegalArgumentException("the accessor " + function + " has no parameter " + name);
            }
        }
        if (suspending) values[parameters.length - 1] = COMPLETION;
        Object result;
        try {
            result = method.invoke(instance, values);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
        if (result == IntrinsicsKt.getCOROUTINE_SUSPENDED()) throw new IllegalStateException("the accessor suspended");
        return (String) result;
    }

    static Object argument(Map<String, Object> raw, Class<?> type, String name) throws Exception {
        if (type == int.class) {
            if (raw == null || !raw.containsKey("int")) throw new IllegalArgumentException(name + ": an Int is needed, got " + raw);
            long n = ((Number) raw.get("int")).longValue();
            if (n != (int) n) throw new IllegalArgumentException(name + ": " + n + " does not fit an Int");
            return (int) n;
        }
        if (type == double.class) {
            if (raw != null && raw.containsKey("double")) return ((Number) raw.get("double")).doubleValue();
            if (raw != null && raw.containsKey("int")) return ((Number) raw.get("int")).doubleValue();
            throw new IllegalArgumentException(name + ": a Double is needed, got " + raw);
        }
        if (type == String.class) {
            if (raw == null) return "";
            if (raw.containsKey("text")) return raw.get("text");
            if (raw.containsKey("str")) return raw.get("str");
            if (raw.containsKey("int")) return String.valueOf(raw.get("int"));
            if (raw.containsKey("double")) return String.valueOf(raw.get("double"));
            return "";
        }
        if (type.isEnum()) {
            Object value = raw == null ? "" : raw.containsKey("str") ? raw.get("str") : raw.containsKey("int") ? String.valueOf(raw.get("int")) : "";
            Object fallback = null;
            for (Object entry : type.getEnumConstants()) {
                Object written = type.getMethod("getValue").invoke(entry);
                if (written.equals(value)) return entry;
                if ("other".equals(written)) fallback = entry;
            }
            return fallback != null ? fallback : type.getEnumConstants()[0];
        }
        throw new IllegalArgumentException(name + ": an accessor parameter of type " + type.getName());
    }
}
