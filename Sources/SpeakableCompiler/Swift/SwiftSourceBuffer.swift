import SpeakableDiagnostics
import SpeakableEscaping

/// Generated Swift source as UTF-8 bytes, appended piece by piece: fixed text from the generator
/// as it is, text from the project only as string literals (``appendLiteral(_:)``) and comment
/// lines (``appendCommentLines(_:prefix:)``), which write exactly what ``SwiftEscaping`` makes
/// of it.
///
/// ```swift
/// var out = SwiftSourceBuffer(capacity: 64)
/// out.append("let s = ")
/// out.appendLiteral("Say \"hi\"")
/// out.append("\n")
/// String(decoding: out.bytes, as: UTF8.self)   // "let s = \"Say \\\"hi\\\"\"\n"
/// ```
struct SwiftSourceBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    var count: Int { bytes.count }

    /// Fixed text of the generator.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Text already valid where it goes (an identifier, generated code).
    mutating func appendText(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func appendBytes(_ other: ArraySlice<UInt8>) {
        bytes.append(contentsOf: other)
    }

    /// `value` in decimal.
    mutating func append(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(0x30 + UInt8(value))
        } else {
            appendText(String(value))
        }
    }

    /// ``SwiftEscaping/stringLiteral(_:)`` of `text`.
    mutating func appendLiteral(_ text: String) {
        var text = text
        let plain = text.withUTF8 { utf8 -> Bool in
            guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) else { return false }
            bytes.append(0x22)
            bytes.append(contentsOf: utf8)
            bytes.append(0x22)
            return true
        }
        if !plain { appendText(SwiftEscaping.stringLiteral(text)) }
    }

    /// `name`, in backticks when it is a Swift keyword (``SwiftAccessorGenerator/escapeIdentifier(_:)``).
    mutating func appendIdentifier(_ name: String) {
        if SwiftAccessorGenerator.keywords.contains(name) {
            bytes.append(0x60)
            appendText(name)
            bytes.append(0x60)
        } else {
            appendText(name)
        }
    }

    /// Whether `text` is one comment line as it is (printable ASCII and tabs), as
    /// ``SwiftEscaping/commentLines(_:)`` makes of it.
    static func isOneCommentLine(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isOneCommentLine($0) }
    }

    private static func isOneCommentLine(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in utf8 where !((byte >= 0x20 && byte < 0x7F) || byte == 0x09) { return false }
        return true
    }

    /// Whether the bytes hold `needle`'s (``UTF8Search``'s byte search).
    func contains(_ needle: StaticString) -> Bool {
        needle.withUTF8Buffer { wanted in bytes.withUnsafeBufferPointer { UTF8Search.contains($0, wanted) } }
    }

    /// ``SwiftEscaping/lineComment(_:prefix:)`` of `text` (`prefix` starts with `//` after
    /// spaces and ends with one space).
    mutating func appendCommentLines(_ text: String, prefix: StaticString) {
        var text = text
        // Printable ASCII and tabs is one comment line as it is (``SwiftEscaping/commentLines(_:)``).
        let plain = text.withUTF8 { utf8 -> Bool in
            guard Self.isOneCommentLine(utf8) else { return false }
            appendCommentLine(utf8, prefix: prefix)
            return true
        }
        if plain { return }
        for line in SwiftEscaping.commentLines(text) {
            var line = line
            line.withUTF8 { appendCommentLine($0, prefix: prefix) }
        }
    }

    /// One comment line: `prefix` and `line` and a line feed; `prefix` without its trailing
    /// space when `line` is empty.
    private mutating func appendCommentLine(_ line: UnsafeBufferPointer<UInt8>, prefix: StaticString) {
        prefix.withUTF8Buffer { prefix in
            if line.isEmpty {
                bytes.append(contentsOf: prefix.dropLast())
            } else {
                bytes.append(contentsOf: prefix)
                bytes.append(contentsOf: line)
            }
        }
        bytes.append(0x0A)
    }
}
