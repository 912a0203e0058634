import HTTPCore
/// A path with named holes, `/api/items/{id}`, that captures one segment per hole.
///
/// Kept apart from regular expressions so that a tester can write the path the way API docs print it and use
/// the captured values in the response (`{"id": "{{id}}"}`).
struct PathTemplate: Sendable, Hashable {
    private enum Segment: Sendable, Hashable {
        case literal(String)
        case capture(String)
    }

    /// The template as written, for descriptions and the mapping JSON.
    let text: String
    private let segments: [Segment]

    init(_ template: String) {
        text = template
        segments = template.split(separator: "/", omittingEmptySubsequences: false).map { part in
            if part.hasPrefix("{"), part.hasSuffix("}"), part.count > 2 {
                return .capture(String(part.dropFirst().dropLast()))
            }
            return .literal(String(part))
        }
    }

    /// The captured values by name when `path` (still percent-encoded) fits the template, or nil.
    func match(_ path: String) -> [String: String]? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == segments.count else { return nil }
        var captures: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            let decoded = part.percentDecoded ?? String(part)
            switch segment {
            case .literal(let text):
                guard text == decoded else { return nil }
            case .capture(let name):
                guard !decoded.isEmpty else { return nil }
                captures[name] = decoded
            }
        }
        return captures
    }
}
