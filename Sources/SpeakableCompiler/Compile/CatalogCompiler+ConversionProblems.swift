import Dispatch
import Synchronization
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakablePlatformFormats

extension CatalogCompiler {
    /// What converting every prepared message of every table finds (each platform's conversion,
    /// then, with `compose`, the Compose one), in the order one renderer a table finds it: table
    /// after table, and in a table every message's conversions, then every message's Compose
    /// conversions. A problem may be listed more than once (the caller keeps the first).
    ///
    /// Each message is converted on its own, so a large table is converted in pieces (at least
    /// `minimumPiece` messages, at most `maximumPieces` a table) on every core, and what each
    /// piece finds is put back in that order: the outcome does not depend on the pieces or on
    /// scheduling.
    static func conversionProblems(_ project: Project, _ preparation: Preparation, platforms: [CatalogPlatform], compose: Bool,
                                   minimumPiece: Int = 256, maximumPieces: Int = 8) -> [Diagnostic] {
        let lookup = OutputRenderer.Lookup(project)
        let context = preparation.context
        let prepared = preparation.tables
        var planned: [(table: Int, range: Range<Int>)] = []
        for (t, messages) in prepared.enumerated() {
            let pieces = max(1, min(maximumPieces, messages.count / max(minimumPiece, 1)))
            for p in 0..<pieces { planned.append((t, messages.count * p / pieces..<messages.count * (p + 1) / pieces)) }
        }
        let pieces = planned
        let found = Mutex<[Int: (conversions: [Diagnostic], compose: [Diagnostic])]>([:])
        DispatchQueue.concurrentPerform(iterations: pieces.count) { index in
            let (t, range) = pieces[index]
            let messages = range == prepared[t].indices ? prepared[t] : Array(prepared[t][range])
            var renderer = OutputRenderer(context: context, lookup: lookup)
            renderer.validate(project.tables[t], messages, platforms: platforms)
            let conversions = renderer.diagnostics.count
            if compose { renderer.validateCompose(project.tables[t], messages) }
            let diagnostics = renderer.diagnostics
            found.withLock { $0[index] = (Array(diagnostics[..<conversions]), Array(diagnostics[conversions...])) }
        }
        let collected = found.withLock { $0 }
        var problems: [Diagnostic] = []
        var first = 0
        while first < pieces.count {
            var end = first
            while end < pieces.count && pieces[end].table == pieces[first].table { end += 1 }
            for index in first..<end { problems += collected[index]?.conversions ?? [] }
            for index in first..<end { problems += collected[index]?.compose ?? [] }
            first = end
        }
        return problems
    }
}
