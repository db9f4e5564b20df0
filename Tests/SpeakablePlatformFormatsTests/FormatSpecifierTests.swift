import FoundationEssentials
import JavaFormatOracle
import SpeakablePlatformFormats
import Testing

/// The format model against the platforms: every Java claim is checked by running openjdk's own
/// `java.util.Formatter` (`String.format`) on the same format and arguments, when `java` and
/// `javac` are installed (required when `CI` is set).
@Suite struct FormatSpecifierTests {
    typealias Value = FormatCompatibility.JavaValue

    /// Formats and the Java values an app passes: `s` String, `i` Integer, `d` Double,
    /// `c` Character, `b` Boolean, `t` Calendar.
    static let javaCases: [(format: String, arguments: String)] = [
        // The issue's crash class: en `%s`, ko `%d`.
        ("%d분", "s"), ("%s minutes", "s"), ("%1$d", "s"), ("%1$s", "i"),
        // Positions: explicit, ordinary (counted on their own), relative.
        ("%1$s %3$s", "ss"), ("%2$s %s %s", "ss"), ("%s %<s", "s"), ("%<s", "s"), ("%1$<s", "s"), ("%3$s", "sss"),
        ("%10$s", "s"), ("%0$s", "s"), ("%2147483648$s", "s"), ("%1$d %1$s", "i"), ("%2$d %1$s", "si"),
        // Unknown conversions and stray percent signs.
        ("%q", "i"), ("50% off %s", "s"), ("50% off %d", "i"), ("100% sure %s", "s"), ("100%", "s"), ("%1$", "s"), ("%5", "s"), ("%.f", "d"),
        ("%ld", "i"), ("%lld", "i"), ("%@", "s"), ("%i", "i"), ("%u", "i"), ("%D", "i"), ("%F", "d"), ("%t", "t"),
        ("%tq", "t"), ("50 %", "s"), ("%d%", "i"), ("%%d", "i"), ("%<1$s", "s"),
        // Flags that do not fit the conversion.
        ("%,s", "s"), ("%#s", "s"), ("%+s", "s"), ("%0s", "s"), ("% s", "s"), ("%-s", "s"), ("%-5s", "s"), ("%(s", "s"),
        ("%.2d", "i"), ("%-d", "i"), ("%0d", "i"), ("%+ d", "i"), ("%-05d", "i"), ("%--5d", "i"), ("%00005d", "i"),
        ("%#d", "i"), ("%,x", "i"), ("%(x", "i"), ("%+o", "i"), ("% x", "i"), ("%#x", "i"), ("%,o", "i"),
        ("%,e", "d"), ("%#g", "d"), ("%,a", "d"), ("%(a", "d"), ("%.2c", "c"), ("%#c", "c"), ("%-c", "c"), ("%,c", "c"),
        ("%.2tH", "t"), ("%#tH", "t"), ("%-tH", "t"), ("%,tH", "t"), ("%5n", "s"), ("%-n", "s"), ("%.2%", "s"), ("%-%", "s"),
        ("%,%", "s"), ("%-5%", "s"), ("%#b", "b"), ("%#h", "s"),
        // Valid ones, with the types they accept.
        ("%,d", "i"), ("%02d", "i"), ("%(d", "i"), ("% d", "i"), ("%+d", "i"), ("%-5d", "i"), ("%x", "i"), ("%X", "i"), ("%o", "i"),
        ("%.2f", "d"), ("%e", "d"), ("%G", "d"), ("%a", "d"), ("%c", "c"), ("%c", "i"), ("%C", "c"), ("%b", "b"), ("%b", "s"),
        ("%h", "s"), ("%H", "i"), ("%S", "s"), ("%.2s", "s"), ("%tH:%tM", "tt"), ("%tH:%<tM", "t"), ("%TB", "t"), ("%n", "s"),
        ("%%", "s"), ("%d%%", "i"), ("%5%", "s"),
        // Types the conversion rejects.
        ("%f", "i"), ("%d", "d"), ("%c", "s"), ("%c", "d"), ("%tH", "i"), ("%tH", "s"), ("%e", "s"), ("%x", "s"), ("%d", "c"),
        ("%d", "b"), ("%s %d", "ss"), ("%1$s %1$d", "s"),
    ]

    static func values(_ code: String) -> [Value] {
        code.map { c in
            switch c {
            case "i": .integer
            case "d": .double
            case "c": .character
            case "b": .boolean
            case "t": .calendar
            default: .string
            }
        }
    }

    /// What the model predicts Java does: `ok`, or `exception-class: message`.
    static func predicted(_ format: String, _ arguments: String) -> String {
        let parsed = FormatString.parse(format, dialect: .java)
        guard let failure = FormatCompatibility.javaFailure(of: parsed, arguments: values(arguments)) else { return "ok" }
        return failure.exception + ": " + failure.detail
    }

    @Test func theIssuesCasesWithoutJava() {
        #expect(Self.predicted("%d분", "s") == "java.util.IllegalFormatConversionException: d != java.lang.String")
        #expect(Self.predicted("%1$s %3$s", "ss") == "java.util.MissingFormatArgumentException: Format specifier '%3$s'")
        #expect(Self.predicted("%q", "i") == "java.util.UnknownFormatConversionException: Conversion = 'q'")
        // "50% off": `% o` reads argument 1 as an octal integer (the space is a flag).
        #expect(Self.predicted("50% off %s", "s") == "java.util.IllegalFormatConversionException: o != java.lang.String")
        #expect(Self.predicted("50% off %d", "i") == "java.util.FormatFlagsConversionMismatchException: Conversion = o, Flags =  ")
        #expect(Self.predicted("%<s", "s") == "java.util.MissingFormatArgumentException: Format specifier '%<s'")
        #expect(Self.predicted("%,d", "i") == "ok")
        #expect(Self.predicted("%2$s %s %s", "ss") == "ok")
        let format = FormatString.parse("%2$s %s %<s %s %n%%", dialect: .java)
        #expect(format.specifiers.map(\.argument) == [2, 1, 1, 2, nil, nil])
    }

    @Test(.enabled(if: JavaRunner.available || JavaRunner.required, "javac/java are not installed; the model's Java claims are not re-run"))
    func everyJavaClaimMatchesOpenJDK() throws {
        guard JavaRunner.available else {
            Issue.record("CI is set but javac/java are not installed (Debian: openjdk-17-jdk-headless)")
            return
        }
        let outcomes = try JavaRunner.format(Self.javaCases)
        #expect(outcomes.count == Self.javaCases.count)
        for (index, (format, arguments)) in Self.javaCases.enumerated() where index < outcomes.count {
            let actual = outcomes[index]
            let expected = Self.predicted(format, arguments)
            #expect(expected == (actual.hasPrefix("ok") ? "ok" : actual), "String.format(\"\(format)\", \(arguments))")
        }
    }

    // MARK: Apple

    @Test func appleSpecifiersAndArguments() {
        let format = FormatString.parse("%@! There %#@total@ and %3$#@left@, %lld%% (%arg) %.2f %hhd %5$ld %*d", dialect: .apple)
        #expect(format.specifiers.map(\.text) == ["%@", "%#@total@", "%3$#@left@", "%lld", "%%", "%arg", "%.2f", "%hhd", "%5$ld", "%*d"])
        #expect(format.specifiers.map(\.argument) == [1, 2, 3, 3, nil, nil, 4, 5, 5, 7])
        #expect(format.specifiers.map { $0.substitution } == [nil, "total", "left", nil, nil, "", nil, nil, nil, nil])
        let storage = format.specifiers.filter { $0.substitution == nil && $0.conversion != "%" }.map { FormatCompatibility.AppleStorage($0) }
        #expect(storage == [.object, .int64, .double, .int32, .int64, .int32])
        // "100% sure": CFString reads `% s` as a C-string specifier (the space is a flag).
        let prose = FormatString.parse("100% sure, %@", dialect: .apple)
        #expect(prose.specifiers.map(\.text) == ["% s", "%@"])
        #expect(prose.specifiers[0].looksLikeProse)
        #expect(FormatString.parse("50% 할인", dialect: .apple).specifiers.isEmpty)
    }

    @Test func appleConsequences() throws {
        func spec(_ text: String) -> FormatSpecifier { FormatString.parse(text, dialect: .apple).specifiers[0] }
        let crash = try #require(FormatCompatibility.consequence(source: spec("%lld"), translation: spec("%@"), dialect: .apple))
        #expect(crash.kind == .crash && crash.exception == nil && crash.detail.contains("EXC_BAD_ACCESS"))
        let garbage = try #require(FormatCompatibility.consequence(source: spec("%@"), translation: spec("%lld"), dialect: .apple))
        #expect(garbage.kind == .wrongValue && garbage.detail.contains("undefined behaviour"))
        #expect(FormatCompatibility.consequence(source: spec("%lld"), translation: spec("%d"), dialect: .apple)?.kind == .wrongValue)
        #expect(FormatCompatibility.consequence(source: spec("%lld"), translation: spec("%ld"), dialect: .apple) == nil)
        #expect(FormatCompatibility.consequence(source: spec("%lld"), translation: spec("%1$lld"), dialect: .apple) == nil)
        #expect(FormatCompatibility.consequence(source: spec("%lld"), translation: spec("%llx"), dialect: .apple)?.kind == .wrongValue)
        #expect(FormatCompatibility.consequence(source: spec("%@"), translation: spec("%s"), dialect: .apple)?.kind == .crash)
        #expect(FormatCompatibility.consequence(source: spec("%f"), translation: spec("%.1f"), dialect: .apple) == nil)
    }

    @Test func javaConsequences() throws {
        func spec(_ text: String) -> FormatSpecifier { FormatString.parse(text, dialect: .java).specifiers[0] }
        let crash = try #require(FormatCompatibility.consequence(source: spec("%s"), translation: spec("%d"), dialect: .java))
        #expect(crash.exception == "java.util.IllegalFormatConversionException" && crash.detail == "d != java.lang.String")
        #expect(FormatCompatibility.consequence(source: spec("%d"), translation: spec("%s"), dialect: .java) == nil)
        #expect(FormatCompatibility.consequence(source: spec("%d"), translation: spec("%,d"), dialect: .java) == nil)
        #expect(FormatCompatibility.consequence(source: spec("%d"), translation: spec("%x"), dialect: .java)?.kind == .wrongValue)
        #expect(FormatCompatibility.consequence(source: spec("%d"), translation: spec("%c"), dialect: .java)?.kind == .wrongValue)
        #expect(FormatCompatibility.consequence(source: spec("%d"), translation: spec("%f"), dialect: .java)?.detail == "f != java.lang.Integer")
        #expect(FormatCompatibility.consequence(source: spec("%tH"), translation: spec("%tM"), dialect: .java) == nil)
    }
}
