/// Something a conversion between MessageFormat 1 and MessageFormat 2 could not keep exactly, or
/// kept in a form only Speakable reads.
///
/// ```swift
/// let (_, notes) = MF2Message.converting(try MessagePattern("{n, number, currency}"))
/// notes[0].id        // "locale-currency"
/// notes[0].range     // 0..<21: the argument in the MF1 source
/// ```
public struct MF2ConversionNote: Hashable, Sendable, CustomStringConvertible {
    /// A stable identifier such as `choice-not-kept` or `markup-dropped`.
    public var id: String
    /// One plain, lower-case sentence: what was written instead and why.
    public var message: String
    /// UTF-16 offsets into the source of the message that was converted (the MF1 pattern's
    /// source, or the MF2 message's source).
    public var range: Range<Int>

    public init(id: String, message: String, range: Range<Int>) {
        self.id = id
        self.message = message
        self.range = range
    }

    public var description: String { "\(message) [\(id)]" }

    /// The notes that say how the meaning was kept (only the form changes), not that something
    /// was lost: `nested-selection`.
    public static let keepsMeaning: Set<String> = ["nested-selection"]
}

extension MF2Message {
    /// The namespace of the functions Speakable defines for MF1 formats that MF2 has no standard
    /// function for (`:speakable:number`, `:speakable:date`, …): see ``converting(_:)``.
    public static let speakableNamespace = "speakable"
}
