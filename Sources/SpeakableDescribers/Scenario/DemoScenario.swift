extension Scenario {
    /// The built-in demo (`speakable describe demo`): the screens of the three reference apps —
    /// DailySudoku's cells, Soundscape's callout button, O'Block's controls, rack, board, events
    /// and result page — covering every phrase their write-ups quote.
    public static let demoText = #"""
    {
      "items": [
        {"type": "sudokuBoard", "title": "DailySudoku",
         "rows": ["5 3 . . 7 . . . .", "6 . . 1 9 5 . . .", ". 9 8 . . . . 6 .", "8 . . . 6 . . . 3", "4 . . 8 . 3 . . 1",
                  "7 . . . 2 . . . 6", ". 6 . . . . 2 8 .", ". . . 4 1 9 . . 5", ". . . . 8 . . 7 9"],
         "selected": [1, 1], "cells": [[1, 1], [9, 9]]},
        {"type": "sudokuCell", "row": 2, "column": 7, "content": "given", "digit": 4},
        {"type": "sudokuCell", "row": 3, "column": 4, "content": "empty", "selected": true},
        {"type": "sudokuCell", "row": 5, "column": 3, "content": "value", "digit": 8},
        {"type": "sudokuCell", "row": 9, "column": 9, "content": "error", "digit": 6},
        {"type": "sudokuCell", "row": 4, "column": 6, "content": "notes", "notes": [9, 1, 5]},

        {"type": "control", "title": "Soundscape", "label": {"en": "My Location", "ko": "내 위치"},
         "action": {"en": "hear about your current location", "ko": "현재 위치를 확인"}, "startsSpeech": true},

        {"type": "gameScreen", "title": "O'Block", "mode": "classic"},
        {"type": "control", "label": {"en": "Back", "ko": "뒤로"}},
        {"type": "coins", "amount": 9180},
        {"type": "control", "label": {"en": "Hint", "ko": "힌트"}, "price": 100},
        {"type": "control", "label": {"en": "Undo", "ko": "되돌리기"}, "count": 3},
        {"type": "issue", "number": 2, "stars": 3},
        {"type": "issue", "number": 3, "locked": true},
        {"type": "level", "number": 5, "stars": 2},
        {"type": "level", "number": 6, "locked": true},
        {"type": "leaderboardRow", "rank": 1, "name": "Mina", "score": 4530},
        {"type": "stat", "bestScore": 110},
        {"type": "stat", "time": 38},
        {"type": "stat", "score": 320, "combo": 2},
        {"type": "inkMeter", "charges": 2},
        {"type": "rack", "pieces": ["XXXX", "XX/XX", "X"], "selected": 2},
        {"type": "piece", "map": "XX/X./X."},
        {"type": "piece", "map": ".X/XX/.X"},
        {"type": "piece", "map": "X./X./XX"},
        {"type": "piece", "map": "X./XX/.X"},
        {"type": "piece", "map": ".X/XX"},
        {"type": "piece", "map": "XXX/X.X"},
        {"type": "blockCell", "row": 3, "column": 5},
        {"type": "blockCell", "row": 3, "column": 5, "filled": true},
        {"type": "blockCell", "row": 3, "column": 5, "ink": true},
        {"type": "blockCell", "row": 3, "column": 5, "filled": true, "marked": true},
        {"type": "blockBoard", "title": "2 by 2 square selected",
         "rows": ["........", "###.####", "........", "####..##", "........", "......##", "......#.", "......##"],
         "piece": "XX/XX", "cells": [[3, 5], [8, 1], [5, 1], [7, 8]]},
        {"type": "event", "event": "placed", "score": 320},
        {"type": "event", "event": "linesCleared", "lines": 2, "score": 640, "combo": 2},
        {"type": "event", "event": "newRack", "pieces": ["XXXX", "X./X./XX", "X"]},
        {"type": "rack", "pieces": [null, "XX/XX", "X"]},
        {"type": "event", "event": "hint", "piece": ".X/XX/.X", "at": [2, 3]},
        {"type": "event", "event": "runEnded", "score": 4530, "newBest": true},
        {"type": "result", "mode": "daily", "date": "2025-08-26", "score": 4530, "seconds": 26, "streakDay": 1,
         "comeBackTomorrow": true, "next": {"en": "Share", "ko": "공유"}},
        {"type": "tutorialPrompt", "title": "How to Play", "screenReader": true},
        {"type": "tutorialPrompt", "title": "How to Play", "screenReader": false}
      ]
    }
    """#

    /// The demo, read.
    public static var demo: Scenario { read(demoText, file: "<demo>").scenario! }
}
