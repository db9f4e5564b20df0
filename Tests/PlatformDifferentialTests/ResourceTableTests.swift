@testable import PlatformDifferentialKit
import Testing

/// The resource-table reader against aapt2 itself: what `aapt2 link` writes into
/// resources.arsc is what `Resources.getString` returns.
@Suite struct ResourceTableTests {
    static let strings = #"""
    <?xml version="1.0" encoding="utf-8"?>
    <resources>
        <string name="quotes">He said \"hi\" and it\'s %1$d%% done</string>
        <string name="spaces">"  two  spaces kept  "</string>
        <string name="collapsed">  runs   of   spaces   collapse  </string>
        <string name="escapes">line1\nline2\ttab \\ back \u00e9</string>
        <string name="leading">\@at \?question &amp; &lt;tag&gt;</string>
        <string name="unquoted">a " quote vanishes</string>
        <string name="unicode">한국어 עברית 😀 \u0041</string>
        <string name="dotted.name">dotted</string>
        <string name="styled">Tap <b>here</b> <i>now</i></string>
        <plurals name="stars">
            <item quantity="one">%1$d star</item>
            <item quantity="other">%1$d stars</item>
        </plurals>
        <string-array name="days">
            <item>Monday</item>
            <item>"  Tuesday "</item>
            <item>@string/dotted.name</item>
        </string-array>
    </resources>
    """#

    @Test func readsWhatAapt2Linked() throws {
        guard let tools = androidTools() else { return }
        let root = try scratchDirectory("arsc")
        defer { Files.remove(root) }
        try writeFiles([
            "res/values/strings.xml": Self.strings,
            "res/values-ko/strings.xml": #"<resources><string name="quotes">한국어 %1$d</string><plurals name="stars"><item quantity="other">별 %1$d개</item></plurals></resources>"#,
            "res/values-b+sr+Latn/strings.xml": #"<resources><string name="quotes">srpski</string></resources>"#,
            "res/values-iw/strings.xml": #"<resources><string name="quotes">עברית</string></resources>"#,
            "res/values-pt-rBR/strings.xml": #"<resources><string name="quotes">português</string></resources>"#,
        ], under: root)
        let (table, messages) = try tools.link(res: root + "/res", scratch: root)
        #expect(messages == [])
        let linked = try #require(table)
        func value(_ name: String, _ locale: String = "(default)") -> ResourceTable.Value? {
            linked.entries.first { $0.name == name && $0.locale.description == locale }?.value
        }
        #expect(value("quotes") == .string("He said \"hi\" and it's %1$d%% done"))
        #expect(value("spaces") == .string("  two  spaces kept  "))
        #expect(value("collapsed") == .string("runs of spaces collapse"))
        #expect(value("escapes") == .string("line1\nline2\ttab \\ back é"))
        #expect(value("leading") == .string("@at ?question & <tag>"))
        #expect(value("unquoted") == .string("a  quote vanishes"))
        #expect(value("unicode") == .string("한국어 עברית 😀 A"))
        #expect(value("dotted.name") == .string("dotted"))
        #expect(value("styled") == .string("Tap here now"))
        // Markup spans by UTF-16 index, last character included.
        #expect(linked.entries.first { $0.name == "styled" }?.markup == "b 4-7; i 9-11")
        #expect(linked.entries.first { $0.name == "dotted.name" }?.markup == nil)
        #expect(value("stars") == .plurals(["one": "%1$d star", "other": "%1$d stars"]))
        #expect(value("stars", "ko") == .plurals(["other": "별 %1$d개"]))
        // An array's items in order; a reference is not resolved (type 0x01, the target's id).
        guard case .array(let days)? = value("days") else { Issue.record("days is not an array: \(String(describing: value("days")))"); return }
        #expect(days.prefix(2) == ["Monday", "  Tuesday "])
        #expect(days.count == 3 && days[2].hasPrefix("@1:"))
        #expect(value("quotes", "ko") == .string("한국어 %1$d"))
        #expect(value("quotes", "sr-Latn") == .string("srpski"))
        #expect(value("quotes", "iw") == .string("עברית"))
        #expect(value("quotes", "pt-BR") == .string("português"))

        // Android's choice of configuration for a locale.
        let quotes = linked.entries.filter { $0.name == "quotes" }
        #expect(AndroidCall.resolve(quotes, tag: "he")?.locale.description == "iw")
        #expect(AndroidCall.resolve(quotes, tag: "sr-Latn")?.locale.description == "sr-Latn")
        #expect(AndroidCall.resolve(quotes, tag: "pt-BR")?.locale.description == "pt-BR")
        #expect(AndroidCall.resolve(quotes, tag: "pt")?.locale.description == "(default)")
        #expect(AndroidCall.resolve(quotes, tag: "ko-KR")?.locale.description == "ko")
        #expect(AndroidCall.resolve(quotes, tag: "fr")?.locale.description == "(default)")

        // The same values as aapt2's own printer shows them (one line each: no newlines here;
        // not the emoji, which aapt2 stores as two 3-byte surrogates and prints as such).
        let dump = try Subprocess.run([tools.aapt2, "dump", "resources", root + "/linked.apk"], scratch: root).outputText
        for name in ["quotes", "spaces", "collapsed", "leading", "dotted.name"] {
            guard case .string(let text)? = value(name) else { continue }
            #expect(dump.contains("() \"\(text)\""), "\(name)")
        }
    }

    @Test func aapt2WarningsAreProblems() throws {
        guard let tools = androidTools() else { return }
        let root = try scratchDirectory("arsc-warn")
        defer { Files.remove(root) }
        // A Korean <string> where the default is a <plurals>: aapt2 drops it with a warning.
        try writeFiles([
            "res/values/strings.xml": #"<resources><plurals name="coins"><item quantity="one">%1$d coin</item><item quantity="other">%1$d coins</item></plurals></resources>"#,
            "res/values-ko/strings.xml": #"<resources><string name="coins">%1$d개</string></resources>"#,
        ], under: root)
        let (table, messages) = try tools.link(res: root + "/res", scratch: root)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("removing resource") == true)
        #expect(table?.entries.contains { $0.name == "coins" && $0.locale.language == "ko" } == false)
    }

    @Test func malformedTablesAreErrorsNotCrashes() {
        #expect(throws: ResourceTable.Malformed.self) { try ResourceTable([]) }
        #expect(throws: ResourceTable.Malformed.self) { try ResourceTable([0x02, 0x00, 0x0C, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0, 0, 0, 0]) }
        #expect(throws: ZipEntry.Failure.self) { try ZipEntry.stored("resources.arsc", in: Array("not a zip".utf8)) }
    }
}
