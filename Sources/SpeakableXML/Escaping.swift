public import SpeakableEscaping

/// XML escaping lives in ``SpeakableEscaping`` with the other output languages' escapers; this
/// name keeps `import SpeakableXML` enough for writers.
public typealias XMLEscaping = SpeakableEscaping.XMLEscaping
