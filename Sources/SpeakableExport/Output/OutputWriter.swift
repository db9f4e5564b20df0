import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
public import SpeakableDiagnostics

/// A file to write: a path inside the output folder and its content.
public struct OutputFile: Hashable, Sendable {
    /// Relative to the output folder, `/`-separated (`android/res/values-ko/strings.xml`).
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// Writes a set of files all or nothing, and never outside its folder.
///
/// * Every path is checked first: relative, no `..`, no empty or `.` component, no backslash or
///   NUL, and no existing symbolic link on the way (a link could point outside). One bad path
///   and nothing is written (`output-unsafe-path`).
/// * A file whose content is already what it would get is not touched (its modification time
///   stays, so build systems see no change).
/// * The others are written to temporary files next to their targets, then renamed over them:
///   a reader sees the old file or the new one, never half of one. If writing any temporary
///   file fails, every temporary file is removed and no target has changed.
///
/// ```swift
/// let report = try OutputWriter.write([OutputFile(path: "xliff/ko.xliff", contents: xml)], to: "Generated")
/// report.written     // ["xliff/ko.xliff"]   (report.unchanged lists files already up to date)
/// ```
public enum OutputWriter {
    public struct Report: Hashable, Sendable {
        public var written: [String] = []
        public var unchanged: [String] = []
    }

    /// Checks every path; the diagnostics name each unsafe one.
    public static func validate(_ files: [OutputFile], in directory: String) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var seen = Set<String>()
        for file in files {
            if let reason = unsafeReason(file.path, in: directory) {
                problems.append(Diagnostic(severity: .error, id: "output-unsafe-path",
                                           message: "refusing to write '\(file.path)': \(reason)", file: directory))
            } else if !seen.insert(file.path).inserted {
                problems.append(Diagnostic(severity: .error, id: "output-unsafe-path",
                                           message: "two outputs would be written to '\(file.path)'", file: directory))
            }
        }
        return problems
    }

    static func unsafeReason(_ path: String, in directory: String) -> String? {
        if path.isEmpty || path.hasPrefix("/") { return "the path is not relative" }
        if path.contains("\0") || path.contains("\\") { return "the path has a NUL or a backslash" }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return "the path has an empty, '.' or '..' component"
        }
        // No component may already be a symbolic link (it could lead outside the folder).
        var current = directory
        for component in components {
            current = current.hasSuffix("/") ? current + component : current + "/" + component
            var info = stat()
            if lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
                return "'\(current)' is a symbolic link"
            }
        }
        return nil
    }

    public enum Failure: Error, CustomStringConvertible {
        case unsafe([Diagnostic])
        case io(path: String, reason: String)

        public var description: String {
            switch self {
            case .unsafe(let problems): problems.map(\.rendered).joined(separator: "\n")
            case .io(let path, let reason): "cannot write \(path): \(reason)"
            }
        }

        public var diagnostics: [Diagnostic] {
            switch self {
            case .unsafe(let problems): problems
            case .io(let path, let reason):
                [Diagnostic(severity: .error, id: "output-write-failed", message: "cannot write this file: \(reason)", file: path)]
            }
        }
    }

    public static func write(_ files: [OutputFile], to directory: String) throws(Failure) -> Report {
        let problems = validate(files, in: directory)
        if !problems.isEmpty { throw .unsafe(problems) }
        var report = Report()
        var pending: [(temporary: String, target: String, path: String)] = []
        let manager = FileManager.default
        func cleanUp() { for item in pending { try? manager.removeItem(atPath: item.temporary) } }
        for file in files.sorted(by: { $0.path < $1.path }) {
            let target = join(directory, file.path)
            let data = Data(file.contents.utf8)
            if let existing = manager.contents(atPath: target), existing == data {
                report.unchanged.append(file.path)
                continue
            }
            let folder = String(target[..<(target.lastIndex(of: "/") ?? target.startIndex)])
            do {
                if !folder.isEmpty { try manager.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                let temporary = folder.isEmpty ? ".speakable-\(getpid())-\(pending.count).tmp"
                    : folder + "/.speakable-\(getpid())-\(pending.count).tmp"
                try data.write(to: URL(fileURLWithPath: temporary))
                pending.append((temporary, target, file.path))
            } catch {
                cleanUp()
                throw .io(path: target, reason: "\(error)")
            }
        }
        for (index, item) in pending.enumerated() {
            if rename(item.temporary, item.target) != 0 {
                let reason = String(cString: strerror(errno))
                for rest in pending[index...] { try? manager.removeItem(atPath: rest.temporary) }
                throw .io(path: item.target, reason: reason)
            }
            report.written.append(item.path)
        }
        return report
    }

    static func join(_ directory: String, _ path: String) -> String {
        if directory.isEmpty || directory == "." { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}
