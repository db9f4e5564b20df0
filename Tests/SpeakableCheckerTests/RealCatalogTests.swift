import FoundationEssentials
import SpeakableCatalog
@testable import SpeakableChecker
import SpeakableSpeech
import SpeakableDiagnostics
import SpeakablePlatformFormats
import Testing

/// `../shared/testdata/catalogs`, when it is next to the package.
let catalogsDirectory: String? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    let path = root + "/shared/testdata/catalogs"
    return FileManager.default.fileExists(atPath: path + "/DeskClock_values_strings.xml") ? path : nil
}()

/// The real platform files: every finding here was checked by hand against the file (see the
/// README, "What it finds in real catalogs").
@Suite(.enabled(if: catalogsDirectory != nil, "../shared/testdata/catalogs is not next to the package; skipping the real-catalog checks"))
struct RealCatalogTests {
    /// Lays the DeskClock files out as an Android res/ folder in a temporary directory.
    static func deskClock() throws -> CheckResult {
        let dir = catalogsDirectory!
        let root = try makeProject([
            "res/values/strings.xml": String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/DeskClock_values_strings.xml")), as: UTF8.self),
            "res/values-ko/strings.xml": String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/DeskClock_values-ko_strings.xml")), as: UTF8.self),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        return try checkPlatform(root + "/res")
    }

    static func counts(_ result: CheckResult) -> [String: Int] {
        result.findings.reduce(into: [:]) { $0[$1.rule.rawValue, default: 0] += 1 }
    }

    @Test func deskClockKorean() throws {
        let result = try Self.deskClock()
        #expect(Self.counts(result) == ["unused-plural-category": 10, "extra-key": 6, "whitespace": 9, "missing-translation": 1])
        #expect(!result.hasErrors)
        // Every Korean <plurals> carries quantity="one", which Korean never selects: dead text.
        let plurals = result.findings.filter { $0.rule == "unused-plural-category" }
        #expect(plurals.allSatisfy { $0.locale == "ko" && $0.severity == .warning && $0.message.hasPrefix("'one' is never used in ko") })
        let snooze = try #require(plurals.first { $0.key == "plurals/alarm_alert_snooze_duration" })
        // <item quantity="one">1분</item> is on line 44; the finding is at "one".
        #expect(snooze.position == SourcePosition(line: 44, column: 7))
        #expect(Set(result.findings.filter { $0.rule == "extra-key" }.compactMap(\.key))
                == ["string/alarm_repeat", "string/menu_item_help", "string/all_timers_stopped_notif", "string/next_timer_notif",
                    "string/world_tomorrow", "string/world_yesterday"])
        // values/ has both <string name="seconds"> (line 588) and <plurals name="seconds">; Korean
        // translates only the plurals: the string is missing, and the summary says so.
        let missing = result.findings.filter { $0.rule == "missing-translation" }
        #expect(missing.map(\.key) == ["string/seconds"])
        #expect(missing.first?.position == SourcePosition(line: 588, column: 13))
        // The Korean timer notifications put a space between two placeholders whose second
        // already starts with one: "%1$s  %2$s 남음".
        let doubles = result.findings.filter { $0.rule == "whitespace" }
        #expect(doubles.allSatisfy { $0.subject == "double" && $0.key?.hasPrefix("string/timer_notifications_") == true })
        #expect(doubles.first?.position == SourcePosition(line: 58, column: 91))
        let summary = try #require(result.summaries.last)
        #expect(summary.locale == "ko" && summary.translated == 197 && summary.messages == 198)
    }

    /// The order of resources in a file, and of files in a folder, changes nothing: identity
    /// is (type, name), and translations are found in every file of the locale's folder.
    @Test func deskClockInAnyOrder() throws {
        let dir = catalogsDirectory!
        let english = String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/DeskClock_values_strings.xml")), as: UTF8.self)
        let korean = String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/DeskClock_values-ko_strings.xml")), as: UTF8.self)
        func summary(_ files: [String: String]) throws -> [String] {
            let root = try makeProject(files)
            defer { try? FileManager.default.removeItem(atPath: root) }
            return try checkPlatform(root + "/res").findings.map { "\($0.rule) \($0.key ?? "") \($0.locale ?? "")" }.sorted()
        }
        let straight = try summary(["res/values/strings.xml": english, "res/values-ko/strings.xml": korean])
        // <string name="seconds"> moved before <plurals name="seconds">.
        let seconds = "    <string name=\"seconds\"><xliff:g id=\"seconds\" example=\"44\">%d</xliff:g></string>\n"
        let moved = english.replacingAll(seconds, with: "").replacingAll("<resources", with: "<resources") .replacingOnce("    <!-- Timer accessibility announcement -->", with: seconds + "    <!-- Timer accessibility announcement -->")
        #expect(moved != english)
        #expect(try summary(["res/values/strings.xml": moved, "res/values-ko/strings.xml": korean]) == straight)
        // The Korean file split in two, under other names (Android merges a folder's files).
        let lines = korean.split(separator: "\n", omittingEmptySubsequences: false)
        let cut = lines.firstIndex { $0.contains("<plurals name=\"days\"") }!
        let header = lines.prefix { !$0.contains("<string ") && !$0.contains("<plurals") && !$0.contains("<string-array") }
        let first = lines[..<cut].joined(separator: "\n") + "\n</resources>\n"
        let second = header.joined(separator: "\n") + "\n" + lines[cut...].joined(separator: "\n")
        let split = try summary(["res/values/strings.xml": english, "res/values-ko/b.xml": first, "res/values-ko/a.xml": second])
        #expect(split.filter { !$0.hasPrefix("missing-translation") } == straight.filter { !$0.hasPrefix("missing-translation") })
        #expect(split.filter { $0.hasPrefix("missing-translation") } == ["missing-translation string/seconds ko"])
    }

    /// The JUnit report lists each resource once, per type.
    @Test func deskClockJUnitHasOneCasePerResource() throws {
        let dir = catalogsDirectory!
        let root = try makeProject([
            "res/values/strings.xml": String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/DeskClock_values_strings.xml")), as: UTF8.self),
            "res/values-ko/strings.xml": String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/DeskClock_values-ko_strings.xml")), as: UTF8.self),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let input = try PlatformInput.load(path: root + "/res")
        let cases = input.testCases
        // As `speakable check` makes them: from the result of a check that read ko when it got to it.
        let deferred = try PlatformInput.load(path: root + "/res", deferringLocales: true)
        #expect(deferred.testCases(Checker.run(deferred)) == cases)
        #expect(input.testCases(Checker.run(input)) == cases)
        #expect(Set(cases).count == cases.count)
        #expect(cases.contains { $0.key == "string/seconds" && $0.locale == "ko" })
        #expect(cases.contains { $0.key == "plurals/seconds" && $0.locale == "ko" })
    }

    @Test func cotEditorCatalogs() throws {
        let dir = catalogsDirectory!
        // 18 locales, plural variations with Apple's `zero` (used for 0 in every language): clean.
        let commandBar = try checkPlatform(dir + "/CotEditor_CommandBar.xcstrings")
        #expect(commandBar.findings.isEmpty, "\(commandBar.findings.map(\.rendered))")
        // Bulgarian lacks 8 of the 19 strings (the others are all translated).
        let fileScope = try checkPlatform(dir + "/CotEditor_FileScopeEditor.xcstrings")
        #expect(Self.counts(fileScope) == ["missing-translation": 8])
        #expect(fileScope.findings.allSatisfy { $0.locale == "bg" })
    }

    @Test func xcstringsToolCatalogs() throws {
        let dir = catalogsDirectory!
        for name in ["xcstrings-tool_Localizable.xcstrings", "xcstrings-tool_Substitution.xcstrings"] {
            let result = try checkPlatform(dir + "/" + name)
            #expect(result.findings.isEmpty, "\(name): \(result.findings.map(\.rendered))")
            #expect(!result.input(isEmpty: true))
        }
    }

    @Test func soundscapeSource() throws {
        let dir = catalogsDirectory!
        let root = try makeProject(["res/values/strings.xml": String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/Soundscape-Android_values_strings.xml")), as: UTF8.self)])
        defer { try? FileManager.default.removeItem(atPath: root) }
        func summary(_ result: CheckResult) -> [String] {
            result.findings.map { "\($0.rule) \($0.key ?? "") \($0.position.map { "\($0.line):\($0.column)" } ?? "")" }
        }
        // " and %s" is a list fragment joined to other text; one help paragraph ends with a
        // space; of the click labels named as accessibility hints (`…_acc_hint`, the default),
        // one does not read after "Double-tap to" (docs/checks.md).
        let result = try checkPlatform(root + "/res")
        #expect(summary(result) == ["whitespace string/last_entry_in_list 76:70",
                                    "action-fragment string/ui_action_button_nearby_markers_acc_hint 404:58",
                                    "whitespace string/help_text_customizing_markers_content_2 608:139"])
        // Soundscape passes every `…_hint` as a click label (seed 002): so configured, four do
        // not read after "Double-tap to".
        var settings = CheckSettings()
        settings.androidClickLabels = AndroidClickLabels(patterns: ["*_hint"])
        let configured = try checkPlatform(root + "/res", settings: settings)
        #expect(summary(configured) == ["whitespace string/last_entry_in_list 76:70",
                                        "action-fragment string/route_detail_action_previous_disabled_hint 128:94",
                                        "action-fragment string/route_detail_action_next_disabled_hint 134:90",
                                        "action-fragment string/ui_action_button_nearby_markers_acc_hint 404:58",
                                        "action-fragment string/first_launch_change_language_hint 542:85",
                                        "whitespace string/help_text_customizing_markers_content_2 608:139"])
        #expect(configured.findings.filter { $0.rule == "action-fragment" }.map(\.subject) == ["inactive", "inactive", "about", "to"])
    }

    /// AntennaPod's whole res/ (11 locales): every finding judged by hand (docs/internals/checker-precision.md, "Precision
    /// on the real catalogs"). Its values/ ignores MissingTranslation on <resources>; Malayalam's
    /// chillu letters, Persian's joiners and plural items opened with an embedding, English's
    /// `zero` item, plural line breaks, mirrored trailing spaces and HTML breaks are not findings.
    @Test func antennaPod() throws {
        let root = catalogsDirectory! + "/real/antennapod/res"
        try #require(FileManager.default.fileExists(atPath: root + "/values/strings.xml"), "the AntennaPod test data is missing")
        let result = try checkPlatform(root)
        #expect(Self.counts(result) == ["extra-key": 27, "bidi-control": 3, "invisible-character": 1, "whitespace": 2])
        #expect(result.exempted == 1280)
        func lines(_ rule: RuleID) -> [String] {
            result.findings.filter { $0.rule == rule }.map {
                "\($0.file!.split(separator: "/").suffix(2).joined(separator: "/")):\($0.position!.line):\($0.position!.column) \($0.key ?? "") \($0.subject)"
            }
        }
        // Errors: two overrides, a stray POP DIRECTIONAL FORMATTING, a non-joiner between an alef
        // and its tanwin (Persian).
        #expect(lines("bidi-control") == ["values-fa/strings.xml:304:57 string/pref_unpauseOnBluetoothReconnect_sum override:U+202E",
                                          "values-fa/strings.xml:304:58 string/pref_unpauseOnBluetoothReconnect_sum override:U+202E",
                                          "values-fa/strings.xml:673:93 string/on_demand_config_download_text unopened:202C"])
        #expect(lines("invisible-character") == ["values-fa/strings.xml:927:116 string/report_bug_message U+200C"])
        // Korean drops the source's second paragraph (a stale translation); the source's
        // "…syncing:\u0020" is a piece the app puts an error message after.
        #expect(lines("whitespace") == ["values-ko/strings.xml:228:63 string/confirm_mobile_download_dialog_message_vpn newlines",
                                        "values/strings.xml:777:77 string/gpodnetsync_error_descr trailing"])
        // Translations of three strings the source renamed or removed, in every locale but ml.
        #expect(Set(result.findings.filter { $0.rule == "extra-key" }.compactMap(\.key))
                == ["string/no_inbox_label", "string/pref_feed_skip_ending_toast", "string/pref_feed_skip_intro_toast"])
    }

    /// Xcode's XLIFF export (source strings only, Finnish target not yet translated).
    @Test func mozillaXcodeXLIFF() throws {
        let dir = catalogsDirectory!
        let input = try PlatformInput.load(path: dir + "/moz-l10n_xcode26-xcstrings.xliff")
        #expect(input.tables.map(\.name) == ["catalog1.xcstrings", "catalog2.xcstrings"])
        #expect(input.tables[1].messages.map(\.key) == ["string_variant_per_device", "one_substitution"])
        // "This %1$@ has %2$#@strings@." with "%2$lld string(s)": a plural on argument 2.
        #expect(input.tables[1].messages[1].text.text == "This {1} has {2, plural, one {{2, number} string} other {{2, number} strings}}.")
        let result = try checkPlatform(dir + "/moz-l10n_xcode26-xcstrings.xliff")
        #expect(result.findings.isEmpty, "\(result.findings.map(\.rendered))")
    }
}

extension CheckResult {
    /// Whether the check saw no messages at all.
    func input(isEmpty: Bool) -> Bool { summaries.first.map { $0.messages == 0 } ?? true }
}

/// The package's own built-in catalog (Templates/, Locales/ko/), when it is there.
let builtInCatalog: String? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    return FileManager.default.fileExists(atPath: root + "/Templates") ? root : nil
}()

@Suite(.enabled(if: builtInCatalog != nil, "the package has no Templates/ folder; skipping the built-in catalog check"))
struct BuiltInCatalogTests {
    @Test func checksClean() throws {
        let project = ProjectLoader.load(directory: builtInCatalog!)
        #expect(project.diagnostics.isEmpty, "\(project.diagnostics.map(\.rendered))")
        let result = checkProject(builtInCatalog!)
        // Long labels carry maxSeconds and lower-case fragments an exemption, each with its
        // reason (README, "What it finds"); any finding is a regression.
        #expect(result.findings.isEmpty, "\(result.findings.map(\.rendered))")
    }
}
