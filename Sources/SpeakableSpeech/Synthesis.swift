#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials

/// 16-bit mono PCM audio: what espeak-ng synthesizes, and what `speakable preview --audio`
/// writes, one WAV per element.
///
/// ```swift
/// let row = try espeak.synthesize("Row 3, column 5, empty", locale: .english).trimmedToSpeech()
/// let hint = try espeak.synthesize("Selects the cell.", locale: .english).trimmedToSpeech()
/// let element = PCMAudio.joined([row, hint], pause: 0.4)   // the hint 0.4 s after the label
/// element.seconds      // about 2.6
/// element.wavBytes()   // a RIFF/WAVE file: 44-byte header, then the samples
/// ```
public struct PCMAudio: Hashable, Sendable {
    /// Samples per second (espeak-ng: 22,050).
    public var sampleRate: Int
    /// One channel, signed 16-bit.
    public var samples: [Int16]

    public init(sampleRate: Int, samples: [Int16]) {
        self.sampleRate = sampleRate
        self.samples = samples
    }

    /// The length in seconds.
    public var seconds: Double { Double(samples.count) / Double(sampleRate) }

    /// `seconds` of silence.
    public static func silence(_ seconds: Double, sampleRate: Int) -> PCMAudio {
        PCMAudio(sampleRate: sampleRate, samples: Array(repeating: 0, count: max(0, Int((seconds * Double(sampleRate)).rounded()))))
    }

    /// Reads a PCM WAV file (16-bit; the first channel when there are several).
    public init(wav bytes: [UInt8]) throws(WAVLength.Malformed) {
        let layout = try WAVLayout(bytes)
        let frameBytes = layout.channels * 2
        let frames = layout.dataSize / frameBytes
        var samples = [Int16](repeating: 0, count: frames)
        for frame in 0..<frames {
            let at = layout.dataStart + frame * frameBytes
            samples[frame] = Int16(bitPattern: UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8)
        }
        self.init(sampleRate: layout.sampleRate, samples: samples)
    }

    /// The audio between the first and the last sample louder than 1% of full scale — the same
    /// threshold ``WAVLength/speech`` measures with (espeak-ng pads both ends with silence).
    public func trimmedToSpeech() -> PCMAudio {
        let threshold: Int32 = 328
        guard let first = samples.firstIndex(where: { abs(Int32($0)) > threshold }),
              let last = samples.lastIndex(where: { abs(Int32($0)) > threshold }) else {
            return PCMAudio(sampleRate: sampleRate, samples: [])
        }
        return PCMAudio(sampleRate: sampleRate, samples: Array(samples[first...last]))
    }

    /// Parts played one after another with `pause` seconds of silence between them (all parts
    /// must have the same sample rate; an empty list gives empty audio at 22,050 Hz).
    public static func joined(_ parts: [PCMAudio], pauses: [Double]) -> PCMAudio {
        let rate = parts.first?.sampleRate ?? 22050
        var samples: [Int16] = []
        for (i, part) in parts.enumerated() {
            if i > 0 { samples += silence(i - 1 < pauses.count ? pauses[i - 1] : 0, sampleRate: rate).samples }
            samples += part.samples
        }
        return PCMAudio(sampleRate: rate, samples: samples)
    }

    /// Parts with the same pause between each two.
    public static func joined(_ parts: [PCMAudio], pause: Double) -> PCMAudio {
        joined(parts, pauses: Array(repeating: pause, count: max(0, parts.count - 1)))
    }

    /// A canonical RIFF/WAVE file: `fmt ` (PCM, 1 channel, 16 bits), then `data`.
    public func wavBytes() -> [UInt8] {
        let dataBytes = samples.count * 2
        var out: [UInt8] = []
        out.reserveCapacity(44 + dataBytes)
        func le32(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        func le16(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        out += Array("RIFF".utf8)
        le32(36 + dataBytes)
        out += Array("WAVEfmt ".utf8)
        le32(16)
        le16(1)                 // PCM
        le16(1)                 // mono
        le32(sampleRate)
        le32(sampleRate * 2)    // bytes per second
        le16(2)                 // bytes per frame
        le16(16)                // bits per sample
        out += Array("data".utf8)
        le32(dataBytes)
        for sample in samples {
            let bits = UInt16(bitPattern: sample)
            out += [UInt8(bits & 0xFF), UInt8(bits >> 8)]
        }
        return out
    }
}

/// Where a WAV file's PCM data is, read from its header.
struct WAVLayout {
    var channels = 0
    var sampleRate = 0
    var bitsPerSample = 0
    var dataStart = -1
    var dataSize = 0

    init(_ bytes: [UInt8]) throws(WAVLength.Malformed) {
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        guard bytes.count >= 12, bytes[0...3] == [0x52, 0x49, 0x46, 0x46], bytes[8...11] == [0x57, 0x41, 0x56, 0x45] else {
            throw WAVLength.Malformed(description: "not a RIFF WAVE file")
        }
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = u32(offset + 4)
            if id == "fmt ", offset + 24 <= bytes.count {
                guard u16(offset + 8) == 1 else { throw WAVLength.Malformed(description: "not PCM") }
                channels = u16(offset + 10)
                sampleRate = u32(offset + 12)
                bitsPerSample = u16(offset + 22)
            } else if id == "data" {
                dataStart = offset + 8
                // Streams written to a pipe carry a placeholder size: use what is there.
                dataSize = min(size, bytes.count - dataStart)
                break
            }
            offset += 8 + size + (size & 1)
        }
        guard dataStart >= 0, channels > 0, sampleRate > 0, bitsPerSample == 16 else {
            throw WAVLength.Malformed(description: "no 16-bit PCM data")
        }
    }
}

extension Espeak {
    /// How to get espeak-ng, for messages that need it.
    public static let installAdvice =
        "install espeak-ng (Debian/Ubuntu: sudo apt-get install espeak-ng; Fedora: sudo dnf install espeak-ng; "
        + "macOS: brew install espeak-ng) so that the espeak-ng command is on PATH, then run again"

    /// The version line espeak-ng prints (`eSpeak NG text-to-speech: 1.51 …`), or nil.
    public func versionLine() -> String? {
        guard let folder = Self.privateFolder() else { return nil }
        let outPath = folder + "/version.txt"
        defer {
            unlink(outPath)
            rmdir(folder)
        }
        guard Self.run([path, "--version"], standardOutput: outPath) == 0,
              let data = try? Data(contentsOf: URL(fileURLWithPath: outPath)) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let line = text.split(separator: "\n").first else { return nil }
        return String(line.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
