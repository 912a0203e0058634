import Foundation
import HTTPCore
import JSON

/// `/__admin/mappings…`: stubs as WireMock mapping documents, listed, made, edited, removed, found by metadata,
/// reset to the loaded files and saved to the mappings folder.
extension AdminAPI {
    static func addMappingRoutes(to router: inout Router<Handler>) {
        router.add("GET", "/__admin/mappings") { api, request, _ in try api.listMappings(request) }
        router.add("POST", "/__admin/mappings") { api, request, _ in
            json(try api.create(try body(request), replacing: nil).mappingJSON, status: 201)
        }
        router.add("DELETE", "/__admin/mappings") { api, _, _ in
            // WireMock removes the persistent stubs' files with them, so a later reset does not bring them back.
            if let root = api.mappings.root {
                for stub in api.stubs.stubs where MappingFiles.isPersistent(stub) {
                    MappingFiles.remove(stub.id, root: root)
                }
            }
            api.stubs.removeAll(keepingScenarios: true)
            return ok
        }
        router.add("POST", "/__admin/mappings/reset") { api, _, _ in
            try api.resetMappings()
            return ok
        }
        router.add("POST", "/__admin/mappings/find-by-metadata") { api, request, _ in
            list("mappings", try api.byMetadata(try body(request)).map(\.mappingJSON))
        }
        router.add("POST", "/__admin/mappings/remove-by-metadata") { api, request, _ in
            for stub in try api.byMetadata(try body(request)) { api.remove(stub) }
            return ok
        }
        router.add("POST", "/__admin/mappings/save") { api, _, _ in
            try api.save()
            return ok
        }
        addMappingByIDRoutes(to: &router)
        addMappingBulkRoutes(to: &router)
    }

    /// `mappings/{id}`: one stub by its id (any case), read, replaced or removed; an id that is no UUID is a 400
    /// and one no stub has a 404, as in WireMock 3.
    private static func addMappingByIDRoutes(to router: inout Router<Handler>) {
        router.add("GET", "/__admin/mappings/{id}") { api, _, parameters in
            let uuid = try requestID(parameters)
            guard let stub = api.stubs.stub(withID: uuid) else {
                throw AdminError(404, "no mapping \(uuid.uuidString.lowercased())")
            }
            return json(stub.mappingJSON)
        }
        router.add("PUT", "/__admin/mappings/{id}") { api, request, parameters in
            let uuid = try requestID(parameters)
            guard api.stubs.stub(withID: uuid) != nil else {
                throw AdminError(404, "no mapping \(uuid.uuidString.lowercased())")
            }
            return json(try api.create(try body(request), replacing: uuid).mappingJSON)
        }
        router.add("DELETE", "/__admin/mappings/{id}") { api, _, parameters in
            let uuid = try requestID(parameters)
            guard let stub = api.stubs.stub(withID: uuid) else {
                throw AdminError(404, "no mapping \(uuid.uuidString.lowercased())")
            }
            api.remove(stub)
            return ok
        }
    }

    /// `GET mappings`: newest first, as WireMock lists them, from `offset` and up to `limit`; `meta.total` counts all.
    func listMappings(_ request: HTTPRequest) throws -> HTTPResponse {
        let all = Array(stubs.stubs.reversed())
        let offset = try Self.count(request, "offset") ?? 0
        let limit = try Self.count(request, "limit") ?? all.count
        let page = all.dropFirst(offset).prefix(limit)
        return Self.json(.object([
            "mappings": .array(page.map(\.mappingJSON)),
            "meta": .object(["total": .integer(Int64(all.count))]),
        ]))
    }

    /// A query parameter that must be a count (`limit`, `offset`), or nil when absent; anything else is a 400.
    static func count(_ request: HTTPRequest, _ name: String) throws -> Int? {
        guard let text = request.queryItems.first(where: { $0.name == name })?.value else { return nil }
        guard let count = Int(text), count >= 0 else { throw AdminError(400, "\(name) must be a count, not '\(text)'") }
        return count
    }

    /// A stub from a mapping document, added (or put in place of `replacing`); mistakes are a 422 naming the field.
    func create(_ mapping: JSONValue, replacing: UUID?) throws -> Stub {
        var document = mapping
        if let replacing, case .object(var members) = document {
            members["id"] = .string(replacing.uuidString.lowercased())
            document = .object(members)
        }
        let stub = try made(from: document, pointer: "")
        // WireMock 3.7 refuses a new stub whose id is taken (2.35.1 kept both under one id, and 2.x's GET, PUT and
        // DELETE by id then each saw a different one); PUT is the way to replace a stub.
        if replacing == nil, stubs.stub(withID: stub.id) != nil {
            throw AdminError(422, "Duplicate stub mapping ID", code: 109, detail: "ID of the provided stub mapping "
                + "'\(stub.id.uuidString.lowercased())' is already taken by another stub mapping")
        }
        if let replacing, let old = stubs.stub(withID: replacing) { remove(old) }
        do {
            try stubs.add(stub)
        } catch {
            throw AdminError(422, "\(error)")
        }
        if MappingFiles.isPersistent(stub), let root = mappings.root { try MappingFiles.write(stub, root: root) }
        return stub
    }

    /// Removes a stub, and the file the API wrote for it when it is persistent (as WireMock removes it).
    func remove(_ stub: Stub) {
        _ = stubs.remove(stub.id)
        if MappingFiles.isPersistent(stub), let root = mappings.root { MappingFiles.remove(stub.id, root: root) }
    }

    /// The stub a mapping document describes, not added yet; a mistake is a 422 pointing under `pointer`.
    func made(from document: JSONValue, pointer: String) throws -> Stub {
        do {
            guard let made = try WireMockMapping.stubs(in: document, filesDirectory: mappings.filesDirectory).first else {
                throw AdminError(422, "no mapping in the body", pointer: pointer.isEmpty ? "/" : pointer)
            }
            return made
        } catch let problem as WireMockMapping.Problem {
            throw AdminError(problem, under: pointer)
        }
    }

    /// The stubs whose mapping `metadata` fits the content pattern in `spec` (`equalToJson`, `matchesJsonPath`, …).
    func byMetadata(_ spec: JSONValue) throws -> [Stub] {
        let check: BodyPattern
        do {
            check = try WireMockMapping.bodyPattern(spec, at: "pattern")
        } catch {
            throw AdminError(error)
        }
        return stubs.stubs.filter { stub in
            guard let metadata = stub.source?["metadata"] else { return false }
            return check.mismatch(metadata.jsonBytes) == nil
        }
    }

    /// Writes every stub neither loaded from a file nor written already (persistent) to the folder the mock loaded,
    /// named as WireMock names them, so `mappings/reset` and the next start have them, as WireMock's `save` does.
    func save() throws {
        guard let root = mappings.root else {
            throw AdminError(400, "no mappings folder to save to: start the mock with --mappings DIR (or load one)")
        }
        let known = Set(mappings.stubs.map(\.id))
        for stub in stubs.stubs where !known.contains(stub.id) && !MappingFiles.isPersistent(stub) {
            try MappingFiles.write(stub, root: root)
            stubs.markPersistent(stub.id)
        }
    }

    /// Back to the stubs in the loaded folders as they are now, scenarios included (`reset` and `mappings/reset`):
    /// WireMock reads its mapping files again, so what the API wrote or removed, or a file edited meanwhile, counts.
    /// A file that no longer loads is a 500 naming it, and the stubs stay as they were. The new set replaces the old
    /// at once (`StubStore.replaceAll`): a request meanwhile is answered by one or the other, never by none.
    func resetMappings() throws {
        do {
            try stubs.replaceAll(adding: try mappings.reload(), keepingScenarios: false)
        } catch {
            throw AdminError(500, "cannot read the mapping files again: \(error)")
        }
    }
}
