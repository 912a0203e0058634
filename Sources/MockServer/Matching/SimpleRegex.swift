/// The regular expressions most stubs use (`/api/item/[0-9]+`, `/proxy/.*`, `/users/\d{3}/orders`), matched
/// without ICU: fixed atoms around at most one repeated atom, so whether a whole text matches is a matter of its
/// length and of each scalar against its atom.
///
/// `CompiledRegex` asks this first and ICU only when it cannot tell: a pattern outside the subset is not made at
/// all, and a match says "unknown" for a scalar whose class ICU defines by Unicode properties (`\d`, `\w` and `\s`
/// on text that is not ASCII). ICU through NSRegularExpression cost a templated mock request about 7,500
/// instructions of its 138,000 for a 12-character path; this costs a few hundred.
///
/// The answer must be ICU's for `^(?:pattern)$` with `.` matching line separators, as `CompiledRegex` compiles it,
/// including ICU's `$`, which also matches before a line terminator that ends the text.
/// `SimpleRegexTests` checks it against ICU on generated patterns and texts.
struct SimpleRegex: Sendable {
    /// One position of the pattern: a scalar, a class of them, or any.
    enum Atom: Sendable, Equatable {
        case scalar(Unicode.Scalar)
        case any
        /// `[…]`: ranges (a single scalar is a range of one) and shorthand classes, or their complement.
        case set(ranges: [ClosedRange<Unicode.Scalar>], shorthands: [Shorthand], negated: Bool)
        case shorthand(Shorthand, negated: Bool)
    }

    /// `\d`, `\w`, `\s`: ICU defines them by Unicode properties, which this knows only for ASCII.
    enum Shorthand: Sendable, Equatable {
        case digit, word, space

        /// Whether an ASCII scalar is in the class (ICU's `\s` has `\v` too, measured: its documentation leaves it out).
        func containsASCII(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .digit: return ("0"..."9").contains(scalar)
            case .word:
                return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || scalar == "_"
            case .space: return [" ", "\t", "\n", "\u{0B}", "\u{0C}", "\r"].contains(scalar)
            }
        }
    }

    let prefix: [Atom]
    /// The repeated atom and how often it may repeat (`max` nil: without bound), if there is one.
    let repeated: (atom: Atom, min: Int, max: Int?)?
    let suffix: [Atom]

    /// Reads `pattern`; nil when it is outside the subset (then ICU decides every match).
    init?(_ pattern: String) {
        var reader = Reader(Array(pattern.unicodeScalars))
        guard let parsed = reader.parse() else { return nil }
        (prefix, repeated, suffix) = parsed
    }

    /// Whether the whole text matches, as ICU would say; nil when a scalar's class needs Unicode properties, and
    /// for a text with a CR LF in it, which ICU's `.` takes as one character.
    func matches(_ text: String) -> Bool? {
        var text = text
        return text.withUTF8 { bytes in
            // ASCII text (most paths) is its own scalars: read in place rather than decoded into an array.
            if bytes.allSatisfy({ $0 < 0x80 }) { return matches(scalars: bytes.lazy.map { Unicode.Scalar($0) }) }
            return matches(scalars: Array(String(decoding: bytes, as: UTF8.self).unicodeScalars))
        }
    }

    private func matches<Scalars: RandomAccessCollection<Unicode.Scalar>>(scalars: Scalars) -> Bool?
    where Scalars.Index == Int {
        if scalars.count > 1, zip(scalars, scalars.dropFirst()).contains(where: { $0 == "\r" && $1 == "\n" }) { return nil }
        guard let whole = matches(scalars[...]) else { return nil }
        if whole { return true }
        // ICU's `$` also matches before a line terminator that ends the text.
        guard let last = scalars.last, Self.lineTerminators.contains(last) else { return false }
        return matches(scalars.dropLast())
    }

    /// ICU's line terminators (its documentation's list, `\v` and `\f` among them).
    static let lineTerminators: Set<Unicode.Scalar> = ["\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}"]

    private func matches<Scalars: RandomAccessCollection<Unicode.Scalar>>(_ scalars: Scalars) -> Bool?
    where Scalars.Index == Int {
        let fixed = prefix.count + suffix.count
        let middle = scalars.count - fixed
        if let repeated {
            guard middle >= repeated.min, repeated.max.map({ middle <= $0 }) ?? true else { return false }
        } else {
            guard middle == 0 else { return false }
        }
        var unknown = false
        var index = scalars.startIndex
        func next(_ atom: Atom) -> Bool {
            defer { index += 1 }
            guard let fits = Self.fits(scalars[index], atom) else {
                unknown = true
                return true
            }
            return fits
        }
        for atom in prefix where !next(atom) { return false }
        if let repeated {
            for _ in 0..<middle where !next(repeated.atom) { return false }
        }
        for atom in suffix where !next(atom) { return false }
        return unknown ? nil : true
    }

    /// Whether the scalar fits the atom; nil when that needs a Unicode property.
    private static func fits(_ scalar: Unicode.Scalar, _ atom: Atom) -> Bool? {
        switch atom {
        case .scalar(let expected): return scalar == expected
        case .any: return true
        case .shorthand(let shorthand, let negated):
            guard scalar.isASCII else { return nil }
            return shorthand.containsASCII(scalar) != negated
        case .set(let ranges, let shorthands, let negated):
            if ranges.contains(where: { $0.contains(scalar) }) { return !negated }
            guard !shorthands.isEmpty else { return negated }
            guard scalar.isASCII else { return nil }
            return shorthands.contains { $0.containsASCII(scalar) } != negated
        }
    }
}

extension SimpleRegex {
    /// A reader of the subset: anything it is not sure of ends in nil.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        /// Characters with a meaning of their own inside a class, in ICU's set syntax (a `^` past the first place
        /// is one too, read as such rather than guessed at).
        static let setSyntax: Set<Unicode.Scalar> = ["[", "]", "{", "}", "$", ":", "&", "^"]

        /// Characters with a meaning of their own outside a class.
        static let special: Set<Unicode.Scalar> = ["\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}"]

        mutating func parse() -> (prefix: [Atom], repeated: (atom: Atom, min: Int, max: Int?)?, suffix: [Atom])? {
            var end = scalars.count
            if index < end, scalars[index] == "^" { index += 1 }
            // A `$` at the very end (not escaped) is the anchor the wrapper adds anyway.
            if end > index, scalars[end - 1] == "$", !isEscaped(end - 1) { end -= 1 }
            var prefix: [Atom] = []
            var suffix: [Atom] = []
            var repeated: (atom: Atom, min: Int, max: Int?)?
            while index < end {
                guard let atom = readAtom(before: end) else { return nil }
                if index < end, let (min, max) = readQuantifier(before: end) {
                    guard repeated == nil else { return nil }
                    repeated = (atom, min, max)
                } else if repeated == nil {
                    prefix.append(atom)
                } else {
                    suffix.append(atom)
                }
            }
            return (prefix, repeated, suffix)
        }

        private func isEscaped(_ position: Int) -> Bool {
            var backslashes = 0
            var at = position - 1
            while at >= 0, scalars[at] == "\\" {
                backslashes += 1
                at -= 1
            }
            return backslashes % 2 == 1
        }

        private mutating func readAtom(before end: Int) -> Atom? {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case ".": return .any
            case "\\":
                guard index < end else { return nil }
                let escaped = scalars[index]
                index += 1
                return Self.escape(escaped)
            case "[": return readSet(before: end)
            default:
                return Self.special.contains(scalar) || scalar == "#" ? nil : .scalar(scalar)
            }
        }

        /// `\d`-style shorthands and escaped punctuation; letters and digits mean other things in ICU.
        private static func escape(_ scalar: Unicode.Scalar) -> Atom? {
            switch scalar {
            case "d": return .shorthand(.digit, negated: false)
            case "D": return .shorthand(.digit, negated: true)
            case "w": return .shorthand(.word, negated: false)
            case "W": return .shorthand(.word, negated: true)
            case "s": return .shorthand(.space, negated: false)
            case "S": return .shorthand(.space, negated: true)
            default:
                guard scalar.isASCII, !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar), scalar != " "
                else { return nil }
                return .scalar(scalar)
            }
        }

        /// `[a-z0-9_\-.]`, `[^/]`: scalars, ranges of two plain scalars, `\d \w \s`, escaped punctuation. No nested
        /// sets, intersections, properties or ICU's set syntax (`{…}`, `$`, `:`).
        private mutating func readSet(before end: Int) -> Atom? {
            var negated = false
            if index < end, scalars[index] == "^" {
                negated = true
                index += 1
            }
            var ranges: [ClosedRange<Unicode.Scalar>] = []
            var shorthands: [Shorthand] = []
            var first = true
            while index < end, scalars[index] != "]" || first {
                let scalar = scalars[index]
                index += 1
                var lower: Unicode.Scalar
                if scalar == "\\" {
                    guard index < end else { return nil }
                    let escaped = scalars[index]
                    index += 1
                    switch Self.escape(escaped) {
                    case .shorthand(let shorthand, negated: false)?:
                        shorthands.append(shorthand)
                        first = false
                        continue
                    case .scalar(let literal)?: lower = literal
                    default: return nil
                    }
                } else if scalar == "-" {
                    // A `-` stands for itself only as the last scalar before `]`.
                    guard !first, index < end, scalars[index] == "]" else { return nil }
                    lower = scalar
                } else if Self.setSyntax.contains(scalar) || scalar.properties.isWhitespace {
                    return nil
                } else {
                    lower = scalar
                }
                first = false
                if index + 1 < end, scalars[index] == "-", scalars[index + 1] != "]" {
                    let upper = scalars[index + 1]
                    guard upper != "\\", upper != "-", !Self.setSyntax.contains(upper), !upper.properties.isWhitespace,
                        lower <= upper
                    else {
                        return nil
                    }
                    index += 2
                    ranges.append(lower...upper)
                } else {
                    ranges.append(lower...lower)
                }
            }
            guard index < end, scalars[index] == "]", !(ranges.isEmpty && shorthands.isEmpty) else { return nil }
            index += 1
            return .set(ranges: ranges, shorthands: shorthands, negated: negated)
        }

        /// `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, lazy or not (the same language); possessive ones are not read.
        private mutating func readQuantifier(before end: Int) -> (Int, Int?)? {
            let start = index
            let bounds: (Int, Int?)
            switch scalars[index] {
            case "*": bounds = (0, nil)
            case "+": bounds = (1, nil)
            case "?": bounds = (0, 1)
            case "{":
                guard let close = scalars[index..<end].firstIndex(of: "}") else { return nil }
                let inside = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                let parts = inside.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
                guard let low = parts.first.flatMap({ Int($0) }), low <= 1_000 else { return nil }
                if parts.count == 1 {
                    bounds = (low, low)
                } else if parts[1].isEmpty {
                    bounds = (low, nil)
                } else {
                    guard let high = Int(parts[1]), high >= low, high <= 1_000 else { return nil }
                    bounds = (low, high)
                }
                index = close
            default:
                return nil
            }
            index += 1
            if index < end, scalars[index] == "?" {
                index += 1
            } else if index < end, scalars[index] == "+" {
                index = start
                return nil
            }
            return bounds
        }
    }
}
