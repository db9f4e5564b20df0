/// The page's style sheet and script: constants, so nothing from a translator can reach them.
/// The script writes only with `textContent` and `setAttribute` (never `innerHTML`), and reads
/// its data from the JSON each section embeds.
enum PageAssets {
    static let css: StaticString = """

    :root { color-scheme: light; --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --card: #ffffff;
      --accent: #0b5cad; --focus: #d97706; --over: #b3261e; --sel: #dbeafe; }
    * { box-sizing: border-box; }
    /* Anchors (#ko-talkback, #en-voiceover-e12) and focused elements scroll to below the sticky
       header; the script keeps --header-height at the header's height. */
    html { scroll-padding-top: calc(var(--header-height, 140px) + 12px); }
    /* Latin first, then a Korean and a Japanese font from each system (macOS, Windows, Linux's
       Noto CJK, Source Han, Nanum and Un fonts): whichever the system has shows Hangul. Korean
       sections put the Korean fonts first, so that Hangul and Latin come from one font. */
    body { margin: 0; background: #f3f4f6; color: var(--ink); line-height: 1.45;
      font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial,
        "Apple SD Gothic Neo", "Malgun Gothic", "맑은 고딕", "Noto Sans KR", "Noto Sans CJK KR", "Source Han Sans K",
        "Source Han Sans KR", "NanumGothic", "NanumBarunGothic", "UnDotum", "Baekmuk Dotum",
        "Hiragino Sans", "Yu Gothic", "Meiryo", "Noto Sans JP", "Noto Sans CJK JP", sans-serif; }
    :lang(ko) { font-family: "Apple SD Gothic Neo", "Malgun Gothic", "맑은 고딕", "Noto Sans KR", "Noto Sans CJK KR",
      "Source Han Sans K", "Source Han Sans KR", "NanumGothic", "NanumBarunGothic", "UnDotum", "Baekmuk Dotum",
      system-ui, -apple-system, "Segoe UI", sans-serif; }
    :lang(ja) { font-family: "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Yu Gothic", "Meiryo", "Noto Sans JP",
      "Noto Sans CJK JP", "Source Han Sans JP", system-ui, -apple-system, "Segoe UI", sans-serif; }
    :lang(en) { font-family: inherit; }
    button, input, select, textarea { font: inherit; }
    header.top { position: sticky; top: 0; z-index: 2; background: var(--card); border-bottom: 1px solid var(--line);
      display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: center; padding: 10px 24px; }
    h1 { font-size: 1.2rem; margin: 0; }
    .scenario { margin: 0; color: var(--muted); font-size: .85rem; }
    .switcher { display: flex; gap: 12px; flex-wrap: wrap; }
    fieldset { border: 1px solid var(--line); border-radius: 8px; padding: 4px 10px 6px; margin: 0; }
    legend { font-size: .75rem; color: var(--muted); padding: 0 4px; }
    fieldset label { margin-right: 12px; white-space: nowrap; cursor: pointer; }
    .announcements { flex: 1 1 320px; display: flex; align-items: center; gap: 10px; min-height: 40px;
      background: #fff7e0; border: 1px solid #f0d78c; border-radius: 8px; padding: 6px 12px; }
    .announcements-label { font-size: .75rem; text-transform: uppercase; letter-spacing: .04em; color: #7a5a00; }
    #announcer { font-weight: 600; }
    main { max-width: 1240px; margin: 0 auto; padding: 16px 24px 32px; }
    h2 { font-size: 1.35rem; margin: 8px 0 2px; }
    h3 { font-size: 1rem; margin: 0 0 6px; }
    .summary, .note, .keys { color: var(--muted); font-size: .85rem; margin: 0 0 12px; }
    .layout { display: grid; grid-template-columns: minmax(0, max-content) minmax(300px, 1fr); gap: 20px; align-items: start; }
    @media (max-width: 900px) { .layout { grid-template-columns: 1fr; } }
    .boards { display: flex; flex-direction: column; gap: 16px; }
    .board, aside.speech, .elements { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 14px 16px; }
    aside.speech { position: sticky; top: calc(var(--header-height, 86px) + 8px); }
    .speech-for { font-weight: 600; margin: 0 0 8px; }
    .grid { display: inline-flex; flex-direction: column; border: 3px solid var(--ink); background: var(--ink); gap: 0; }
    .grid > [role=row] { display: flex; }
    .cell { width: 44px; height: 44px; display: flex; align-items: center; justify-content: center; background: #fff;
      border-right: 1px solid #c4cad1; border-bottom: 1px solid #c4cad1; font-size: 1.35rem; cursor: default; position: relative; }
    .grid > [role=row] > .cell:last-child { border-right: 0; }
    .grid > [role=row]:last-child > .cell { border-bottom: 0; }
    .grid-sudoku .cell.box-right { border-right: 3px solid var(--ink); }
    .grid-sudoku .cell.box-bottom { border-bottom: 3px solid var(--ink); }
    .cell.given { font-weight: 700; }
    .cell.value { color: var(--accent); }
    .cell.error { color: var(--over); background: #fdecea; }
    .cell .notes { font-size: .62rem; line-height: 1.1; color: var(--muted); text-align: center; padding: 2px; }
    .cell.selected { background: var(--sel); }
    .cell:focus { outline: 3px solid var(--focus); outline-offset: -3px; z-index: 1; }
    .grid-block .cell { width: 36px; height: 36px; }
    .grid-grid .cell.own { width: auto; min-width: 44px; padding: 0 6px; font-size: .8rem; text-align: center; }
    .grid-block .cell.filled { background: #3b5b92; }
    .grid-block .cell.ink::after { content: ""; width: 10px; height: 10px; border-radius: 50%; background: #7c3aed; }
    .grid-block .cell.filled.ink::after { background: #e9d5ff; }
    .grid-block .cell.marked { background: repeating-linear-gradient(45deg, #3b5b92 0 6px, #f59e0b 6px 9px); }
    ol.utterances { list-style: none; margin: 0; padding: 0; }
    .utterance { display: grid; grid-template-columns: 4.2em 1fr; column-gap: 10px; padding: 4px 0 4px 8px;
      border-left: 3px solid transparent; }
    .utterance .time { grid-row: span 3; text-align: right; font-variant-numeric: tabular-nums; color: var(--muted); }
    .utterance .kind { font-size: .78rem; color: var(--accent); font-weight: 600; }
    .utterance .text { overflow-wrap: anywhere; }
    /* App text, which may be right-to-left: each its own paragraph, its direction its own. */
    .utterance .text, .element-head .title, .speech-for, #announcer { unicode-bidi: plaintext; }
    .utterance.over { border-left-color: var(--over); }
    .utterance.over .time, .flag { color: var(--over); font-weight: 600; }
    .flag { font-size: .8rem; }
    .elements { margin-top: 20px; }
    .element-list { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(360px, 1fr)); gap: 10px; }
    .element { border: 1px solid var(--line); border-radius: 10px; padding: 8px 10px; background: #fbfbfc; }
    .element:focus { outline: 3px solid var(--focus); outline-offset: 1px; background: #fff; }
    .element.over { border-color: #e8b4b0; }
    .element-head { display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; margin-bottom: 4px; }
    .num { background: var(--ink); color: #fff; border-radius: 10px; padding: 0 7px; font-size: .75rem; font-variant-numeric: tabular-nums; }
    .element-head .title { font-weight: 600; }
    .element-head .type { color: var(--muted); font-size: .8rem; }
    .element-head .total { margin-left: auto; font-variant-numeric: tabular-nums; color: var(--muted); font-size: .85rem; }
    .badge { background: var(--over); color: #fff; border-radius: 6px; padding: 0 6px; font-size: .72rem; font-weight: 600; }
    button.control, button.announce { font: inherit; margin: 2px 0 6px; padding: 6px 14px; border-radius: 8px;
      border: 1px solid var(--accent); background: #fff; color: var(--accent); cursor: pointer; min-height: 44px; }
    button.control:focus, button.announce:focus { outline: 3px solid var(--focus); outline-offset: 2px; }
    .jump, .element-note { font-size: .8rem; margin: 2px 0 6px; color: var(--muted); }
    .jump-badge, .note-badge { border-radius: 6px; padding: 0 6px; font-size: .72rem; font-weight: 600; margin-right: 4px; }
    .jump-badge { background: #e0e7ff; color: #3730a3; }
    .note-badge { background: #fde68a; color: #7a5a00; }
    .element.jumped { border-style: dashed; }
    audio { width: 100%; height: 32px; margin-top: 4px; }
    .measured { color: var(--muted); font-size: .8rem; }
    footer { max-width: 1240px; margin: 0 auto; padding: 0 24px 32px; color: var(--muted); font-size: .8rem; }
    [hidden] { display: none !important; }

    """

    static let script: StaticString = """

    (function () {
      "use strict";
      var sections = Array.prototype.slice.call(document.querySelectorAll("section.preview"));
      var announcer = document.getElementById("announcer");
      var header = document.querySelector("header.top");
      var data = {};
      sections.forEach(function (section) {
        data[section.id] = JSON.parse(document.getElementById(section.id + "-data").textContent);
      });
      // The grid cell focused last, as TalkBack remembers it: {section, board, row, column, how}.
      var last = null;

      // The sticky header's height: anchors and focused elements scroll to below it.
      function measureHeader() {
        document.documentElement.style.setProperty("--header-height", header.offsetHeight + "px");
      }
      measureHeader();
      window.addEventListener("resize", measureHeader);

      function checked(name) {
        var input = document.querySelector("input[name=" + name + "]:checked");
        return input ? input.value : null;
      }

      function show(id, keepHash) {
        var target = document.getElementById(id);
        if (!target || sections.indexOf(target) < 0) { target = sections[0]; }
        if (!target) { return; }
        sections.forEach(function (section) { section.hidden = section !== target; });
        Array.prototype.forEach.call(document.querySelectorAll("input[name=locale]"), function (input) {
          input.checked = input.value === target.dataset.locale;
        });
        Array.prototype.forEach.call(document.querySelectorAll("input[name=platform]"), function (input) {
          input.checked = input.value === target.dataset.platform;
        });
        if (!keepHash) {
          try { history.replaceState(null, "", "#" + target.id); } catch (e) { /* a file: URL may refuse */ }
        }
        last = null;
      }

      // A fragment names a section (#ko-talkback) or anything in one (#ko-talkback-e12): show its
      // section and scroll it into view, below the header.
      function follow(hash) {
        var target = hash ? document.getElementById(hash) : null;
        var section = target ? target.closest("section.preview") : null;
        show(section ? section.id : "", !!section);
        measureHeader();
        if (target && section) { target.scrollIntoView({ block: "start" }); }
      }

      document.querySelector("form.switcher").addEventListener("change", function () {
        var id = checked("locale") + "-" + checked("platform");
        if (document.getElementById(id)) { show(id); }
      });

      window.addEventListener("hashchange", function () {
        follow(decodeURIComponent(location.hash.slice(1)));
      });

      function span(className, text) {
        var element = document.createElement("span");
        element.className = className;
        element.textContent = text;
        return element;
      }

      function renderSpeech(section, title, utterances) {
        document.getElementById(section.id + "-speech-for").textContent = title;
        var list = document.getElementById(section.id + "-speech");
        while (list.firstChild) { list.removeChild(list.firstChild); }
        utterances.forEach(function (u) {
          var item = document.createElement("li");
          item.className = "utterance kind-" + u.k + (u.o ? " over" : "");
          item.appendChild(span("time", u.s));
          if (u.l) { item.appendChild(span("kind", u.l)); }
          item.appendChild(span("text", u.t));
          if (u.o) { item.appendChild(span("flag", u.o)); }
          list.appendChild(item);
        });
      }

      function announce(text) {
        // Emptied first, so that the same words announced twice are spoken twice.
        announcer.textContent = "";
        window.setTimeout(function () { announcer.textContent = text; }, 60);
      }

      function fill(template, values) {
        return template.replace(/\\{([a-z])\\}/g, function (whole, key) { return String(values[key]); });
      }

      // "3.4 s", as PreviewFormat.seconds writes it.
      function seconds(value) {
        var tenths = Math.round(value * 10);
        return Math.floor(tenths / 10) + "." + (tenths % 10) + " s";
      }

      // Parts said as one utterance, joined and timed as the preview joins and times them
      // (SpeechComposer.join, SpokenLength; PageData.swift's PartCounts.compose is the same).
      var sentenceEnd = /[.!?\\u3002\\uff01\\uff1f]$/;
      // A part with right-to-left letters or bidirectional controls is isolated (FSI … PDI), so
      // that it cannot reorder the parts after it ("Pay …, button"). The page's data already
      // shows any override a part leaves open as \\u{202E} (VisibleText.bidiBalanced).
      var needsIsolation = /[\\u0590-\\u08ff\\ufb1d-\\ufdff\\ufe70-\\ufefc\\u200f\\u202a-\\u202e\\u2066-\\u2069]|\\ud802[\\udc00-\\udfff]|\\ud83a/;
      function isolate(t) { return needsIsolation.test(t) ? "\\u2068" + t + "\\u2069" : t; }
      function compose(d, indices, over) {
        var text = "", previous = null, pending = 0, seen = false;
        var syllables = 0, words = 0, shortPauses = 0, longPauses = 0;
        indices.forEach(function (index) {
          var part = d.p[index], t = part[0];
          if (!t) { return; }
          if (previous !== null) {
            var ends = sentenceEnd.test(previous);
            pending = Math.max(pending, ends ? 0 : 1);
            text += ends ? " " : ", ";
          }
          text += isolate(t);
          previous = t;
          pending = Math.max(pending, part[5]);
          if (part[2] === 0) { return; }
          if (seen) {
            if (pending === 2) { longPauses += 1; } else if (pending === 1) { shortPauses += 1; }
          }
          syllables += part[1];
          words += part[2];
          shortPauses += part[3];
          longPauses += part[4];
          pending = part[6];
          seen = true;
        });
        var profile = d.pr;
        var total = syllables * profile[0] + words * profile[1] + shortPauses * profile[2] + longPauses * profile[3];
        return { k: "focus", t: text, s: seconds(total), l: "", o: over || "" };
      }

      function utterance(d, index) {
        var u = d.u[index];
        return { k: u[0], t: u[1], s: u[2], l: u[3], o: u[4] };
      }

      function cellsOf(grid) { return Array.prototype.slice.call(grid.querySelectorAll("[role=gridcell]")); }

      function cellTitle(d, grid, cell) {
        var columns = +grid.dataset.columns, index = +cell.dataset.cell;
        return fill(d.ui.cell, { r: Math.floor(index / columns) + 1, c: index % columns + 1 });
      }

      // The cell's data: [selected, variant as drawn, variant after the digit 1, … 9].
      function cellInfo(d, grid, cell) { return d.boards[+grid.dataset.board].c[+cell.dataset.cell]; }

      // Its variant now: as drawn, or with the digit placed on the page.
      function variantOf(info, cell) { return info[1 + (cell.dataset.placed ? +cell.dataset.placed : 0)]; }

      // What focus on a cell says now, as focus arrived (`how`: enter, both, row, column): its
      // selection may differ from the scenario's after Enter, and a digit placed on the page
      // changes its content. TalkBack adds the coordinates that changed and, on the way in,
      // "In grid …".
      function cellSpeech(section, grid, cell, how) {
        var d = data[section.id], board = d.boards[+grid.dataset.board];
        var v = variantOf(cellInfo(d, grid, cell), cell);
        var selected = cell.getAttribute("aria-selected") === "true";
        var parts = (selected ? v[2] : v[1]).slice();
        if (d.platform === "talkback") {
          var columns = +grid.dataset.columns, index = +cell.dataset.cell;
          if (how !== "column") { parts.push(d.rw[Math.floor(index / columns)]); }
          if (how !== "row") { parts.push(d.cw[index % columns]); }
          if (how === "enter") { parts.push(board.e); }
        }
        var result = parts.length ? [compose(d, parts, selected ? v[6] : v[5])] : [];
        (selected ? v[4] : v[3]).forEach(function (i) { result.push(utterance(d, i)); });
        return result;
      }

      function announcement(d, nameIndex) {
        var said = compose(d, [nameIndex], "");
        return { k: "announcement", t: said.t, s: said.s, l: d.ui.announcement, o: "" };
      }

      function place(section, grid, cell, digit) {
        var d = data[section.id], info = cellInfo(d, grid, cell);
        if (info.length < 11) { return; }
        if (cell.dataset.originalLabel === undefined) {
          cell.dataset.originalLabel = cell.getAttribute("aria-label");
          cell.dataset.originalClass = cell.className;
          cell.dataset.originalText = cell.firstChild ? cell.firstChild.textContent : "";
          cell.dataset.originalMark = cell.firstChild ? cell.firstChild.className : "digit";
        }
        var said = announcement(d, info[1 + digit][0]);
        renderSpeech(section, fill(d.ui.placed, { t: cellTitle(d, grid, cell), d: digit }), [said]);
        cell.setAttribute("aria-label", said.t);
        cell.className = "cell value placed" + (cell.getAttribute("aria-selected") === "true" ? " selected" : "") +
          (cell.classList.contains("box-right") ? " box-right" : "") + (cell.classList.contains("box-bottom") ? " box-bottom" : "");
        cell.firstChild.className = "digit";
        cell.firstChild.textContent = String(digit);
        cell.dataset.placed = String(digit);
        announce(said.t);
      }

      function clear(section, grid, cell) {
        if (cell.dataset.originalLabel === undefined) { return; }
        var d = data[section.id], info = cellInfo(d, grid, cell);
        cell.setAttribute("aria-label", cell.dataset.originalLabel);
        var selected = cell.getAttribute("aria-selected") === "true";
        cell.className = cell.dataset.originalClass.replace(/ selected/g, "") + (selected ? " selected" : "");
        cell.firstChild.className = cell.dataset.originalMark;
        cell.firstChild.textContent = cell.dataset.originalText;
        delete cell.dataset.originalLabel;
        delete cell.dataset.placed;
        // The screen reader speaks the cell's changed name: so does the panel.
        var said = announcement(d, info[1][0]);
        renderSpeech(section, fill(d.ui.cleared, { t: cellTitle(d, grid, cell) }), [said]);
        announce(said.t);
      }

      // Enter or Space, a double tap: what each screen reader says then (TalkBack answers a
      // click with "selected" and nothing else; VoiceOver says "selected" as a cell gains the
      // trait), and a Sudoku cell becomes the selected one.
      function activate(section, grid, cell) {
        var d = data[section.id], v = variantOf(cellInfo(d, grid, cell), cell);
        var wasSelected = cell.getAttribute("aria-selected") === "true";
        var said = (wasSelected ? v[4] : v[3]).map(function (i) { return utterance(d, i); })
          .filter(function (u) { return u.k === "activation"; });
        if (grid.hasAttribute("aria-multiselectable")) {
          cellsOf(grid).forEach(function (other) {
            other.setAttribute("aria-selected", other === cell ? "true" : "false");
            other.classList.toggle("selected", other === cell);
          });
        }
        renderSpeech(section, fill(d.ui.activated, { t: cellTitle(d, grid, cell) }),
                     said.length ? said : [{ k: "activation", t: d.ui.nothing, s: "", l: "", o: "" }]);
      }

      function moveTo(cells, index) {
        cells.forEach(function (cell, i) { cell.tabIndex = i === index ? 0 : -1; });
        cells[index].focus();
      }

      function onGridKey(event, cell) {
        var grid = cell.closest("[role=grid]");
        var section = grid.closest("section.preview");
        var rows = +grid.dataset.rows, columns = +grid.dataset.columns;
        var index = +cell.dataset.cell, row = Math.floor(index / columns), column = index % columns;
        var target = null;
        switch (event.key) {
          case "ArrowRight": if (column + 1 < columns) { target = index + 1; } break;
          case "ArrowLeft": if (column > 0) { target = index - 1; } break;
          case "ArrowDown": if (row + 1 < rows) { target = index + columns; } break;
          case "ArrowUp": if (row > 0) { target = index - columns; } break;
          case "Home": target = event.ctrlKey ? 0 : row * columns; break;
          case "End": target = event.ctrlKey ? rows * columns - 1 : row * columns + columns - 1; break;
          case "Enter": case " ": activate(section, grid, cell); event.preventDefault(); return;
          case "Backspace": case "Delete": clear(section, grid, cell); event.preventDefault(); return;
          default:
            if (/^[1-9]$/.test(event.key)) { place(section, grid, cell, +event.key); event.preventDefault(); }
            return;
        }
        event.preventDefault();
        if (target !== null) { moveTo(cellsOf(grid), target); }
      }

      function onListKey(event, item) {
        var items = Array.prototype.slice.call(item.parentNode.children);
        var index = items.indexOf(item), target = null;
        switch (event.key) {
          case "ArrowDown": target = Math.min(items.length - 1, index + 1); break;
          case "ArrowUp": target = Math.max(0, index - 1); break;
          case "Home": target = 0; break;
          case "End": target = items.length - 1; break;
          default: return;
        }
        event.preventDefault();
        items.forEach(function (other, i) { other.tabIndex = i === target ? 0 : -1; });
        items[target].focus();
      }

      document.addEventListener("keydown", function (event) {
        var target = event.target;
        if (!target || !target.closest) { return; }
        var cell = target.closest("[role=gridcell]");
        if (cell) { onGridKey(event, cell); return; }
        if (target.matches("li.element")) { onListKey(event, target); }
      });

      document.addEventListener("focusin", function (event) {
        var target = event.target;
        if (!target || !target.closest) { return; }
        var section = target.closest("section.preview");
        if (!section) { return; }
        var d = data[section.id];
        var cell = target.closest("[role=gridcell]");
        if (cell) {
          var grid = cell.closest("[role=grid]");
          var board = +grid.dataset.board, index = +cell.dataset.cell, columns = +grid.dataset.columns;
          var row = Math.floor(index / columns), column = index % columns;
          var how = "enter";
          if (last && last.section === section.id && last.board === board) {
            how = last.row !== row && last.column === column ? "row"
              : last.row === row && last.column !== column ? "column" : "both";
          }
          renderSpeech(section, cellTitle(d, grid, cell), cellSpeech(section, grid, cell, how));
          last = { section: section.id, board: board, row: row, column: column, how: how };
          return;
        }
        var item = target.closest("li.element");
        if (item) {
          var element = d.elements[+item.dataset.element];
          var spoken = element.s.map(function (i) { return utterance(d, i); });
          // From a grid cell straight here (Tab, a click), TalkBack says "Out of grid ‹name›" of
          // the grid it left; from the element before it in the list, what swipe order says.
          if (last && last.section === section.id && element.f) {
            var focus = spoken.length && spoken[0].k === "focus" ? spoken.shift() : null;
            spoken.unshift(compose(d, element.f.concat([d.boards[last.board].x]), focus ? focus.o : ""));
          }
          renderSpeech(section, element.t, spoken);
          last = null;
        }
      });

      document.addEventListener("click", function (event) {
        var button = event.target && event.target.closest ? event.target.closest("button.announce") : null;
        if (button) { announce(button.dataset.announce); }
      });

      follow(location.hash ? decodeURIComponent(location.hash.slice(1)) : "");
    })();

    """
}
