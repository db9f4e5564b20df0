import FoundationEssentials
import SpeakableChecker
import SpeakableDiagnostics
import SpeakableMessages
import Testing

/// `strings.xml` files that mix plain strings with plurals, arrays, markup and comments are read
/// element by element (plain strings by the fast path, the rest each by the reader on its own):
/// the checker's input — every message in the same order, with the same text, pattern, formats
/// and positions at every offset — and its findings are those it gets by reading each file whole.
@Suite struct MixedAndroidFilesTests {
    static let source = """
        <?xml version="1.0" encoding="utf-8"?>
        <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2" xmlns:tools="http://schemas.android.com/tools">
          <!-- Board -->
          <string name="cell">Row %1$d, column %2$d</string>
          <plurals name="stars">
            <item quantity="one"><xliff:g id="count" example="1">%d</xliff:g> star</item>
            <item quantity="other"><xliff:g id="count" example="3">%d</xliff:g> stars</item>
          </plurals>
          <string name="stars">Stars</string>
          <string-array name="days">
            <item>Monday</item>
            <item>%1$s, day %2$d</item>
          </string-array>
          <string name="tap_hint">Double-tap <b>here</b> to place %1$s</string>
          <string name="timer">Time left: <xliff:g id="time" example="5 min">%1$s</xliff:g></string>
          <string name="brand" translatable="false">Speakable</string>
          <string name="loose" tools:ignore="MissingTranslation">Don\\'t stop</string>
          <integer name="max">5</integer>
          <string name="score">Score %d</string>
          <plurals name="lines"><item quantity="one">%d line cleared</item><item quantity="other">%d lines cleared</item></plurals>
          <string name="end">Game over</string>
        </resources>

        """

    /// Korean: a renamed argument in a plural item, a double space after markup, a missing
    /// translation, an extra key, an untranslated string, an array item with a wrong argument.
    static let korean = """
        <?xml version="1.0" encoding="utf-8"?>
        <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
          <string name="cell">%1$d행 %2$d열</string>
          <!-- 별 -->
          <plurals name="stars">
            <item quantity="other">별 <xliff:g id="count" example="3">%2$d</xliff:g>개</item>
          </plurals>
          <string name="stars">별</string>
          <string-array name="days">
            <item>월요일</item>
            <item>%1$s, %2$s일째</item>
          </string-array>
          <string name="tap_hint">"<b>여기</b>를  두 번 탭하여 %1$s 놓기"</string>
          <string name="timer">남은 시간: <xliff:g id="time" example="5분">%1$s</xliff:g></string>
          <string name="score">Score %d</string>
          <string name="extra">추가</string>
          <plurals name="lines"><item quantity="other">%d줄 지움</item></plurals>
          <string name="end">게임 종료</string>
        </resources>

        """

    /// Russian: a plural without `few` and `many`, and its strings otherwise fine.
    static let russian = """
        <resources>
          <plurals name="stars">
            <item quantity="one">%d звезда</item>
            <item quantity="other">%d звезды</item>
          </plurals>
          <string name="cell">Ряд %1$d, столбец %2$d</string>
          <string name="tap_hint">Дважды коснитесь, чтобы поставить <i>%1$s</i></string>
          <string name="end">Игра окончена</string>
          <plurals name="lines"><item quantity="one">%d линия</item><item quantity="few">%d линии</item><item quantity="many">%d линий</item><item quantity="other">%d линии</item></plurals>
        </resources>

        """

    static func describe(_ text: PositionedText) -> String {
        let count = text.text.utf16.count
        return text.text + "|" + text.file + "|" + (0...count + 1).map { "\(text.position(ofUTF16Offset: $0))" }.joined(separator: ",")
    }

    static func describe(_ formats: PlatformFormats?) -> String {
        guard let formats else { return "-" }
        return formats.forms.map { form in
            "\(form.path)|\(form.file)|\(form.format)|" + (0...120).map { "\(form.position($0))" }.joined(separator: ",")
        }.joined(separator: ";")
    }

    /// Everything the checker is given, in order.
    static func describe(_ input: CheckInput) -> [String] {
        var out = input.inputDiagnostics.map(\.rendered)
        for table in input.tables {
            out.append("table \(table.name) \(table.file)")
            for m in table.messages {
                out.append("\(m.key)|\(m.keyPosition)|\(m.role.map { "\($0)" } ?? "-")|\(m.exemptions)|\(describe(m.text))|"
                           + "\(m.pattern.map { "\($0)" } ?? "-")|\(describe(m.formats))")
            }
            for locale in table.locales {
                out.append("locale \(locale.tag) \(locale.file) \(locale.fileExists)")
                for m in locale.messages {
                    out.append("\(m.key)|\(m.keyPosition)|\(describe(m.text))|\(m.pattern.map { "\($0)" } ?? "-")|\(describe(m.formats))")
                }
            }
        }
        return out
    }

    /// The same files with text between their elements, which the reader reads past and the
    /// fast path does not: each is read whole.
    static func readWhole(_ text: String) -> String { text.replacingOnce("</resources>", with: "whole</resources>") }

    func compare(_ files: [String: String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let root = try makeProject(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let mixedInput = try PlatformInput.load(path: root + "/res")
        let mixed = try checkPlatform(root + "/res", spokenSeconds: estimatedSeconds)
        for (path, text) in files { try Data(Self.readWhole(text).utf8).write(to: URL(fileURLWithPath: root + "/" + path)) }
        let wholeInput = try PlatformInput.load(path: root + "/res")
        let whole = try checkPlatform(root + "/res", spokenSeconds: estimatedSeconds)
        let a = Self.describe(mixedInput)
        let b = Self.describe(wholeInput)
        #expect(a.count == b.count, sourceLocation: sourceLocation)
        for (x, y) in zip(a, b) where x != y {
            Issue.record("read element by element:\n\(x)\nread whole:\n\(y)", sourceLocation: sourceLocation)
            return
        }
        #expect(mixed.findings == whole.findings, sourceLocation: sourceLocation)
        #expect(mixed.summaries == whole.summaries, sourceLocation: sourceLocation)
        #expect(!mixed.findings.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func sameInputAndFindingsAsReadingWholeFiles() throws {
        try compare(["res/values/strings.xml": Self.source, "res/values-ko/strings.xml": Self.korean,
                     "res/values-ru/strings.xml": Self.russian])
    }

    @Test func sameAcrossFilesAndFolders() throws {
        // A resource defined again in another file, translations split over two files and a
        // night variant, a plural in one file and a string of the same name in another.
        let extra = """
            <resources>
              <string name="more">More %1$s</string>
              <plurals name="end"><item quantity="one">%d end</item><item quantity="other">%d ends</item></plurals>
              <string name="score">Score again %d</string>
            </resources>

            """
        let extraKorean = "<resources>\n  <plurals name=\"end\"><item quantity=\"other\">끝 %d개</item></plurals>\n  <string name=\"more\">더 %2$s</string>\n</resources>\n"
        try compare(["res/values/strings.xml": Self.source, "res/values/extra.xml": extra, "res/values-ko/strings.xml": Self.korean,
                     "res/values-ko/extra.xml": extraKorean, "res/values-ko-night/strings.xml": Self.russian])
    }

    /// A Korean file in values/: the share of Hangul letters it reports counts the plain strings'
    /// letters and the other elements' alike.
    /// A values/ file of more strings than one piece (its strings converted in pieces on every
    /// core, the source table's facts too) and its copies in the locale: the same as read whole.
    @Test func sameForALargeFile() throws {
        let body = Self.source.replacingOnce("</resources>", with: "")
        var source = body, korean = Self.korean.replacingOnce("</resources>", with: "")
        for i in 0..<3_000 {
            source += "  <string name=\"n\(i)\">Row %1$d of \(i) \(i % 7 == 0 ? "It\\'s {here}" : "cells")</string>\n"
            if i % 10 != 3 { korean += "  <string name=\"n\(i)\">\(i)의 %\(i % 97 == 0 ? 2 : 1)$d행 \(i % 50 == 0 ? " 칸" : "칸")</string>\n" }
        }
        try compare(["res/values/strings.xml": source + "</resources>\n", "res/values-ko/strings.xml": korean + "</resources>\n"])
    }

    @Test func sameLanguageCheck() throws {
        let korean = Self.korean.replacingOnce("<string name=\"extra\">추가</string>",
                                              with: "<plurals name=\"more\"><item quantity=\"other\">더 많은 별과 줄과 칸 %d개</item></plurals>")
        try compare(["res/values/strings.xml": korean, "res/values-ru/strings.xml": Self.russian])
        let root = try makeProject(["res/values/strings.xml": korean, "res/values-ru/strings.xml": Self.russian])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try PlatformInput.load(path: root + "/res").inputDiagnostics.map(\.id) == ["unlabeled-locale"])
    }

    @Test(.enabled(if: catalogsDirectory != nil, "../shared/testdata/catalogs is not next to the package"))
    func sameOnDeskClock() throws {
        let dir = catalogsDirectory!
        func read(_ name: String) throws -> String {
            String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name)), as: UTF8.self)
        }
        try compare(["res/values/strings.xml": try read("DeskClock_values_strings.xml"),
                     "res/values-ko/strings.xml": try read("DeskClock_values-ko_strings.xml"),
                     "res/values-ru/strings.xml": Self.russian])
    }
}
