import Foundation

/// Reads Handlebars text into `Template` nodes: first the tags (`TemplateTokenizer`, then `~` applied, as
/// Handlebars does), then the block structure, then each tag's expression.
struct TemplateParser {
    /// Blocks and subexpressions nest at most this deep: a template is data from a mapping file or the admin API.
    static let maximumDepth = 64

    private typealias Token = TemplateTokenizer.Token
    private typealias Tag = TemplateTokenizer.Tag

    private enum Terminator {
        case close(name: String, offset: Int)
        case otherwise(content: [Unicode.Scalar], offset: Int)
        case end
    }

    private let tokenizer: TemplateTokenizer
    private let helpers: Set<String>
    private var tokens: [Token] = []
    private var next = 0
    private var depth = 0

    init(_ text: String, helpers: Set<String>) {
        tokenizer = TemplateTokenizer(text)
        self.helpers = helpers
    }

    /// The whole template.
    mutating func parse() throws(TemplateError) -> [Template.Node] {
        // No standalone-line rule (a block tag alone on its line taking the line with it, as Handlebars.js and
        // Mustache do): WireMock's Handlebars.java keeps every line as written, so `\n  {{#each …}}\n` keeps its
        // newline and indent; only `~` strips.
        tokens = try tokenizer.tokenize()
        applyWhitespaceControl()
        let (nodes, terminator) = try nodesUntilTerminator()
        switch terminator {
        case .end: return nodes
        case .close(let name, let offset):
            throw TemplateError("{{/\(name)}} closes a block that was never opened", at: location(offset))
        case .otherwise(_, let offset):
            throw TemplateError("{{else}} outside a block", at: location(offset))
        }
    }

    private func location(_ offset: Int) -> Template.Location {
        tokenizer.location(offset)
    }

    /// `{{~` drops the whitespace before the tag, `~}}` the whitespace after.
    private mutating func applyWhitespaceControl() {
        for index in tokens.indices {
            guard case .tag(let tag) = tokens[index] else { continue }
            if tag.stripBefore, index > 0, case .text(let text) = tokens[index - 1] {
                tokens[index - 1] = .text(String(text.reversed().drop { $0.isWhitespace }.reversed()))
            }
            if tag.stripAfter, index + 1 < tokens.count, case .text(let text) = tokens[index + 1] {
                tokens[index + 1] = .text(String(text.drop { $0.isWhitespace }))
            }
        }
    }

    // MARK: Blocks

    private mutating func nodesUntilTerminator() throws(TemplateError) -> ([Template.Node], Terminator) {
        var nodes: [Template.Node] = []
        while next < tokens.count {
            let token = tokens[next]
            next += 1
            switch token {
            case .text(let text):
                if !text.isEmpty { nodes.append(.text(text)) }
            case .tag(let tag):
                switch tag.kind {
                case .comment: continue
                case .value(let escaped):
                    let expression = try mustache(tag.content, offset: tag.offset)
                    nodes.append(.value(expression, escaped: escaped, location: location(tag.offset)))
                case .open, .inverted:
                    let isInverted: Bool
                    if case .inverted = tag.kind { isInverted = true } else { isInverted = false }
                    nodes.append(.block(try block(tag.content, offset: tag.offset, inverted: isInverted, closes: nil)))
                case .close:
                    let name = String(String.UnicodeScalarView(tag.content)).trimmingCharacters(in: .whitespaces)
                    return (nodes, .close(name: name, offset: tag.offset))
                case .otherwise:
                    return (nodes, .otherwise(content: tag.content, offset: tag.offset))
                }
            }
        }
        return (nodes, .end)
    }

    /// A block from its opening tag to its `{{/name}}`; `closes` is the name an `{{else if …}}` chain ends with.
    private mutating func block(
        _ content: [Unicode.Scalar], offset: Int, inverted: Bool, closes: String?
    ) throws(TemplateError) -> Template.Block {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw TemplateError("blocks nest deeper than \(Self.maximumDepth)", at: location(offset))
        }
        var reader = ExpressionReader(content, offset: offset, helpers: helpers, at: location(offset))
        let (head, blockParameters) = try reader.blockHead()
        let name: String
        switch head {
        case .call(let call): name = call.helper
        case .path(let path): name = path.text
        case .literal: throw TemplateError("a block needs a helper or a path, not a literal", at: location(offset))
        }
        let closeName = closes ?? name
        var result = Template.Block(
            head: head, name: name, isInverted: inverted, blockParameters: blockParameters, body: [], inverse: nil)
        let (body, terminator) = try nodesUntilTerminator()
        result.body = body
        switch terminator {
        case .end:
            throw TemplateError("{{#\(closeName)}} is never closed with {{/\(closeName)}}", at: location(offset))
        case .close(let closing, let closeOffset):
            guard closing == closeName else {
                throw TemplateError(
                    "{{/\(closing)}} does not close {{#\(closeName)}} (opened at \(location(offset)))",
                    at: location(closeOffset))
            }
        case .otherwise(let rest, let elseOffset):
            if rest.allSatisfy({ $0.properties.isWhitespace }) {
                let (inverse, end) = try nodesUntilTerminator()
                guard case .close(let closing, let closeOffset) = end else {
                    throw TemplateError("{{#\(closeName)}} is never closed with {{/\(closeName)}}", at: location(offset))
                }
                guard closing == closeName else {
                    throw TemplateError(
                        "{{/\(closing)}} does not close {{#\(closeName)}} (opened at \(location(offset)))",
                        at: location(closeOffset))
                }
                result.inverse = inverse
            } else {
                result.inverse = [.block(try block(rest, offset: elseOffset, inverted: false, closes: closeName))]
            }
        }
        return result
    }

    private func mustache(_ content: [Unicode.Scalar], offset: Int) throws(TemplateError) -> Template.Expression {
        var reader = ExpressionReader(content, offset: offset, helpers: helpers, at: location(offset))
        return try reader.mustache()
    }
}