import Dispatch
import FoundationEssentials
import Synchronization
public import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
public import SpeakablePlatformFormats

extension CompileContext {
    /// The String Catalog key of a message's combination of select cases: an imported catalog's
    /// own key, else the message's (`<key>__<argument>_<case>` with cases).
    static func appleKey(_ message: TemplateMessage, meta: MessageMetadata?, choices: [SelectExpansion.Choice]) -> String {
        choices.isEmpty ? (meta?.platformKey ?? message.key) : SelectExpansion.key(message.key, choices)
    }

    /// What the Android resource name is made from: an imported resource's own name, an
    /// imported String Catalog key that is one, else the key (with cases: as ``appleKey``).
    static func androidBase(_ message: TemplateMessage, meta: MessageMetadata?, choices: [SelectExpansion.Choice]) -> String {
        guard choices.isEmpty else { return SelectExpansion.key(message.key, choices) }
        return meta?.androidName ?? (meta?.platformKey.map(Self.isAndroidName) == true ? meta!.platformKey! : message.key)
    }

    /// A valid Android resource name: letters, digits, `_` and `.`, not starting with a digit.
    static func androidName(_ key: String) -> String {
        let valid: (UInt8) -> Bool = { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F || $0 == 0x2E }
        if let first = key.utf8.first, first > 0x39 || first < 0x30, first != 0x2E, key.utf8.allSatisfy(valid) { return key }
        var name = String(String.UnicodeScalarView(key.unicodeScalars.map { s in
            (s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s))) || s == "_" || s == "." ? s : "_"
        }))
        if name.isEmpty || name.unicodeScalars.first.map({ ("0"..."9").contains($0) || $0 == "." }) == true { name = "_" + name }
        return name
    }

    /// ``androidName(_:)`` that is also a Java identifier in `R` (`aapt2 link` refuses a resource
    /// named `continue` or `_`): such a name gets a `_` after it.
    static func androidResourceName(_ key: String) -> String {
        let name = androidName(key)
        // R's field is the name with `.` as `_` (``KotlinAccessorNames/rField(_:)``). A name with
        // a `.` has another character too, and the only keyword with `_` is `_` alone: not one.
        if name.utf8.contains(0x2E) { return name }
        return ProjectConfig.javaKeywords.contains(name) ? name + "_" : name
    }

    static func isAndroidName(_ text: String) -> Bool { !text.isEmpty && androidName(text) == text }
}

/// The Android resource of a message the validation screened out (``CompileValidation``).
struct ScreenedName: Sendable {
    /// `<table>:<key>`.
    let owner: String
    /// `string` or `plurals`.
    let kind: String
    let name: String
}

/// How `speakable compile` names a message's Android resource, for tools that call the resources
/// it wrote.
///
/// ```swift
/// AndroidResourceNames.name(of: "level.label")   // "level.label"
/// AndroidResourceNames.name(of: "3d-view")       // "_3d_view"
/// AndroidResourceNames.name(of: "continue")      // "continue_" (a Java keyword cannot be a field of R)
/// ```
public enum AndroidResourceNames {
    /// Letters, digits, `_` and `.` (any other character becomes `_`), not starting with a digit
    /// or `.`, and not a Java keyword as a field of `R`.
    public static func name(of key: String) -> String { CompileContext.androidResourceName(key) }

    /// What the name is made from: an imported resource's own name, an imported String Catalog
    /// key that is one, else the key (with select cases: `<key>__<argument>_<case>`).
    public static func base(of message: TemplateMessage, metadata: MessageMetadata?, choices: [SelectExpansion.Choice]) -> String {
        CompileContext.androidBase(message, meta: metadata, choices: choices)
    }
}
