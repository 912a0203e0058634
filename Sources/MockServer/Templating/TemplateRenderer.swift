import Foundation

/// Renders a `Template` against a model (the request, the transformer parameters).
///
/// A helper used wrongly fails the render, which answers 500, as WireMock does for most helpers; the few whose
/// WireMock versions write `[ERROR: why]` where they stood (`inlineErrorHelpers`) do that here too, so the
/// response still arrives and shows the mistake. What a hostile template could do is bounded: the output (`maximumOutput`) and the work
/// (`maximumSteps` nodes and loop turns) fail the whole render with a fatal error instead.
final class TemplateRenderer {
    static let maximumOutput = 16 << 20
    static let maximumSteps = 2_000_000
    /// Bytes the helpers of one render may take in and give out, in all: a step's cost is its size, so 10,000
    /// `parseJson`s of a 112 KB body (157 s, pings unanswered) stop at the budget instead.
    static let maximumWork = 64 << 20

    struct Frame {
        var context: TemplateValue
        // `Dictionary()`, not `[:]`: the empty literal went through `init(dictionaryLiteral:)`, three per render.
        var blockParameters = [String: TemplateValue]()
        var data = [String: TemplateValue]()
    }

    private var frames: [Frame]
    /// Names set by `assign`, `val … assign=`, `parseJson … 'name'`, `regexExtract … 'name'`.
    var variables = [String: TemplateValue]()
    /// `@root`: the model the render started from.
    private let root: TemplateValue
    private var steps = 0
    private var work = 0
    /// The moment `now` renders, fixed for one response.
    let now: Date

    init(model: TemplateValue, now: Date = Date()) {
        frames = [Frame(context: model)]
        root = model
        self.now = now
    }

    /// Renders the nodes as text; throws only for a fatal limit.
    func render(_ nodes: [Template.Node]) throws(TemplateError) -> String {
        var output = ""
        for node in nodes {
            try step()
            switch node {
            case .text(let text):
                output += text
            case .value(let expression, _, _):
                // `{{…}}` writes the value as it is, like `{{{…}}}`: WireMock 3 turned Handlebars' HTML escaping
                // off, since stubs answer JSON and text far more than HTML.
                do {
                    output += try evaluate(expression).rendered
                } catch where !error.isFatal {
                    output += Self.errorText(error)
                }
            case .block(let block):
                do {
                    output += try render(block)
                } catch where !error.isFatal {
                    output += Self.errorText(error)
                }
            }
            guard output.utf8.count <= Self.maximumOutput else {
                throw TemplateError("the rendered template passes \(Self.maximumOutput >> 20) MiB", fatal: true)
            }
        }
        return output
    }

    /// The helpers whose mistakes WireMock 2.35.1 writes inline with a 200 (the regular-expression, JSONPath and
    /// XPath ones), measured against the jar; every other helper's mistake answers 500.
    static let inlineErrorHelpers: Set<String> = ["regexExtract", "jsonPath", "xPath", "soapXPath", "contains", "matches"]

    private static func errorText(_ error: TemplateError) -> String {
        "[ERROR: \(error.message)]"
    }

    /// Counts `bytes` of a helper's input or output against `maximumWork`; a helper that is about to make
    /// something large calls it first, so the memory is never spent.
    func charge(_ bytes: Int) throws(TemplateError) {
        work += max(0, bytes)
        guard work <= Self.maximumWork else {
            throw TemplateError("the template's helpers handled more than \(Self.maximumWork >> 20) MiB", fatal: true)
        }
    }

    /// Counts one unit of work against `maximumSteps`.
    func step() throws(TemplateError) {
        steps += 1
        guard steps <= Self.maximumSteps else {
            throw TemplateError("the template did more than \(Self.maximumSteps) steps of work", fatal: true)
        }
    }

    private func render(_ block: Template.Block) throws(TemplateError) -> String {
        switch block.head {
        case .call(let call):
            let value = try invoke(call, block: block)
            return value.rendered
        case .path(let path):
            // A Mustache section: lists repeat the body, a true value renders it once with itself as context.
            let value = try resolve(path)
            if block.isInverted {
                return value.isTruthy ? "" : try render(block.body)
            }
            guard value.isTruthy else { return try block.inverse.map { nodes throws(TemplateError) in try render(nodes) } ?? "" }
            if let items = value.items {
                return try each(items.enumerated().map { (key: String($0.offset), value: $0.element) }, block: block, isList: true)
            }
            if case .bool = value { return try render(block.body) }
            return try renderBody(block, context: value)
        case .literal:
            return ""
        }
    }

    /// Renders a block's body once per item, with `@index`, `@key`, `@first`, `@last` and block parameters.
    func each(_ items: [(key: String, value: TemplateValue)], block: Template.Block, isList: Bool) throws(TemplateError) -> String {
        guard !items.isEmpty else { return try block.inverse.map { nodes throws(TemplateError) in try render(nodes) } ?? "" }
        var output = ""
        for (index, item) in items.enumerated() {
            try step()
            var data: [String: TemplateValue] = [
                "index": .integer(Int64(index)), "first": .bool(index == 0), "last": .bool(index == items.count - 1),
            ]
            if !isList { data["key"] = .string(item.key) }
            let second: TemplateValue = isList ? .integer(Int64(index)) : .string(item.key)
            output += try renderBody(block, context: item.value, parameters: [item.value, second], data: data)
            guard output.utf8.count <= Self.maximumOutput else {
                throw TemplateError("the rendered template passes \(Self.maximumOutput >> 20) MiB", fatal: true)
            }
        }
        return output
    }

    /// Renders a block's body with a new context (or the same one), block parameters bound in order.
    func renderBody(
        _ block: Template.Block, context: TemplateValue? = nil, parameters: [TemplateValue] = [],
        data: [String: TemplateValue] = [:]
    ) throws(TemplateError) -> String {
        var frame = Frame(context: context ?? frames[frames.count - 1].context, data: data)
        for (name, value) in zip(block.blockParameters, parameters) { frame.blockParameters[name] = value }
        frames.append(frame)
        defer { frames.removeLast() }
        return try render(block.body)
    }

    /// Renders the `{{else}}` part of a block, or nothing.
    func renderInverse(_ block: Template.Block) throws(TemplateError) -> String {
        guard let inverse = block.inverse else { return "" }
        return try render(inverse)
    }

    func evaluate(_ expression: Template.Expression) throws(TemplateError) -> TemplateValue {
        try step()
        switch expression {
        case .literal(let value): return value
        case .path(let path): return try resolve(path)
        case .call(let call): return try invoke(call, block: nil)
        }
    }

    private func invoke(_ call: Template.Call, block: Template.Block?) throws(TemplateError) -> TemplateValue {
        guard let helper = TemplateHelpers.all[call.helper] else {
            throw TemplateError("unknown helper '\(call.helper)'", at: call.location, fatal: true)
        }
        var parameters: [TemplateValue] = []
        for parameter in call.parameters { parameters.append(try evaluate(parameter)) }
        var options: [String: TemplateValue] = [:]
        for option in call.options { options[option.name] = try evaluate(option.value) }
        let context = HelperCall(
            name: call.helper, parameters: parameters, options: options, block: block, renderer: self)
        try charge(parameters.reduce(0) { $0 + $1.size })
        let result: TemplateValue
        do { result = try helper(context) } catch where !error.isFatal && !Self.inlineErrorHelpers.contains(call.helper) {
            throw TemplateError(error.message, at: error.location ?? call.location, fatal: true)
        }
        try charge(result.size)
        return result
    }

    /// A path's value: block parameters first, then the contexts from the innermost out, then assigned names.
    private func resolve(_ path: Template.Path) throws(TemplateError) -> TemplateValue {
        if path.isData {
            guard let name = path.segments.first else { return .null }
            for frame in frames.reversed() {
                if let value = frame.data[name] { return walk(value, path.segments.dropFirst()) }
            }
            return name == "root" ? walk(root, path.segments.dropFirst()) : .null
        }
        guard path.parents < frames.count else { return .null }
        let frame = frames[frames.count - 1 - path.parents]
        if path.isExplicitThis || path.parents > 0 || path.segments.isEmpty {
            return walk(frame.context, path.segments[...])
        }
        let first = path.segments[0]
        // By index, not `frames.reversed()`, which copied each frame (its context and two dictionaries) it passed.
        for index in frames.indices.reversed() {
            if let value = frames[index].blockParameters[first] { return walk(value, path.segments.dropFirst()) }
            let found = frames[index].context.member(first)
            if case .null = found { continue }
            return walk(found, path.segments.dropFirst())
        }
        if let value = variables[first] { return walk(value, path.segments.dropFirst()) }
        return .null
    }

    private func walk(_ value: TemplateValue, _ segments: ArraySlice<String>) -> TemplateValue {
        var current = value
        for segment in segments {
            current = current.member(segment)
            if case .null = current { return .null }
        }
        return current
    }
}
