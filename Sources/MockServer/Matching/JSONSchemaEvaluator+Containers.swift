import JSON

/// The keywords for arrays and objects, which evaluate subschemas one level down in the instance.
extension JSONSchemaEvaluator {
    /// `items`/`prefixItems`/`additionalItems`, `minItems`, `maxItems`, `uniqueItems`, `contains` (with
    /// `minContains`/`maxContains` from 2019-09).
    mutating func array(_ keywords: [String: JSONValue], _ instance: JSONValue, depth: Int) -> Bool {
        guard case .array(let items) = instance else { return true }
        let next = depth + 1
        if let minimum = keywords["minItems"]?.doubleValue, Double(items.count) < minimum { return false }
        if let maximum = keywords["maxItems"]?.doubleValue, Double(items.count) > maximum { return false }
        // Positional schemas first (`prefixItems`, or a list under `items` before 2020-12), then one for the rest.
        var positional: [JSONValue] = []
        var rest = keywords["items"]
        if version.hasPrefixItems {
            if case .array(let prefix)? = keywords["prefixItems"] { positional = prefix }
        } else if case .array(let tuple)? = keywords["items"] {
            positional = tuple
            rest = keywords["additionalItems"]
        }
        for (index, item) in items.enumerated() {
            let itemSchema = index < positional.count ? positional[index] : rest
            if let itemSchema, !valid(itemSchema, item, depth: next) { return false }
        }
        if keywords["uniqueItems"] == .bool(true), !unique(items) { return false }
        if version.hasDraft6Keywords, let contains = keywords["contains"] {
            var found = 0
            for item in items where valid(contains, item, depth: next) { found += 1 }
            var least = 1.0
            var most = Double.infinity
            if version.splitDependencies {
                least = keywords["minContains"]?.doubleValue ?? 1
                most = keywords["maxContains"]?.doubleValue ?? .infinity
            }
            if Double(found) < least || Double(found) > most { return false }
        }
        return !exhausted
    }

    /// No two items equal; each comparison counts against the budget, as a long array is quadratic.
    private mutating func unique(_ items: [JSONValue]) -> Bool {
        for index in items.indices {
            guard spend(index) else { return false }
            for earlier in items[..<index] where JSONSchema.equal(earlier, items[index]) { return false }
        }
        return true
    }

    /// `properties`, `patternProperties`, `additionalProperties`, `required`, `minProperties`, `maxProperties`,
    /// `propertyNames`, and the dependencies (`dependencies` up to draft 7, `dependentRequired` and
    /// `dependentSchemas` after).
    mutating func object(_ keywords: [String: JSONValue], _ instance: JSONValue, depth: Int) -> Bool {
        guard case .object(let members) = instance else { return true }
        let next = depth + 1
        if case .array(let required)? = keywords["required"],
            !required.allSatisfy({ $0.stringValue.map { members[$0] != nil } ?? true })
        {
            return false
        }
        if let minimum = keywords["minProperties"]?.doubleValue, Double(members.count) < minimum { return false }
        if let maximum = keywords["maxProperties"]?.doubleValue, Double(members.count) > maximum { return false }
        let properties = keywords["properties"].flatMap(Self.members) ?? [:]
        let patterned = keywords["patternProperties"].flatMap(Self.members) ?? [:]
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            var evaluated = false
            if let propertySchema = properties[name] {
                evaluated = true
                if !valid(propertySchema, value, depth: next) { return false }
            }
            for (pattern, patternSchema) in patterned where search(pattern, in: name) {
                evaluated = true
                if !valid(patternSchema, value, depth: next) { return false }
            }
            if !evaluated, let additional = keywords["additionalProperties"], !valid(additional, value, depth: next) {
                return false
            }
            if version.hasDraft6Keywords, let names = keywords["propertyNames"],
                !valid(names, .string(name), depth: next)
            {
                return false
            }
        }
        return dependencies(keywords, instance, members, depth: next)
    }

    private mutating func dependencies(
        _ keywords: [String: JSONValue], _ instance: JSONValue, _ members: [String: JSONValue], depth: Int
    ) -> Bool {
        var requiring = [String: JSONValue]()
        var schemas = [String: JSONValue]()
        if version.splitDependencies {
            requiring = keywords["dependentRequired"].flatMap(Self.members) ?? [:]
            schemas = keywords["dependentSchemas"].flatMap(Self.members) ?? [:]
        } else {
            for (name, dependency) in keywords["dependencies"].flatMap(Self.members) ?? [:] {
                if case .array = dependency { requiring[name] = dependency } else { schemas[name] = dependency }
            }
        }
        for (name, names) in requiring where members[name] != nil {
            guard case .array(let list) = names else { continue }
            if !list.allSatisfy({ $0.stringValue.map { members[$0] != nil } ?? true }) { return false }
        }
        for (name, dependency) in schemas where members[name] != nil {
            if !valid(dependency, instance, depth: depth) { return false }
        }
        return !exhausted
    }

    private static func members(_ value: JSONValue) -> [String: JSONValue]? {
        if case .object(let members) = value { return members }
        return nil
    }
}
