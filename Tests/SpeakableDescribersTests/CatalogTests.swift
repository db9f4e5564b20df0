import CatalogEmbedding
import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableMessages
import SpeakableParticles
import Testing
@testable import SpeakableDescribers

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// The repository's own catalog, as any project is loaded.
let repositoryProject = ProjectLoader.load(directory: packageRoot)

/// Every locale's text of every message, formatted with every example of its template (the
/// checker's view), Korean particles resolved as the describers resolve them.
func formattedExamples() throws -> [(key: String, role: Role, tag: String, text: String)] {
    var result: [(String, Role, String, String)] = []
    for table in repositoryProject.tables {
        for message in table.messages {
            var texts = [("en", message.source.text)]
            for (tag, file) in table.locales.sorted(by: { $0.key < $1.key }) {
                if let translation = file[message.key] { texts.append((tag, translation.source.text)) }
            }
            for (tag, source) in texts {
                let compiled = try ParticleResolvingMessage(source, locale: try ICULocale(tag))
                for example in message.examples {
                    result.append((message.key, message.role, tag, try compiled.format(example.arguments)))
                }
            }
        }
    }
    return result
}

@Suite struct CatalogTests {
    @Test func theRepositoryCatalogLoadsCleanly() {
        #expect(repositoryProject.diagnostics.isEmpty, "\(repositoryProject.diagnostics.map(\.rendered))")
        #expect(repositoryProject.tables.map(\.name) == ["block", "common", "game", "sudoku"])
        #expect(repositoryProject.localeTags == ["ko"])
    }

    @Test func theEmbeddedCatalogIsUpToDate() throws {
        let generated = try EmbeddedCatalogSource.swiftSource(for: repositoryProject)
        let committed = try String(contentsOfFile: packageRoot + "/" + EmbeddedCatalogSource.path, encoding: .utf8)
        #expect(generated == committed, "Templates/ or Locales/ changed: run `swift run BuiltInCatalogGenerator` and commit the result")
        // And what is compiled in is that file: same keys, same texts.
        for table in repositoryProject.tables {
            for message in table.messages {
                let entry = try #require(DescriberCatalog.builtIn.entries[message.key])
                #expect(entry.source == message.source.text)
                #expect(entry.role == message.role)
                #expect(entry.translations["ko"] == table.locales["ko"]?[message.key]?.source.text)
            }
        }
    }

    @Test func everyMessageTheDescribersUseIsInTheCatalogAndNoOther() {
        let keys = Set(repositoryProject.tables.flatMap { $0.messages.map(\.key) })
        #expect(keys == Set(MessageID.allCases.map(\.spec.key)))
        #expect(MessageID.byKey.count == MessageID.allCases.count)
    }

    @Test func everyTemplateHasARoleACommentAndRealExamples() throws {
        let raw = try String(contentsOfFile: packageRoot + "/Templates/block.json", encoding: .utf8)
        #expect(raw.contains("\"role\""))
        for table in repositoryProject.tables {
            for message in table.messages {
                let spec = try #require(MessageID.byKey[message.key]).spec
                #expect(message.comment?.isEmpty == false, "\(message.key) has no comment")
                #expect(!message.examples.isEmpty, "\(message.key) has no examples")
                for example in message.examples {
                    #expect(Set(example.arguments.keys) == Set(spec.arguments.map(\.name)),
                            "\(message.key): an example has \(example.arguments.keys.sorted()), the describers pass \(spec.arguments.map(\.name))")
                    for (name, type) in spec.arguments {
                        switch (type, example.arguments[name]) {
                        case (.number, .int?), (.text, .string?), (.date, .date?): break
                        case (.choice(let cases), .string(let value)?):
                            #expect(cases.contains(value), "\(message.key): \(name) = \(value) is not one of \(cases)")
                        default:
                            Issue.record("\(message.key): \(name) should be \(type.name) in every example")
                        }
                    }
                }
            }
        }
    }

    @Test func koreanIsComplete() {
        for table in repositoryProject.tables {
            let korean = table.locales["ko"]
            for message in table.messages {
                #expect(korean?[message.key] != nil, "\(message.key) has no Korean translation")
            }
        }
    }

    // What the checker will flag, applied to what is actually spoken.

    @Test func labelsHaveNoTrailingPeriodAndDoNotSayTheirRole() throws {
        for item in try formattedExamples() where item.role == .label {
            #expect(!item.text.hasSuffix("."), "\(item.key) [\(item.tag)]: “\(item.text)”")
            for word in ["button", "selected", "heading", "버튼", "선택됨", "제목"] {
                #expect(!item.text.lowercased().contains(word), "\(item.key) [\(item.tag)] says “\(word)”: “\(item.text)”")
            }
        }
    }

    @Test func hintsAndActionsLeaveTheGestureToThePlatform() throws {
        for item in try formattedExamples() where item.role == .hint || item.role == .action {
            // The one exception by design: the gesture sentence of hintStyle "gesture" (iOS).
            if item.key == "common.hint.gesture" { continue }
            for word in ["tap", "swipe", "탭", "쓸어"] {
                #expect(!item.text.lowercased().contains(word), "\(item.key) [\(item.tag)] names a gesture: “\(item.text)”")
            }
        }
    }

    @Test func koreanActionsTakeHada() throws {
        // TalkBack says "‹fragment›하려면 두 번 탭하세요": the fragment ends in a noun that takes 하다.
        let nouns = ["선택", "배치", "완성", "확인", "안내"]
        for item in try formattedExamples() where item.role == .action && item.tag == "ko" {
            let last = String(item.text.split(separator: " ").last ?? "")
            #expect(nouns.contains(last), "\(item.key): “\(item.text)” ends in “\(last)”")
            #expect(!last.hasSuffix("기"), "\(item.key): a verb form, not a 하다 noun")
        }
    }

    @Test func noParticleNotationOrPlaceholderIsLeftInWhatIsSpoken() throws {
        for item in try formattedExamples() {
            #expect(!item.text.contains("{") && !item.text.contains("}"), "\(item.key) [\(item.tag)]: “\(item.text)”")
            if item.tag == "ko" {
                for pair in ["(가)", "(를)", "(는)", "(와)", "(으)", "(이)", "(야)"] {
                    #expect(!item.text.contains(pair), "\(item.key): “\(item.text)”")
                }
            }
        }
    }
}

/// A game's own project on top of the built-in catalog.
@Suite struct CatalogOverrideTests {
    func project(_ files: [String: String]) throws -> Project {
        let root = FileManager.default.temporaryDirectory.path + "/speakable-describers-\(UInt64.random(in: 0...UInt64.max))"
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: String(full[..<full.lastIndex(of: "/")!]), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
        return ProjectLoader.load(directory: root)
    }

    @Test func aGameReplacesTheCurrency() throws {
        let project = try project([
            "Templates/game.json": #"""
            {"messages": {"game.coins": {"role": "label", "message": "{amount, plural, one {# gem} other {# gems}}",
              "comment": "Gems.", "examples": [{"amount": 3}]}}}
            """#,
            "Locales/ko/game.json": #"{"game.coins": "보석 {amount}개"}"#,
        ])
        #expect(project.diagnostics.isEmpty)
        let catalog = DescriberCatalog.builtIn.overriding(with: DescriberCatalog(project: project))
        #expect(try Describer(locale: "en", catalog: catalog).describe(CoinBalance(9180)).voiceOver.label == "9,180 gems")
        #expect(try Describer(locale: "ko", catalog: catalog).describe(CoinBalance(3)).voiceOver.label == "보석 3개")
        // Everything else stays built in.
        #expect(try Describer(locale: "ko", catalog: catalog).describe(Level(5, stars: 2)).voiceOver.label == "5단계, 별 3개 중 2개")
        #expect(try Describer(locale: "en", catalog: catalog).format("game.coins", ["amount": 1]) == "1 gem")
    }

    @Test func aTranslationTheDescribersCannotUseIsReportedWhereItIs() throws {
        let project = try project([
            "Templates/game.json": #"{"messages": {"game.coins": {"role": "label", "message": "{amount} coins", "examples": [{"amount": 3}]}}}"#,
            "Locales/ko/game.json": """
            {
              "game.coins": "{count}개",
              "game.level": "{level}단계, {locked, select, ja {잠김} other {별 {stars}개}}",
              "game.mode": "{mode, plural, other {#}}"
            }
            """,
        ])
        let catalog = DescriberCatalog.builtIn.overriding(with: DescriberCatalog(project: project))
        do {
            _ = try Describer(locale: "ko", catalog: catalog)
            Issue.record("accepted a catalog the describers cannot use")
        } catch {
            let found = error.diagnostics.map { "\($0.file?.split(separator: "/").suffix(3).joined(separator: "/") ?? ""):\($0.position?.description ?? ""): \($0.id)" }
            #expect(found.contains("Locales/ko/game.json:2:18: unknown-argument"), "\(found)")
            #expect(found.contains("Locales/ko/game.json:3:46: unknown-select-case"), "\(found)")
            #expect(found.contains("Locales/ko/game.json:4:17: argument-kind"), "\(found)")
        }
        // English is untouched by the Korean file's problems.
        #expect(try Describer(locale: "en", catalog: catalog).describe(CoinBalance(2)).voiceOver.label == "2 coins")
    }

    @Test func aProjectSetsTheHintStyle() throws {
        let project = try project(["speakable.json": #"{"hintStyle": "gesture"}"#, "Templates/game.json": #"{"messages": {}}"#])
        let describer = try Describer(locale: "en", project: project)
        #expect(describer.hintStyle == .gesture)
        #expect(describer.describe(SudokuCell(row: 1, column: 1, content: .empty)).voiceOver.hint == "Double tap to select the cell")
        let broken = try self.project(["Templates/game.json": #"{"messages": {"x": {"role": "label", "message": "{"}}}"#])
        #expect(throws: DescriberError.self) { try Describer(locale: "en", project: broken) }
    }

    @Test func aProjectCanTranslateTheBuiltInMessages() throws {
        // Only a locale file, no templates: a translator adds Japanese to the built-in catalog.
        let project = try project([
            "Templates/game.json": #"{"messages": {}}"#,
            "Locales/ja/game.json": #"{"game.level": "レベル{level}、{locked, select, yes {ロック中} other {星{total}個中{stars}個}}"}"#,
        ])
        let catalog = DescriberCatalog.builtIn.overriding(with: DescriberCatalog(project: project))
        #expect(catalog.localeTags == ["en", "ja", "ko"])
        let japanese = try Describer(locale: "ja", catalog: catalog)
        #expect(japanese.describe(Level(5, stars: 2)).voiceOver.label == "レベル5、星3個中2個")
        #expect(japanese.describe(CoinBalance(9180)).voiceOver.label == "9,180 O’Coins")   // not translated: English
    }

    @Test func localesFallBackToTheirLanguageThenToEnglish() throws {
        #expect(try Describer(locale: "ko-KR").describe(Level(6, locked: true)).voiceOver.label == "6단계, 잠김")
        // No German catalog: English words, German numbers.
        #expect(try Describer(locale: "de").describe(CoinBalance(9180)).voiceOver.label == "9.180 O’Coins")
        #expect(throws: DescriberError.self) { try Describer(locale: "not a locale!") }
    }
}
