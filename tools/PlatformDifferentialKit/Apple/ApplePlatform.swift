/// Apple's side: the generated Swift accessors, compiled by `swiftc` with `AppleRuntime.swift`
/// (a model of Apple's lookup and plural selection; Foundation's real `String(format:)`) and
/// called once per case.
struct AppleTools: Sendable {
    var swiftc: String

    static func find() -> Result<AppleTools, DifferentialError> {
        guard let swiftc = Subprocess.find("swiftc") else { return .failure(.tool("missing swiftc (the Swift toolchain)")) }
        return .success(AppleTools(swiftc: swiftc))
    }

    /// Builds the driver for one set of accessor files (cached by the hash of every source).
    func driver(accessorFiles: [(name: String, text: String)], main: String, scratch: String) throws(DifferentialError) -> String {
        let runtime = try Files.readText(RunnerSources.appleRuntime)
        var texts = [runtime, main]
        texts += accessorFiles.map { $0.name + "\n" + $0.text }
        let key = RunnerSources.hash(texts.joined(separator: "\u{0}"))
        let directory = RunnerSources.cacheDirectory + "/apple-\(key)"
        if Files.exists(directory + "/driver") { return directory + "/driver" }
        let staging = scratch + "/apple-driver"
        // Built inside the scratch folder, then moved into the cache (same file system: /tmp).
        Files.remove(staging)
        try Files.write(runtime, to: staging + "/AppleRuntime.swift")
        try Files.write(main, to: staging + "/main.swift")
        var sources = [staging + "/AppleRuntime.swift", staging + "/main.swift"]
        for file in accessorFiles {
            try Files.write(file.text, to: staging + "/accessors/" + file.name)
            sources.append(staging + "/accessors/" + file.name)
        }
        let result = try Subprocess.run([swiftc, "-swift-version", "6", "-Onone", "-module-name", "AppleDriver", "-o", staging + "/driver"] + sources,
                                        scratch: scratch)
        guard result.status == 0 else {
            throw .tool("swiftc could not compile the accessors with the Apple model:\n" + String(result.errorText.prefix(4000)))
        }
        try Files.makeDirectory(RunnerSources.cacheDirectory)
        return Files.publish(staging, as: directory) + "/driver"
    }

    /// Runs every request through the driver; one reply per request, in order.
    func run(driver: String, catalogs: String, requests: [String], scratch: String) throws(DifferentialError) -> [JSONLine] {
        guard !requests.isEmpty else { return [] }
        let input = requests.joined(separator: "\n") + "\n"
        let result = try Subprocess.run([driver, catalogs], input: Array(input.utf8), scratch: scratch)
        let lines = result.outputText.split(separator: "\n", omittingEmptySubsequences: true).map { JSONLine(String($0)) }
        guard result.status == 0, lines.count == requests.count else {
            throw .tool("the Apple driver failed (exit \(result.status), \(lines.count) of \(requests.count) answers):\n"
                        + String(result.errorText.prefix(4000)))
        }
        return lines
    }
}

/// One accessor function read from a generated `Speakable+<table>.swift`.
struct AccessorFunction: Sendable {
    var table: String
    /// The message key (from the doc comment's "Key: `…`.").
    var key: String
    /// The table's type (`GameStrings`).
    var typeName: String
    /// As declared, backticks included.
    var name: String
    var parameters: [(label: String, type: String)]
}

/// Reads the declarations of generated accessors: only what calling them needs.
enum AccessorReader {
    static func functions(in text: String, table: String) -> [AccessorFunction] {
        var typeName: String?
        var lastKey: String?
        var result: [AccessorFunction] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if typeName == nil, !line.hasPrefix(" "), let range = line.firstRange(of: " enum "), line.hasSuffix(" {") {
                typeName = String(line[range.upperBound...].dropLast(2)).trimmingSpaces
                continue
            }
            let trimmed = line.trimmingSpaces
            if trimmed.hasPrefix("///"), let start = trimmed.firstRange(of: "Key: `") {
                let rest = trimmed[start.upperBound...]
                if let end = rest.lastRange(of: "`.") { lastKey = String(rest[..<end.lowerBound]) }
                continue
            }
            guard line.hasPrefix("    "), !line.hasPrefix("     "), trimmed.contains(" static func "),
                  trimmed.hasSuffix(") -> String {"), let typeName, let key = lastKey,
                  let funcRange = trimmed.firstRange(of: " static func "), let open = trimmed.firstIndex(of: "("),
                  let close = trimmed.lastRange(of: ") -> String {") else { continue }
            let name = String(trimmed[funcRange.upperBound..<open])
            let inside = trimmed[trimmed.index(after: open)..<close.lowerBound]
            var parameters: [(String, String)] = []
            for parameter in inside.split(separator: ",") {
                let parts = parameter.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { continue }
                parameters.append((parts[0].trimmingSpaces, parts[1].trimmingSpaces))
            }
            result.append(AccessorFunction(table: table, key: key, typeName: typeName, name: name, parameters: parameters))
            lastKey = nil
        }
        return result
    }

    /// The expression that passes argument `name` as `type`.
    static func argumentExpression(name: String, type: String, typeName: String) -> String {
        let quoted = JSONText.string(name)
        switch type {
        case "Int": return "a.int(\(quoted))"
        case "Double": return "a.double(\(quoted))"
        case "String": return "a.string(\(quoted))"
        case "Date": return "a.date(\(quoted))"
        default: return "a.select(\(quoted), \(typeName).\(type).self)"
        }
    }
}

extension StringProtocol {
    /// The last occurrence of `target`.
    func lastRange(of target: String) -> Range<Index>? {
        var found: Range<Index>?
        var start = startIndex
        while let range = self[start...].firstRange(of: target) {
            found = range
            start = index(after: range.lowerBound)
        }
        return found
    }

    var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
