import Foundation

/// A path a route answers, written the way WireMock and Frank documents write it: literal segments, `{name}` for
/// one segment captured under that name, and a final `**` for whatever follows (nothing included).
///
/// `/__admin/mappings/{id}` captures the id; `/dump/view/**` answers `/dump/view` and every path below it. A
/// literal segment is more specific than a capture, and a capture than `**`, so `/__admin/mappings/reset`
/// wins over `/__admin/mappings/{id}` whichever was added first, as in Hummingbird's trie.
public struct RouteTemplate: Hashable, Sendable, CustomStringConvertible {
    /// One piece of a template.
    public enum Segment: Hashable, Sendable {
        /// Must equal this text exactly (case-sensitive, as URL paths are).
        case literal(String)
        /// Any one non-empty segment, captured under this name.
        case capture(String)
        /// Zero or more trailing segments; only last.
        case catchAll
    }

    /// The template's pieces, in order.
    public let segments: [Segment]
    /// The template as written.
    public let description: String

    /// Parses `template`; a `**` anywhere but last, or an empty capture name, is a programming error.
    public init(_ template: String) {
        let pieces = template.split(separator: "/", omittingEmptySubsequences: true)
        segments = pieces.enumerated().map { index, piece in
            if piece == "**" {
                precondition(index == pieces.count - 1, "'**' must end the route template \(template)")
                return .catchAll
            }
            if piece.hasPrefix("{") && piece.hasSuffix("}") && piece.count > 2 {
                return .capture(String(piece.dropFirst().dropLast()))
            }
            return .literal(String(piece))
        }
        description = template
    }

    /// The captures when `path` (segments, as a `PathPolicy` split them) fits this template, else nil.
    public func match(_ path: [Substring]) -> RouteParameters? {
        var parameters = RouteParameters()
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .catchAll:
                parameters.catchAll = path[index...].joined(separator: "/")
                return parameters
            case .literal(let text):
                guard index < path.count, path[index] == text else { return nil }
            case .capture(let name):
                guard index < path.count, !path[index].isEmpty else { return nil }
                parameters.values[name] = String(path[index])
            }
        }
        return path.count == segments.count ? parameters : nil
    }

    /// Ranks templates that fit the same path: compared piece by piece, a literal beats a capture, the end of a
    /// template beats a `**` (so `/dump` wins over `/dump/**` for `/dump`).
    var specificity: [Int] {
        var ranks = segments.map { segment in
            switch segment {
            case .literal: 3
            case .capture: 2
            case .catchAll: 0
            }
        }
        if segments.last != .catchAll { ranks.append(1) }
        return ranks
    }
}

/// What a template captured from a path: `{name}` segments (still percent-encoded) and what `**` covered.
public struct RouteParameters: Sendable, Equatable {
    /// Captured segments by name.
    public var values: [String: String] = [:]
    /// The segments `**` matched, joined with `/`; nil when the template has no `**`, empty when it matched none.
    public var catchAll: String?

    public init() {}

    /// The segment captured as `{name}`, as sent (percent-encoded).
    public subscript(name: String) -> String? { values[name] }

    /// The segment captured as `{name}`, percent-decoded (a scenario named `my scenario` arrives as `my%20scenario`).
    public func decoded(_ name: String) -> String? {
        values[name].map { $0.percentDecoded ?? $0 }
    }
}
