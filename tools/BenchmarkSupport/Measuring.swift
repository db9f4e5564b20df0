#if canImport(Glibc)
import Glibc
#endif
// The benchmarks' seeded generator, `SplitMix` (same seed, same arguments, every run).
@_exported public import SeededRandom

/// CLOCK_MONOTONIC in nanoseconds (the clock the C++ driver times ICU with).
@inline(__always)
public func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// CPU time of the calling thread, nanoseconds: what the benchmarks time work with (the C++ ICU
/// driver uses the same clock), so that time the shared machine gives to other processes is not
/// counted against either side.
@inline(__always)
public func threadCPUNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// CPU time of this process (user + system), nanoseconds.
public func processCPUNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Peak resident memory of this process so far, in bytes (getrusage's ru_maxrss).
public func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) * 1024
}

public func median(_ values: [Double]) -> Double {
    precondition(!values.isEmpty)
    let sorted = values.sorted()
    let n = sorted.count
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
public func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }


/// The machine a benchmark ran on: CPU model, cores, load, kernel — for the report.
public struct MachineInfo {
    public let cpu: String
    public let cores: Int
    public let loadAverage: String
    public let kernel: String

    public static func current() -> MachineInfo {
        var cpu = "unknown CPU"
        if let text = readFile("/proc/cpuinfo") {
            for line in text.split(separator: "\n") where line.hasPrefix("model name") {
                if let colon = line.firstIndex(of: ":") {
                    cpu = String(line[line.index(after: colon)...]).trimmingSpaces()
                }
                break
            }
        }
        let load = readFile("/proc/loadavg").map { $0.split(separator: " ").prefix(3).joined(separator: " ") } ?? "?"
        var name = utsname()
        uname(&name)
        let kernel = withUnsafeBytes(of: &name.release) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return MachineInfo(cpu: cpu, cores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), loadAverage: load, kernel: kernel)
    }
}

public func readFile(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&chunk, 1, chunk.count, file)
        if n <= 0 { break }
        bytes += chunk[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

public func writeFile(_ path: String, _ text: String) -> Bool {
    guard let file = fopen(path, "w") else { return false }
    defer { fclose(file) }
    var text = text
    return text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
