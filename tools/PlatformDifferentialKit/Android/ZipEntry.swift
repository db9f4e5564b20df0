/// Reads one stored (uncompressed) file out of a zip archive — `resources.arsc` in an APK, which
/// aapt2 always stores uncompressed so that Android can map it into memory. (`unzip` is not
/// installed everywhere, and aapt2's own `--output-to-dir` fails in Debian's build 2.19.)
enum ZipEntry {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func stored(_ name: String, in archive: [UInt8]) throws(Failure) -> [UInt8] {
        func u16(_ at: Int) -> Int { at + 1 < archive.count ? Int(archive[at]) | Int(archive[at + 1]) << 8 : 0 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        // End of central directory: the last 0x06054b50 within the final 64 KiB + 22 bytes.
        var end = archive.count - 22
        let lowest = max(0, archive.count - 22 - 65_535)
        while end >= lowest && u32(end) != 0x0605_4B50 { end -= 1 }
        guard end >= lowest else { throw Failure(description: "not a zip archive") }
        let count = u16(end + 10)
        var entry = u32(end + 16)
        for _ in 0..<count {
            guard u32(entry) == 0x0201_4B50 else { throw Failure(description: "bad central directory") }
            let method = u16(entry + 10)
            let compressedSize = u32(entry + 20)
            let nameLength = u16(entry + 28)
            let extraLength = u16(entry + 30)
            let commentLength = u16(entry + 32)
            let localHeader = u32(entry + 42)
            let entryName = String(decoding: archive[(entry + 46)..<min(archive.count, entry + 46 + nameLength)], as: UTF8.self)
            if entryName == name {
                guard method == 0 else { throw Failure(description: "\(name) is compressed (method \(method))") }
                guard u32(localHeader) == 0x0403_4B50 else { throw Failure(description: "bad local header for \(name)") }
                let start = localHeader + 30 + u16(localHeader + 26) + u16(localHeader + 28)
                guard start + compressedSize <= archive.count else { throw Failure(description: "\(name) is truncated") }
                return Array(archive[start..<start + compressedSize])
            }
            entry += 46 + nameLength + extraLength + commentLength
        }
        throw Failure(description: "no \(name) in the archive")
    }
}
