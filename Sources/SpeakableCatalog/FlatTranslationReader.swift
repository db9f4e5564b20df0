import SpeakableDiagnostics
import SpeakableJSON

/// Reads the common translation file — one JSON object of string values, written without
/// escapes, byte-order mark or anything to report — straight into keys, texts and positions,
/// without a JSON tree or a dictionary of keys.
///
/// Anything else (an escape, a value of another type, a duplicate key, invalid UTF-8, a syntax
/// error, a file past a limit) gives nil, and the file is read by ``JSONReader`` as before, which
/// reports what is wrong. Where both read a file, they give the same keys, texts and positions
/// (columns count Unicode scalars, as the JSON reader counts them; a test compares the two).
enum FlatTranslationReader {
    /// One `"key": "text"`, as ranges of the file's bytes (the caller makes the strings it keeps:
    /// ``key(in:)``, ``text(in:)``).
    struct Entry {
        let key: Range<Int>
        /// The key's opening quote.
        let keyStart: SourcePosition
        let text: Range<Int>
        /// The value's opening quote, and just after its closing quote.
        let start: SourcePosition
        let end: SourcePosition

        func key(in bytes: UnsafeBufferPointer<UInt8>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[key]), as: UTF8.self)
        }

        func text(in bytes: UnsafeBufferPointer<UInt8>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[text]), as: UTF8.self)
        }
    }

    static func read(_ bytes: [UInt8]) -> [Entry]? {
        guard bytes.count <= JSONReader.maximumSize else { return nil }
        return bytes.withUnsafeBufferPointer { read($0) }
    }

    static func read(_ b: UnsafeBufferPointer<UInt8>) -> [Entry]? {
        let n = b.count
        var i = 0
        var line = 1
        var column = 1
        // Spaces, tabs, carriage returns and line feeds, counted as the JSON reader counts them.
        @inline(__always) func skipWhiteSpace() {
            while i < n {
                switch b[i] {
                case 0x0A: line += 1; column = 1
                case 0x20, 0x09, 0x0D: column += 1
                default: return
                }
                i += 1
            }
        }
        /// A string at its opening quote without escapes or control characters, valid UTF-8:
        /// its bytes' range; nil for anything else.
        @inline(__always) func string() -> Range<Int>? {
            guard i < n, b[i] == 0x22, let (end, scalars, ascii) = JSONReader.plainString(b, from: i + 1) else { return nil }
            let range = (i + 1)..<end
            if !ascii && UTF8Validation.firstInvalid(UnsafeBufferPointer(rebasing: b[range])) != nil { return nil }
            column += scalars + 2
            i = end + 1
            return range
        }
        skipWhiteSpace()
        guard i < n, b[i] == 0x7B else { return nil }  // {
        i += 1
        column += 1
        var entries: [Entry] = []
        var keys = KeySet()
        skipWhiteSpace()
        if i < n && b[i] == 0x7D {
            i += 1
            column += 1
        } else {
            while true {
                skipWhiteSpace()
                let keyStart = SourcePosition(line: line, column: column)
                guard let key = string(), keys.insert(key, in: b) else { return nil }
                skipWhiteSpace()
                guard i < n, b[i] == 0x3A else { return nil }  // :
                i += 1
                column += 1
                skipWhiteSpace()
                let start = SourcePosition(line: line, column: column)
                guard let value = string() else { return nil }
                entries.append(Entry(key: key, keyStart: keyStart, text: value, start: start, end: SourcePosition(line: line, column: column)))
                skipWhiteSpace()
                guard i < n else { return nil }
                if b[i] == 0x2C {  // ,
                    i += 1
                    column += 1
                    continue
                }
                guard b[i] == 0x7D else { return nil }  // }
                i += 1
                column += 1
                break
            }
        }
        skipWhiteSpace()
        // The object and each value count against the reader's value limit.
        guard i == n, entries.count + 1 <= JSONReader.maximumValues else { return nil }
        return entries
    }

    /// Keys seen, compared by their bytes (code points, as the JSON reader compares them), in an
    /// open-addressing table of byte ranges.
    private struct KeySet {
        var slots = [Range<Int>?](repeating: nil, count: 64)
        var count = 0

        /// Adds `key` (a range of `bytes`); false when an equal key is there already.
        mutating func insert(_ key: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            if (count + 1) * 2 > slots.count { grow(bytes) }
            var slot = Self.hash(key, bytes) & (slots.count - 1)
            while let other = slots[slot] {
                if other.count == key.count && memcmpEqual(other, key, bytes) { return false }
                slot = (slot + 1) & (slots.count - 1)
            }
            slots[slot] = key
            count += 1
            return true
        }

        private func memcmpEqual(_ a: Range<Int>, _ b: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var i = a.lowerBound
            var j = b.lowerBound
            while i < a.upperBound {
                if bytes[i] != bytes[j] { return false }
                i += 1
                j += 1
            }
            return true
        }

        private mutating func grow(_ bytes: UnsafeBufferPointer<UInt8>) {
            let old = slots
            slots = [Range<Int>?](repeating: nil, count: old.count * 2)
            for case let key? in old {
                var slot = Self.hash(key, bytes) & (slots.count - 1)
                while slots[slot] != nil { slot = (slot + 1) & (slots.count - 1) }
                slots[slot] = key
            }
        }

        /// FNV-1a over the key's bytes.
        private static func hash(_ key: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            var hash = FNV1a()
            hash.combine(bytes: UnsafeBufferPointer(rebasing: bytes[key]))
            return hash.tableHash
        }
    }
}
