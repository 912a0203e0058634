import Foundation
import HTTPCore
import JSON

/// `/__admin/mappings/import`, `mappings/remove` and `mappings/unmatched`: the routes that act on many stubs at
/// once, with WireMock's options, and `GET /__admin` itself.
extension AdminAPI {
    static func addMappingBulkRoutes(to router: inout Router<Handler>) {
        router.add("POST", "/__admin/mappings/import") { api, request, _ in
            try api.importMappings(try body(request))
            return ok
        }
        router.add("POST", "/__admin/mappings/remove") { api, request, _ in
            let removed = try api.removeMatching(try body(request))
            guard removed else { throw AdminError(404, "no mapping like the one in the body") }
            return ok
        }
        // WireMock 3: the stubs no journaled request was answered by.
        router.add("GET", "/__admin/mappings/unmatched") { api, _, _ in
            list("mappings", api.unmatchedStubs().reversed().map(\.mappingJSON))
        }
        router.add("DELETE", "/__admin/mappings/unmatched") { api, _, _ in
            for stub in api.unmatchedStubs() { api.remove(stub) }
            return ok
        }
        // `GET /__admin` is a redirect to `/__admin/`, which lists the mappings, as WireMock does; clients such as
        // python-wiremock's launcher wait for it.
        router.add("GET", "/__admin") { api, request, _ in
            guard request.path.hasSuffix("/") else {
                let host = request.header("Host") ?? "localhost"
                return HTTPResponse(status: 302, headers: [("Location", "http://\(host)/__admin/")], body: [])
            }
            return try api.listMappings(request)
        }
    }

    /// `mappings/import`: `importOptions.duplicatePolicy` `OVERWRITE` (the default) replaces a stub with the same
    /// id and `IGNORE` keeps it; `deleteAllNotInImport` removes every other stub first. Every mapping is read before
    /// any is added, so a mistake in the tenth leaves the stubs as they were.
    func importMappings(_ document: JSONValue) throws {
        guard case .array(let items)? = document["mappings"] else {
            throw AdminError(422, "the body needs \"mappings\": [ … ]", pointer: "/mappings")
        }
        let options = document["importOptions"]
        let policy = options?["duplicatePolicy"]?.stringValue ?? "OVERWRITE"
        guard ["OVERWRITE", "IGNORE"].contains(policy) else {
            throw AdminError(422, "duplicatePolicy must be OVERWRITE or IGNORE, not '\(policy)'",
                pointer: "/importOptions/duplicatePolicy")
        }
        let imported: [Stub] = try items.enumerated().map { index, item in
            try self.made(from: item, pointer: "/mappings/\(index)")
        }
        // One swap (`StubStore.replaceAll`): a request meanwhile sees the stubs before the import or after it.
        let ids = Set(imported.map(\.id))
        let deletesTheRest = options?["deleteAllNotInImport"] == .bool(true)
        let ignores = policy == "IGNORE"
        let existing = Set(stubs.stubs.map(\.id))
        let added = ignores ? imported.filter { !existing.contains($0.id) } : imported
        let removed: [Stub]
        do {
            removed = try stubs.replaceAll(
                keeping: { deletesTheRest ? ignores && ids.contains($0.id) : ignores || !ids.contains($0.id) },
                adding: added, keepingScenarios: true)
        } catch {
            throw AdminError(422, "\(error)")
        }
        // WireMock removes the persistent stubs' files with them, and writes the persistent ones it imports.
        if let root = mappings.root {
            for stub in removed where MappingFiles.isPersistent(stub) && !ids.contains(stub.id) {
                MappingFiles.remove(stub.id, root: root)
            }
            for stub in added where MappingFiles.isPersistent(stub) { try MappingFiles.write(stub, root: root) }
        }
    }

    /// `mappings/remove`: the stub with the body's `id`, or else every stub whose request is the body's request.
    func removeMatching(_ document: JSONValue) throws -> Bool {
        if let text = (document["id"] ?? document["uuid"])?.stringValue, let id = UUID(uuidString: text) {
            guard let stub = stubs.stub(withID: id) else { return false }
            remove(stub)
            return true
        }
        guard let request = document["request"] else {
            throw AdminError(422, "the body needs an \"id\" or a \"request\"", pointer: "/request")
        }
        var removed = false
        for stub in stubs.stubs where stub.source?["request"] == request {
            remove(stub)
            removed = true
        }
        return removed
    }

    /// The stubs no request in the journal was answered by.
    func unmatchedStubs() -> [Stub] {
        let used = Set(journal.all.compactMap(\.matchedStub))
        return stubs.stubs.filter { !used.contains($0.id) }
    }
}
