/// What a helper receives: its evaluated parameters and options, and for a block, ways to render its parts.
struct HelperCall {
    let name: String
    let parameters: [TemplateValue]
    let options: [String: TemplateValue]
    /// The block when the helper opened one (`{{#name …}}…{{/name}}`), nil when it was called inline.
    let block: Template.Block?
    let renderer: TemplateRenderer

    /// A failure shown in place as `[ERROR: …]`.
    func fail(_ message: String) -> TemplateError {
        TemplateError("\(name): \(message)")
    }

    /// The parameter at `index`, or a failure saying what was expected.
    func parameter(_ index: Int, _ what: String) throws(TemplateError) -> TemplateValue {
        guard index < parameters.count else { throw fail("expects \(what) as parameter \(index + 1)") }
        return parameters[index]
    }

    /// The text of the parameter at `index`, or of the rendered block when it is a block without parameters.
    func textOrBody(_ index: Int = 0) throws(TemplateError) -> String {
        if index < parameters.count { return parameters[index].rendered }
        if let block { return try renderer.renderBody(block) }
        throw fail("expects a value as parameter \(index + 1), or a block")
    }

    /// An integer option, checked against `range`.
    func integerOption(_ key: String, in range: ClosedRange<Int64>) throws(TemplateError) -> Int64? {
        guard let value = options[key], value != .null else { return nil }
        guard let number = value.integerValue, range.contains(number) else {
            throw fail("\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(value.rendered)")
        }
        return number
    }

    /// For helpers that are conditions: inline they answer true or false; as a block they render the body when
    /// true and the `{{else}}` part when false.
    func decide(_ condition: Bool) throws(TemplateError) -> TemplateValue {
        guard let block else { return .bool(condition) }
        return .string(condition ? try renderer.renderBody(block) : try renderer.renderInverse(block))
    }
}
