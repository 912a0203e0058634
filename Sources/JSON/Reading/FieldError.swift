/// A mistake at one place in outside data: the path of the field, and what is wrong there.
///
/// The path is written as JSONPath-like text (`mappings[0].request.headers.Accept`) so the message points at
/// the spot in the file or table. An unknown key keeps its parts, so a caller with its own wording (Lua's
/// `unknown option`) can word it again without parsing text.
public struct FieldError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Sendable {
        /// The key is not one the reader knows here; `nearest` is the likely intended key, `known` all of them.
        case unknownKey(String, nearest: String?, known: [String])
        /// Anything else, as a sentence fragment (`expected a string, got a number`).
        case invalid(String)
    }

    /// Where: the path of the field, empty for the whole document.
    public let path: String
    /// What is wrong there.
    public let problem: Problem

    public init(_ path: String, _ problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// A problem described in words.
    public init(_ path: String, _ message: String) {
        self.init(path, .invalid(message))
    }

    /// What is wrong, without the path: `unknown key 'caseInsensitve'; did you mean 'caseInsensitive'?`.
    public var message: String {
        switch problem {
        case .unknownKey(let key, let nearest?, _): return "unknown key '\(key)'; did you mean '\(nearest)'?"
        case .unknownKey(let key, nil, let known):
            return "unknown key '\(key)' (known: \(known.sorted().joined(separator: ", ")))"
        case .invalid(let text): return text
        }
    }

    /// `request.headers.Accept.caseInsensitve: unknown key 'caseInsensitve'; did you mean 'caseInsensitive'?`
    public var description: String {
        path.isEmpty ? message : "\(path): \(message)"
    }
}
