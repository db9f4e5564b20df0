@testable import PlatformDifferentialKit
import Testing

/// Small Android apps written for the round trip, each with one thing real apps' catalogs have
/// and a converter can get wrong — quotes next to braces, `%%` in a string without arguments, a
/// translation that orders a plural's arguments differently, a translation of another resource
/// type, markup — each its own app, so that one app's failed import or compile hides nothing of another.
/// Judged like the real catalogs (``judge(_:known:sourceLocation:)``); defects being fixed are
/// listed precisely in ``knownDefects``.
@Suite struct RoundTripAppsTests {
    static let apps: [String: [String: String]] = [
        "quotes": [
            "values/strings.xml": #"""
            <resources>
                <string name="quoted">\'{x}\' %1$s</string>
                <string name="braces">{\'} %1$s {\'}</string>
                <string name="literal_braces">{count} of %1$d left</string>
                <string name="apostrophe">It\'s %1$s\'s turn</string>
                <string name="hash">#%1$d in line</string>
                <string name="unpositioned" formatted="false">%s and %s</string>
                <plurals name="songs"><item quantity="one">%d \'song\' #1</item><item quantity="other">%d \'songs\' {x}</item></plurals>
            </resources>
            """#,
            "values-ko/strings.xml": #"""
            <resources>
                <string name="quoted">\'{x}\' %1$s 한국어</string>
                <string name="apostrophe">%1$s\'s 차례</string>
                <plurals name="songs"><item quantity="other">%d곡 {x} #</item></plurals>
            </resources>
            """#,
        ],
        "plural-quote": [
            "values/strings.xml": #"<resources><plurals name="files"><item quantity="one">%d file</item><item quantity="other">%d files</item></plurals></resources>"#,
            "values-ko/strings.xml": #"<resources><plurals name="files"><item quantity="other">파일 %d개 \'{a}\'</item></plurals></resources>"#,
        ],
        "plural-selector": [
            "values/strings.xml": #"<resources><plurals name="fetching"><item quantity="one">Fetching %1$d of %2$d</item><item quantity="other">Fetching %1$d of %2$d</item></plurals></resources>"#,
            "values-ja/strings.xml": #"<resources><plurals name="fetching"><item quantity="other">%2$d 件中 %1$d件を取得中</item></plurals></resources>"#,
        ],
        "type-mismatch": [
            "values/strings.xml": #"<resources><plurals name="total"><item quantity="one">%d item in total</item><item quantity="other">%d items in total</item></plurals></resources>"#,
            "values-zh-rCN/strings.xml": #"<resources><string name="total">总共 %d 项</string></resources>"#,
        ],
        "markup": [
            "values/strings.xml": #"""
            <resources>
                <string name="styled">Tap <b>here</b> to <i>start</i></string>
                <string name="styled_args">Hello <b>%1$s</b></string>
                <string name="link"><annotation font="title">Title</annotation> text</string>
            </resources>
            """#,
            "values-ko/strings.xml": #"<resources><string name="styled"><b>여기</b>를 눌러 <i>시작</i></string></resources>"#,
        ],
        "percent": [
            "values/strings.xml": #"<resources><string name="sure">100%% sure</string><string name="done">%1$d%% done</string></resources>"#,
            "values-ko/strings.xml": #"<resources><string name="sure">100%% 확실</string><string name="done">%1$d%% 완료</string></resources>"#,
        ],
    ]

    /// Defects being fixed in import and compile; remove an entry with its fix.
    static let knownDefects: [KnownDefect] = []

    /// Computed once; nil when a tool is missing (outside CI).
    static let shared: Result<RoundTripReport, DifferentialError>? = {
        guard case .success = AndroidTools.find() else { return nil }
        return Result { () throws(DifferentialError) in
            let root = try Files.temporaryDirectory("roundtrip-apps")
            defer { Files.remove(root) }
            var inputs: [RoundTripInput] = []
            for name in apps.keys.sorted() {
                for (path, text) in apps[name]! { try Files.write(text + "\n", to: root + "/" + name + "/res/" + path) }
                inputs.append(try RoundTripInput.res(root + "/" + name + "/res", name: name))
            }
            return try RealCatalogRoundTrip.run(inputs, options: RoundTripOptions())
        }
    }()

    @Test(arguments: apps.keys.sorted())
    func appSurvivesImportAndCompile(name: String) throws {
        guard androidTools() != nil, let shared = Self.shared else { return }
        let report = try shared.get()
        let catalog = try #require(report.catalogs.first { $0.name == name })
        judge(catalog, known: Self.knownDefects.filter { $0.catalog == name })
    }

    /// What the apps are there to show, shown: the original links (the type mismatch with
    /// aapt2's warning), and every resource is rendered in every locale.
    @Test func appsAreRenderedWhereTheyCompile() throws {
        guard androidTools() != nil, let shared = Self.shared else { return }
        let report = try shared.get()
        let quotes = try #require(report.catalogs.first { $0.name == "quotes" })
        let quotesCases = quotes.mode(CompileMode.kept)?.android?.cases
        // 6 strings in 2 locales, one plural at 8 quantities in 2 locales.
        #expect(quotesCases == 28)
        let mismatch = try #require(report.catalogs.first { $0.name == "type-mismatch" })
        #expect(mismatch.originalLinkMessages?.count == 1)
        let mismatchCases = mismatch.mode(CompileMode.kept)?.android?.cases
        #expect(mismatchCases == 16)
    }
}
