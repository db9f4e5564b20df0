import SpeakableDiagnostics
public import SpeakableICU
public import SpeakableMessages

/// A compiled message that, in Korean, resolves the particle written after each placeholder from
/// the value it follows: `{piece}을(를)` becomes "정사각형을" or "막대를", `{n}이(가)` "3이" or "2가".
///
/// This is an explicit opt-in on top of ``CompiledMessage``, which stays byte-identical to ICU.
/// For any language other than Korean, and for a Korean message with no particle after a
/// placeholder, it *is* the compiled message: the output is ICU's.
///
/// ```swift
/// let message = try ParticleResolvingMessage("{piece}을(를) {row}행에 배치", locale: ICULocale("ko"))
/// try message.format(["piece": "가로 4칸 막대", "row": 3])   // "가로 4칸 막대를 3행에 배치"
/// try message.format(["piece": "정사각형", "row": 3])        // "정사각형을 3행에 배치"
/// let count = try ParticleResolvingMessage("{n}이(가) 남았습니다", locale: ICULocale("ko"))
/// try count.format(["n": 3])   // "3이 남았습니다"  (삼)
/// try count.format(["n": 2])   // "2가 남았습니다"  (이)
/// ```
///
/// How: when compiled for Korean, every argument (`{x}`, `{x, …}`, or `#`) that is directly
/// followed by particle notation (see ``KoreanParticle``) is wrapped in two noncharacters
/// (U+FDD0 before, U+FDD1 after) in the pattern. ICU's formatting is unchanged; afterwards the
/// text between each pair is the formatted value, its last spoken syllable picks the particle
/// form (``KoreanParticles/finalSound(of:)``), and the markers go. An empty value drops the
/// particle. Particles after literal text are left as the translator wrote them.
public final class ParticleResolvingMessage: Sendable {
    /// The message as compiled (with markers when particles are resolved).
    public let compiled: CompiledMessage
    /// The pattern as written.
    public let pattern: MessagePattern
    /// How many placeholders are followed by a particle this message resolves.
    public let particleCount: Int

    static let open = Unicode.Scalar(0xFDD0 as UInt32)!
    static let close = Unicode.Scalar(0xFDD1 as UInt32)!

    /// Compiles `pattern` for `locale`; particles are resolved when the locale's language is `ko`.
    public init(_ pattern: MessagePattern, locale: ICULocale, timeZone: ICUTimeZone = .utc) throws(MessageError) {
        self.pattern = pattern
        let sites = locale.language == "ko" ? Self.particleSites(in: pattern) : []
        self.particleCount = sites.count
        if sites.isEmpty {
            do { compiled = try CompiledMessage(pattern, locale: locale, timeZone: timeZone) } catch { throw .compile(error) }
        } else {
            let marked = Self.insertMarkers(into: pattern.source, around: sites)
            compiled = try CompiledMessage(marked, locale: locale, timeZone: timeZone)
        }
    }

    /// Parses and compiles `source`.
    public convenience init(_ source: String, locale: ICULocale, timeZone: ICUTimeZone = .utc) throws(MessageError) {
        let pattern: MessagePattern
        do { pattern = try MessagePattern(source) } catch { throw .syntax(error) }
        try self.init(pattern, locale: locale, timeZone: timeZone)
    }

    /// The argument names in slot order, for ``format(slots:)``.
    public var argumentNames: [String] { compiled.argumentNames }

    /// Formats with named arguments (see ``CompiledMessage/format(_:)``).
    public func format(_ arguments: [String: MessageArgument]) throws(MessageFormatError) -> String {
        if particleCount == 0 { return try compiled.format(arguments) }
        let values = compiled.argumentNames.map { arguments[$0] }
        return try values.withUnsafeBufferPointer { values throws(MessageFormatError) in try format(slots: values) }
    }

    /// Formats with values by slot (see ``CompiledMessage/format(slots:)``).
    public func format(slots values: [MessageArgument?]) throws(MessageFormatError) -> String {
        try values.withUnsafeBufferPointer { values throws(MessageFormatError) in try format(slots: values) }
    }

    /// Formats with values by slot, read in place: ICU's text is resolved as bytes, straight from
    /// the formatter's buffer, and one `String` is made.
    public func format(slots values: UnsafeBufferPointer<MessageArgument?>) throws(MessageFormatError) -> String {
        if particleCount == 0 { return try compiled.format(slots: values) }
        return try compiled.withUTF8(slots: values) { bytes in Self.resolve(bytes) }
    }

    // MARK: Finding the sites

    /// The UTF-16 ranges of every argument (or `#`) followed directly by particle notation.
    static func particleSites(in pattern: MessagePattern) -> [Range<Int>] {
        var sites: [Range<Int>] = []
        func visit(_ body: MessageBody) {
            for (index, part) in body.parts.enumerated() {
                var range: Range<Int>?
                switch part {
                case .text: break
                case .pound(let r): range = r
                case .argument(let argument):
                    range = argument.range
                    switch argument.kind {
                    case .plural(let plural): plural.cases.forEach { visit($0.message) }
                    case .select(let select): select.cases.forEach { visit($0.message) }
                    case .choice(let choice): choice.cases.forEach { visit($0.message) }
                    case .none, .simple: break
                    }
                }
                if let range, index + 1 < body.parts.count, case .text(let text, _) = body.parts[index + 1],
                   KoreanParticle(notation: text) != nil {
                    sites.append(range)
                }
            }
        }
        visit(pattern.body)
        return sites
    }

    static func insertMarkers(into source: String, around sites: [Range<Int>]) -> String {
        var units = Array(source.utf16)
        // From the end, so earlier offsets stay valid.
        for site in sites.sorted(by: { $0.lowerBound > $1.lowerBound }) {
            units.insert(UInt16(close.value), at: site.upperBound)
            units.insert(UInt16(open.value), at: site.lowerBound)
        }
        return String(decoding: units, as: UTF16.self)
    }

    // MARK: Resolving

    /// Replaces each marked value and the notation after it with the value and the particle form.
    /// Works on UTF-8: the markers are EF B7 90 (U+FDD0) and EF B7 91 (U+FDD1).
    static func resolve(_ text: String) -> String {
        var text = text
        return text.withUTF8 { resolve($0) }
    }

    /// The same from the formatter's bytes to one `String`. The resolved text is normally no
    /// longer (markers go, and a particle form is shorter than its notation); should a form ever
    /// be longer, the text is resolved again with room to spare.
    ///
    /// From valid UTF-8 (the formatter's output) the resolved bytes are valid UTF-8: whole
    /// scalars are copied or dropped (markers, notation) and forms are strings. So they are
    /// copied into the `String` without being validated again.
    static func resolve(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let stackSize = 1_024
        if bytes.count <= stackSize {
            let text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stackSize) { out -> String? in
                let count = resolve(bytes, into: out.baseAddress!, capacity: stackSize)
                return count >= 0 ? UTF8Validation.string(validated: UnsafeBufferPointer(start: out.baseAddress!, count: count)) : nil
            }
            if let text { return text }
        }
        let room = bytes.count * 4 + 64
        let out = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
        defer { out.deallocate() }
        let count = max(0, resolve(bytes, into: out, capacity: room))
        return UTF8Validation.string(validated: UnsafeBufferPointer(start: out, count: count))
    }

    /// The same from bytes to bytes: writes at most `capacity` bytes at `out` and returns how
    /// many, or -1 when the text does not fit.
    static func resolve(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
        // Where each open value starts in the output (values nest rarely; more than eight: ignored).
        var starts: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
        var depth = 0
        var at = 0
        var i = 0
        let count = bytes.count
        while i < count {
            // Copy up to the next possible marker in one go.
            var next = i
            while next < count && bytes[next] != 0xEF { next += 1 }
            if next > i {
                guard at + next - i <= capacity else { return -1 }
                (out + at).update(from: bytes.baseAddress! + i, count: next - i)
                at += next - i
                i = next
                continue
            }
            if i + 2 < count, bytes[i + 1] == 0xB7, bytes[i + 2] == 0x90 || bytes[i + 2] == 0x91 {
                let isOpen = bytes[i + 2] == 0x90
                i += 3
                if isOpen {
                    if depth < 8 { withUnsafeMutableBytes(of: &starts) { $0.storeBytes(of: at, toByteOffset: depth * 8, as: Int.self) } }
                    depth += 1
                    continue
                }
                guard depth > 0 else { continue }
                depth -= 1
                guard depth < 8 else { continue }
                let start = withUnsafeBytes(of: &starts) { $0.load(fromByteOffset: depth * 8, as: Int.self) }
                let rest = UnsafeBufferPointer(rebasing: bytes[i...])
                guard let particle = KoreanParticle(scalars: UTF8Scalars(rest)) else { continue }
                for s in UTF8Scalars(rest).prefix(particle.notationLength) { i += UTF8.width(s) }
                let sound = KoreanParticles.finalSound(ofUTF8: UnsafeBufferPointer(start: out + start, count: at - start))
                if let sound {
                    var form = particle.form(after: sound)
                    var fits = true
                    form.withUTF8 { f in
                        guard let base = f.baseAddress, f.count > 0 else { return }
                        guard at + f.count <= capacity else { fits = false; return }
                        (out + at).update(from: base, count: f.count)
                        at += f.count
                    }
                    if !fits { return -1 }
                }
                continue
            }
            guard at < capacity else { return -1 }
            out[at] = bytes[i]
            at += 1
            i += 1
        }
        return at
    }
}

/// The scalars of valid UTF-8 bytes (the formatter's own output), decoded lazily.
struct UTF8Scalars: Sequence {
    let bytes: UnsafeBufferPointer<UInt8>
    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    struct Iterator: IteratorProtocol {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        @inline(__always)
        mutating func next() -> Unicode.Scalar? {
            guard index < bytes.count else { return nil }
            let lead = UInt32(bytes[index])
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard index + length <= bytes.count else { return nil }
            var value: UInt32
            switch length {
            case 1: value = lead
            case 2: value = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
            case 3: value = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
            default:
                value = (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
                    | UInt32(bytes[index + 3] & 0x3F)
            }
            index += length
            return Unicode.Scalar(value)
        }
    }

    func makeIterator() -> Iterator { Iterator(bytes: bytes) }
}
