import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpeakableICU
import Testing
@testable import SpeakableSpeech

/// Nothing written outside: each espeak-ng call writes its text and WAV files in its own
/// `mkdtemp` folder, so a link another user plants in a shared /tmp at a predictable name
/// (`/tmp/speakable-synth-<pid>-<n>.{txt,wav}`, `speakable-espeak-…`) is never followed.
@Suite struct SpeechTemporaryFileTests {
    @Test func linksPlantedAtTheOldNamesAreNotFollowed() throws {
        guard let espeak = Espeak.find() else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("espeak-ng is not installed; CI must have it") }
            else { print("skipped: espeak-ng is not installed") }
            return
        }
        let temporary = FileManager.default.temporaryDirectory.path
        let victim = temporary + "/speakable-speech-victim-\(UInt64.random(in: 0...UInt64.max)).txt"
        try Data("secret".utf8).write(to: URL(fileURLWithPath: victim))
        var planted: [String] = []
        defer { for path in planted + [victim] { unlink(path) } }
        for n in 0...300 {
            for name in ["speakable-synth-\(getpid())-\(n)", "speakable-espeak-\(getpid())-\(n)"] {
                for suffix in [".txt", ".wav"] where symlink(victim, temporary + "/" + name + suffix) == 0 {
                    planted.append(temporary + "/" + name + suffix)
                }
            }
        }
        let audio = try espeak.synthesize("Row 3, column 5", locale: .english)
        #expect(audio.seconds > 0.3)
        _ = try espeak.measure("Row 3, column 6", locale: .english)
        #expect(espeak.versionLine()?.contains("eSpeak") == true)
        #expect(String(decoding: FileManager.default.contents(atPath: victim) ?? Data(), as: UTF8.self) == "secret")
    }
}
