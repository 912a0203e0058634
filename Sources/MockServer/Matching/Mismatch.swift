/// One part of a request that a pattern did not accept, with what was expected and what came.
///
/// Mismatches are what the near-miss 404 body, the journal and verify errors print, so their wording lives here.
struct Mismatch: Sendable, Hashable {
    /// The part of the request: `method`, `path`, `query parameter page`, `header Accept`, `body`, `scenario login`.
    let part: String
    let expected: String
    let actual: String
    /// How far off this makes a stub when choosing the closest one: a wrong URL counts more than a wrong header.
    let weight: Int
    /// For a JSON body checked against expected JSON: both values, so the message lists the fields that differ
    /// (one per line) instead of the two bodies whole.
    var json: JSONComparison? = nil

    var description: String {
        if let json {
            return "\(part) did not match:" + json.lines(limit: Self.differenceLimit).map { "\n  " + $0 }.joined()
        }
        return "\(part) did not match (expected \(Self.excerpt(expected)), got \(Self.excerpt(actual)))"
    }

    /// The most differing fields a JSON body mismatch lists before `… and N more`.
    static let differenceLimit = 10

    /// The most of one side a message shows: a 50 MB body sent to a 404 once came back whole.
    static let excerptLimit = 1024

    /// `text` cut to `excerptLimit` bytes, saying how long it was.
    static func excerpt(_ text: String) -> String {
        guard text.utf8.count > excerptLimit else { return text }
        let cut = String(decoding: text.utf8.prefix(excerptLimit), as: UTF8.self)
        return cut + "… (\(text.utf8.count) bytes in all)"
    }
}

/// The result of checking one request against one pattern: what did not match, and what a template captured.
struct MatchOutcome: Sendable {
    var mismatches: [Mismatch] = []
    /// Values captured by a path template, by name, for `{{name}}` in the response.
    var captures: [String: String] = [:]

    var isMatch: Bool { mismatches.isEmpty }
    /// The weighted number of mismatches; the stub with the smallest distance is the closest.
    var distance: Int { mismatches.reduce(0) { $0 + $1.weight } }
    var explanation: String { mismatches.map(\.description).joined(separator: "; ") }
}
