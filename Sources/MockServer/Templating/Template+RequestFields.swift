extension Template {
    /// The members of `request` the template can read, lowercased (`query` for `{{request.query.page}}`), so the
    /// request model is built only as far as it is read: the whole model (a UUID, the body as text and base64,
    /// headers, query and cookies grouped by name) was most of a small templated answer's cost. Nil when that
    /// cannot be told from the text: `request` itself, `this`, `../` or `@root` can reach any member.
    var requestFields: Set<String>? {
        var fields: Set<String> = []
        return Self.collect(nodes, into: &fields) ? fields : nil
    }

    /// Adds what `nodes` read to `fields`; false when they can read anything.
    private static func collect(_ nodes: [Node], into fields: inout Set<String>) -> Bool {
        for node in nodes {
            switch node {
            case .text:
                continue
            case .value(let expression, _, _):
                guard collect(expression, into: &fields) else { return false }
            case .block(let block):
                guard collect(block.head, into: &fields), collect(block.body, into: &fields),
                    collect(block.inverse ?? [], into: &fields)
                else { return false }
            }
        }
        return true
    }

    private static func collect(_ expression: Expression, into fields: inout Set<String>) -> Bool {
        switch expression {
        case .literal:
            return true
        case .path(let path):
            if path.isData { return path.segments.first != "root" }  // @index, @key…; only @root reaches `request`
            if path.isExplicitThis || path.parents > 0 || path.segments.isEmpty { return false }
            // Lookups fall back to a name in another case (`{{request.Method}}` reads `method`), so names are
            // compared lowercased.
            guard path.segments[0].lowercased() == "request" else { return true }
            guard path.segments.count > 1 else { return false }
            fields.insert(path.segments[1].lowercased())
            return true
        case .call(let call):
            for parameter in call.parameters where !collect(parameter, into: &fields) { return false }
            for option in call.options where !collect(option.value, into: &fields) { return false }
            return true
        }
    }
}
