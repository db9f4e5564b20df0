#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import SpeakableDiagnostics
import Testing

/// Outputs that are streams are written through, never renamed over: judged by the file system
/// (the node's type after the write) and by a reader at the other end of a named pipe.
@Suite struct OutputFileTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/speakable-output-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func type(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test func whatIsAStream() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(OutputFile.isStream("/dev/null"))
        #expect(mkfifo(root + "/pipe", 0o600) == 0)
        #expect(OutputFile.isStream(root + "/pipe"))
        // Files, folders, nothing yet: not streams.
        #expect(FileManager.default.createFile(atPath: root + "/file", contents: Data("x".utf8)))
        #expect(!OutputFile.isStream(root + "/file"))
        #expect(!OutputFile.isStream(root))
        #expect(!OutputFile.isStream(root + "/missing"))
        // Other links, even to a stream, are not followed (a link planted where outputs go)...
        #expect(symlink("/dev/null", root + "/link") == 0)
        #expect(!OutputFile.isStream(root + "/link"))
        // ... under /dev either: /dev/shm is writable by everyone.
        var shm = stat()
        if stat("/dev/shm", &shm) == 0 {
            let planted = "/dev/shm/speakable-output-test-\(getpid())"
            #expect(symlink(root + "/file", planted) == 0)
            #expect(!OutputFile.isStream(planted))
            unlink(planted)
        }
        // The links that name the process's own descriptors are its streams.
        if Self.type("/dev/stdout") == S_IFLNK { #expect(OutputFile.isStream("/dev/stdout")) }
        if Self.type("/dev/stderr") == S_IFLNK { #expect(OutputFile.isStream("/dev/stderr")) }
        #expect(OutputFile.isStream("/proc/self/fd/2") == (Self.type("/proc/self/fd/2") == S_IFLNK))
        #expect(!OutputFile.isStream("/dev/fd/") && !OutputFile.isStream("/dev/fd/1x"))
    }

    /// What a named pipe's reader receives while `write` runs: its read end is opened first
    /// without waiting (so the writer's open does not wait either), read once the writer is done
    /// (the bytes fit the pipe's buffer). No second thread: a blocked reader could starve the test
    /// runner's pool.
    static func throughPipe(_ pipe: String, _ write: () -> Void) -> [UInt8] {
        let readEnd = open(pipe, O_RDONLY | O_NONBLOCK)
        guard readEnd >= 0 else { return [] }
        defer { close(readEnd) }
        write()
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            received += buffer[0..<n]
        }
        return received
    }

    @Test func aPipeIsWrittenThroughAndStaysAPipe() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let pipe = root + "/pipe"
        #expect(mkfifo(pipe, 0o600) == 0)
        let bytes = Array("{\"findings\": []}\n".utf8) + (0..<30_000).map { UInt8(0x61 + $0 % 26) }
        var reason: String?? = .none
        #expect(Self.throughPipe(pipe) { reason = OutputFile.write(bytes, toStream: pipe) } == bytes)
        #expect(reason == .some(nil))
        #expect(Self.type(pipe) == S_IFIFO)
    }

    @Test func devNullStaysADevice() {
        #expect(OutputFile.write(Array("gone".utf8), toStream: "/dev/null") == nil)
        #expect(Self.type("/dev/null") == S_IFCHR)
    }

    @Test func aStreamThatCannotBeOpenedSaysWhy() {
        // The reason is the system's.
        #expect(OutputFile.write([0x41], toStream: "/dev/speakable-no-such-device") == "No such file or directory")
    }
}
