// Generated from Templates/ and Locales/ by `swift run BuiltInCatalogGenerator` — do not edit.
// Edit the JSON files and run the generator again; a test fails when this file is stale.
import SpeakableCatalog

extension DescriberCatalog {
    static let embeddedSourceLocale = "en"

    static let embeddedEntries: [Entry] = [
        Entry(
            key: "block.board.action", table: "block", role: .action,
            source: "hear the whole position",
            translations: ["ko": "전체 상황을 확인"]),
        Entry(
            key: "block.board.hint", table: "block", role: .hint,
            source: "Speaks the whole position.",
            translations: ["ko": "전체 상황을 읽어 줍니다."]),
        Entry(
            key: "block.board.needs", table: "block", role: .text,
            source: "{kind, select, row {Row {line} needs column {cell}} other {Column {line} needs row {cell}}}",
            translations: ["ko": "{kind, select, row {{line}행은 {cell}열만 채우면 지워짐} other {{line}열은 {cell}행만 채우면 지워짐}}"]),
        Entry(
            key: "block.board.noneNear", table: "block", role: .text,
            source: "No line is one cell from clearing",
            translations: ["ko": "한 칸만 채우면 지워지는 줄 없음"]),
        Entry(
            key: "block.board.row", table: "block", role: .text,
            source: "Row {row}: {state, select, empty {empty} full {full} filled {{columns} filled} other {all filled except {columns}}}",
            translations: ["ko": "{row}행: {state, select, empty {비어 있음} full {가득 참} filled {{columns} 채워짐} other {{columns}만 비어 있음}}"]),
        Entry(
            key: "block.board.rows.empty", table: "block", role: .text,
            source: "Rows {first} to {last}: empty",
            translations: ["ko": "{first}행부터 {last}행까지 비어 있음"]),
        Entry(
            key: "block.cell.content", table: "block", role: .label,
            source: "{filled, select, yes {filled} other {empty}}{ink, select, yes {, ink cell} other {}}{marked, select, yes {, marked to clear} other {}}",
            translations: ["ko": "{filled, select, yes {채워짐} other {빈칸}}{ink, select, yes {, 잉크 칸} other {}}{marked, select, yes {, 지울 대상} other {}}"]),
        Entry(
            key: "block.cell.label", table: "block", role: .label,
            source: "Row {row}, column {column}, {filled, select, yes {filled} other {empty}}{ink, select, yes {, ink cell} other {}}{marked, select, yes {, marked to clear} other {}}",
            translations: ["ko": "{row}행 {column}열, {filled, select, yes {채워짐} other {빈칸}}{ink, select, yes {, 잉크 칸} other {}}{marked, select, yes {, 지울 대상} other {}}"], maxSeconds: 4),
        Entry(
            key: "block.cells.row", table: "block", role: .text,
            source: "row {row}, {columns}",
            translations: ["ko": "{row}행 {columns}"]),
        Entry(
            key: "block.columns.item", table: "block", role: .text,
            source: "{span, select, range {{context, select, placement {{first} to {last}} other {{first} to {last}}}} other {{first}}}",
            translations: ["ko": "{span, select, range {{context, select, placement {{first}열에서 {last}열} other {{first}열부터 {last}열까지}}} other {{first}열}}"]),
        Entry(
            key: "block.columns.many", table: "block", role: .text,
            source: "columns {list}",
            translations: ["ko": "{list}"]),
        Entry(
            key: "block.columns.one", table: "block", role: .text,
            source: "column {column}",
            translations: ["ko": "{column}열"]),
        Entry(
            key: "block.columns.range", table: "block", role: .text,
            source: "{context, select, placement {columns {first} to {last}} other {columns {first} to {last}}}",
            translations: ["ko": "{context, select, placement {{first}열에서 {last}열} other {{first}열부터 {last}열까지}}"]),
        Entry(
            key: "block.event.cleared", table: "block", role: .announcement,
            source: "Cleared {lines, plural, one {# line} other {# lines}}. Score {score, number, ::group-off}.{combo, plural, =0 {} =1 {} other { Combo times #.}}",
            translations: ["ko": "{lines}줄 지움. 점수 {score, number, ::group-off}점.{combo, plural, =0 {} =1 {} other { 콤보 #배.}}"]),
        Entry(
            key: "block.event.combo", table: "block", role: .announcement,
            source: "Combo times {combo}.",
            translations: ["ko": "콤보 {combo}배."]),
        Entry(
            key: "block.event.hint", table: "block", role: .announcement,
            source: "Hint: {piece} fits at {cells}.",
            translations: ["ko": "힌트: {piece}을(를) {cells}에 배치해 보세요."], maxSeconds: 8),
        Entry(
            key: "block.event.newRack", table: "block", role: .announcement,
            source: "New pieces: {pieces}.",
            translations: ["ko": "새 조각: {pieces}."], maxSeconds: 8),
        Entry(
            key: "block.event.placed", table: "block", role: .announcement,
            source: "Placed. Score {score, number, ::group-off}.",
            translations: ["ko": "배치 완료. 점수 {score, number, ::group-off}점."]),
        Entry(
            key: "block.event.runEnded", table: "block", role: .announcement,
            source: "No more moves. Final score {score, number, ::group-off}.{best, select, yes { New best score.} other {}}",
            translations: ["ko": "더 놓을 곳이 없습니다. 최종 점수 {score, number, ::group-off}점.{best, select, yes { 최고 점수를 경신했습니다.} other {}}"], maxSeconds: 8),
        Entry(
            key: "block.line", table: "block", role: .text,
            source: "{kind, select, row {row {number}} other {column {number}}}",
            translations: ["ko": "{kind, select, row {{number}행} other {{number}열}}"]),
        Entry(
            key: "block.piece.cell", table: "block", role: .text,
            source: "{filled, select, yes {block} other {gap}}",
            translations: ["ko": "{filled, select, yes {블록} other {빈칸}}"]),
        Entry(
            key: "block.piece.name.blocks", table: "block", role: .label,
            source: "{count, plural, one {# block} other {# blocks}}, {width} wide by {height} tall",
            translations: ["ko": "블록 {count}개짜리 가로 {width}칸 세로 {height}칸 조각"], maxSeconds: 4),
        Entry(
            key: "block.piece.name.corner", table: "block", role: .label,
            source: "corner, open at {corner, select, topLeft {top left} topRight {top right} bottomLeft {bottom left} other {bottom right}}",
            translations: ["ko": "{corner, select, topLeft {왼쪽 위} topRight {오른쪽 위} bottomLeft {왼쪽 아래} other {오른쪽 아래}}이(가) 빈 모서리"]),
        Entry(
            key: "block.piece.name.j", table: "block", role: .label,
            source: "J, foot at {corner, select, topLeft {top left} topRight {top right} bottomLeft {bottom left} other {bottom right}}",
            translations: ["ko": "{corner, select, topLeft {왼쪽 위} topRight {오른쪽 위} bottomLeft {왼쪽 아래} other {오른쪽 아래}}(으)로 꺾인 J자"]),
        Entry(
            key: "block.piece.name.l", table: "block", role: .label,
            source: "L, foot at {corner, select, topLeft {top left} topRight {top right} bottomLeft {bottom left} other {bottom right}}",
            translations: ["ko": "{corner, select, topLeft {왼쪽 위} topRight {오른쪽 위} bottomLeft {왼쪽 아래} other {오른쪽 아래}}(으)로 꺾인 L자"]),
        Entry(
            key: "block.piece.name.line", table: "block", role: .label,
            source: "line of {length} {direction, select, across {across} other {down}}",
            translations: ["ko": "{direction, select, across {가로} other {세로}} {length}칸 막대"]),
        Entry(
            key: "block.piece.name.rectangle", table: "block", role: .label,
            source: "rectangle, {width} wide by {height} tall",
            translations: ["ko": "가로 {width}칸 세로 {height}칸 직사각형"], maxSeconds: 3.5),
        Entry(
            key: "block.piece.name.s", table: "block", role: .label,
            source: "S {stance, select, standing {standing} other {lying}}",
            translations: ["ko": "{stance, select, standing {세로} other {가로}} S자"]),
        Entry(
            key: "block.piece.name.single", table: "block", role: .label,
            source: "one block",
            translations: ["ko": "블록 하나"]),
        Entry(
            key: "block.piece.name.square", table: "block", role: .label,
            source: "{size} by {size} square",
            translations: ["ko": "가로세로 {size}칸 정사각형"]),
        Entry(
            key: "block.piece.name.t", table: "block", role: .label,
            source: "T pointing {direction, select, up {up} down {down} left {left} other {right}}",
            translations: ["ko": "{direction, select, up {위} down {아래} left {왼쪽} other {오른쪽}}을(를) 향한 T자"]),
        Entry(
            key: "block.piece.name.z", table: "block", role: .label,
            source: "Z {stance, select, standing {standing} other {lying}}",
            translations: ["ko": "{stance, select, standing {세로} other {가로}} Z자"]),
        Entry(
            key: "block.piece.reference", table: "block", role: .text,
            source: "{kind, select, single {the block} blocks {the piece} other {the {name}}}",
            translations: ["ko": "{kind, select, single {블록} blocks {조각} other {{name}}}"]),
        Entry(
            key: "block.piece.row", table: "block", role: .text,
            source: "Row {row}: {cells}",
            translations: ["ko": "{row}행: {cells}"]),
        Entry(
            key: "block.placement.action", table: "block", role: .action,
            source: "place {piece} covering {cells}{completes, select, yes {; completing {lines}} other {}}",
            translations: ["ko": "{piece}을(를) {cells}에 배치{completes, select, yes {하여 {lines}을(를) 완성} other {}}"], maxSeconds: 9),
        Entry(
            key: "block.placement.hint", table: "block", role: .hint,
            source: "Places {piece} covering {cells}{completes, select, yes {; completes {lines}} other {}}.",
            translations: ["ko": "{piece}을(를) {cells}에 배치{completes, select, yes {하고 {lines}을(를) 완성} other {}}합니다."], maxSeconds: 9),
        Entry(
            key: "block.placement.noFit", table: "block", role: .hint,
            source: "Does not fit here.",
            translations: ["ko": "여기에는 들어가지 않습니다."]),
        Entry(
            key: "block.placement.noFit.state", table: "block", role: .value,
            source: "does not fit",
            translations: ["ko": "들어가지 않음"]),
        Entry(
            key: "block.rack.action", table: "block", role: .action,
            source: "select the piece",
            translations: ["ko": "조각을 선택"]),
        Entry(
            key: "block.rack.empty", table: "block", role: .label,
            source: "Empty slot",
            translations: ["ko": "빈자리"]),
        Entry(
            key: "block.rack.hint", table: "block", role: .hint,
            source: "Selects the piece.",
            translations: ["ko": "조각을 선택합니다."]),
        Entry(
            key: "board.label", table: "common", role: .label,
            source: "{name}, {rows} by {columns}",
            translations: ["ko": "{name}, 행 {rows}개, 열 {columns}개"]),
        Entry(
            key: "board.name", table: "common", role: .label,
            source: "Board",
            translations: ["ko": "게임판"]),
        Entry(
            key: "common.hint.gesture", table: "common", role: .hint,
            source: "Double tap to {action}",
            translations: ["ko": "{action}하려면 이중 탭하세요"]),
        Entry(
            key: "common.join.groups", table: "common", role: .text,
            source: "{first}; {next}",
            translations: ["ko": "{first}, {next}"]),
        Entry(
            key: "common.join.list", table: "common", role: .text,
            source: "{first}, {next}",
            translations: ["ko": "{first}, {next}"]),
        Entry(
            key: "common.join.sentences", table: "common", role: .text,
            source: "{first} {next}",
            translations: ["ko": "{first} {next}"]),
        Entry(
            key: "common.sentence", table: "common", role: .text,
            source: "{text}.",
            translations: ["ko": "{text}."]),
        Entry(
            key: "game.coins", table: "game", role: .label,
            source: "{amount, plural, one {# O’Coin} other {# O’Coins}}",
            translations: ["ko": "오코인 {amount}개"]),
        Entry(
            key: "game.control.count", table: "game", role: .label,
            source: "{name}, {count} left",
            translations: ["ko": "{name}, {count}회 남음"]),
        Entry(
            key: "game.control.price", table: "game", role: .label,
            source: "{name}, {price, plural, one {# O’Coin} other {# O’Coins}}",
            translations: ["ko": "{name}, 오코인 {price}개"]),
        Entry(
            key: "game.duration", table: "game", role: .text,
            source: "{span, select, minutes {{minutes, number, ::measure-unit/duration-minute unit-width-full-name}} mixed {{minutes, number, ::measure-unit/duration-minute unit-width-full-name} {seconds, number, ::measure-unit/duration-second unit-width-full-name}} other {{seconds, number, ::measure-unit/duration-second unit-width-full-name}}}",
            translations: ["ko": "{span, select, minutes {{minutes, number, ::measure-unit/duration-minute unit-width-full-name}} mixed {{minutes, number, ::measure-unit/duration-minute unit-width-full-name} {seconds, number, ::measure-unit/duration-second unit-width-full-name}} other {{seconds, number, ::measure-unit/duration-second unit-width-full-name}}}"]),
        Entry(
            key: "game.ink.hint", table: "game", role: .hint,
            source: "Earns a charge when a cleared line goes through an ink cell; {total, plural, one {# charge swaps} other {# charges swap}} a piece.",
            translations: ["ko": "잉크 칸이 있는 줄을 지울 때마다 한 번 충전되고, {total}회 모두 충전되면 조각 하나를 바꿀 수 있습니다."], maxSeconds: 7.5),
        Entry(
            key: "game.ink.label", table: "game", role: .label,
            source: "Ink",
            translations: ["ko": "잉크"]),
        Entry(
            key: "game.ink.value", table: "game", role: .value,
            source: "{charges} of {total, plural, one {# charge} other {# charges}}",
            translations: ["ko": "충전 {total}회 중 {charges}회"]),
        Entry(
            key: "game.issue", table: "game", role: .label,
            source: "Issue {issue}, {locked, select, yes {locked} other {{stars} of {total, plural, one {# star} other {# stars}}}}",
            translations: ["ko": "{issue}호, {locked, select, yes {잠김} other {별 {total}개 중 {stars}개}}"]),
        Entry(
            key: "game.leaderboard.row", table: "game", role: .label,
            source: "Rank {rank}, {name}, {score, number, ::group-off} {score, plural, one {point} other {points}}",
            translations: ["ko": "{rank}위, {name}, {score, number, ::group-off}점"], maxSeconds: 4),
        Entry(
            key: "game.level", table: "game", role: .label,
            source: "Level {level}, {locked, select, yes {locked} other {{stars} of {total, plural, one {# star} other {# stars}}}}",
            translations: ["ko": "{level}단계, {locked, select, yes {잠김} other {별 {total}개 중 {stars}개}}"]),
        Entry(
            key: "game.mode", table: "game", role: .label,
            source: "{mode, select, classic {Classic} daily {Daily} other {Journey}}",
            translations: ["ko": "{mode, select, classic {클래식} daily {일일 도전} other {여정}}"]),
        Entry(
            key: "game.result.comeBack", table: "game", role: .text,
            source: "Come back tomorrow",
            translations: ["ko": "내일 다시 도전하세요"]),
        Entry(
            key: "game.result.next", table: "game", role: .text,
            source: "{name} is next",
            translations: ["ko": "다음 항목: {name}"]),
        Entry(
            key: "game.result.score", table: "game", role: .text,
            source: "{score, number, ::group-off} {score, plural, one {point} other {points}}",
            translations: ["ko": "{score, number, ::group-off}점"]),
        Entry(
            key: "game.result.stars", table: "game", role: .text,
            source: "{stars} of {total, plural, one {# star} other {# stars}}",
            translations: ["ko": "별 {total}개 중 {stars}개"]),
        Entry(
            key: "game.result.streak", table: "game", role: .text,
            source: "Day {day, spellout}",
            translations: ["ko": "연속 {day}일째"]),
        Entry(
            key: "game.result.title", table: "game", role: .text,
            source: "{mode, select, daily {Daily, {date, date, ::MMMMd}} journey {Level {level}} other {Classic}}",
            translations: ["ko": "{mode, select, daily {일일 도전, {date, date, ::MMMMd}} journey {{level}단계} other {클래식}}"]),
        Entry(
            key: "game.screen.start", table: "game", role: .announcement,
            source: "{mode}. Choose a piece in the rack, then {platform, select, talkback {double-tap} other {double tap}} a board cell to place it. {platform, select, talkback {Double-tap} other {Double tap}} the board to hear the whole position.",
            translations: ["ko": "{mode}. 조각함에서 조각을 고른 다음 게임판의 칸을 {platform, select, talkback {두 번 탭하면} other {이중 탭하면}} 조각이 놓입니다. 게임판을 {platform, select, talkback {두 번 탭하면} other {이중 탭하면}} 전체 상황을 읽어 줍니다."], maxSeconds: 9),
        Entry(
            key: "game.stat.bestScore", table: "game", role: .label,
            source: "Best score {score, number, ::group-off}",
            translations: ["ko": "최고 점수 {score, number, ::group-off}점"]),
        Entry(
            key: "game.stat.score", table: "game", role: .label,
            source: "Score {score, number, ::group-off}{combo, plural, =0 {} =1 {} other {, combo times #}}",
            translations: ["ko": "점수 {score, number, ::group-off}점{combo, plural, =0 {} =1 {} other {, 콤보 #배}}"], maxSeconds: 4),
        Entry(
            key: "game.stat.time", table: "game", role: .label,
            source: "Time {duration}",
            translations: ["ko": "시간 {duration}"]),
        Entry(
            key: "game.tutorial.prompt", table: "game", role: .text,
            source: "{screenReader, select, voiceover {Double tap a cell in the gap} talkback {Double-tap a cell in the gap} other {Drag the piece}}",
            translations: ["ko": "{screenReader, select, voiceover {빈 곳에 있는 칸을 이중 탭하세요} talkback {빈 곳에 있는 칸을 두 번 탭하세요} other {조각을 빈 곳으로 끌어다 놓으세요}}"]),
        Entry(
            key: "sudoku.cell.action", table: "sudoku", role: .action,
            source: "select the cell",
            translations: ["ko": "칸을 선택"]),
        Entry(
            key: "sudoku.cell.content", table: "sudoku", role: .label,
            source: "{content, select, empty {empty} given {given {digit}} error {{digit}, error} notes {notes {notes}} other {{digit}}}",
            translations: ["ko": "{content, select, empty {빈칸} given {주어진 숫자 {digit}} error {{digit}, 오류} notes {메모 {notes}} other {{digit}}}"]),
        Entry(
            key: "sudoku.cell.hint", table: "sudoku", role: .hint,
            source: "Selects the cell.",
            translations: ["ko": "칸을 선택합니다."]),
        Entry(
            key: "sudoku.cell.label", table: "sudoku", role: .label,
            source: "Row {row}, column {column}, {content, select, empty {empty} given {given {digit}} error {{digit}, error} notes {notes {notes}} other {{digit}}}",
            translations: ["ko": "{row}행 {column}열, {content, select, empty {빈칸} given {주어진 숫자 {digit}} error {{digit}, 오류} notes {메모 {notes}} other {{digit}}}"], maxSeconds: 4),
    ]
}
