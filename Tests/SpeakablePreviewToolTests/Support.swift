import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// This target imports Foundation and none of Speakable's modules: it runs the built `speakable`
/// binary, espeak-ng, Python and Chromium as a user's machine would, and judges what they make
/// with code that shares nothing with Speakable's.
enum Tool {
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("speakable")
    }

    /// The package root (for `.build/` artifacts and `Examples/`).
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Whether this is CI, where a missing tool is a failure rather than a skip.
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false }

    /// A program on PATH, or nil.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = String(directory) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Records why a test cannot run: a skip outside CI, a failure in CI (CI always has the tools).
    static func missing(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if isCI {
            Issue.record("\(what) — CI installs it (.ci/run), so this is a failure", sourceLocation: sourceLocation)
        } else {
            print("skipped: \(what)")
        }
    }

    static func temporaryDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("speakable-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs `speakable` with `arguments` and waits for it.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
                    stdin: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let out = Pipe(), input = Pipe()
        // Standard error goes to a file, so that a full pipe cannot stall the program.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("speakable-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = out
        process.standardError = errorHandle
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errorHandle.close()
        let errorData = (try? Data(contentsOf: errorFile)) ?? Data()
        return Result(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                      error: String(decoding: errorData, as: UTF8.self))
    }
}

/// A headless Chromium driven through chromedriver's WebDriver HTTP API, with the DevTools
/// protocol reached through chromedriver's `goog/cdp/execute` — so no WebSocket client and no
/// package from outside the toolchain is needed.
final class ChromeDriver {
    let process: Process
    let base: URL
    let session: String
    let profile: URL

    /// Starts chromedriver and a headless Chromium session (root needs `--no-sandbox`; a fresh
    /// profile in a temporary folder).
    init(chromium: String, chromedriver: String, width: Int = 1280, height: Int = 1500) async throws {
        let port = try Self.freePort()
        process = Process()
        process.executableURL = URL(fileURLWithPath: chromedriver)
        process.arguments = ["--port=\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        base = URL(string: "http://127.0.0.1:\(port)")!
        profile = try Tool.temporaryDirectory("chromium-profile")
        var ready = false
        var lastError = ""
        for _ in 0..<100 {
            do {
                let status = try await Self.request(base.appendingPathComponent("status"), method: "GET", body: nil)
                if let value = status["value"] as? [String: Any], value["ready"] as? Bool == true {
                    ready = true
                    break
                }
            } catch {
                lastError = "\(error)"
            }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        guard ready else {
            Self.stop(process, base: base)
            throw DriverError(message: "chromedriver did not start on port \(port): \(lastError)")
        }
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": [
                "binary": chromium,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                         "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)", "--force-device-scale-factor=1",
                         "--lang=en-US"],
            ],
        ] as [String: Any]]]
        let created: [String: Any]
        do {
            created = try await Self.request(base.appendingPathComponent("session"), method: "POST", body: capabilities)
        } catch {
            Self.stop(process, base: base)
            throw error
        }
        guard let value = created["value"] as? [String: Any], let id = value["sessionId"] as? String else {
            Self.stop(process, base: base)
            throw DriverError(message: "no session: \(created)")
        }
        session = id
    }

    struct DriverError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw DriverError(message: "no socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { throw DriverError(message: "cannot bind") }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// One HTTP/1.1 request to chromedriver on 127.0.0.1, over a plain socket (this toolchain's
    /// URLSession fails against chromedriver with "Failed writing header").
    static func request(_ url: URL, method: String, body: [String: Any]?) async throws -> [String: Any] {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let data = try HTTP.exchange(port: url.port ?? 80, method: method, path: url.path, body: payload)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw DriverError(message: "not JSON: \(String(decoding: data, as: UTF8.self).prefix(200))")
        }
        if let value = object["value"] as? [String: Any], let error = value["error"] as? String {
            throw DriverError(message: "\(error): \(value["message"] ?? "")")
        }
        return object
    }

    func command(_ path: String, _ body: [String: Any]? = nil, method: String = "POST") async throws -> Any? {
        let url = base.appendingPathComponent("session/\(session)/" + path)
        return try await Self.request(url, method: method, body: body)["value"]
    }

    func open(_ url: URL) async throws {
        _ = try await command("url", ["url": url.absoluteString])
    }

    /// Runs JavaScript in the page and returns its result.
    @discardableResult
    func script(_ source: String) async throws -> Any? {
        try await command("execute/sync", ["script": source, "args": []])
    }

    /// A DevTools protocol command.
    @discardableResult
    func cdp(_ method: String, _ params: [String: Any] = [:]) async throws -> [String: Any] {
        (try await command("goog/cdp/execute", ["cmd": method, "params": params]) as? [String: Any]) ?? [:]
    }

    /// Presses and releases a key in the focused element, as a keyboard would.
    func press(key: String, code: String, keyCode: Int, text: String? = nil) async throws {
        var down: [String: Any] = ["type": text == nil ? "rawKeyDown" : "keyDown", "key": key, "code": code,
                                   "windowsVirtualKeyCode": keyCode, "nativeVirtualKeyCode": keyCode]
        if let text { down["text"] = text }
        try await cdp("Input.dispatchKeyEvent", down)
        try await cdp("Input.dispatchKeyEvent", ["type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": keyCode,
                                                 "nativeVirtualKeyCode": keyCode])
    }

    /// The full accessibility tree, as Chromium computes it.
    func accessibilityTree() async throws -> AXTree {
        let result = try await cdp("Accessibility.getFullAXTree")
        return AXTree(nodes: (result["nodes"] as? [[String: Any]]) ?? [])
    }

    /// A PNG of the whole page (at most 6000 pixels tall), or of `height` pixels from `top`.
    func screenshot(top: Double = 0, height limit: Double? = nil) async throws -> Data {
        let metrics = try await cdp("Page.getLayoutMetrics")
        let size = (metrics["cssContentSize"] as? [String: Any]) ?? (metrics["contentSize"] as? [String: Any]) ?? [:]
        let width = (size["width"] as? Double) ?? 1280
        let height = min((size["height"] as? Double ?? 1500) - top, limit ?? 6000)
        let shot = try await cdp("Page.captureScreenshot", ["format": "png", "captureBeyondViewport": true,
                                                            "clip": ["x": 0, "y": top, "width": width, "height": height, "scale": 1]])
        guard let base64 = shot["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw DriverError(message: "no screenshot")
        }
        return data
    }

    func quit() async {
        _ = try? await Self.request(base.appendingPathComponent("session/\(session)"), method: "DELETE", body: nil)
        Self.stop(process, base: base)
        try? FileManager.default.removeItem(at: profile)
    }

    /// chromedriver does not exit on SIGTERM: ask it to shut down, then make sure.
    static func stop(_ process: Process, base: URL) {
        _ = try? HTTP.exchange(port: base.port ?? 0, method: "GET", path: "/shutdown", body: Data())
        for _ in 0..<30 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

/// Chromium's accessibility tree (`Accessibility.getFullAXTree`).
struct AXTree {
    struct Node {
        let id: String
        let role: String
        let name: String
        let ignored: Bool
        let properties: [String: Any]
        let children: [String]
        let parent: String?
    }

    let nodes: [String: Node]
    let order: [String]

    init(nodes raw: [[String: Any]]) {
        var nodes: [String: Node] = [:]
        var order: [String] = []
        for item in raw {
            guard let id = item["nodeId"] as? String else { continue }
            let role = ((item["role"] as? [String: Any])?["value"] as? String) ?? ""
            let name = ((item["name"] as? [String: Any])?["value"] as? String) ?? ""
            var properties: [String: Any] = [:]
            for property in (item["properties"] as? [[String: Any]]) ?? [] {
                if let key = property["name"] as? String { properties[key] = (property["value"] as? [String: Any])?["value"] }
            }
            nodes[id] = Node(id: id, role: role, name: name, ignored: item["ignored"] as? Bool ?? false, properties: properties,
                             children: item["childIds"] as? [String] ?? [], parent: item["parentId"] as? String)
            order.append(id)
        }
        self.nodes = nodes
        self.order = order
    }

    /// Nodes that are not ignored, in document order, matching `predicate`.
    func all(_ predicate: (Node) -> Bool) -> [Node] {
        order.compactMap { nodes[$0] }.filter { !$0.ignored && predicate($0) }
    }

    /// The descendants of `node` (not ignored), depth first.
    func descendants(of node: Node) -> [Node] {
        var result: [Node] = []
        var stack = Array(node.children.reversed())
        while let id = stack.popLast() {
            guard let child = nodes[id] else { continue }
            if !child.ignored { result.append(child) }
            stack += child.children.reversed()
        }
        return result
    }

    /// The text a live region (or any node) holds: its static text descendants, joined.
    func text(of node: Node) -> String {
        descendants(of: node).filter { $0.role == "StaticText" }.map(\.name).joined()
    }
}

/// The smallest HTTP/1.1 client that talks to chromedriver: one request per connection.
enum HTTP {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func exchange(port: Int, method: String, path: String, body: Data) throws -> Data {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "no socket") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "cannot connect to port \(port)") }
        var head = "\(method) \(path.isEmpty ? "/" : path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        head += "Accept: application/json\r\n"
        if method != "GET" { head += "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(body.count)\r\n" }
        head += "\r\n"
        var request = Data(head.utf8)
        if method != "GET" { request += body }
        try request.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let n = send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                if n <= 0 { throw Failure(description: "send failed") }
                sent += n
            }
        }
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var content: Data?
        // Read until the body is complete (chromedriver may keep the connection open).
        while content == nil {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n < 0 { throw Failure(description: "receive failed (errno \(errno))") }
            if n > 0 { response.append(buffer, count: n) }
            guard let split = response.range(of: Data("\r\n\r\n".utf8)) else {
                if n == 0 { throw Failure(description: "no HTTP header") }
                continue
            }
            let header = String(decoding: response[..<split.lowerBound], as: UTF8.self).lowercased()
            let rest = Data(response[split.upperBound...])
            if let line = header.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
               let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) {
                if rest.count >= length { content = Data(rest.prefix(length)) }
            } else if header.contains("transfer-encoding: chunked") {
                if let decoded = dechunk(rest) { content = decoded }
            } else if n == 0 {
                content = rest
            }
            if n == 0 && content == nil { throw Failure(description: "connection closed early") }
        }
        return content!
    }

    /// A complete chunked body, decoded; nil while chunks are missing.
    static func dechunk(_ data: Data) -> Data? {
        var decoded = Data()
        var rest = data
        while let line = rest.range(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: rest[..<line.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { return nil }
            if size == 0 { return decoded }
            let start = line.upperBound
            guard rest.count >= rest.distance(from: rest.startIndex, to: start) + size + 2 else { return nil }
            decoded += rest[start..<rest.index(start, offsetBy: size)]
            rest = Data(rest[rest.index(start, offsetBy: size + 2)...])
        }
        return nil
    }
}
