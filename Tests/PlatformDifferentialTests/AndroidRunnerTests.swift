@testable import PlatformDifferentialKit
import Testing

/// The Java runner does what Resources.getString / getQuantityString do, with ICU4J 72.
@Suite struct AndroidRunnerTests {
    @Test func formatsAsAndroidDoes() throws {
        guard let tools = androidTools() else { return }
        let root = try scratchDirectory("runner")
        defer { Files.remove(root) }
        let requests = [
            // getString(id) returns the text as is: %% stays.
            #"{"id": 1, "locale": "en", "text": "100%% sure"}"#,
            #"{"id": 2, "locale": "en", "text": "%1$d%% done", "args": [{"int": 50}]}"#,
            // String.format does not group %d; %,d groups by locale.
            #"{"id": 3, "locale": "en", "text": "%1$d and %1$,d", "args": [{"int": 9180}]}"#,
            #"{"id": 4, "locale": "ru", "text": "%1$,d", "args": [{"int": 9180}]}"#,
            #"{"id": 5, "locale": "ar", "text": "%1$d", "args": [{"int": 9180}]}"#,
            // Plural items chosen by ICU4J; a missing category falls back to other.
            #"{"id": 6, "locale": "ru", "items": {"one": "%1$d звезда", "few": "%1$d звезды", "many": "%1$d звёзд", "other": "%1$d звезды"}, "quantity": 21, "args": [{"int": 21}]}"#,
            #"{"id": 7, "locale": "ru", "items": {"one": "%1$d звезда", "few": "%1$d звезды", "many": "%1$d звёзд", "other": "%1$d звезды"}, "quantity": 5, "args": [{"int": 5}]}"#,
            #"{"id": 8, "locale": "ar", "items": {"zero": "لا شيء", "other": "%1$d"}, "quantity": 0, "args": []}"#,
            #"{"id": 9, "locale": "ko", "items": {"one": "하나", "other": "%1$d개"}, "quantity": 1, "args": [{"int": 1}]}"#,
            #"{"id": 10, "locale": "en", "items": {"one": "one", "other": "other"}, "quantity": 1}"#,
            // A %d given a string is the exception an app would crash with.
            #"{"id": 11, "locale": "en", "text": "%1$d", "args": [{"str": "x"}]}"#,
            // A date the app formats with android.icu's DateFormat.
            #"{"id": 12, "locale": "ko", "text": "일일 도전, %1$s", "args": [{"date": 1756200600000, "skeleton": "MMMMd"}]}"#,
            #"{"id": 13, "locale": "en", "text": "%2$s, %1$s", "args": [{"str": "a"}, {"str": "b"}]}"#,
            // Composed: each <plurals> text first, then the composing <string> gets them.
            #"{"id": 14, "locale": "en", "text": "%1$s! %3$s and %4$s", "args": [{"str": "Hi"}, {"int": 1}, {"part": 0}, {"part": 1}], "parts": [{"items": {"one": "%2$d string", "other": "%2$d strings"}, "quantity": 1, "args": [{"str": "Hi"}, {"int": 1}]}, {"text": "none left", "args": []}]}"#,
            #"{"probe": "ar"}"#,
        ]
        let replies = try tools.run(requests, scratch: root)
        #expect(replies.count == requests.count)
        func out(_ index: Int) -> String? { replies[index].string("out") }
        #expect(out(0) == "100%% sure")
        #expect(out(1) == "50% done")
        #expect(out(2) == "9180 and 9,180")
        #expect(out(3) == "9\u{A0}180")
        #expect(out(4) == "٩١٨٠")
        #expect(out(5) == "21 звезда" && replies[5].string("category") == "one")
        #expect(out(6) == "5 звёзд" && replies[6].string("category") == "many")
        #expect(out(7) == "لا شيء" && replies[7].string("category") == "zero")
        #expect(out(8) == "1개" && replies[8].string("category") == "other")
        #expect(out(9) == "one")
        #expect(replies[10].string("error")?.hasPrefix("IllegalFormatConversionException") == true)
        #expect(out(11) == "일일 도전, 8월 26일")
        #expect(out(12) == "b, a")
        #expect(out(13) == "Hi! 1 string and none left")
        #expect(replies[14].string("icuVersion")?.hasPrefix("72.") == true)
        #expect(replies[14].string("jdk") == replies[14].string("icu"))
    }
}
