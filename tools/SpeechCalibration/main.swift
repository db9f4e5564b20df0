// SpeechCalibration: how close SpokenLength's estimate is to what espeak-ng really says.
//
//   swift run -c release SpeechCalibration            # the built-in sample (English, Korean)
//   swift run -c release SpeechCalibration --fit      # also fit new profile constants
//   swift run -c release SpeechCalibration --project DIR   # add a project's messages, formatted
//                                                          # with their examples, to the sample
//
// Every string is synthesized by espeak-ng at its default rate (en-us and ko voices) and the
// speech between the first and last audible sample is measured from the WAV file. The sample is
// split in two: strings at even positions fit the constants (`--fit`), strings at odd positions
// are held out; errors are reported for the held-out half and for all strings.
import SpeakableCatalog
import SpeakableICU
import SpeakableMessages
import SpeakableSpeech

#if canImport(Glibc)
import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
let fit = arguments.contains("--fit")
let verbose = arguments.contains("--verbose")
var projectPath: String?
if let i = arguments.firstIndex(of: "--project"), i + 1 < arguments.count { projectPath = arguments[i + 1] }

guard let espeak = Espeak.find() else {
    print("espeak-ng is not installed (Debian package espeak-ng); nothing to calibrate against")
    exit(1)
}

var samples: [(locale: ICULocale, text: String)] = CalibrationSample.english.map { (.english, $0) }
    + CalibrationSample.korean.map { (try! ICULocale("ko"), $0) }

if let projectPath {
    let project = ProjectLoader.load(directory: projectPath)
    for table in project.tables {
        for message in table.messages {
            guard let pattern = message.pattern else { continue }
            let examples = message.examples.isEmpty ? [[:]] : message.examples.map(\.arguments)
            var variants: [(ICULocale, MessagePattern)] = [((try? ICULocale(project.config.sourceLocale)) ?? .english, pattern)]
            for (tag, file) in table.locales.sorted(by: { $0.key < $1.key }) {
                if let translation = file[message.key]?.pattern, let locale = try? ICULocale(tag) { variants.append((locale, translation)) }
            }
            for (locale, pattern) in variants {
                guard let compiled = try? CompiledMessage(pattern, locale: locale) else { continue }
                for args in examples {
                    if let text = try? compiled.format(args), !text.contains("{") { samples.append((locale, text)) }
                }
            }
        }
    }
}

struct Row {
    let locale: ICULocale
    let text: String
    let counts: SpokenLength.Estimate
    let measured: Double
}

var rows: [Row] = []
for (locale, text) in samples {
    guard let length = try? espeak.measure(text, locale: locale) else {
        print("espeak-ng failed on \(locale): \(text)")
        continue
    }
    rows.append(Row(locale: locale, text: text, counts: SpokenLength.count(text, locale: locale), measured: length.speech))
    if verbose {
        let e = SpokenLength.estimate(text, locale: locale)
        print("\(locale.language)  measured \(length.speech)  estimated \(e.seconds)  syl \(e.syllables) words \(e.words) short \(e.shortPauses) long \(e.longPauses)  \(e.spoken)")
    }
}

/// Least squares without intercept over (syllables, words, short pauses, long pauses).
func leastSquares(_ rows: [Row]) -> SpokenLength.Profile {
    var a = [[Double]](repeating: [Double](repeating: 0, count: 4), count: 4)
    var b = [Double](repeating: 0, count: 4)
    for r in rows {
        let x = [Double(r.counts.syllables), Double(r.counts.words), Double(r.counts.shortPauses), Double(r.counts.longPauses)]
        for i in 0..<4 {
            b[i] += x[i] * r.measured
            for j in 0..<4 { a[i][j] += x[i] * x[j] }
        }
    }
    for i in 0..<4 { a[i][i] += 1e-6 }  // pauses may be absent from a sample
    for col in 0..<4 {
        let pivot = (col..<4).max { abs(a[$0][col]) < abs(a[$1][col]) }!
        a.swapAt(col, pivot)
        b.swapAt(col, pivot)
        for row in 0..<4 where row != col {
            let factor = a[row][col] / a[col][col]
            for k in 0..<4 { a[row][k] -= factor * a[col][k] }
            b[row] -= factor * b[col]
        }
    }
    let x = (0..<4).map { b[$0] / a[$0][$0] }
    return SpokenLength.Profile(perSyllable: x[0], perWord: x[1], shortPause: x[2], longPause: x[3])
}

func format(_ value: Double, _ digits: Int = 2) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = Int((value * scale).rounded())
    let sign = n < 0 ? "-" : ""
    let whole = abs(n) / Int(scale)
    var fraction = String(abs(n) % Int(scale))
    while fraction.count < digits { fraction = "0" + fraction }
    return "\(sign)\(whole).\(fraction)"
}

func report(_ name: String, _ rows: [Row], profile: SpokenLength.Profile?) {
    guard !rows.isEmpty else { return }
    var absolute: [Double] = []
    var relative: [Double] = []
    var worst: (Double, Row, Double)?
    for r in rows {
        let estimate = SpokenLength.estimate(r.text, locale: r.locale, profile: profile).seconds
        let error = estimate - r.measured
        absolute.append(abs(error))
        relative.append(abs(error) / max(r.measured, 0.1))
        if abs(error) > (worst?.0 ?? -1) { worst = (abs(error), r, estimate) }
    }
    let mean = absolute.reduce(0, +) / Double(absolute.count)
    let meanRelative = relative.reduce(0, +) / Double(relative.count)
    let worstRelative = relative.max()!
    let measuredMean = rows.map(\.measured).reduce(0, +) / Double(rows.count)
    print("  \(name): n=\(rows.count), mean speech \(format(measuredMean)) s, mean |error| \(format(mean)) s (\(format(meanRelative * 100, 1))%), worst |error| \(format(worst!.0)) s, worst relative \(format(worstRelative * 100, 1))%")
    print("    worst: \"\(worst!.1.text)\" measured \(format(worst!.1.measured)) s, estimated \(format(worst!.2)) s")
}

for language in ["en", "ko"] {
    let mine = rows.filter { $0.locale.language == language }
    let fitHalf = mine.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
    let heldOut = mine.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    print("\(language) (espeak-ng voice \(Espeak.voice(for: mine.first?.locale ?? .english))):")
    print("  shipped profile \(SpokenLength.Profile.forLanguage(language))")
    report("held-out half, shipped profile", heldOut, profile: nil)
    report("all strings, shipped profile", mine, profile: nil)
    if fit {
        let fitted = leastSquares(fitHalf)
        print("  fitted on the even half: perSyllable \(format(fitted.perSyllable, 4)), perWord \(format(fitted.perWord, 4)), shortPause \(format(fitted.shortPause, 4)), longPause \(format(fitted.longPause, 4))")
        report("held-out half, fitted profile", heldOut, profile: fitted)
    }
}
