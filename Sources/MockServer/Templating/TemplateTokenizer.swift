import Foundation

/// Splits Handlebars text into text and `{{…}}` tags, the first step of `TemplateParser`: it knows the tag
/// syntax (triple braces, `~`, comments, quotes inside a tag, `\\{{` for a literal) and nothing of blocks.
struct TemplateTokenizer {
    enum TagKind {
        case value(escaped: Bool)
        case open
        case inverted
        case close
        case otherwise
        case comment
    }

    struct Tag {
        var kind: TagKind
        var content: [Unicode.Scalar]
        var offset: Int
        var stripBefore: Bool
        var stripAfter: Bool
    }

    enum Token {
        case text(String)
        case tag(Tag)
    }

    private let scalars: [Unicode.Scalar]
    private let lineStarts: [Int]

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        var starts = [0]
        for (index, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(index + 1) }
        lineStarts = starts
    }

    /// The line and column of a scalar offset, for errors.
    func location(_ offset: Int) -> Template.Location {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return Template.Location(line: low + 1, column: offset - lineStarts[low] + 1)
    }

    // MARK: Tags

    private func starts(_ text: String, at index: Int) -> Bool {
        var i = index
        for scalar in text.unicodeScalars {
            guard i < scalars.count, scalars[i] == scalar else { return false }
            i += 1
        }
        return true
    }

    /// The text and tags of the whole template, in order.
    func tokenize() throws(TemplateError) -> [Token] {
        var result: [Token] = []
        var text = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            guard starts("{{", at: i) else {
                text.append(scalars[i])
                i += 1
                continue
            }
            if i > 0, scalars[i - 1] == "\\" {  // \{{ is a literal {{
                text.removeLast()
                text.append(contentsOf: "{{".unicodeScalars)
                i += 2
                continue
            }
            if !text.isEmpty { result.append(.text(String(text))) }
            text = String.UnicodeScalarView()
            let (tag, end) = try readTag(at: i)
            result.append(.tag(tag))
            i = end
        }
        if !text.isEmpty { result.append(.text(String(text))) }
        return result
    }

    /// One `{{…}}` starting at `start`: its kind, its content and where it ends.
    private func readTag(at start: Int) throws(TemplateError) -> (Tag, Int) {
        var i = start + 2
        let triple = i < scalars.count && scalars[i] == "{"
        if triple { i += 1 }
        var stripBefore = false
        if i < scalars.count, scalars[i] == "~" {
            stripBefore = true
            i += 1
        }
        var kind = TagKind.value(escaped: !triple)
        if !triple, i < scalars.count {
            switch scalars[i] {
            case "!": kind = .comment
            case "#": kind = .open
            case "^": kind = .inverted
            case "/": kind = .close
            case "&": kind = .value(escaped: false)
            case ">": throw TemplateError("partials ({{> name}}) are not supported", at: location(start))
            default: break
            }
            if case .value(escaped: true) = kind {} else { i += 1 }
        }
        if case .comment = kind { return try readComment(from: i, start: start, stripBefore: stripBefore) }
        return try readContent(from: i, start: start, kind: kind, triple: triple, stripBefore: stripBefore)
    }

    /// The rest of a `{{! …}}` or `{{!-- … --}}` comment, which may hold `}}` only in the long form.
    private func readComment(from i: Int, start: Int, stripBefore: Bool) throws(TemplateError) -> (Tag, Int) {
        let long = starts("--", at: i)
        let closing = long ? "--" : ""
        var j = i
        while j < scalars.count {
            if starts(closing + "}}", at: j) || starts(closing + "~}}", at: j) {
                let tilde = starts(closing + "~}}", at: j)
                let end = j + closing.unicodeScalars.count + (tilde ? 3 : 2)
                return (Tag(kind: .comment, content: [], offset: start, stripBefore: stripBefore, stripAfter: tilde), end)
            }
            j += 1
        }
        throw TemplateError("comment is never closed with \(closing)}}", at: location(start))
    }

    /// The content of a tag up to its closing braces (quotes may hold braces), with `{{else}}` and `{{^}}`
    /// recognised.
    private func readContent(from i: Int, start: Int, kind: TagKind, triple: Bool, stripBefore: Bool)
        throws(TemplateError) -> (Tag, Int)
    {
        let closing = triple ? "}}}" : "}}"
        var j = i
        var quote: Unicode.Scalar?
        while j < scalars.count {
            let scalar = scalars[j]
            if let open = quote {
                if scalar == "\\" { j += 2; continue }
                if scalar == open { quote = nil }
            } else if scalar == "'" || scalar == "\"" {
                quote = scalar
            } else if starts(closing, at: j) || (scalar == "~" && starts(closing, at: j + 1)) {
                let stripAfter = scalar == "~"
                let content = Array(scalars[i..<j])
                let end = j + (stripAfter ? 1 : 0) + closing.unicodeScalars.count
                var tag = Tag(kind: kind, content: content, offset: start, stripBefore: stripBefore, stripAfter: stripAfter)
                let text = String(String.UnicodeScalarView(content)).trimmingCharacters(in: .whitespaces)
                let words = text.split(separator: " ", maxSplits: 1)
                if case .value(escaped: true) = kind, words.first == "else" {
                    // `{{else}}`, or `{{else if …}}` with the rest as the chained block's opener.
                    tag.kind = .otherwise
                    tag.content = Array((words.count > 1 ? String(words[1]) : "").unicodeScalars)
                } else if case .inverted = kind, content.allSatisfy({ $0.properties.isWhitespace }) {
                    tag.kind = .otherwise
                    tag.content = []
                }
                return (tag, end)
            }
            j += 1
        }
        throw TemplateError("tag is never closed with \(closing)", at: location(start))
    }

}
