import Foundation

/// A parsed response template: Handlebars, as WireMock's `response-template` transformer reads it.
///
/// fscript has its own engine because the Swift template engines in reach do not read Handlebars: swift-mustache
/// (Hummingbird's) is Mustache, whose parser refuses a helper with arguments (`{{jsonPath request.body '$.x'}}`),
/// hash options (`now offset='3 days'`), subexpressions and `{{else}}`; Stencil and Leaf have other syntaxes.
/// WireMock users' templates are Handlebars, so that is the grammar here: `{{path}}`, `{{{raw}}}`, helpers with
/// arguments, `key=value` options and `(subexpressions)`, blocks with `{{else}}` and `{{else if …}}`, `as |x i|`
/// block parameters, `{{!comments}}`, `~` whitespace control and standalone block lines. The helpers are
/// fscript's (`TemplateHelpers`).
///
/// Parsed once when a stub is made, so a mistake is reported with the stub, at its line and column.
struct Template: Sendable {
    /// Where in the template a tag starts, 1-based, for error messages.
    struct Location: Sendable, CustomStringConvertible {
        var line: Int
        var column: Int
        var description: String { "line \(line), column \(column)" }
    }

    indirect enum Expression: Sendable {
        /// A path: `request.query.x`, `this`, `../name`, `@index`, `item.[0]`.
        case path(Path)
        /// A string, number, boolean or null written in the template.
        case literal(TemplateValue)
        /// A helper called with arguments: the head of a mustache, or a `(subexpression)`.
        case call(Call)
    }

    struct Path: Sendable {
        /// How many `../` precede it.
        var parents: Int
        /// `@index`, `@key`, `@root`: data, not context.
        var isData: Bool
        /// The segments after `this`/`./` (empty for `this`).
        var segments: [String]
        /// Whether it began with `this` or `./`, which never names a helper.
        var isExplicitThis: Bool
        var text: String
    }

    struct Call: Sendable {
        var helper: String
        var parameters: [Expression]
        var options: [(name: String, value: Expression)]
        var location: Location
    }

    struct Block: Sendable {
        /// A helper call (`#each items`), or a path whose value decides (`#request.query.x`), as in Mustache.
        var head: Expression
        /// What `{{/name}}` must say.
        var name: String
        /// `{{^name}}…{{/name}}`: renders its body when the value is false or empty.
        var isInverted: Bool
        var blockParameters: [String]
        var body: [Node]
        /// What `{{else}}` introduces, if anything.
        var inverse: [Node]?
    }

    indirect enum Node: Sendable {
        case text(String)
        /// `{{expression}}` (escaped) or `{{{expression}}}` / `{{&expression}}` (raw).
        case value(Expression, escaped: Bool, location: Location)
        case block(Block)
    }

    let nodes: [Node]

    /// Whether the text has anything to render: without `{{` it is sent as it is.
    static func isTemplate(_ text: String) -> Bool { text.contains("{{") }
}

extension Template {
    /// Parses Handlebars text; the error names the line and column of the tag at fault.
    init(parsing text: String) throws(TemplateError) {
        var parser = TemplateParser(text, helpers: TemplateHelpers.names)
        nodes = try parser.parse()
    }

    /// Renders against `model`; a helper's mistake shows in place as `[ERROR: …]`, a limit throws.
    func render(_ model: TemplateValue, now: Date = Date()) throws(TemplateError) -> String {
        try TemplateRenderer(model: model, now: now).render(nodes)
    }
}
