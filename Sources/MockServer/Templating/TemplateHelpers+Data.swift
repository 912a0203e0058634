import JSON

extension TemplateHelpers {
    /// The longest list `range` and `array` make, and the most `pickRandom` picks: templates are data.
    static let maximumListLength: Int64 = 10_000

    /// JSON and numbers: `jsonPath`, `toJson`, `parseJson`, `formatJson`, `array`, `range`, `math`.
    static let data: [String: Helper] = [
        "jsonPath": { call throws(TemplateError) in
            let input = try call.parameter(0, "JSON (a string or an object)")
            var expression = try call.parameter(1, "a JSONPath").rendered
            if input == .null || input == .string("") { return .string("") }
            // Jayway's `length()` function at the end (`$.items.length()`): the size of what the rest selects.
            let length = expression.hasSuffix(".length()")
            if length { expression = String(expression.dropLast(".length()".count)) }
            let path: JSONPath
            do { path = try JSONPath(expression) } catch {
                throw call.fail("\(expression) is not a valid JSONPath expression: \(error)")
            }
            let document: JSONValue
            if case .string(let text) = input {
                // WireMock renders nothing for input that is not JSON (a text body, a form), not an error.
                guard let parsed = try? JSONValue(parsing: text.utf8) else { return .string("") }
                document = parsed
            } else {
                document = input.json
            }
            let selected = path.select(in: document).map(TemplateValue.init)
            if length {
                switch selected.first {
                case .array(let items)?: return .integer(Int64(items.count))
                case .object(let members)?: return .integer(Int64(members.count))
                default: return call.options["default"] ?? .string("")
                }
            }
            guard path.isDefinite else { return .array(selected) }
            if let value = selected.first, value != .null { return value }
            return call.options["default"] ?? .string("")
        },
        "toJson": { call throws(TemplateError) in
            .string(try call.parameter(0, "a value").jackson(pretty: true))
        },
        "parseJson": { call throws(TemplateError) in
            // {{parseJson text}}, {{parseJson text 'name'}}, or {{#parseJson 'name'}}json{{/parseJson}}
            let text: String
            var name: String?
            if call.block != nil {
                text = try call.textOrBody(call.parameters.count)
                name = call.parameters.first?.rendered
            } else {
                text = try call.parameter(0, "JSON text").rendered
                name = call.parameters.count > 1 ? call.parameters[1].rendered : nil
            }
            let value: TemplateValue
            do { value = try TemplateValueBuilder.parse(text) } catch {
                throw call.fail("the input is not valid JSON (\(error))")
            }
            guard let name else { return value }
            call.renderer.variables[name] = value
            return .null
        },
        "formatJson": { call throws(TemplateError) in
            let input = call.parameters.first
            let value: TemplateValue
            if let input, case .string(let text) = input {
                do { value = try TemplateValueBuilder.parse(text) } catch {
                    throw call.fail("the input is not valid JSON (\(error))")
                }
            } else if let input {
                value = input
            } else {
                do { value = try TemplateValueBuilder.parse(try call.textOrBody()) } catch {
                    throw call.fail("the block is not valid JSON (\(error))")
                }
            }
            switch call.options["format"]?.rendered ?? "pretty" {
            case "pretty": return .string(value.jackson(pretty: true))
            case "compact": return .string(value.jackson(pretty: false))
            case let other: throw call.fail("format must be 'pretty' or 'compact', got '\(other)'")
            }
        },
        "array": { call throws(TemplateError) in
            guard call.parameters.count <= maximumListLength else { throw call.fail("too many items") }
            return .array(call.parameters)
        },
        "range": { call throws(TemplateError) in
            let first = try call.parameter(0, "the lower bound")
            let last = try call.parameter(1, "the upper bound")
            guard let low = first.integerValue, let high = last.integerValue else {
                throw call.fail("bounds must be whole numbers, got \(first.rendered) and \(last.rendered)")
            }
            guard low <= high else { return .array([]) }
            // `high - low` overflows for bounds far apart (Int64.min to Int64.max): compared without a trap.
            let span = high.subtractingReportingOverflow(low)
            guard !span.overflow, span.partialValue < maximumListLength else {
                let asked = span.overflow ? "the numbers from \(low) to \(high)" : "\(span.partialValue + 1)"
                throw call.fail("makes at most \(maximumListLength) numbers, asked for \(asked)")
            }
            return .array((low...high).map { .integer($0) })
        },
        "math": { call throws(TemplateError) in
            let left = try call.parameter(0, "a number")
            let operation = try call.parameter(1, "an operator (+, -, *, /, %)").rendered
            let right = try call.parameter(2, "a number")
            return try arithmetic(left, operation, right, call)
        },
    ]

    /// WireMock's `math`: whole numbers stay whole (division rounds half up, as Java's BigDecimal at scale 0);
    /// anything else is a decimal; text that is no number counts as 0. A whole result that does not fit in 64
    /// bits is computed as a decimal instead (WireMock's BigDecimal has no limit; a wrap or a trap would be worse).
    private static func arithmetic(
        _ left: TemplateValue, _ operation: String, _ right: TemplateValue, _ call: HelperCall
    ) throws(TemplateError) -> TemplateValue {
        if let a = left.integerValue, let b = right.integerValue, !left.isDecimal, !right.isDecimal {
            let result: (partialValue: Int64, overflow: Bool)
            switch operation {
            case "+": result = a.addingReportingOverflow(b)
            case "-": result = a.subtractingReportingOverflow(b)
            case "*", "x": result = a.multipliedReportingOverflow(by: b)
            case "/", "%":
                guard b != 0 else { throw call.fail("division by zero") }
                // Int64.min % -1 reports an overflow, but its remainder (0) is exact.
                result = operation == "%" ? (a.remainderReportingOverflow(dividingBy: b).partialValue, false)
                    : roundedQuotient(a, b)
            default: throw call.fail("\(operation) is not a valid mathematical operator")
            }
            if !result.overflow { return .integer(result.partialValue) }
        }
        let a = left.numberValue ?? 0
        let b = right.numberValue ?? 0
        switch operation {
        case "+": return .number(a + b)
        case "-": return .number(a - b)
        case "*", "x": return .number(a * b)
        case "/":
            guard b != 0 else { throw call.fail("division by zero") }
            return .number(a / b)
        case "%":
            guard b != 0 else { throw call.fail("division by zero") }
            return .number(a.truncatingRemainder(dividingBy: b))
        default: throw call.fail("\(operation) is not a valid mathematical operator")
        }
    }

    /// `a / b` rounded half away from zero, in whole numbers (no detour through `Double`, which loses digits
    /// past 2^53); overflow only for `Int64.min / -1`.
    private static func roundedQuotient(_ a: Int64, _ b: Int64) -> (partialValue: Int64, overflow: Bool) {
        let quotient = a.dividedReportingOverflow(by: b)
        if quotient.overflow { return quotient }
        let remainder = a.remainderReportingOverflow(dividingBy: b).partialValue
        // |remainder| >= |b| / 2, compared without overflow: the remainder is smaller than |b|.
        let doubled = remainder.magnitude.multipliedReportingOverflow(by: 2)
        guard doubled.overflow || doubled.partialValue >= b.magnitude else { return quotient }
        let away: Int64 = (a < 0) != (b < 0) ? -1 : 1
        return quotient.partialValue.addingReportingOverflow(away)
    }
}

extension TemplateValue {
    /// A number written with a fraction (`2.5`, `'2.5'`).
    fileprivate var isDecimal: Bool {
        switch self {
        case .number: return true
        case .string(let text): return text.contains(".") || text.contains("e") || text.contains("E")
        default: return false
        }
    }
}
