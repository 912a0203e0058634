/// How many single-character edits separate two words, for "did you mean" suggestions.
///
/// fscript's one edit distance: the mock's mapping reader, Lua option tables, Shelley's selector hints and the
/// no-match diagnosis all suggest names with it, so a typo is near in the same way everywhere. It counts a swap
/// of two neighbours as one edit (`lable` is one typo from `label`, as people type) and can ignore letter case.
/// The words come from outside (a mapping file, a script), so the work is bounded: only a band of `limit` cells
/// either side of the diagonal is computed, and the search stops as soon as every cell of a row is over the
/// limit. A 10,000-character key costs a few passes over its characters, not a hundred million cells.
public enum EditDistance {
    /// The edit distance between `lhs` and `rhs` when it is at most `limit`, else nil.
    public static func between(_ lhs: String, _ rhs: String, limit: Int, ignoringCase: Bool = false) -> Int? {
        guard limit >= 0 else { return nil }
        let a = Array(ignoringCase ? lhs.lowercased() : lhs)
        let b = Array(ignoringCase ? rhs.lowercased() : rhs)
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        return banded(a, b, limit: limit)
    }

    /// The candidate nearest to `word` (ties go to the earlier one), or nil when none is within `limit`; by
    /// default a third of the word's length, from 1 to 3, which is about as far as a typo goes.
    public static func nearest(
        to word: String, among candidates: some Sequence<String>, limit: Int? = nil, ignoringCase: Bool = false
    ) -> String? {
        let limit = limit ?? max(1, min(3, word.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let bound = min(limit, (best?.distance ?? limit + 1) - 1)
            if let distance = between(word, candidate, limit: bound, ignoringCase: ignoringCase) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Optimal string alignment distance over the band |i - j| <= limit; cells outside the band count as over.
    /// The three rows are reused, and only the cells just outside the band are reset, so the work is linear in
    /// the length times the limit.
    private static func banded(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
        let over = limit + 1
        var older = [Int](repeating: over, count: b.count + 2)
        var previous = (0...b.count + 1).map { min($0, over) }
        var row = [Int](repeating: over, count: b.count + 2)
        for i in 1...a.count {
            let low = max(1, i - limit), high = min(b.count, i + limit)
            row[low - 1] = low == 1 ? min(i, over) : over
            row[high + 1] = over
            var best = row[low - 1]
            for j in low...high {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var cell = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { cell = min(cell, older[j - 2] + 1) }
                row[j] = min(cell, over)
                best = min(best, row[j])
            }
            // Every path to the end goes through this row, so once it is all over the limit, so is the answer.
            if best > limit { return nil }
            (older, previous, row) = (previous, row, older)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
