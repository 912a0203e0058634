import HTTPCore
import JSON
import Testing

@testable import MockServer

/// The admin API reads its bodies with the mapping reader: a mistake is a 422 in WireMock's error document,
/// `{"errors": [{"title": …}]}`, naming the field by its path.
@Suite struct AdminAPITests {
    private func errorTitle(_ answer: HTTPClientResponse) throws -> String? {
        try JSONValue(parsing: answer.text.utf8)["errors"].flatMap { errors -> String? in
            guard case .array(let list) = errors else { return nil }
            return list.first?["title"]?.stringValue
        }
    }

    @Test func aMisspeltKeyBesideAMatcherIsRefusedWithTheNearestKey() throws {
        let harness = try MockHarness()
        let mapping = #"""
            {"request": {"urlPath": "/a", "headers": {"Accept": {"equalTo": "json", "caseInsensitve": true}}},
             "response": {"status": 200}}
            """#
        let answer = try harness.send("POST", "/__admin/mappings", body: mapping)
        #expect(answer.status == 422)
        #expect(try errorTitle(answer) == "request.headers.Accept.caseInsensitve: unknown key 'caseInsensitve'; "
            + "did you mean 'caseInsensitive'?")
        #expect(harness.mock.stubs.isEmpty)
    }

    @Test func aRequestPatternQueryRefusesAnUnknownKey() throws {
        let harness = try MockHarness()
        let pattern = #"{"urlPath": "/a", "queryParameters": {"q": {"contains": "x", "caseInsensitve": true}}}"#
        let answer = try harness.send("POST", "/__admin/requests/count", body: pattern)
        #expect(answer.status == 422)
        // The other string matchers are known here too: they are the alternatives to contains.
        #expect(try errorTitle(answer) == "pattern.queryParameters.q.caseInsensitve: unknown key 'caseInsensitve' "
            + "(known: absent, contains, doesNotContain, doesNotMatch, equalTo, matches)")
    }

    @Test func findByMetadataReadsTheContentPatternOnce() throws {
        let harness = try MockHarness()
        let spec = #"{"matchesJsonPath": {"expression": "$.team", "equalTo": "a", "caseInsensitve": true}}"#
        let answer = try harness.send("POST", "/__admin/mappings/find-by-metadata", body: spec)
        #expect(answer.status == 422)
        #expect(try errorTitle(answer) == "pattern.matchesJsonPath.caseInsensitve: unknown key 'caseInsensitve'; "
            + "did you mean 'caseInsensitive'?")
    }
}
