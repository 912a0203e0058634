import Foundation
import JSON

/// Reading a schema once, when its stub is read: every subschema is checked where the evaluator will look for
/// it, every local `$ref` resolved, every `pattern` compiled. A mistake is an error naming its place inside the
/// schema (`.properties.name.pattern`), which the mapping reader puts after the path of `matchesJsonSchema`.
extension JSONSchema {
    /// A mistake in a schema: `path` is relative to the schema (`.items[0].minLength`), empty for the schema.
    public struct Problem: Error, Sendable {
        public let path: String
        public let message: String
    }

    /// Keywords whose value is one schema, a list of schemas, or names to schemas.
    private static let single = [
        "not", "if", "then", "else", "additionalProperties", "additionalItems", "contains",
        "propertyNames", "items",
    ]
    private static let lists = ["allOf", "anyOf", "oneOf", "prefixItems", "items"]
    private static let maps = [
        "properties", "patternProperties", "definitions", "$defs", "dependentSchemas",
        "dependencies",
    ]
    /// Keywords that must be non-negative integers, and those that must be numbers.
    private static let counts = [
        "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties",
        "minContains", "maxContains",
    ]
    private static let numbers = ["minimum", "maximum", "multipleOf"]
    /// Keywords fscript does not evaluate: refused by name rather than silently matching more than meant.
    private static let refused = ["unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$recursiveRef"]
    /// Nested schemas deeper than this in the schema itself are refused (the JSON parser allows 512 levels).
    static let maximumNesting = 64

    /// Reads `root` as a schema of `version`.
    public init(_ root: JSONValue, version: Version) throws(Problem) {
        var patterns: [String: SchemaRegex] = [:]
        try Self.check(root, root: root, at: "", nesting: 0, patterns: &patterns)
        self.root = root
        self.version = version
        self.patterns = patterns
    }

    private static func check(
        _ schema: JSONValue, root: JSONValue, at path: String, nesting: Int, patterns: inout [String: SchemaRegex]
    ) throws(Problem) {
        guard nesting <= maximumNesting else {
            throw Problem(path: path, message: "schemas nested more than \(maximumNesting) deep")
        }
        if case .bool = schema { return }
        guard case .object(let keywords) = schema else {
            throw Problem(path: path, message: "expected a schema (an object or a boolean), got \(schema.typeName)")
        }
        func fail(_ key: String, _ message: String) -> Problem { Problem(path: "\(path).\(key)", message: message) }
        func sub(_ value: JSONValue, _ place: String) throws(Problem) {
            try check(value, root: root, at: place, nesting: nesting + 1, patterns: &patterns)
        }
        for key in refused where keywords[key] != nil { throw fail(key, "\(key) is not supported by the mock") }
        if let reference = keywords["$ref"] {
            guard let text = reference.stringValue else { throw fail("$ref", "expected a string") }
            guard text.hasPrefix("#") else {
                throw fail("$ref", "'\(text)' is not a local reference; only #/… within the schema is supported")
            }
            guard resolve(text, in: root) != nil else { throw fail("$ref", "'\(text)' names nothing in the schema") }
        }
        try checkValues(keywords, fail: fail, patterns: &patterns)
        for key in single where keywords[key] != nil {
            if case .array = keywords[key]! { continue }
            try sub(keywords[key]!, "\(path).\(key)")
        }
        for key in lists {
            guard case .array(let items)? = keywords[key] else {
                if key != "items", keywords[key] != nil { throw fail(key, "expected an array of schemas") }
                continue
            }
            for (index, item) in items.enumerated() { try sub(item, "\(path).\(key)[\(index)]") }
        }
        for key in maps where keywords[key] != nil {
            guard case .object(let members) = keywords[key]! else { throw fail(key, "expected an object") }
            for (name, value) in members.sorted(by: { $0.key < $1.key }) {
                if key == "patternProperties" { patterns[name] = try compile(name, at: "\(path).\(key)") }
                // A `dependencies` entry is a schema or, like `dependentRequired`, a list of property names.
                if key == "dependencies", case .array = value { continue }
                try sub(value, "\(path).\(key).\(name)")
            }
        }
    }

    /// The keywords whose values are not schemas: their types, and `pattern` compiled.
    private static func checkValues(
        _ keywords: [String: JSONValue], fail: (String, String) -> Problem, patterns: inout [String: SchemaRegex]
    ) throws(Problem) {
        for key in counts where keywords[key] != nil {
            guard let count = keywords[key]!.doubleValue, count >= 0, count.rounded() == count else {
                throw fail(key, "expected a non-negative integer")
            }
        }
        for key in numbers where keywords[key] != nil && keywords[key]!.doubleValue == nil {
            throw fail(key, "expected a number")
        }
        if let divisor = keywords["multipleOf"]?.doubleValue, divisor <= 0 {
            throw fail("multipleOf", "expected a number above 0")
        }
        switch keywords["type"] {
        case nil: break
        case .string(let name)? where typeNames.contains(name): break
        case .array(let names)? where names.allSatisfy({ $0.stringValue.map(typeNames.contains) ?? false }): break
        default: throw fail("type", "expected one of \(typeNames.sorted().joined(separator: ", ")) or a list of them")
        }
        if let list = keywords["enum"], case .array = list {
        } else if keywords["enum"] != nil {
            throw fail("enum", "expected an array")
        }
        for key in ["required"] where keywords[key] != nil {
            guard case .array(let names) = keywords[key]!, names.allSatisfy({ $0.stringValue != nil }) else {
                throw fail(key, "expected an array of property names")
            }
        }
        if let pattern = keywords["pattern"] {
            guard let text = pattern.stringValue else { throw fail("pattern", "expected a string") }
            patterns[text] = try compile(text, at: fail("pattern", "").path)
        }
    }

    private static func compile(_ pattern: String, at path: String) throws(Problem) -> SchemaRegex {
        do {
            return SchemaRegex(expression: try NSRegularExpression(pattern: pattern))
        } catch {
            throw Problem(path: path, message: "'\(pattern)' is not a valid regular expression")
        }
    }
}
