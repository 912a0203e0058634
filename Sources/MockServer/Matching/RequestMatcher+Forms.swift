import Foundation
import HTTPCore

/// The parts of a request pattern WireMock 3 added: a method from a list (`"method": {"oneOf": [...]}`) and
/// `formParameters`, matched against an `application/x-www-form-urlencoded` body as query parameters are.
extension RequestMatcher {
    /// What does not fit in the method list and the form parameters (none when the pattern has neither).
    static func formAndMethodMismatches(_ pattern: RequestPattern, _ request: HTTPRequest) -> [Mismatch] {
        var mismatches = authorityMismatches(pattern, request)
        if !pattern.methodOneOf.isEmpty, !pattern.methodOneOf.contains(request.method.uppercased()) {
            let expected = "one of " + pattern.methodOneOf.joined(separator: ", ")
            mismatches.append(Mismatch(part: "method", expected: expected, actual: request.method, weight: 2))
        }
        guard !pattern.formParameters.isEmpty else { return mismatches }
        let form = request.bodyText.formItems
        for (name, value) in pattern.formParameters.sorted(by: { $0.key < $1.key }) {
            let sent = form.filter { $0.name == name }.map(\.value)
            if !value.accepts(sent) {
                let actual = sent.isEmpty ? "nothing" : sent.joined(separator: ", ")
                mismatches.append(Mismatch(part: "form parameter \(name)", expected: value.expectation, actual: actual,
                    weight: 1))
            }
        }
        return mismatches
    }
}
