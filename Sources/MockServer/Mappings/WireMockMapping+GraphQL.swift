import JSON

/// A request's `customMatcher`: WireMock runs an extension by its name. The mock has one, the GraphQL extension's
/// `graphql-body-matcher`; any other name is refused, since a stub whose matcher is skipped would match more than
/// its author meant.
extension WireMockMapping {
    static let graphQLMatcherName = "graphql-body-matcher"

    /// `{"name": "graphql-body-matcher", "parameters": {"query": …, "variables": {…}, "operationName": …}}`, or
    /// the extension's older `{"expectedJson": "{\"query\": …}"}` parameter; the query is parsed here, so a
    /// malformed one is an error at its path.
    static func customMatcher(_ value: JSONValue, at path: String) throws(Problem) -> BodyPattern {
        try Fields.read(value, at: path) { spec throws(Problem) in
            let name = try spec.requiredString("name")
            guard name == graphQLMatcherName else {
                throw spec.fail("name", "unsupported custom matcher '\(name)' (the mock has \(graphQLMatcherName))")
            }
            let pattern = try spec.object("parameters") { parameters throws(Problem) in
                if parameters.has("expectedJson") { return try expectedJSON(parameters) }
                return try graphQLPattern(parameters)
            }
            guard let pattern else { throw spec.fail("parameters", "needs parameters with a query") }
            return BodyPattern(check: .graphQL(pattern))
        }
    }

    /// `query`, `variables` (an object), `operationName` from an object being read.
    private static func graphQLPattern(_ fields: Fields) throws(Problem) -> GraphQLPattern {
        let query = try fields.requiredString("query")
        let variables = fields.value("variables").flatMap { $0 == .null ? nil : $0 }
        if let variables, case .object = variables {
        } else if let variables {
            throw fields.fail("variables", "expected an object, got \(variables.typeName)")
        }
        let operationName = try fields.string("operationName")
        do {
            return try GraphQLPattern(query: query, variables: variables, operationName: operationName)
        } catch {
            throw fields.fail("query", "not a GraphQL query: \(error.message)")
        }
    }

    /// The extension's deprecated form: the expected request body as JSON text.
    private static func expectedJSON(_ parameters: Fields) throws(Problem) -> GraphQLPattern {
        let text = try parameters.requiredString("expectedJson")
        let document: JSONValue
        do {
            document = try JSONValue(parsing: Array(text.utf8))
        } catch {
            throw parameters.fail("expectedJson", "not valid JSON: \(error.description)")
        }
        return try Fields.read(document, at: parameters.path(of: "expectedJson"), graphQLPattern)
    }
}
