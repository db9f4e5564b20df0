import Testing
@testable import SpeakableDescribers

/// Which field carries what on each platform (DESIGN "Platform projection", PHRASING).
@Suite struct PlatformTests {
    @Test func controlsFollowTheHintStyle() {
        let callout = Control(label: "My Location", action: "hear about your current location",
                              resultHint: "Plays a callout about your current location.")
        // result: Apple's result phrase; gesture: the sentence built from the fragment.
        #expect(english.describe(callout).voiceOver.hint == "Plays a callout about your current location.")
        #expect(englishGesture.describe(callout).voiceOver.hint == "Double tap to hear about your current location")
        // Android always gets the fragment as the click label, never a gesture.
        #expect(english.describe(callout).talkBack.clickLabel == "hear about your current location")
        #expect(englishGesture.describe(callout).talkBack.clickLabel == "hear about your current location")
        // Without a result phrase, the result style has no hint: VoiceOver speaks the hint it is
        // given and never adds "Double tap to …" itself (the preview warns). The gesture style
        // still makes its sentence from the action.
        let bare = Control(label: "My Location", action: "hear about your current location")
        #expect(english.describe(bare).voiceOver.hint == nil)
        #expect(englishGesture.describe(bare).voiceOver.hint == "Double tap to hear about your current location")
        let korean = Control(label: "내 위치", action: "현재 위치를 확인")
        #expect(koreanGesture.describe(korean).voiceOver.hint == "현재 위치를 확인하려면 이중 탭하세요")
        #expect(english.describe(Control(label: "Share")).voiceOver.hint == nil)
    }

    @Test func controlStates() {
        let off = english.describe(Control(label: "Undo", count: 0, isEnabled: false))
        #expect(off.voiceOver.label == "Undo, 0 left")
        #expect(off.voiceOver.traits == [.button, .notEnabled])
        #expect(off.talkBack.isDisabled)
        let on = english.describe(Control(label: "Music", isSelected: true))
        #expect(on.voiceOver.traits == [.button, .selected])
        #expect(on.talkBack.isSelected && on.talkBack.role == .button)
        #expect(korean.describe(Control(label: "힌트", price: 100)).talkBack.contentDescription == "힌트, 오코인 100개")
        #expect(english.describe(Control(label: "Hint", price: 1)).voiceOver.label == "Hint, 1 O’Coin")
    }

    @Test func eachPlatformNamesItsOwnGesture() {
        let screen = english.describe(GameScreen(mode: .classic))
        #expect(screen.voiceOver.announcement
                == "Classic. Choose a piece in the rack, then double tap a board cell to place it. Double tap the board to hear the whole position.")
        #expect(screen.talkBack.announcement
                == "Classic. Choose a piece in the rack, then double-tap a board cell to place it. Double-tap the board to hear the whole position.")
        #expect(screen.talkBack.isHeading)
        let ko = korean.describe(GameScreen(mode: .classic))
        #expect(ko.voiceOver.label == "클래식")
        #expect(ko.voiceOver.announcement?.contains("이중 탭하면") == true)
        #expect(ko.talkBack.announcement?.contains("두 번 탭하면") == true)
        #expect(english.describe(TutorialPrompt(screenReaderRunning: true)).talkBack.contentDescription == "Double-tap a cell in the gap")
        #expect(korean.describe(TutorialPrompt(screenReaderRunning: true)).voiceOver.label == "빈 곳에 있는 칸을 이중 탭하세요")
        #expect(korean.describe(TutorialPrompt(screenReaderRunning: false)).talkBack.contentDescription == "조각을 빈 곳으로 끌어다 놓으세요")
    }

    @Test func boardCellsOnTalkBackCarryTheirPositionInTheCollection() {
        let text = english.describe(BlockCell(row: 3, column: 5, hasInk: true))
        #expect(text.talkBack.contentDescription == "empty, ink cell")
        #expect(text.talkBack.collectionItemInfo == CollectionItemInfo(rowIndex: 2, columnIndex: 4))
        #expect(korean.describe(BlockCell(row: 3, column: 5, isFilled: true, isMarkedToClear: true)).voiceOver.label
                == "3행 5열, 채워짐, 지울 대상")
    }

    @Test func theRackSplitsNameAndShapeOnVoiceOver() throws {
        let t = try Piece(map: ".X/XX/.X")
        let slot = english.describe(rackSlot: t, selected: true)
        #expect(slot.voiceOver.label == "T pointing left")
        #expect(slot.voiceOver.value == "4 blocks, 2 wide by 3 tall. Row 1: gap, block. Row 2: block, block. Row 3: gap, block.")
        #expect(slot.voiceOver.traits == [.button, .selected])
        #expect(slot.talkBack.contentDescription == english.describe(t).description)
        #expect(slot.talkBack.isSelected)
        #expect(english.describe(rackSlot: try Piece(map: "XX/XX")).voiceOver.value == nil)
        #expect(korean.describe(rackSlot: nil).talkBack.contentDescription == "빈자리")
    }

    @Test func gameNumbersInKorean() {
        #expect(korean.describe(CoinBalance(9180)).voiceOver.label == "오코인 9,180개")
        #expect(korean.describe(JourneyIssue(3, locked: true)).voiceOver.label == "3호, 잠김")
        #expect(korean.describe(Level(5, stars: 2)).voiceOver.label == "5단계, 별 3개 중 2개")
        #expect(korean.describe(LeaderboardRow(rank: 1, name: "민아", score: 4530)).voiceOver.label == "1위, 민아, 4530점")
        #expect(korean.describe(Stat.bestScore(110)).voiceOver.label == "최고 점수 110점")
        #expect(korean.describe(Stat.time(seconds: 38)).voiceOver.label == "시간 38초")
        #expect(korean.describe(Stat.time(seconds: 90)).voiceOver.label == "시간 1분 30초")
        #expect(english.describe(Stat.time(seconds: 120)).voiceOver.label == "Time 2 minutes")
        #expect(korean.describe(Stat.score(320, combo: 2)).voiceOver.label == "점수 320점, 콤보 2배")
        #expect(english.describe(Stat.score(40, combo: 1)).voiceOver.label == "Score 40")
        let ink = korean.describe(InkMeter(charges: 2))
        #expect(ink.voiceOver.label == "잉크" && ink.voiceOver.value == "충전 3회 중 2회" && ink.talkBack.stateDescription == "충전 3회 중 2회")
    }

    @Test func announcementsInKorean() throws {
        #expect(korean.announcement(for: .placed(score: 320)) == "배치 완료. 점수 320점.")
        #expect(korean.announcement(for: .linesCleared(lines: 2, score: 640, combo: 2)) == "2줄 지움. 점수 640점. 콤보 2배.")
        #expect(english.announcement(for: .linesCleared(lines: 1, score: 150, combo: 1)) == "Cleared 1 line. Score 150.")
        #expect(english.announcement(for: .combo(3)) == "Combo times 3.")
        let rack: [Piece] = [try Piece(map: "XXXX"), try Piece(map: "X./X./XX"), try Piece(map: "X")]
        #expect(english.announcement(for: .newRack(rack)) == "New pieces: line of 4 across; L, foot at bottom right; one block.")
        #expect(korean.announcement(for: .newRack(rack)) == "새 조각: 가로 4칸 막대, 오른쪽 아래로 꺾인 L자, 블록 하나.")
        let hint = try #require(BlockBoard().placement(of: try Piece(map: ".X/XX/.X"), at: GridPosition(row: 2, column: 3)))
        #expect(english.announcement(for: .hint(hint)) == "Hint: the T pointing left fits at row 2, column 4; row 3, columns 3 to 4; row 4, column 4.")
        #expect(korean.announcement(for: .hint(hint)) == "힌트: 왼쪽을 향한 T자를 2행 4열, 3행 3열에서 4열, 4행 4열에 배치해 보세요.")
        #expect(english.announcement(for: .runEnded(score: 880, newBest: false)) == "No more moves. Final score 880.")
        #expect(korean.announcement(for: .runEnded(score: 4530, newBest: true)) == "더 놓을 곳이 없습니다. 최종 점수 4530점. 최고 점수를 경신했습니다.")
    }

    @Test func resultSummaries() {
        let daily = ResultSummary(title: .daily(1_756_166_400_000), score: 4530, seconds: 26, streakDay: 1, comeBackTomorrow: true,
                                  next: "공유")
        #expect(korean.describe(daily).voiceOver.label == "일일 도전, 8월 26일. 4530점. 시간 26초. 연속 1일째. 내일 다시 도전하세요. 다음 항목: 공유")
        let journey = ResultSummary(title: .journey(level: 5), score: 880, seconds: 95, stars: 2)
        #expect(english.describe(journey).voiceOver.label == "Level 5. 880 points. 2 of 3 stars. Time 1 minute 35 seconds.")
        #expect(english.describe(ResultSummary(title: .classic, score: 1, seconds: 5)).voiceOver.label
                == "Classic. 1 point. Time 5 seconds.")
        // Dates are shown in the describer's time zone.
        let seoul = try! Describer(locale: "en", timeZone: "Asia/Seoul")
        let late = ResultSummary(title: .daily(1_756_166_400_000 + 20 * 3_600_000), score: 1, seconds: 5)
        #expect(seoul.describe(late).voiceOver.label.hasPrefix("Daily, August 27."))
    }
}
