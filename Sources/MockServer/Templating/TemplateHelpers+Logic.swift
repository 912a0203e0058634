import Foundation

extension TemplateHelpers {
    /// Blocks, conditions and variables.
    static let logic: [String: Helper] = [
        "if": { call throws(TemplateError) in
            try call.decide(try call.parameter(0, "a condition").isTruthy)
        },
        "unless": { call throws(TemplateError) in
            try call.decide(!(try call.parameter(0, "a condition").isTruthy))
        },
        "each": { call throws(TemplateError) in
            guard let block = call.block else { throw call.fail("is a block helper: {{#each list}}…{{/each}}") }
            var value = try call.parameter(0, "a list or an object")
            // WireMock 3: `{{#each request.path}}` goes through the path's segments.
            if case .path(_, let segments, _) = value { value = .array(segments.map(TemplateValue.string)) }
            if let items = value.items {
                return .string(try call.renderer.each(
                    items.enumerated().map { (key: String($0.offset), value: $0.element) }, block: block, isList: true))
            }
            if case .object(let members) = value {
                return .string(try call.renderer.each(members, block: block, isList: false))
            }
            return .string(try call.renderer.renderInverse(block))
        },
        "with": { call throws(TemplateError) in
            guard let block = call.block else { throw call.fail("is a block helper: {{#with value}}…{{/with}}") }
            let value = try call.parameter(0, "a value")
            guard value.isTruthy else { return .string(try call.renderer.renderInverse(block)) }
            return .string(try call.renderer.renderBody(block, context: value, parameters: [value]))
        },
        "lookup": { call throws(TemplateError) in
            let value = try call.parameter(0, "an object or a list")
            let key = try call.parameter(1, "a key").rendered
            let direct = value.member(key)
            if direct != .null { return direct }
            // WireMock's example `lookup request.query 'ids[].1'`: a key with a path after it.
            var current = value
            for segment in key.split(separator: ".") {
                current = current.member(String(segment))
                if current == .null { break }
            }
            return current
        },
        "eq": { call throws(TemplateError) in try call.decide(try compare(call) == .orderedSame) },
        "neq": { call throws(TemplateError) in try call.decide(try compare(call) != .orderedSame) },
        "gt": { call throws(TemplateError) in try call.decide(try compare(call) == .orderedDescending) },
        "gte": { call throws(TemplateError) in try call.decide(try compare(call) != .orderedAscending) },
        "lt": { call throws(TemplateError) in try call.decide(try compare(call) == .orderedAscending) },
        "lte": { call throws(TemplateError) in try call.decide(try compare(call) != .orderedDescending) },
        "and": { call throws(TemplateError) in
            guard !call.parameters.isEmpty else { throw call.fail("expects at least one value") }
            return try call.decide(call.parameters.allSatisfy(\.isTruthy))
        },
        "or": { call throws(TemplateError) in
            guard !call.parameters.isEmpty else { throw call.fail("expects at least one value") }
            return try call.decide(call.parameters.contains(where: \.isTruthy))
        },
        "not": { call throws(TemplateError) in try call.decide(!(try call.parameter(0, "a value").isTruthy)) },
        "contains": { call throws(TemplateError) in
            let haystack = try call.parameter(0, "a string or a list")
            let needle = try call.parameter(1, "the value to look for")
            if let items = haystack.items { return try call.decide(items.contains { $0.rendered == needle.rendered }) }
            return try call.decide(haystack.rendered.contains(needle.rendered))
        },
        "matches": { call throws(TemplateError) in
            let text = try call.parameter(0, "a string").rendered
            let pattern = try call.parameter(1, "a regular expression").rendered
            let regex: CompiledRegex
            do { regex = try CompiledRegex(pattern) } catch { throw call.fail("\(error)") }
            return try call.decide(regex.matches(text))
        },
        "assign": { call throws(TemplateError) in
            guard let block = call.block else { throw call.fail("is a block helper: {{#assign 'name'}}…{{/assign}}") }
            let name = try call.parameter(0, "a variable name").rendered
            call.renderer.variables[name] = .string(try call.renderer.renderBody(block))
            return .null
        },
        "val": { call throws(TemplateError) in
            var value = call.parameters.first ?? .null
            if value == .null || value == .string("") { value = call.options["or"] ?? call.options["default"] ?? .null }
            if let name = call.options["assign"] {
                call.renderer.variables[name.rendered] = value
                return .null
            }
            return value
        },
    ]

    /// The first two parameters compared: as numbers when both are numbers, otherwise as the text they print.
    private static func compare(_ call: HelperCall) throws(TemplateError) -> ComparisonResult {
        let left = try call.parameter(0, "a value")
        let right = try call.parameter(1, "a value to compare with")
        if left.isNumber || right.isNumber, let a = left.numberValue, let b = right.numberValue {
            return a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
        }
        if case .bool(let a) = left, case .bool(let b) = right { return a == b ? .orderedSame : .orderedAscending }
        return left.rendered.compare(right.rendered)
    }
}
