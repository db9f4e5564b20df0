import Foundation
public import Testing

/// What a finished process said: its exit status, standard output and standard error.
public struct Run: Sendable {
    public let status: Int32
    public let output: String
    public let error: String

    public init(status: Int32, output: String, error: String) {
        self.status = status
        self.output = output
        self.error = error
    }
}

/// Runs `executable` with `arguments` (in `directory`, if given) and waits for it, reading both
/// pipes while it runs (a full pipe would block it).
@discardableResult
public func run(_ executable: String, _ arguments: [String], in directory: String? = nil) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let group = DispatchGroup()
    nonisolated(unsafe) var errorData = Data()
    group.enter()
    DispatchQueue.global().async {
        errorData = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outputData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Run(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
               error: String(decoding: errorData, as: UTF8.self))
}

/// A tool on PATH: its path, or nil.
public func which(_ name: String) -> String? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let path = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// A tool the test needs: its path, or nil after saying why the test is skipped. Under CI
/// (`CI` set), which always has it, a missing tool is a failure.
public func requireTool(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    if let path = which(name) { return path }
    if ProcessInfo.processInfo.environment["CI"] != nil {
        Issue.record("\(name) is not installed; CI must have it", sourceLocation: sourceLocation)
    } else {
        print("skipped: \(name) is not on PATH")
    }
    return nil
}
