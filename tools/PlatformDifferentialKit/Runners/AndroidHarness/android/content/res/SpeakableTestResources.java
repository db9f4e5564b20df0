// Builds the Resources the differential hands to the generated accessors: the strings of one
// locale (resolved from the aapt2-linked table by the differential) under the ids of the R class
// that `aapt2 link --java` wrote. Not part of the API the accessors compile against.
package android.content.res;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;

public final class SpeakableTestResources {
    private SpeakableTestResources() {}

    /// `strings` and `plurals` by R field name (`level_label`); `r`: the app's R class.
    public static Resources make(java.util.Locale locale, Map<String, String> strings, Map<String, Map<String, String>> plurals,
                                 Class<?> r) throws Exception {
        Map<Integer, String> byId = new HashMap<>();
        Map<Integer, Map<String, String>> pluralsById = new HashMap<>();
        for (Class<?> nested : r.getDeclaredClasses()) {
            boolean string = nested.getSimpleName().equals("string");
            boolean plural = nested.getSimpleName().equals("plurals");
            if (!string && !plural) continue;
            for (Field field : nested.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers()) || field.getType() != int.class) continue;
                int id = field.getInt(null);
                if (string && strings.containsKey(field.getName())) byId.put(id, strings.get(field.getName()));
                if (plural && plurals.containsKey(field.getName())) pluralsById.put(id, plurals.get(field.getName()));
            }
        }
        return new Resources(new Configuration(locale), byId, pluralsById);
    }
}
