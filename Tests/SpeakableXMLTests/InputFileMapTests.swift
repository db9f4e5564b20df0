#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SpeakableDiagnostics
import Testing

/// `InputFile.map`, judged by `InputFile.read` (the copy it replaces for large inputs) and by the
/// kernel: the same bytes, the same problems, a regular file really mapped (a second mapping of
/// the same pages shows in /proc), everything else read.
@Suite struct InputFileMapTests {
    static func file(_ name: String, _ bytes: [UInt8]) -> String {
        let path = "/tmp/speakable-map-tests-\(getpid())-\(name)"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(descriptor >= 0)
        bytes.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        return path
    }

    @Test func theSameBytesAsRead() throws {
        // Sizes around a page and empty; bytes of every value.
        for size in [0, 1, 4095, 4096, 4097, 70_000] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
            let path = Self.file("bytes\(size)", bytes)
            defer { unlink(path) }
            let mapped = try InputFile.map(path).get()
            #expect(mapped.count == size)
            #expect(mapped.withBytes { Array($0) } == bytes)
            #expect(mapped.bytes == (try InputFile.read(path).get()))
        }
    }

    @Test func aRegularFileIsMappedAndUnmappedWhenReleased() throws {
        #if os(Linux)
        let path = Self.file("mapped", Array(repeating: 0x41, count: 8192))
        defer { unlink(path) }
        func mappings() -> Int {
            guard case .success(let maps) = InputFile.read("/proc/self/maps") else { return -1 }
            return String(decoding: maps, as: UTF8.self).split(separator: "\n").filter { $0.hasSuffix(path) }.count
        }
        #expect(mappings() == 0)
        var mapped: InputFile.Mapped? = try InputFile.map(path).get()
        #expect(mappings() == 1)
        #expect(mapped?.withBytes { $0.allSatisfy { $0 == 0x41 } } == true)
        mapped = nil
        #expect(mappings() == 0)
        #endif
    }

    @Test func theSameProblemsAsRead() {
        let path = Self.file("large", Array(repeating: 0x20, count: 100))
        defer { unlink(path) }
        // Too large for the limit: refused before a byte is read, with the file's size.
        guard case .failure(.tooLarge(100)) = InputFile.map(path, limit: 99) else {
            Issue.record("a 100-byte file under a 99-byte limit was not refused")
            return
        }
        #expect((try? InputFile.map(path, limit: 100).get())?.count == 100)
        guard case .failure(.unreadable(let reason)) = InputFile.map("/tmp"), reason == "it is a folder" else {
            Issue.record("a folder was not refused as one")
            return
        }
        guard case .failure(.unreadable) = InputFile.map("/tmp/speakable-map-tests-missing-\(getpid())") else {
            Issue.record("a missing file was not unreadable")
            return
        }
    }

    @Test func devicesAndPipesAreRead() throws {
        #expect(try InputFile.map("/dev/null").get().count == 0)
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let text = Array("through a pipe".utf8)
        text.withUnsafeBytes { _ = write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        defer { close(ends[0]) }
        #expect(try InputFile.map("/dev/fd/\(ends[0])").get().bytes == text)
    }
}
