/// A String Catalog value with its format specifiers reduced to what they mean, so that two
/// values that format alike compare equal: `%lld` and `%1$lld` and `%1$d` are the same
/// argument printed the same way; `%@` and `%lld`, or `%.2f` and `%f`, are not.
///
/// A specifier (`%[N$][flags][width][.precision][length]conversion`, as CoreFoundation's
/// `CFStringCreateWithFormat` reads it) becomes `⟨position kind flags width.precision⟩`: the
/// position explicit or counted, the kind of value (integer whatever its length modifier;
/// floating point; object `@`; C string `s`; `S`; character; pointer). A substitution
/// (`%#@name@`) becomes `⟨#@name@⟩`, `%arg` in a substitution's variation `⟨arg⟩`, `%%` stays.
public struct AppleFormatText: Hashable, Sendable, CustomStringConvertible {
    public let normalized: String

    public init(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var counter = 0
        var i = 0
        func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }
        func append(_ s: String) { out.append(contentsOf: s.unicodeScalars) }
        while i < scalars.count {
            let scalar = scalars[i]
            guard scalar == "%", i + 1 < scalars.count else {
                out.append(scalar)
                i += 1
                continue
            }
            if scalars[i + 1] == "%" {
                append("%%")
                i += 2
                continue
            }
            // %arg: the value a substitution's variation prints.
            if i + 3 < scalars.count, scalars[i + 1] == "a", scalars[i + 2] == "r", scalars[i + 3] == "g" {
                append("⟨arg⟩")
                i += 4
                continue
            }
            var j = i + 1
            var position: Int?
            var k = j
            while k < scalars.count && isDigit(scalars[k]) { k += 1 }
            if k > j && k < scalars.count && scalars[k] == "$" {
                position = Int(String(String.UnicodeScalarView(scalars[j..<k])))
                j = k + 1
            }
            // %#@name@ (a substitution).
            if j + 1 < scalars.count && scalars[j] == "#" && scalars[j + 1] == "@" {
                var end = j + 2
                while end < scalars.count && scalars[end] != "@" { end += 1 }
                if end < scalars.count {
                    let name = String(String.UnicodeScalarView(scalars[(j + 2)..<end]))
                    if position == nil { counter += 1 }
                    append("⟨#@" + name + "@⟩")
                    i = end + 1
                    continue
                }
            }
            var flags = ""
            while j < scalars.count && "-+ #0'".unicodeScalars.contains(scalars[j]) {
                flags.unicodeScalars.append(scalars[j])
                j += 1
            }
            var width = ""
            while j < scalars.count && (isDigit(scalars[j]) || scalars[j] == "*") {
                width.unicodeScalars.append(scalars[j])
                j += 1
            }
            var precision = ""
            if j < scalars.count && scalars[j] == "." {
                precision = "."
                j += 1
                while j < scalars.count && (isDigit(scalars[j]) || scalars[j] == "*") {
                    precision.unicodeScalars.append(scalars[j])
                    j += 1
                }
            }
            while j < scalars.count && "hlqLzjt".unicodeScalars.contains(scalars[j]) { j += 1 }
            guard j < scalars.count else {
                out.append(scalar)
                i += 1
                continue
            }
            let kind: String
            switch scalars[j] {
            case "d", "i", "u", "o", "x", "X", "D", "U", "O": kind = "integer"
            case "f", "F", "e", "E", "g", "G", "a", "A": kind = "floating"
            case "@": kind = "object"
            case "s": kind = "cstring"
            case "S": kind = "unichars"
            case "c", "C": kind = "char"
            case "p": kind = "pointer"
            default:
                // Not a specifier: the text as written.
                out.append(scalar)
                i += 1
                continue
            }
            // Sorted flags: "-0" and "0-" are the same.
            let sortedFlags = String(String.UnicodeScalarView(flags.unicodeScalars.sorted { $0.value < $1.value }))
            if position == nil {
                counter += 1
                position = counter
            }
            append("⟨\(position!) \(kind)\(sortedFlags.isEmpty ? "" : " " + sortedFlags)\(width.isEmpty && precision.isEmpty ? "" : " " + width + precision)⟩")
            i = j + 1
        }
        normalized = String(out)
    }

    public var description: String { normalized }
}
