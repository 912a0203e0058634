import Foundation
import JSON

/// One evaluation of an instance against a loaded `JSONSchema`, with its budget.
///
/// A schema may refer to itself (`{"$ref": "#"}`) and a body may be deep or wide, so every step counts against
/// `maximumSteps` and every nested schema against `maximumDepth`; past either, `exhausted` is set and the
/// evaluation answers "not valid" from then on (`JSONSchema.accepts` treats an exhausted run as a mismatch, so
/// a `not` cannot turn the cut-off into a match). A `pattern` search has the mock's regex budget, and all of
/// them together `maximumSeconds`, so a backtracking pattern over a thousand property names cannot take a thousand
/// budgets. The keywords live in the `+Scalars` and `+Containers` extensions.
struct JSONSchemaEvaluator {
    /// Nested schemas (through `$ref`, `allOf`, properties…) deeper than this stop the evaluation.
    static let maximumDepth = 128
    /// Schema-instance pairs (and `uniqueItems` comparisons) evaluated at most; generous for real bodies.
    static let maximumSteps = 100_000
    /// Wall-clock time one evaluation may take, regex searches included.
    static let maximumSeconds = 1.0

    let schema: JSONSchema
    private(set) var steps = 0
    private(set) var exhausted = false
    private let deadline: UInt64

    init(schema: JSONSchema) {
        self.schema = schema
        deadline = DispatchTime.now().uptimeNanoseconds + UInt64(Self.maximumSeconds * 1e9)
    }

    var version: JSONSchema.Version { schema.version }

    /// Counts `count` steps; false (and exhausted) once the step budget, or every 1,024 steps the time, is spent.
    mutating func spend(_ count: Int = 1) -> Bool {
        let before = steps
        steps += count
        if steps > Self.maximumSteps || (before >> 10 != steps >> 10 && pastDeadline) { exhausted = true }
        return !exhausted
    }

    private var pastDeadline: Bool { DispatchTime.now().uptimeNanoseconds > deadline }

    /// Whether the compiled `pattern` is found in `text`, searched within what is left of the time budget; a
    /// search cut short is no match, and exhausts the evaluation when the whole budget is gone.
    mutating func search(_ pattern: String, in text: String) -> Bool {
        guard !exhausted, let regex = schema.patterns[pattern] else { return false }
        let left = Double(deadline &- min(deadline, DispatchTime.now().uptimeNanoseconds)) / 1e9
        let found = regex.found(in: text, budget: min(RegexBudget.seconds, left))
        if pastDeadline { exhausted = true }
        return found && !exhausted
    }

    /// Whether `instance` satisfies `subschema` (a boolean schema or an object of keywords).
    mutating func valid(_ subschema: JSONValue, _ instance: JSONValue, depth: Int) -> Bool {
        guard spend(), depth <= Self.maximumDepth else {
            exhausted = true
            return false
        }
        switch subschema {
        case .bool(let verdict): return verdict
        case .object(let keywords): return valid(keywords, instance, depth: depth)
        default: return true
        }
    }

    private mutating func valid(_ keywords: [String: JSONValue], _ instance: JSONValue, depth: Int) -> Bool {
        if let reference = keywords["$ref"]?.stringValue {
            guard let target = JSONSchema.resolve(reference, in: schema.root),
                valid(target, instance, depth: depth + 1)
            else { return false }
            if version.refOverridesSiblings { return true }
        }
        return generic(keywords, instance)
            && logic(keywords, instance, depth: depth)
            && scalar(keywords, instance)
            && array(keywords, instance, depth: depth)
            && object(keywords, instance, depth: depth)
    }

    /// `type`, `enum`, `const`.
    private func generic(_ keywords: [String: JSONValue], _ instance: JSONValue) -> Bool {
        switch keywords["type"] {
        case .string(let name)?:
            if !JSONSchema.has(type: name, instance, version: version) { return false }
        case .array(let names)?:
            let fits = names.contains {
                $0.stringValue.map { JSONSchema.has(type: $0, instance, version: version) } ?? false
            }
            if !fits { return false }
        default: break
        }
        if case .array(let options)? = keywords["enum"], !options.contains(where: { JSONSchema.equal($0, instance) }) {
            return false
        }
        if version.hasDraft6Keywords, let constant = keywords["const"], !JSONSchema.equal(constant, instance) {
            return false
        }
        return true
    }

    /// `allOf`, `anyOf`, `oneOf`, `not`, and `if`/`then`/`else`.
    private mutating func logic(_ keywords: [String: JSONValue], _ instance: JSONValue, depth: Int) -> Bool {
        let next = depth + 1
        if case .array(let all)? = keywords["allOf"] {
            for part in all where !valid(part, instance, depth: next) { return false }
        }
        if case .array(let any)? = keywords["anyOf"] {
            var found = false
            for part in any where valid(part, instance, depth: next) {
                found = true
                break
            }
            if !found { return false }
        }
        if case .array(let one)? = keywords["oneOf"] {
            var count = 0
            for part in one where valid(part, instance, depth: next) {
                count += 1
                if count > 1 { return false }
            }
            if count != 1 { return false }
        }
        if let negated = keywords["not"], valid(negated, instance, depth: next) { return false }
        if version.hasConditionals, let condition = keywords["if"] {
            let branch = valid(condition, instance, depth: next) ? keywords["then"] : keywords["else"]
            if let branch, !valid(branch, instance, depth: next) { return false }
        }
        return !exhausted
    }
}

extension JSONSchema {
    /// The subschema a local reference names: `#`, `#/definitions/a`, `#/$defs/a`, JSON Pointer escapes
    /// (`~0`, `~1`) and percent-encoding decoded; nil when it names nothing.
    static func resolve(_ reference: String, in root: JSONValue) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        let pointer = String(reference.dropFirst())
        if pointer.isEmpty { return root }
        guard pointer.hasPrefix("/") else { return nil }
        var current = root
        for raw in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let token = (String(raw).removingPercentEncoding ?? String(raw))
                .replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch current {
            case .object(let members):
                guard let member = members[token] else { return nil }
                current = member
            case .array(let items):
                guard let index = Int(token), items.indices.contains(index) else { return nil }
                current = items[index]
            default: return nil
            }
        }
        return current
    }
}
