import FoundationEssentials
import SpeakableCatalog
import SpeakableChecker
import SpeakableSpeech
import SpeakableDiagnostics
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
        return Checker.run(try PlatformInput.load(path: root + "/res"))
    }

    static func counts(_ result: CheckResult) -> [String: Int] {
        result.findings.reduce(into: [:]) { $0[$1.rule, default: 0] += 1 }
    }

    @Test func deskClockKorean() throws {
        let result = try Self.deskClock()
        #expect(Self.counts(result) == ["plural-categories": 10, "extra-key": 6, "whitespace": 9])
        // Every Korean <plurals> carries quantity="one", which Korean never selects.
        let plurals = result.findings.filter { $0.rule == "plural-categories" }
        #expect(plurals.allSatisfy { $0.locale == "ko" && $0.message.hasPrefix("'one' is never used in ko") })
        #expect(plurals.map(\.key).contains("alarm_alert_snooze_duration"))
        let snooze = try #require(plurals.first { $0.key == "alarm_alert_snooze_duration" })
        // <item quantity="one">1분</item> is on line 44; the finding is at "one".
        #expect(snooze.position?.line == 44)
        #expect(Set(result.findings.filter { $0.rule == "extra-key" }.compactMap(\.key))
                == ["alarm_repeat", "menu_item_help", "all_timers_stopped_notif", "next_timer_notif", "world_tomorrow", "world_yesterday"])
        // The Korean timer notifications put a space between two placeholders whose second
        // already starts with one: "%1$s  %2$s 남음".
        let doubles = result.findings.filter { $0.rule == "whitespace" }
        #expect(doubles.allSatisfy { $0.subject == "double" && $0.key?.hasPrefix("timer_notifications_") == true })
        #expect(doubles.first?.position == SourcePosition(line: 58, column: 91))
        let summary = try #require(result.summaries.last)
        #expect(summary.locale == "ko" && summary.translated == summary.messages)
    }

    @Test func cotEditorCatalogs() throws {
        let dir = catalogsDirectory!
        // 18 locales, plural variations with Apple's `zero` (used for 0 in every language): clean.
        let commandBar = Checker.run(try PlatformInput.load(path: dir + "/CotEditor_CommandBar.xcstrings"))
        #expect(commandBar.findings.isEmpty, "\(commandBar.findings.map(\.rendered))")
        // Bulgarian lacks 8 of the 19 strings (the others are all translated).
        let fileScope = Checker.run(try PlatformInput.load(path: dir + "/CotEditor_FileScopeEditor.xcstrings"))
        #expect(Self.counts(fileScope) == ["missing-translation": 8])
        #expect(fileScope.findings.allSatisfy { $0.locale == "bg" })
    }

    @Test func xcstringsToolCatalogs() throws {
        let dir = catalogsDirectory!
        for name in ["xcstrings-tool_Localizable.xcstrings", "xcstrings-tool_Substitution.xcstrings"] {
            let result = Checker.run(try PlatformInput.load(path: dir + "/" + name))
            #expect(result.findings.isEmpty, "\(name): \(result.findings.map(\.rendered))")
            #expect(!result.input(isEmpty: true))
        }
    }

    @Test func soundscapeSource() throws {
        let dir = catalogsDirectory!
        let root = try makeProject(["res/values/strings.xml": String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/Soundscape-Android_values_strings.xml")), as: UTF8.self)])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = Checker.run(try PlatformInput.load(path: root + "/res"))
        // " and %s" is a list fragment joined to other text; one help paragraph ends with a space.
        #expect(result.findings.map { "\($0.key ?? ""):\($0.subject)" }.sorted()
                == ["help_text_customizing_markers_content_2:trailing", "last_entry_in_list:leading"])
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
        let result = Checker.run(ProjectInput.make(from: project)) { SpokenLength.estimate($0, locale: $1).seconds }
        // Long labels carry maxSeconds and lower-case fragments an exemption, each with its
        // reason (README, "What it finds"); any finding is a regression.
        #expect(result.findings.isEmpty, "\(result.findings.map(\.rendered))")
    }
}
