// Import benchmark: is `speakable import` linear in the number of strings?
//
//   swift run -c release ImportBenchmark [--sizes 5000,20000,40000] [--rounds 3]
//
// For each size it generates an Android `values/strings.xml` (strings with comments, a plural
// every tenth string, `xliff:g` placeholders) and its `values-ko/` translation, then imports both
// in process (CatalogImporter, as `speakable import` does, without writing) and reports the
// median wall and CPU time. The reference, measured in the same run on the same bytes, is the
// XML reader alone: import time ÷ parse time stays flat when the import is linear, and time per
// string stays flat across sizes. It also reads one element with 100,000 attributes, against an
// element with the same bytes in 100,000 children (the duplicate-attribute check was quadratic).
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import SpeakableCatalog
import SpeakableCompiler
import SpeakablePlatformFormats
import SpeakableXML

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: "--" + name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}
let sizes = (option("sizes") ?? "5000,20000,40000").split(separator: ",").compactMap { Int($0) }
let rounds = Int(option("rounds") ?? "") ?? 3

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// Median wall and CPU seconds of `rounds` runs of `body`.
func measure(_ body: () -> Void) -> (wall: Double, cpu: Double) {
    var walls: [Double] = []
    var cpus: [Double] = []
    for _ in 0..<rounds {
        let (w, c) = (now(), cpuSeconds())
        body()
        walls.append(now() - w)
        cpus.append(cpuSeconds() - c)
    }
    return (walls.sorted()[rounds / 2], cpus.sorted()[rounds / 2])
}

/// `x` with `digits` decimals, right-aligned in `width` characters.
func fixed(_ x: Double, _ digits: Int, width: Int = 0) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (x * scale).rounded() / scale
    var text = String(Int(rounded))
    if digits > 0 {
        var fraction = String(Int(((abs(rounded) - Double(Int(abs(rounded)))) * scale).rounded()))
        while fraction.count < digits { fraction = "0" + fraction }
        text += "." + fraction
    }
    return String(repeating: " ", count: max(0, width - text.count)) + text
}

func write(_ text: String, _ path: String) {
    let url = URL(fileURLWithPath: path)
    try! FileManager.default.createDirectory(atPath: url.deletingLastPathComponent().path, withIntermediateDirectories: true)
    try! Data(text.utf8).write(to: url)
}

func strings(_ count: Int, korean: Bool) -> String {
    var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources xmlns:xliff=\"urn:oasis:names:tc:xliff:document:1.2\">\n"
    for i in 0..<count {
        if !korean { out += "    <!-- The label of item \(i). -->\n" }
        let text = korean ? "항목 <xliff:g id=\"count\" example=\"3\">%1$d</xliff:g>개, 번호 \(i)" : "Item <xliff:g id=\"count\" example=\"3\">%1$d</xliff:g> of list \(i)"
        out += "    <string name=\"item_\(i)\">\(text)</string>\n"
        if i % 10 == 0 {
            out += korean ? "    <plurals name=\"stars_\(i)\"><item quantity=\"other\">별 %d개</item></plurals>\n"
                : "    <plurals name=\"stars_\(i)\"><item quantity=\"one\">%d star</item><item quantity=\"other\">%d stars</item></plurals>\n"
        }
    }
    return out + "</resources>\n"
}

print("import benchmark: \(rounds) rounds each, median; reference: XMLReader on the same two files")
print("strings  import wall  import CPU  per string  XML read  import ÷ read  Android reader + messages")
var perString: [Double] = []
for size in sizes {
    let root = FileManager.default.temporaryDirectory.path + "/speakable-import-benchmark-\(size)-\(UInt64.random(in: 0...UInt64.max))"
    write(strings(size, korean: false), root + "/res/values/strings.xml")
    write(strings(size, korean: true), root + "/res/values-ko/strings.xml")
    try! FileManager.default.createDirectory(atPath: root + "/project", withIntermediateDirectories: true)
    let project = ProjectLoader.load(directory: root + "/project")
    var imported = 0
    let importing = measure {
        let result = CatalogImporter.importFiles([root + "/res/values/strings.xml", root + "/res/values-ko/strings.xml"], project: project,
                                                 options: ImportOptions())
        precondition(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error }.prefix(3))")
        imported = result.counts.values.reduce(0, +)
    }
    let bytes = [Array(FileManager.default.contents(atPath: root + "/res/values/strings.xml")!),
                 Array(FileManager.default.contents(atPath: root + "/res/values-ko/strings.xml")!)]
    let reading = measure { for file in bytes { precondition(XMLReader.read(file).document != nil) } }
    // The Android reader and its messages (what the importer starts from), for the breakdown.
    let decoding = measure {
        for (file, name) in zip(bytes, ["res/values/strings.xml", "res/values-ko/strings.xml"]) {
            precondition(AndroidResourceReader.read(file, file: name).file?.messages(defaultLocale: "en").isEmpty == false)
        }
    }
    precondition(imported >= 2 * size)
    perString.append(importing.wall / Double(size))
    let columns: [String] = [
        String(size) + String(repeating: " ", count: max(0, 7 - String(size).count)),
        fixed(importing.wall, 3, width: 9) + " s", fixed(importing.cpu, 3, width: 9) + " s",
        fixed(importing.wall / Double(size) * 1e6, 1, width: 8) + " µs", fixed(reading.wall, 3, width: 7) + " s",
        fixed(importing.wall / reading.wall, 1, width: 9),
        fixed(decoding.wall, 3, width: 9) + " s",
    ]
    print(columns.joined(separator: "  "))
    try? FileManager.default.removeItem(atPath: root)
}
if perString.count > 1 {
    print("time per string, largest ÷ smallest size: " + fixed(perString.last! / perString.first!, 2) + " (1.00 = linear)")
}

// 100,000 attributes on one element vs the same bytes as 100,000 elements.
let count = 100_000
let attributes = "<r " + (0..<count).map { "a\($0)=\"x\"" }.joined(separator: " ") + "/>"
let elements = "<r>" + (0..<count).map { "<a\($0) x=\"\"/>" }.joined() + "</r>"
let attributeBytes = Array(attributes.utf8), elementBytes = Array(elements.utf8)
let manyAttributes = measure { precondition(XMLReader.read(attributeBytes).document?.root.attributes.count == count) }
let manyElements = measure { precondition(XMLReader.read(elementBytes).document?.root.elements.count == count) }
print("100,000 attributes (\(attributeBytes.count) bytes): " + fixed(manyAttributes.wall, 3) + " s; 100,000 elements (\(elementBytes.count) bytes): "
      + fixed(manyElements.wall, 3) + " s; ratio " + fixed(manyAttributes.wall / manyElements.wall, 2))
