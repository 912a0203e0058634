import Foundation
import JSON

/// A JSON body that did not match an expected JSON value, kept so a message can list where the two differ.
///
/// A failing `equalToJson` check used to print both bodies whole; with a 40-field order that hides the one field
/// that differs. The differences are worked out only when a message is written, so matching stays as cheap as it
/// was.
struct JSONComparison: Sendable, Hashable {
    let expected: JSONValue
    let actual: JSONValue
    let options: JSONMatchOptions

    /// Every place where `actual` lacks or contradicts `expected`, one line each, in key and index order:
    /// `$.amount: expected 100, received 90`, `$.items[2]: missing (expected 3)`, `$.extra: unexpected
    /// (received true)`. With `ignoreExtraElements` (a subset check) only missing and different values count.
    var differences: [String] {
        var lines: [String] = []
        expected.collectDifferences(from: actual, at: "$", options: options, into: &lines)
        return lines
    }

    /// At most `limit` of the differences, then `… and N more`.
    func lines(limit: Int) -> [String] {
        let all = differences
        guard all.count > limit else { return all }
        return Array(all.prefix(limit)) + ["… and \(all.count - limit) more"]
    }
}

extension JSONValue {
    /// The longest a value may be in a difference line before it is cut.
    private static let differenceExcerpt = 80

    /// Appends to `lines` each difference between this expected value and `actual` under `path`; nothing when
    /// `matches(actual, options:)` holds, so the message and the verdict never disagree.
    fileprivate func collectDifferences(
        from actual: JSONValue, at path: String, options: JSONMatchOptions, into lines: inout [String]
    ) {
        if case .string(let text) = self, text.hasPrefix("${json-unit.") {
            if !Self.placeholder(text, accepts: actual) {
                lines.append("\(path): expected \(Self.describePlaceholder(text)), received \(actual.excerpt)")
            }
            return
        }
        switch (self, actual) {
        case (.object(let expected), .object(let members)):
            for key in Set(expected.keys).union(members.keys).sorted() {
                let inner = Self.path(path, key: key)
                switch (expected[key], members[key]) {
                case (let want?, let got?):
                    want.collectDifferences(from: got, at: inner, options: options, into: &lines)
                case (let want?, nil):
                    if want != .string("${json-unit.ignore-element}") {
                        lines.append("\(inner): missing (expected \(want.excerpt))")
                    }
                case (nil, let got?):
                    if !options.contains(.ignoreExtraElements) {
                        lines.append("\(inner): unexpected (received \(got.excerpt))")
                    }
                case (nil, nil): break
                }
            }
        case (.array(let expected), .array(let items)) where !options.contains(.ignoreArrayOrder):
            for index in 0..<max(expected.count, items.count) {
                let inner = "\(path)[\(index)]"
                if index >= items.count {
                    lines.append("\(inner): missing (expected \(expected[index].excerpt))")
                } else if index >= expected.count {
                    if !options.contains(.ignoreExtraElements) {
                        lines.append("\(inner): unexpected (received \(items[index].excerpt))")
                    }
                } else {
                    expected[index].collectDifferences(from: items[index], at: inner, options: options, into: &lines)
                }
            }
        case (.array(let expected), .array(let items)):
            guard !matches(actual, options: options) else { return }
            Self.unorderedDifferences(expected, items, at: path, options: options, into: &lines)
        default:
            if !matches(actual, options: options) {
                lines.append("\(path): expected \(excerpt), received \(actual.excerpt)")
            }
        }
    }

    /// Arrays compared in any order have no index to point at: the count when it is wrong, then each expected
    /// item that no received item matches, or else the two arrays (each item has a partner, but not all at once).
    private static func unorderedDifferences(
        _ expected: [JSONValue], _ items: [JSONValue], at path: String, options: JSONMatchOptions,
        into lines: inout [String]
    ) {
        let extra = options.contains(.ignoreExtraElements)
        let before = lines.count
        if extra ? items.count < expected.count : items.count != expected.count {
            let wanted = (extra ? "at least " : "") + "\(expected.count) item\(expected.count == 1 ? "" : "s")"
            lines.append("\(path): expected \(wanted) in any order, received \(items.count)")
        }
        for (index, item) in expected.enumerated() where !items.contains(where: { item.matches($0, options: options) })
        {
            lines.append("\(path): no item matches expected item \(index) (\(item.excerpt))")
        }
        if lines.count == before {
            let shown = JSONValue.array(items).excerpt
            lines.append("\(path): expected \(JSONValue.array(expected).excerpt) in any order, received \(shown)")
        }
    }

    /// `$.name` for a plain key, `$['first name']` otherwise, as JSONPath writes them.
    private static func path(_ parent: String, key: String) -> String {
        let plain = key.first.map { $0 == "_" || $0.isASCII && $0.isLetter } == true
            && key.allSatisfy { $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) }
        if plain { return "\(parent).\(key)" }
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
        return "\(parent)['\(escaped)']"
    }

    /// A json-unit placeholder as the message reads it: `any number`, `a string matching [0-9]+`.
    private static func describePlaceholder(_ text: String) -> String {
        switch text {
        case "${json-unit.any-string}": return "any string"
        case "${json-unit.any-number}": return "any number"
        case "${json-unit.any-boolean}": return "any boolean"
        default:
            let prefix = "${json-unit.regex}"
            if text.hasPrefix(prefix) { return "a string matching \(text.dropFirst(prefix.count))" }
            return JSONValue.string(text).excerpt
        }
    }

    /// The compact JSON text, cut to `differenceExcerpt` characters.
    private var excerpt: String {
        let text = jsonString
        guard text.count > Self.differenceExcerpt else { return text }
        return text.prefix(Self.differenceExcerpt) + "…"
    }
}
