import Foundation
import JSON

/// A GraphQL request as WireMock's GraphQL extension matches it (`"customMatcher": {"name":
/// "graphql-body-matcher", "parameters": {"query", "variables", "operationName"}}`).
///
/// The body must be JSON with a `query` equal to the stub's once both are in canonical form (`GraphQLQuery`),
/// `variables` equal as JSON (objects in any key order, arrays in order), and `operationName` equal. As in the
/// extension, a stub without `variables` or `operationName` wants the request without them too (absent or
/// null), rather than anything: the extension compares them with WireMock's `absent`.
struct GraphQLPattern: Sendable, Hashable {
    /// The query as the stub wrote it, for messages, and its canonical form.
    let query: String
    let canonical: String
    let variables: JSONValue?
    let operationName: String?

    /// The stub's side, its query parsed now so a malformed one is an error where the stub is written.
    init(query: String, variables: JSONValue?, operationName: String?) throws(GraphQLQuery.Failure) {
        self.query = query
        canonical = try GraphQLQuery.canonical(query)
        self.variables = variables
        self.operationName = operationName
    }

    /// What the body was expected to be, for a mismatch message.
    var expectation: String {
        "GraphQL " + canonical.replacingOccurrences(of: "\n", with: " ")
            + " with " + (variables.map { "variables \($0.jsonString)" } ?? "no variables")
            + (operationName.map { ", operation \($0)" } ?? "")
    }

    /// Nil when the body is this request; otherwise what arrived (or why it is not a GraphQL request), for the
    /// near miss.
    func verdict(_ body: [UInt8]) -> String? {
        guard let request = try? JSONValue(parsing: body), case .object(let members) = request else {
            return "a body that is not a JSON object"
        }
        guard let text = members["query"]?.stringValue else { return "a JSON body without a query string" }
        let sentVariables = members["variables"].flatMap { $0 == .null ? nil : $0 }
        let sentName = members["operationName"].flatMap { $0 == .null ? nil : $0 }
        let received: String
        do {
            received = try GraphQLQuery.canonical(text)
        } catch {
            return "a GraphQL query that does not parse (\(error.message))"
        }
        let variablesFit: Bool
        switch (variables, sentVariables) {
        case (nil, nil): variablesFit = true
        case (let expected?, let sent?): variablesFit = expected.matches(sent, options: [])
        default: variablesFit = false
        }
        let nameFits = sentName == operationName.map(JSONValue.string)
        if received == canonical, variablesFit, nameFits { return nil }
        return "GraphQL " + received.replacingOccurrences(of: "\n", with: " ")
            + " with " + (sentVariables.map { "variables \($0.jsonString)" } ?? "no variables")
            + (sentName.map { ", operation \($0.stringValue ?? $0.jsonString)" } ?? "")
    }
}
