import GraphQL

/// A GraphQL document in a canonical text, so that two queries that mean the same compare equal as strings.
///
/// This is what graphql-java's `AstSorter` and `AstComparator` give WireMock's GraphQL extension: whitespace,
/// commas and comments go (the parser drops them), and every list whose order does not change the meaning is
/// sorted: the definitions of the document, the selections of each selection set, arguments, directives,
/// variable definitions and the fields of input objects. Fragments are compared as a set of definitions, not
/// inlined into the selections that spread them, as the extension does: a query written with a fragment does not
/// match the same query written out, there as here. Lists of values keep their order.
enum GraphQLQuery {
    /// Brackets (`{`, `[`, `(`) nested deeper than this are refused before parsing: the parser, and the
    /// canonical printer, recurse once per level, and a request of a million `{` must not overflow the stack.
    static let maximumNesting = 64

    /// Why a text is not a GraphQL document (the parser's message, or the nesting limit).
    struct Failure: Error, Sendable {
        let message: String
    }

    /// The canonical text of `source`.
    static func canonical(_ source: String) throws(Failure) -> String {
        try checkNesting(source)
        let document: Document
        do {
            document = try parse(source: source, noLocation: true)
        } catch let error as GraphQLError {
            // The first line says where and what (`Syntax Error GraphQL (1:46) Expected Name, found <EOF>`); the
            // source excerpt after it would break a one-line near miss.
            throw Failure(message: String(error.message.split(separator: "\n").first ?? ""))
        } catch {
            throw Failure(message: "\(error)")
        }
        return document.definitions.map(definition).sorted().joined(separator: "\n")
    }

    /// Refuses a text nested deeper than `maximumNesting`, skipping strings (block strings too) and comments.
    private static func checkNesting(_ source: String) throws(Failure) {
        var depth = 0
        var deepest = 0
        var inString = false
        var inComment = false
        var escaped = false
        for byte in source.utf8 {
            if inComment {
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { inComment = false }
            } else if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "#"): inComment = true
                case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"): depth -= 1
                default: break
                }
                deepest = max(deepest, depth)
            }
        }
        guard deepest <= maximumNesting else {
            throw Failure(message: "nested more than \(maximumNesting) levels deep")
        }
    }

    private static func definition(_ definition: Definition) -> String {
        switch definition {
        case let operation as OperationDefinition:
            let variables = operation.variableDefinitions.map(variable).sorted()
            let head = operation.operation.rawValue + (operation.name.map { " " + $0.value } ?? "")
            return head + (variables.isEmpty ? "" : "(" + variables.joined(separator: ", ") + ")")
                + directives(operation.directives) + " " + selections(operation.selectionSet)
        case let fragment as FragmentDefinition:
            return "fragment \(fragment.name.value) on \(fragment.typeCondition.name.value)"
                + directives(fragment.directives) + " " + selections(fragment.selectionSet)
        default:
            return print(ast: definition)
        }
    }

    private static func variable(_ definition: VariableDefinition) -> String {
        "$\(definition.variable.name.value): \(print(ast: definition.type))"
            + (definition.defaultValue.map { " = " + value($0) } ?? "") + directives(definition.directives)
    }

    private static func selections(_ set: SelectionSet) -> String {
        "{ " + set.selections.map(selection).sorted().joined(separator: " ") + " }"
    }

    private static func selection(_ selection: Selection) -> String {
        switch selection {
        case let field as Field:
            return (field.alias.map { $0.value + ": " } ?? "") + field.name.value + arguments(field.arguments)
                + directives(field.directives) + (field.selectionSet.map { " " + selections($0) } ?? "")
        case let spread as FragmentSpread:
            return "..." + spread.name.value + directives(spread.directives)
        case let inline as InlineFragment:
            return "..." + (inline.typeCondition.map { " on " + $0.name.value } ?? "")
                + directives(inline.directives) + " " + selections(inline.selectionSet)
        default:
            return print(ast: selection)
        }
    }

    private static func arguments(_ arguments: [Argument]) -> String {
        guard !arguments.isEmpty else { return "" }
        return "(" + arguments.map { "\($0.name.value): \(value($0.value))" }.sorted().joined(separator: ", ") + ")"
    }

    private static func directives(_ directives: [Directive]) -> String {
        directives.map { " @" + $0.name.value + arguments($0.arguments) }.sorted().joined()
    }

    /// A value with input objects' fields sorted; lists keep their order, which is meaningful.
    private static func value(_ value: Value) -> String {
        switch value {
        case let object as ObjectValue:
            return "{"
                + object.fields.map { "\($0.name.value): \(self.value($0.value))" }.sorted()
                .joined(separator: ", ") + "}"
        case let list as ListValue:
            return "[" + list.values.map(self.value).joined(separator: ", ") + "]"
        default:
            return print(ast: value)
        }
    }
}
