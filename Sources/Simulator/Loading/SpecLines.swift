/// Where an app file wrote each view: the line of its constructor call (`button{…}` on line 12), by the Lua path
/// of the table it made (`screens.main[2]`), so an error in a view's fields can say `bank.lua:12:`.
///
/// The prelude's constructors put the caller's line in the table (`__line`); the spec reader records it here as
/// it reads each view, and finds the line of the innermost view around a failing field.
final class SpecLines {
    private var lines: [String: Int] = [:]

    /// Notes that the table at `path` was made on `line`.
    func record(_ path: String, line: Int) {
        lines[path] = line
    }

    /// The line of the innermost recorded table that holds `path` (`screens.main[2].txt` is inside
    /// `screens.main[2]`), or nil.
    func line(enclosing path: String) -> Int? {
        var candidate = path
        while true {
            if let line = lines[candidate] { return line }
            guard let cut = candidate.lastIndex(where: { $0 == "." || $0 == "[" }) else { return nil }
            candidate = String(candidate[..<cut])
        }
    }
}
