import Foundation
import JSON

/// A JSON Schema a request body or value must satisfy: WireMock's `matchesJsonSchema`.
///
/// No maintained JSON Schema validator exists for Swift here, so fscript carries a small one: the assertion
/// keywords of drafts 4, 6, 7, 2019-09 and 2020-12 (`JSONSchemaEvaluator`), references within the schema only,
/// `format` as an annotation (WireMock's default, and the specification's since 2019-09). The schema is checked
/// and its patterns compiled when the stub is read (`JSONSchema+Loading`), so a mistake is an error naming its
/// JSON path, and a request is only ever evaluated against a schema known to be well formed.
public struct JSONSchema: Sendable, Hashable {
    /// The draft the schema is read as: WireMock's `schemaVersion` names.
    public enum Version: String, Sendable, CaseIterable {
        case v4 = "V4"
        case v6 = "V6"
        case v7 = "V7"
        case v201909 = "V201909"
        case v202012 = "V202012"

        /// Drafts up to 7 ignore a `$ref`'s sibling keywords and spell `items` as a list for tuples.
        var refOverridesSiblings: Bool { self == .v4 || self == .v6 || self == .v7 }
        /// Draft 4's `exclusiveMaximum`/`exclusiveMinimum` are booleans beside `maximum`/`minimum`, and it has no
        /// `const`, `contains` or `propertyNames` (draft 6 brought them).
        var booleanExclusives: Bool { self == .v4 }
        var hasDraft6Keywords: Bool { self != .v4 }
        /// `if`/`then`/`else` came with draft 7.
        var hasConditionals: Bool { self != .v4 && self != .v6 }
        /// `dependentRequired`/`dependentSchemas`/`minContains` came with 2019-09, replacing `dependencies`.
        var splitDependencies: Bool { self == .v201909 || self == .v202012 }
        /// 2020-12 writes tuples as `prefixItems`, with `items` for the rest.
        var hasPrefixItems: Bool { self == .v202012 }
    }

    /// The schema as written.
    public let root: JSONValue
    public let version: Version
    /// Every `pattern` and `patternProperties` key, compiled once.
    let patterns: [String: SchemaRegex]

    /// Whether `instance` satisfies the schema. A document or schema that would take more than the evaluator's
    /// depth or step budget (a hostile body, a schema referring to itself) does not satisfy it.
    public func accepts(_ instance: JSONValue) -> Bool {
        var evaluator = JSONSchemaEvaluator(schema: self)
        let valid = evaluator.valid(root, instance, depth: 0)
        return valid && !evaluator.exhausted
    }

    /// Whether a text satisfies the schema as WireMock 3 decides it: parsed as JSON, or taken as a string when it
    /// is not JSON (a header `abc`); and a number, boolean or null that fails is tried again as the string it was
    /// written as, so a header `5` satisfies `{"type": "string"}` too.
    func accepts(text: String) -> Bool {
        guard let value = try? JSONValue(parsing: Array(text.utf8)) else { return accepts(.string(text)) }
        if accepts(value) { return true }
        switch value {
        case .string, .array, .object: return false
        default: return accepts(.string(text))
        }
    }

    public static func == (lhs: JSONSchema, rhs: JSONSchema) -> Bool {
        lhs.root == rhs.root && lhs.version == rhs.version
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(root)
        hasher.combine(version)
    }
}

/// A schema's `pattern`: an ECMA 262 regular expression that may match anywhere in the string (not anchored, unlike
/// WireMock's `matches`), searched under the mock's regex time budget.
struct SchemaRegex: @unchecked Sendable {
    // NSRegularExpression is immutable once made and documented as safe to share between threads.
    let expression: NSRegularExpression

    /// Whether the expression matches somewhere in `text`; a search over budget counts as no match.
    func found(in text: String, budget: Double = RegexBudget.seconds) -> Bool {
        if case .match = expression.firstMatch(in: text, budget: budget) { return true }
        return false
    }
}
