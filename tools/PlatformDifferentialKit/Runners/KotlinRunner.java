// Calls Speakable's generated Kotlin accessors (`android/kotlin/<Table>Strings.kt`) on the JVM for
// the platform differential (tools/PlatformDifferentialKit), as an app would: by function name and
// parameter names (the accessors are compiled with `kotlinc -java-parameters`), with a Resources
// over the aapt2-linked resource table of the case's locale (AndroidStubs/, AndroidHarness/).
// Compiled with AndroidRunner.java (its JSON reader and writer).
//
// Arguments: the folder of the resolved tables (`<tag>.jsonl`, one resource per line:
// {"type": "string", "name": "level_label", "text": "…"} or
// {"type": "plurals", "name": "level_stars", "items": {"one": "…", "other": "…"}}), and the R class.
// Input: one request per line:
//   {"id": 1, "locale": "ko", "class": "com.example.speakable.speakable.GameStrings",
//    "function": "levelStars", "args": {"stars": {"int": 2}, "total": {"int": 3}}}
// Arguments by parameter name: {"int": n}, {"double": x}, {"str": "…"} (a select's enum: its
// `of(value)`), {"date": epochMillis}. Output: {"id": 1, "out": "…"} or {"id": 1, "error": "…"}.
// Dates are formatted in UTC (the JVM's and ICU's default time zone are set to it).

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import android.content.res.Resources;
import android.content.res.SpeakableTestResources;

public final class KotlinRunner {
    public static void main(String[] argv) throws Exception {
        java.util.TimeZone.setDefault(java.util.TimeZone.getTimeZone("UTC"));
        com.ibm.icu.util.TimeZone.setDefault(com.ibm.icu.util.TimeZone.getTimeZone("UTC"));
        Path tables = Path.of(argv[0]);
        Class<?> r = Class.forName(argv[1]);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, "UTF-8");
        Map<String, Resources> resources = new HashMap<>();
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            Object id = null;
            try {
                @SuppressWarnings("unchecked")
                Map<String, Object> request = (Map<String, Object>) new AndroidRunner.Json(line).value();
                id = request.get("id");
                String tag = (String) request.get("locale");
                Resources res = resources.get(tag);
                if (res == null) {
                    res = load(tables.resolve(tag + ".jsonl"), tag, r);
                    resources.put(tag, res);
                }
                @SuppressWarnings("unchecked")
                Map<String, Object> args = (Map<String, Object>) request.get("args");
                String result = call((String) request.get("class"), (String) request.get("function"), res, args);
                StringBuilder json = new StringBuilder("{\"id\":").append(id).append(",\"out\":");
                AndroidRunner.quote(json, result);
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

    static Resources load(Path file, String tag, Class<?> r) throws Exception {
        Map<String, String> strings = new HashMap<>();
        Map<String, Map<String, String>> plurals = new HashMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank()) continue;
            @SuppressWarnings("unchecked")
            Map<String, Object> entry = (Map<String, Object>) new AndroidRunner.Json(line).value();
            String name = (String) entry.get("name");
            if ("plurals".equals(entry.get("type"))) {
                Map<String, String> items = new HashMap<>();
                @SuppressWarnings("unchecked")
                Map<String, Object> raw = (Map<String, Object>) entry.get("items");
                for (Map.Entry<String, Object> item : raw.entrySet()) items.put(item.getKey(), (String) item.getValue());
                plurals.put(name, items);
            } else {
                strings.put(name, (String) entry.get("text"));
            }
        }
        return SpeakableTestResources.make(Locale.forLanguageTag(tag), strings, plurals, r);
    }

    static String call(String className, String function, Resources res, Map<String, Object> args) throws Throwable {
        Class<?> type = Class.forName(className);
        Object instance = type.getField("INSTANCE").get(null);
        Method method = null;
        for (Method candidate : type.getMethods()) {
            if (candidate.getName().equals(function) && candidate.getParameterCount() >= 1 && candidate.getParameterTypes()[0] == Resources.class) {
                if (method != null) throw new IllegalStateException("two accessors named " + function);
                method = candidate;
            }
        }
        if (method == null) throw new NoSuchMethodException("no accessor " + className + "." + function + "(res: Resources, …)");
        Parameter[] parameters = method.getParameters();
        Object[] values = new Object[parameters.length];
        values[0] = res;
        for (int i = 1; i < parameters.length; i++) {
            Parameter parameter = parameters[i];
            if (!parameter.isNamePresent()) throw new IllegalStateException("parameter names are not compiled in (kotlinc -java-parameters)");
            @SuppressWarnings("unchecked")
            Map<String, Object> raw = (Map<String, Object>) args.get(parameter.getName());
            values[i] = argument(raw, parameter.getType(), parameter.getName());
        }
        for (String name : args.keySet()) {
            boolean known = false;
            for (Parameter parameter : parameters) known |= parameter.getName().equals(name);
            if (!known) throw new IllegalArgumentException("the accessor " + function + " has no parameter " + name);
        }
        try {
            return (String) method.invoke(instance, values);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
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
        if (type == java.util.Date.class) {
            if (raw == null || !raw.containsKey("date")) throw new IllegalArgumentException(name + ": a Date is needed, got " + raw);
            return new java.util.Date(((Number) raw.get("date")).longValue());
        }
        Object value = raw == null ? "" : raw.containsKey("str") ? raw.get("str")
            : raw.containsKey("int") ? String.valueOf(raw.get("int")) : raw.containsKey("double") ? String.valueOf(raw.get("double")) : "";
        if (type == String.class) return value;
        if (type.isEnum()) return type.getMethod("of", String.class).invoke(null, value);
        throw new IllegalArgumentException(name + ": an accessor parameter of type " + type.getName());
    }
}
