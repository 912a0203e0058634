import Foundation
import HTTPCore
import JSON

/// `/__admin/mappings…`: stubs as WireMock mapping documents, listed, made, edited, removed, found by metadata,
/// reset to the loaded files and saved to the mappings folder.
extension AdminAPI {
    static func addMappingRoutes(to router: inout Router<Handler>) {
        router.add("GET", "/__admin/mappings") { api, _, _ in list("mappings", api.stubs.stubs.map(\.mappingJSON)) }
        router.add("POST", "/__admin/mappings") { api, request, _ in
            json(try api.create(try body(request), replacing: nil).mappingJSON, status: 201)
        }
        router.add("DELETE", "/__admin/mappings") { api, _, _ in
            api.stubs.removeAll(keepingScenarios: true)
            return ok
        }
        router.add("POST", "/__admin/mappings/reset") { api, _, _ in
            api.resetMappings()
            return ok
        }
        router.add("POST", "/__admin/mappings/import") { api, request, _ in
            guard case .array(let items)? = try body(request)["mappings"] else {
                throw AdminError(400, "the body needs \"mappings\": [ … ]")
            }
            for item in items { _ = try api.create(item, replacing: nil) }
            return ok
        }
        router.add("POST", "/__admin/mappings/find-by-metadata") { api, request, _ in
            list("mappings", try api.byMetadata(try body(request)).map(\.mappingJSON))
        }
        router.add("POST", "/__admin/mappings/remove-by-metadata") { api, request, _ in
            for stub in try api.byMetadata(try body(request)) { _ = api.stubs.remove(stub.id) }
            return ok
        }
        router.add("POST", "/__admin/mappings/save") { api, _, _ in
            try api.save()
            return ok
        }
        addMappingByIDRoutes(to: &router)
    }

    /// `mappings/{id}`: one stub by its id (any case), read, replaced or removed.
    private static func addMappingByIDRoutes(to router: inout Router<Handler>) {
        router.add("GET", "/__admin/mappings/{id}") { api, _, parameters in
            let id = parameters["id"] ?? ""
            guard let stub = api.stubs.stubs.first(where: { $0.id.uuidString.lowercased() == id.lowercased() }) else {
                throw AdminError(404, "no mapping \(id)")
            }
            return json(stub.mappingJSON)
        }
        router.add("PUT", "/__admin/mappings/{id}") { api, request, parameters in
            let id = parameters["id"] ?? ""
            guard let uuid = UUID(uuidString: id), api.stubs.stubs.contains(where: { $0.id == uuid }) else {
                throw AdminError(404, "no mapping \(id)")
            }
            return json(try api.create(try body(request), replacing: uuid).mappingJSON)
        }
        router.add("DELETE", "/__admin/mappings/{id}") { api, _, parameters in
            let id = parameters["id"] ?? ""
            guard let uuid = UUID(uuidString: id), api.stubs.remove(uuid) else {
                throw AdminError(404, "no mapping \(id)")
            }
            return ok
        }
    }

    /// A stub from a mapping document, added (or put in place of `replacing`); mistakes are a 422 naming the field.
    func create(_ mapping: JSONValue, replacing: UUID?) throws -> Stub {
        var document = mapping
        if let replacing, case .object(var members) = document {
            members["id"] = .string(replacing.uuidString)
            document = .object(members)
        }
        let stub: Stub
        do {
            let made = try WireMockMapping.stubs(in: document, filesDirectory: mappings.filesDirectory).first
            guard let made else {
                throw AdminError(422, "no mapping in the body")
            }
            stub = made
        } catch let problem as WireMockMapping.Problem {
            throw AdminError(422, problem.description)
        }
        if let replacing { _ = stubs.remove(replacing) }
        do {
            try stubs.add(stub)
        } catch {
            throw AdminError(422, "\(error)")
        }
        return stub
    }

    /// The stubs whose mapping `metadata` fits the content pattern in `spec` (`equalToJson`, `matchesJsonPath`, …).
    func byMetadata(_ spec: JSONValue) throws -> [Stub] {
        let check: BodyPattern
        do {
            check = try WireMockMapping.bodyPattern(spec, at: "pattern")
        } catch {
            throw AdminError(422, error.description)
        }
        return stubs.stubs.filter { stub in
            guard let metadata = stub.source?["metadata"] else { return false }
            return check.mismatch(metadata.jsonBytes) == nil
        }
    }

    /// Writes every stub not loaded from a file to `mappings/ID.json` in the folder the mock loaded, so the next
    /// start (and `mappings/reset`) has them, as WireMock's `save` does.
    func save() throws {
        guard let root = mappings.root else {
            throw AdminError(400, "no mappings folder to save to: start the mock with --mappings DIR (or load one)")
        }
        let folder = URL(fileURLWithPath: root).appendingPathComponent("mappings")
        let known = Set(mappings.stubs.map(\.id))
        var saved: [Stub] = []
        for stub in stubs.stubs where !known.contains(stub.id) {
            let file = folder.appendingPathComponent("\(stub.id.uuidString.lowercased()).json")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(stub.mappingJSON.jsonString(indent: "  ").utf8).write(to: file)
            } catch {
                throw AdminError(500, "cannot write \(file.path): \(error.localizedDescription)")
            }
            saved.append(stub)
        }
        mappings.add(saved, root: root)
    }

    /// Back to the stubs loaded from files, scenarios included (`reset` and `mappings/reset`).
    func resetMappings() {
        stubs.removeAll(keepingScenarios: false)
        for stub in mappings.stubs { try? stubs.add(stub) }
    }
}
