import SpeakableCatalog
import SpeakableMessages

extension Rule {
    /// `printf-injection`: text that becomes a format specifier in an exported platform catalog.
    public static let printfInjection = Rule(PrintfInjectionRule.self)
}

/// `printf-injection`: literal text that an exported `.xcstrings` or `strings.xml` would read as a
/// printf specifier.
enum PrintfInjectionRule: CheckerRule {
    static let id: RuleID = "printf-injection"
    static let defaultSeverity: RuleSeverity = .error
    static let summary = "text that becomes a format specifier in an exported platform catalog"

    /// printf specifiers in `text`: `%@`, `%d`, `%1$s`, `%lld`, `%n`, `%#@name@`… (not `%%`, not
    /// `% ` before a word, not a `%` at the end).
    static func printfSpecifiers(in text: String) -> [Range<Int>] {
        let u = Array(text.utf16)
        var result: [Range<Int>] = []
        var i = 0
        func isDigit(_ x: UInt16) -> Bool { x >= 48 && x <= 57 }
        func isLetter(_ x: UInt16) -> Bool { (x >= 65 && x <= 90) || (x >= 97 && x <= 122) }
        let conversions = Set("@dDiuUxXoOfFeEgGcCsSpaAn".utf16)
        while i < u.count {
            guard u[i] == 37 else { i += 1; continue }  // %
            let start = i
            var j = i + 1
            if j < u.count && u[j] == 37 { i = j + 1; continue }  // %%
            // %#@name@ (Apple's plural substitution)
            if j + 1 < u.count && u[j] == 35 && u[j + 1] == 64 {
                var k = j + 2
                while k < u.count && (isLetter(u[k]) || isDigit(u[k]) || u[k] == 95) { k += 1 }
                if k < u.count && u[k] == 64 && k > j + 2 { result.append(start..<k + 1); i = k + 1; continue }
            }
            // positional argument n$
            var k = j
            while k < u.count && isDigit(u[k]) { k += 1 }
            if k > j && k < u.count && u[k] == 36 { j = k + 1 }
            while j < u.count && (u[j] == 45 || u[j] == 43 || u[j] == 35 || u[j] == 48) { j += 1 }  // - + # 0
            while j < u.count && isDigit(u[j]) { j += 1 }
            if j < u.count && u[j] == 46 { j += 1; while j < u.count && isDigit(u[j]) { j += 1 } }
            // length modifiers
            for modifier in ["ll", "hh", "l", "h", "q", "L", "z", "t", "j"] {
                let m = Array(modifier.utf16)
                if j + m.count <= u.count && Array(u[j..<j + m.count]) == m && j + m.count < u.count
                    && conversions.contains(u[j + m.count]) {
                    j += m.count
                    break
                }
            }
            guard j < u.count, conversions.contains(u[j]) else { i += 1; continue }
            let conversion = u[j]
            // "%done" is not a specifier that anyone meant; "%d분" (a Korean counter) is.
            if conversion != 64, j + 1 < u.count, isLetter(u[j + 1]) { i += 1; continue }
            result.append(start..<j + 1)
            i = j + 1
        }
        return result
    }

    static func check(_ c: MessageContext, segments: [LiteralSegment], emitter: inout Emitter) {
        for segment in segments where segment.text.utf8.contains(37) {
            for range in printfSpecifiers(in: segment.text) {
                let start = sourceOffset(ofPrinted: range.lowerBound, in: segment, source: c.text.text)
                let end = sourceOffset(ofPrinted: range.upperBound, in: segment, source: c.text.text)
                let spec = String(decoding: Array(segment.text.utf16)[range], as: UTF16.self)
                RuleRunner.emit(.printfInjection, c, range: start..<end, emitter: &emitter,
                                message: "'\(spec)' is a printf format specifier: in an exported .xcstrings or strings.xml it would take an argument's place or crash the app",
                                hint: "in ICU MessageFormat an argument is written {name}; for a literal percent sign write %",
                                subject: spec)
            }
        }
    }
}
