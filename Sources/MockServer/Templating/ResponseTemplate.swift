import HTTPCore

/// A response template on its own, outside a stub: parse Handlebars text once, render it for requests.
///
/// What stubs use inside; public for the fuzzer (`FuzzTarget.template`) and for tools that want to check a
/// template before putting it in a mapping.
public struct ResponseTemplate: Sendable {
    private let template: Template

    /// Parses the text; the error names the line and column at fault.
    public init(_ text: String) throws {
        template = try Template(parsing: text)
    }

    /// Renders for `request`, with `pathParameters` as a `urlPathTemplate` would capture them.
    public func render(for request: HTTPRequest, pathParameters: [String: String] = [:]) throws -> String {
        try template.render(RequestTemplateModel.make(request, pathParameters: pathParameters, parameters: nil))
    }
}
