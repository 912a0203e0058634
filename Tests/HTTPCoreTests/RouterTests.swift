import HTTPCore
import Testing

/// The router the mock's admin API, the simulator and the inspector share: captures, specificity, 404 against
/// 405, and the path policies WireMock and Frank need.
@Suite struct RouterTests {
    /// A router of names, so a test reads which route a request reached.
    private func admin() -> Router<String> {
        var router = Router<String>(paths: .ignoringEmptySegments)
        router.add("GET", "/__admin/mappings", "list")
        router.add("POST", "/__admin/mappings", "create")
        router.add("GET", "/__admin/mappings/{id}", "get")
        router.add(["PUT", "DELETE"], "/__admin/mappings/{id}", "edit")
        router.add("POST", "/__admin/mappings/reset", "reset")
        router.add("PUT", "/__admin/scenarios/{name}/state", "state")
        return router
    }

    @Test func capturesNamedSegments() throws {
        let match = try #require(admin().route(method: "GET", path: "/__admin/mappings/abc-123").match)
        #expect(match.handler == "get")
        #expect(match.parameters["id"] == "abc-123")
        #expect(match.template.description == "/__admin/mappings/{id}")
    }

    @Test func decodesCapturesOnRequest() throws {
        let match = try #require(admin().route(method: "PUT", path: "/__admin/scenarios/my%20flow/state").match)
        #expect(match.parameters["name"] == "my%20flow")
        #expect(match.parameters.decoded("name") == "my flow")
    }

    @Test func literalSegmentBeatsCaptureWhateverTheOrder() throws {
        #expect(admin().route(method: "POST", path: "/__admin/mappings/reset").match?.handler == "reset")
        // The literal path is found first, so another method there is a 405, not the `{id}` route.
        guard case .methodNotAllowed(let allowed) = admin().route(method: "GET", path: "/__admin/mappings/reset") else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == ["POST"])
    }

    @Test func unknownPathIsNotFoundAndKnownPathWithOtherMethodIsNotAllowed() {
        guard case .notFound = admin().route(method: "GET", path: "/__admin/nothing") else {
            Issue.record("expected 404")
            return
        }
        guard case .methodNotAllowed(let allowed) = admin().route(method: "PATCH", path: "/__admin/mappings/x") else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == ["GET", "PUT", "DELETE"])
    }

    @Test func firstHandlerForAMethodStays() {
        var router = Router<Int>()
        router.add("GET", "/a", 1)
        router.add(["GET", "POST"], "/a", 2)
        #expect(router.route(method: "GET", path: "/a").match?.handler == 1)
        #expect(router.route(method: "POST", path: "/a").match?.handler == 2)
    }

    @Test func catchAllTakesZeroOrMoreSegmentsAndLosesToAnExactRoute() throws {
        var router = Router<String>(paths: .ignoringTrailingSlash)
        router.add("GET", "/dump", "dump")
        router.add("GET", "/dump/view/**", "view")
        router.add("GET", "/dump/views/**", "views")
        #expect(router.route(method: "GET", path: "/dump/view").match?.parameters.catchAll == "")
        let deep = try #require(router.route(method: "GET", path: "/dump/view/ab/cd").match)
        #expect(deep.handler == "view")
        #expect(deep.parameters.catchAll == "ab/cd")
        #expect(router.route(method: "GET", path: "/dump/views/x").match?.handler == "views")
        #expect(router.route(method: "GET", path: "/dump").match?.handler == "dump")
        #expect(router.route(method: "GET", path: "/dumpster").match == nil)
    }

    @Test(arguments: [
        (PathPolicy.exact, "/map/", false), (.exact, "/map", true), (.exact, "//map", false),
        (.ignoringTrailingSlash, "/map/", true), (.ignoringTrailingSlash, "/map//", true),
        (.ignoringTrailingSlash, "//map", false), (.ignoringEmptySegments, "//map//", true),
    ])
    func pathPolicies(policy: PathPolicy, path: String, matches: Bool) {
        var router = Router<String>(paths: policy)
        router.add("POST", "/map", "map")
        #expect((router.route(method: "POST", path: path).match != nil) == matches)
    }

    @Test func rootAndNormalisedPath() throws {
        var router = Router<String>(paths: .ignoringTrailingSlash)
        router.add("GET", "/", "root")
        #expect(router.route(method: "GET", path: "/").match?.handler == "root")
        #expect(router.route(method: "GET", path: "").match?.handler == "root")
        router.add("POST", "/map", "map")
        #expect(try #require(router.route(method: "POST", path: "/map//").match).path == "/map")
    }

    @Test func methodsAreCaseSensitive() {
        #expect(admin().route(method: "get", path: "/__admin/mappings").match == nil)
    }

    @Test func captureNeedsASegment() {
        var router = Router<String>()
        router.add("GET", "/a/{id}", "a")
        #expect(router.route(method: "GET", path: "/a/").match == nil)
        #expect(router.route(method: "GET", path: "/a").match == nil)
    }
}
