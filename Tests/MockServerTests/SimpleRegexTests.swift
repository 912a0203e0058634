import Foundation
import Testing

@testable import MockServer

/// `SimpleRegex` answers for ICU on the patterns it reads, so every answer it gives is checked against ICU's
/// (`CompiledRegex.matchesWithICU`, NSRegularExpression as the mock has always run it): on the patterns stubs
/// use, and on thousands of generated patterns and texts built to land near their edges.
@Suite struct SimpleRegexTests {
    @Test(arguments: [
        "/api/item/[0-9]+", "/proxy/.*", "/a/b", "/a/\\d{3}", "/users/[a-z0-9_-]+/orders", "^/api/.*$", "/a\\.json",
        "[^/]+", "/a/.*?", "x{2,}", "x{2,4}y", "\\w+@example\\.com", "/files/\\S*", "[\\d.]+", "",
    ])
    func patternsStubsUseAreRead(pattern: String) throws {
        #expect(SimpleRegex(pattern) != nil, "\(pattern)")
    }

    @Test(arguments: [
        "(a+)+b", "a|b", "(ab)+", "a*b*", "(?i)/a", "\\p{L}+", "[[a-z]&&[^b]]", "\\Qa.b\\E", "a*+", "a{2}+",
        "\\bword", "[a-z&&b]", "[:alpha:]", "\\x41", "\\u0041", "\\1", "[]a]", "[^-a]", "[a b]", "a{1001}", "x^",
    ])
    func patternsBeyondTheSubsetAreLeftToICU(pattern: String) {
        #expect(SimpleRegex(pattern) == nil, "\(pattern)")
    }

    @Test func theAnswersAreICUsOnTheBenchsPaths() throws {
        let regex = try CompiledRegex("/api/item/[0-9]+")
        for path in ["/api/item/7", "/api/item/", "/api/item/12x", "/api/item/7\n", "/api/item/7\n\n", "/api/item/٣"] {
            #expect(regex.matches(path) == regex.matchesWithICU(path), "\(path.debugDescription)")
        }
    }

    /// Generated patterns from the subset's parts and texts made to fit them, then changed a little: each answer
    /// `SimpleRegex` gives is ICU's. A fixed seed, so a failure repeats; the count checks the test compared
    /// enough cases to mean something.
    @Test func generatedPatternsAnswerAsICUDoes() throws {
        var random = SplitMix(seed: 0x5EED_2026)
        var compared = 0
        var matched = 0
        for _ in 0..<4_000 {
            let pattern = GeneratedPattern(&random)
            guard let regex = try? CompiledRegex(pattern.text), let simple = SimpleRegex(pattern.text) else { continue }
            for _ in 0..<12 {
                let text = pattern.text(fitting: random.chance(0.7), &random)
                guard let answer = simple.matches(text) else { continue }
                let icu = regex.matchesWithICU(text)
                #expect(answer == icu, "pattern \(pattern.text.debugDescription), text \(text.debugDescription)")
                compared += 1
                if icu { matched += 1 }
            }
        }
        #expect(compared > 25_000, "compared \(compared)")
        #expect(matched > 5_000, "matched \(matched)")
    }
}

/// SplitMix64: a small seeded generator, so generated cases repeat from run to run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(_ p: Double) -> Bool { Double(next() % 10_000) < p * 10_000 }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// A pattern of the subset's parts, each with a way to make a scalar it accepts.
private struct GeneratedPattern {
    struct Part {
        var text: String
        var sample: (inout SplitMix) -> Unicode.Scalar
    }

    /// Scalars texts are made of: ASCII of every kind, line terminators, and letters, digits and spaces that
    /// are not ASCII (where ICU's classes are Unicode's).
    static let alphabet: [Unicode.Scalar] = [
        "a", "b", "z", "A", "Z", "0", "5", "9", "_", "-", ".", "/", " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "@", "$",
        "^", "[", "]", "\\", "é", "٣", "\u{85}", "\u{2028}", "\u{A0}", "😀", "\u{301}",
    ]

    var parts: [Part] = []
    var quantified: (index: Int, text: String, min: Int, max: Int)?
    let text: String

    init(_ random: inout SplitMix) {
        let count = random.below(5)
        for _ in 0..<count { parts.append(Self.part(&random)) }
        if !parts.isEmpty, random.chance(0.8) {
            let index = random.below(parts.count)
            let quantifier = random.pick([("*", 0, 4), ("+", 1, 4), ("?", 0, 1), ("{2}", 2, 2), ("{1,3}", 1, 3),
                                          ("{2,}", 2, 5), ("*?", 0, 4), ("{0,2}?", 0, 2)])
            quantified = (index, quantifier.0, quantifier.1, quantifier.2)
        }
        var text = random.chance(0.1) ? "^" : ""
        for (index, part) in parts.enumerated() {
            text += part.text
            if let quantified, quantified.index == index { text += quantified.text }
        }
        if random.chance(0.1) { text += "$" }
        self.text = text
    }

    static func part(_ random: inout SplitMix) -> Part {
        switch random.below(9) {
        case 0, 1:
            let scalar = random.pick(["a", "b", "/", "-", "_", "é", "5", " ", "😀"] as [Unicode.Scalar])
            return Part(text: String(scalar)) { _ in scalar }
        case 2:
            let scalar = random.pick([".", "/", "$", "[", "^", "?", "+", "\\"] as [Unicode.Scalar])
            return Part(text: "\\" + String(scalar)) { _ in scalar }
        case 3: return Part(text: ".") { random in random.pick(alphabet) }
        case 4:
            let (text, members): (String, [Unicode.Scalar]) = random.pick([
                ("\\d", ["0", "5", "9", "٣"]), ("\\w", ["a", "Z", "_", "5", "é", "٣"]), ("\\s", [" ", "\t", "\n", "\u{A0}"]),
                ("\\D", ["a", "/", "é"]), ("\\W", ["/", "-", " ", "😀"]), ("\\S", ["a", "/", "\u{0B}"]),
            ])
            return Part(text: text) { random in random.pick(members) }
        case 5: return Part(text: "[a-z]") { random in random.pick(["a", "m", "z"]) }
        case 6: return Part(text: "[0-9_.-]") { random in random.pick(["0", "9", "_", ".", "-"]) }
        case 7: return Part(text: "[^/]") { random in random.pick(["a", " ", "\n", "é", "😀"]) }
        default: return Part(text: "[\\d\\s\\-]") { random in random.pick(["0", " ", "-", "٣", "\u{2028}"]) }
        }
    }

    /// A text the pattern should accept, built part by part, or a near one: a scalar changed, added or dropped, or
    /// a line terminator at the end.
    func text(fitting: Bool, _ random: inout SplitMix) -> String {
        var scalars: [Unicode.Scalar] = []
        for (index, part) in parts.enumerated() {
            var times = 1
            if let quantified, quantified.index == index {
                times = quantified.min + random.below(quantified.max - quantified.min + 1)
            }
            for _ in 0..<times { scalars.append(part.sample(&random)) }
        }
        if !fitting {
            switch random.below(4) {
            case 0 where !scalars.isEmpty: scalars[random.below(scalars.count)] = random.pick(Self.alphabet)
            case 1: scalars.insert(random.pick(Self.alphabet), at: random.below(scalars.count + 1))
            case 2 where !scalars.isEmpty: scalars.remove(at: random.below(scalars.count))
            default: scalars += random.pick([["\n"], ["\r", "\n"], ["\r"], ["\u{2028}"], ["\n", "\n"]] as [[Unicode.Scalar]])
            }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
    }
}
