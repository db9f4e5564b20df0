/// The strings of a linked Android resource table (`resources.arsc`, as `aapt2 link` writes it):
/// exactly the text `Resources.getString` and `getQuantityText` return, per configuration.
///
/// Reading the binary table rather than `aapt2 dump resources` avoids guessing where a printed
/// value that contains quotes or newlines ends. The format is AOSP's
/// `frameworks/base/libs/androidfw/include/androidfw/ResourceTypes.h`: a table chunk, a global
/// string pool (the values), and per package a type string pool, a key string pool and
/// `ResTable_type` chunks with one entry per resource in one configuration.
struct ResourceTable {
    /// One configuration's locale: language (`ko`), script (`Latn`), region (`BR`); all empty
    /// for the default (`values/`).
    struct Locale: Hashable, Sendable, CustomStringConvertible {
        var language = ""
        var script = ""
        var region = ""
        /// Whether the configuration has qualifiers other than the locale (`-night`, `-v21`).
        var hasOtherQualifiers = false

        var isDefault: Bool { language.isEmpty && region.isEmpty && script.isEmpty }
        var description: String {
            isDefault ? "(default)" : [language, script, region].filter { !$0.isEmpty }.joined(separator: "-")
        }
    }

    enum Value: Hashable, Sendable {
        case string(String)
        /// `<plurals>`: items by quantity (`zero`, `one`, `two`, `few`, `many`, `other`).
        case plurals([String: String])
        /// `<string-array>`, `<integer-array>`, `<array>`: the items in order, each a string as
        /// `getStringArray` returns it, or `@<type byte>:<data>` for an item that is not a string.
        case array([String])
        /// Anything else (a reference, an integer, a style): its type byte.
        case other(UInt8)
    }

    struct Entry: Hashable, Sendable {
        var type: String
        var name: String
        var locale: Locale
        var value: Value
        /// A string's markup (`<b>`, `<i>`, `<annotation>`), which `getText` keeps and
        /// `getString` drops: each span's tag and the UTF-16 range it covers, `b 0-3; i 5-9`.
        var markup: String? = nil
    }

    var entries: [Entry] = []

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    init(_ bytes: [UInt8]) throws(Malformed) {
        var reader = Reader(bytes: bytes)
        guard bytes.count >= 12, reader.u16(0) == 0x0002 else { throw Malformed(description: "not a resource table") }
        let headerSize = Int(reader.u16(2))
        let size = Int(reader.u32(4))
        guard size <= bytes.count else { throw Malformed(description: "truncated resource table") }
        var offset = headerSize
        var values: [String] = []
        var styles: [Int: String] = [:]
        while offset + 8 <= size {
            let type = reader.u16(offset)
            let chunkSize = Int(reader.u32(offset + 4))
            guard chunkSize >= 8, offset + chunkSize <= size else { throw Malformed(description: "bad chunk at \(offset)") }
            switch type {
            case 0x0001:
                values = try reader.stringPool(at: offset)
                styles = reader.styles(at: offset, strings: values)
            case 0x0200: try readPackage(&reader, at: offset, size: chunkSize, values: values, styles: styles)
            default: break
            }
            offset += chunkSize
        }
    }

    private mutating func readPackage(_ reader: inout Reader, at start: Int, size: Int, values: [String],
                                      styles: [Int: String]) throws(Malformed) {
        let headerSize = Int(reader.u16(start + 2))
        let typeStringsOffset = Int(reader.u32(start + 8 + 4 + 256))
        let keyStringsOffset = Int(reader.u32(start + 8 + 4 + 256 + 8))
        let typeNames = try reader.stringPool(at: start + typeStringsOffset)
        let keyNames = try reader.stringPool(at: start + keyStringsOffset)
        var offset = start + headerSize
        let end = start + size
        while offset + 8 <= end {
            let type = reader.u16(offset)
            let chunkSize = Int(reader.u32(offset + 4))
            guard chunkSize >= 8, offset + chunkSize <= end else { throw Malformed(description: "bad package chunk at \(offset)") }
            if type == 0x0201 { try readType(&reader, at: offset, typeNames: typeNames, keyNames: keyNames, values: values, styles: styles) }
            offset += chunkSize
        }
    }

    private mutating func readType(_ reader: inout Reader, at start: Int, typeNames: [String], keyNames: [String],
                                   values: [String], styles: [Int: String]) throws(Malformed) {
        let headerSize = Int(reader.u16(start + 2))
        let chunkSize = Int(reader.u32(start + 4))
        let id = Int(reader.u8(start + 8))
        let flags = reader.u8(start + 9)
        let entryCount = Int(reader.u32(start + 12))
        let entriesStart = start + Int(reader.u32(start + 16))
        let config = start + 20
        guard id >= 1, id <= typeNames.count else { throw Malformed(description: "type id \(id) out of range") }
        let typeName = typeNames[id - 1]
        let locale = Self.locale(&reader, config: config)
        let offsetsStart = start + headerSize
        var entryOffsets: [Int] = []
        let sparse = flags & 0x01 != 0
        let offset16 = flags & 0x02 != 0
        for index in 0..<entryCount {
            if sparse {
                // ResTable_sparseTypeEntry: idx (u16), offset / 4 (u16).
                entryOffsets.append(Int(reader.u16(offsetsStart + index * 4 + 2)) * 4)
            } else if offset16 {
                let raw = reader.u16(offsetsStart + index * 2)
                entryOffsets.append(raw == 0xFFFF ? -1 : Int(raw) * 4)
            } else {
                let raw = reader.u32(offsetsStart + index * 4)
                entryOffsets.append(raw == 0xFFFF_FFFF ? -1 : Int(raw))
            }
        }
        for entryOffset in entryOffsets where entryOffset >= 0 {
            let entry = entriesStart + entryOffset
            guard entry + 8 <= start + chunkSize else { throw Malformed(description: "entry outside its chunk") }
            let size = Int(reader.u16(entry))
            let entryFlags = reader.u16(entry + 2)
            let key = Int(reader.u32(entry + 4))
            guard key < keyNames.count else { throw Malformed(description: "key index out of range") }
            let name = keyNames[key]
            if entryFlags & 0x0001 != 0 {
                // ResTable_map_entry: parent (u32), count (u32), then ResTable_map { name u32, Res_value }.
                let count = Int(reader.u32(entry + 12))
                var items: [String: String] = [:]
                var elements: [(index: UInt32, text: String)] = []
                var mapOffset = entry + size
                for _ in 0..<count {
                    let attribute = reader.u32(mapOffset)
                    let dataType = reader.u8(mapOffset + 4 + 3)
                    let data = Int(reader.u32(mapOffset + 4 + 4))
                    if let quantity = Self.quantities[attribute], dataType == 0x03, data < values.count {
                        items[quantity] = values[data]
                    }
                    // An array's items are named ResTable_map::ATTR_MIN + i, in order.
                    if typeName == "array" {
                        let text = dataType == 0x03 && data < values.count ? values[data] : "@\(dataType):\(data)"
                        elements.append((attribute, text))
                    }
                    mapOffset += 12
                }
                let value: Value = typeName == "array" ? .array(elements.sorted { $0.index < $1.index }.map(\.text)) : .plurals(items)
                entries.append(Entry(type: typeName, name: name, locale: locale, value: value))
            } else {
                let dataType = reader.u8(entry + size + 3)
                let data = Int(reader.u32(entry + size + 4))
                let value: Value = dataType == 0x03 && data < values.count ? .string(values[data]) : .other(dataType)
                entries.append(Entry(type: typeName, name: name, locale: locale, value: value, markup: dataType == 0x03 ? styles[data] : nil))
            }
        }
    }

    /// `ResTable_map` names of `<plurals>` items (ResTable_map::ATTR_OTHER … ATTR_MANY).
    static let quantities: [UInt32: String] = [
        0x0100_0004: "other", 0x0100_0005: "zero", 0x0100_0006: "one", 0x0100_0007: "two", 0x0100_0008: "few", 0x0100_0009: "many",
    ]

    /// The locale fields of a `ResTable_config`.
    private static func locale(_ reader: inout Reader, config: Int) -> Locale {
        let configSize = Int(reader.u32(config))
        func text(_ at: Int, _ count: Int) -> String {
            guard at + count <= config + configSize else { return "" }
            var scalars = String.UnicodeScalarView()
            for i in 0..<count {
                let byte = reader.u8(at + i)
                if byte == 0 { break }
                scalars.append(Unicode.Scalar(byte))
            }
            return String(scalars)
        }
        /// Two bytes, or three letters packed into them when the first byte's high bit is set.
        func packed(_ at: Int, base: UInt8) -> String {
            let first = reader.u8(at)
            let second = reader.u8(at + 1)
            if first & 0x80 != 0 {
                let letters = [second & 0x1F, ((second & 0xE0) >> 5) | ((first & 0x03) << 3), (first & 0x7C) >> 2]
                return String(String.UnicodeScalarView(letters.map { Unicode.Scalar($0 + base) }))
            }
            return text(at, 2)
        }
        var locale = Locale()
        locale.language = packed(config + 8, base: 0x61)
        locale.region = packed(config + 10, base: 0x30)
        if configSize >= 48 { locale.script = text(config + 36, 4) }
        // A script aapt2 computed itself (sr-RS → Cyrl) is not a qualifier the folder had.
        if configSize >= 53, reader.u8(config + 52) != 0 { locale.script = "" }
        var others = false
        for offset in 4..<configSize where !(8..<12).contains(offset) && !(36..<48).contains(offset) && offset != 52 {
            if reader.u8(config + offset) != 0 { others = true }
        }
        locale.hasOtherQualifiers = others
        return locale
    }

    struct Reader {
        let bytes: [UInt8]

        func u8(_ at: Int) -> UInt8 { at < bytes.count ? bytes[at] : 0 }
        func u16(_ at: Int) -> UInt16 { UInt16(u8(at)) | UInt16(u8(at + 1)) << 8 }
        func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 }

        /// aapt2's "UTF-8" pools write a character outside the BMP as its two UTF-16 surrogates,
        /// three bytes each (CESU-8, as Java's modified UTF-8 does); Android turns the bytes into
        /// UTF-16 unit by unit. So does this.
        static func modifiedUTF8(_ bytes: ArraySlice<UInt8>) -> String {
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count)
            var i = bytes.startIndex
            while i < bytes.endIndex {
                let b = bytes[i]
                func next(_ k: Int) -> UInt32 { i + k < bytes.endIndex ? UInt32(bytes[i + k] & 0x3F) : 0 }
                if b < 0x80 {
                    units.append(UInt16(b))
                    i += 1
                } else if b & 0xE0 == 0xC0 {
                    units.append(UInt16((UInt32(b & 0x1F) << 6) | next(1)))
                    i += 2
                } else if b & 0xF0 == 0xE0 {
                    units.append(UInt16((UInt32(b & 0x0F) << 12) | (next(1) << 6) | next(2)))
                    i += 3
                } else if b & 0xF8 == 0xF0 {
                    let scalar = (UInt32(b & 0x07) << 18) | (next(1) << 12) | (next(2) << 6) | next(3)
                    let v = scalar - 0x10000
                    units.append(UInt16(0xD800 + (v >> 10)))
                    units.append(UInt16(0xDC00 + (v & 0x3FF)))
                    i += 4
                } else {
                    units.append(0xFFFD)
                    i += 1
                }
            }
            return String(decoding: units, as: UTF16.self)
        }

        /// The markup of a `ResStringPool` chunk's strings, by string index: after the string
        /// offsets, one offset per styled string (string i has style i) into a list of
        /// `ResStringPool_span` { name (a string of the pool), firstChar, lastChar } ended by
        /// 0xFFFFFFFF. Rendered as `b 0-3; annotation;key=value 5-9`.
        func styles(at start: Int, strings: [String]) -> [Int: String] {
            let headerSize = Int(u16(start + 2))
            let count = Int(u32(start + 8))
            let styleCount = Int(u32(start + 12))
            let stylesStart = start + Int(u32(start + 24))
            guard styleCount > 0 else { return [:] }
            var result: [Int: String] = [:]
            for index in 0..<styleCount {
                var at = stylesStart + Int(u32(start + headerSize + count * 4 + index * 4))
                var spans: [String] = []
                while at + 12 <= bytes.count, u32(at) != 0xFFFF_FFFF, spans.count < 1000 {
                    let name = Int(u32(at))
                    spans.append((name < strings.count ? strings[name] : "?") + " \(u32(at + 4))-\(u32(at + 8))")
                    at += 12
                }
                if !spans.isEmpty { result[index] = spans.joined(separator: "; ") }
            }
            return result
        }

        /// A `ResStringPool` chunk's strings (styles are markup, not text: ``styles(at:strings:)``).
        func stringPool(at start: Int) throws(Malformed) -> [String] {
            guard u16(start) == 0x0001 else { throw Malformed(description: "expected a string pool at \(start)") }
            let headerSize = Int(u16(start + 2))
            let count = Int(u32(start + 8))
            let flags = u32(start + 16)
            let stringsStart = start + Int(u32(start + 20))
            let utf8 = flags & 0x100 != 0
            var strings: [String] = []
            strings.reserveCapacity(count)
            for index in 0..<count {
                var at = stringsStart + Int(u32(start + headerSize + index * 4))
                if utf8 {
                    // UTF-16 length, then UTF-8 length, each one or two bytes.
                    at += u8(at) & 0x80 != 0 ? 2 : 1
                    var length = Int(u8(at))
                    if length & 0x80 != 0 {
                        length = (length & 0x7F) << 8 | Int(u8(at + 1))
                        at += 2
                    } else {
                        at += 1
                    }
                    guard at + length <= bytes.count else { throw Malformed(description: "string outside the pool") }
                    strings.append(Self.modifiedUTF8(bytes[at..<at + length]))
                } else {
                    var length = Int(u16(at))
                    if length & 0x8000 != 0 {
                        length = (length & 0x7FFF) << 16 | Int(u16(at + 2))
                        at += 4
                    } else {
                        at += 2
                    }
                    guard at + length * 2 <= bytes.count else { throw Malformed(description: "string outside the pool") }
                    strings.append(String(decoding: (0..<length).map { u16(at + $0 * 2) }, as: UTF16.self))
                }
            }
            return strings
        }
    }
}
