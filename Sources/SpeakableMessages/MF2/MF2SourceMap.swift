/// Where each place of an MF1 pattern converted from an MF2 message (``MF2Message/convertedToMF1()``)
/// was written in the MF2 source, so that what is found in the converted pattern — a checker
/// finding, a compile error — is reported at the MF2 text a translator wrote.
///
/// The two are aligned part by part, in order: each MF1 text part with the MF2 text that holds it
/// (an offset inside it maps to the same offset there), each argument with the MF2 placeholder,
/// `.match` selector or declaration of its variable. Text a conversion repeats (a variant's text
/// in every case of a nested selection) maps to its first place.
///
/// ```swift
/// let message = try MF2Message("Hello {$name}, {$n :integer} new")
/// let pattern = try MessagePattern(message.convertedToMF1().source)   // "Hello {name}, {n, number, integer} new"
/// let map = MF2SourceMap(pattern, message)
/// map.mf2Offset(ofMF1: 6)    // 6: "{name}" is at "{$name}"
/// map.mf2Offset(ofMF1: 34)   // 28: " new" follows "{$n :integer}"
/// ```
public struct MF2SourceMap: Sendable {
    /// (MF1 offset, MF2 offset, length the two share), sorted by MF1 offset.
    private var anchors: [(mf1: Int, mf2: Int, length: Int)] = []
    /// The MF2 source's length: no offset maps past it.
    private let end: Int

    /// Aligns `pattern` (the conversion of `message`) with `message`'s source.
    public init(_ pattern: MessagePattern, _ message: MF2Message) {
        end = message.source.utf16.count
        var texts: [(text: String, range: Range<Int>)] = []
        var placeholders: [String: [Range<Int>]] = [:]
        func collect(_ pattern: MF2Pattern) {
            for part in pattern.parts {
                switch part {
                case .text(let text, let range): texts.append((text, range))
                case .expression(let expression):
                    if case .variable(let variable)? = expression.operand {
                        placeholders[variable.name, default: []].append(expression.range)
                    }
                case .markup: break
                }
            }
        }
        var declared: [String: Range<Int>] = [:]
        for declaration in message.declarations where declared[declaration.name] == nil {
            declared[declaration.name] = declaration.range
        }
        var selected: [String: Range<Int>] = [:]
        switch message.body {
        case .pattern(let pattern): collect(pattern)
        case .select(let select):
            for selector in select.selectors where selected[selector.name] == nil { selected[selector.name] = selector.range }
            for variant in select.variants { collect(variant.pattern) }
        }
        /// The MF2 place of a variable: its first placeholder, selector or declaration.
        func place(of name: String) -> Range<Int>? {
            placeholders[name]?.first ?? selected[name] ?? declared[name]
                ?? placeholders.first { $0.key.replacingMF1Unsafe() == name }?.value.first
        }
        var cursor = 0
        func walk(_ body: MessageBody) {
            for part in body.parts {
                switch part {
                case .text(let text, let range):
                    guard !text.isEmpty else { continue }
                    // The MF2 text that holds it, from where the last one was found on.
                    let order = Array(texts.indices[min(cursor, texts.count)...]) + Array(texts.indices[..<min(cursor, texts.count)])
                    for index in order {
                        guard let found = texts[index].text.utf16Offset(of: text) else { continue }
                        let written = texts[index]
                        // Text written with escapes (MF2 `\{`) or quoted (MF1 `''`) is longer than
                        // its value: only its start maps.
                        let exact = written.range.count == written.text.utf16.count && range.count == text.utf16.count
                        anchors.append((range.lowerBound, written.range.lowerBound + (exact ? found : 0), exact ? text.utf16.count : 0))
                        cursor = index
                        break
                    }
                case .pound(let range):
                    anchors.append((range.lowerBound, anchors.last.map { $0.mf2 + $0.length } ?? 0, 0))
                case .argument(let node):
                    // A plural or select is the MF2 selection on its variable.
                    let selecting: Bool = switch node.kind {
                    case .plural, .select, .choice: true
                    case .none, .simple: false
                    }
                    let written = selecting ? selected[node.name] ?? place(of: node.name) : place(of: node.name)
                    anchors.append((node.range.lowerBound, written?.lowerBound ?? 0, 0))
                    switch node.kind {
                    case .none, .simple: break
                    case .plural(let plural): plural.cases.forEach { walk($0.message) }
                    case .select(let select): select.cases.forEach { walk($0.message) }
                    case .choice(let choice): choice.cases.forEach { walk($0.message) }
                    }
                }
            }
        }
        walk(pattern.body)
        anchors.sort { $0.mf1 < $1.mf1 }
    }

    /// The MF2 offset of MF1 offset `offset`: inside text the two share, the same character;
    /// anywhere else, the start of the part it belongs to.
    public func mf2Offset(ofMF1 offset: Int) -> Int {
        var low = 0
        var high = anchors.count
        while low < high {
            let middle = (low + high) / 2
            if anchors[middle].mf1 <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return min(anchors.first?.mf2 ?? 0, end) }
        let anchor = anchors[low - 1]
        return min(anchor.mf2 + min(offset - anchor.mf1, anchor.length), end)
    }
}

extension String {
    /// The UTF-16 offset of the first occurrence of `other`, if any.
    func utf16Offset(of other: String) -> Int? {
        let haystack = Array(utf16)
        let needle = Array(other.utf16)
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty ? 0 : nil }
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == needle[0] && Array(haystack[start..<start + needle.count]) == needle { return start }
            start += 1
        }
        return nil
    }

    /// The name with what MF1 cannot spell as `_` (how ``MF2Message/convertedToMF1()`` renames).
    func replacingMF1Unsafe() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { scalar in
            scalar == "-" || scalar == "." || scalar == "+" || scalar.properties.isPatternSyntax ? "_" : scalar
        }))
    }
}
