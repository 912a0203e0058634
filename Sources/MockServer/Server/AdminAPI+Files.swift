import Foundation
import HTTPCore
import JSON

/// `/__admin/files…`: the body files under the loaded root's `__files`, listed, read, written and removed, as
/// WireMock 3 serves them. A name is one file directly in that folder: a name with `/`, `..` or a leading dot is a
/// 400, so no request reaches a file outside it.
extension AdminAPI {
    static func addFileRoutes(to router: inout Router<Handler>) {
        router.add("GET", "/__admin/files") { api, _, _ in
            let folder = api.mappings.filesDirectory
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            let files = names.sorted().filter { !$0.hasPrefix(".") }
                .map { JSONValue.string(URL(fileURLWithPath: folder).appendingPathComponent($0).path) }
            return json(.array(files))
        }
        router.add("GET", "/__admin/files/{name}") { api, _, parameters in
            let file = try api.bodyFile(parameters)
            switch BodyFile.read(file.path) {
            case .success(let data):
                return HTTPResponse(status: 200, headers: [("Content-Type", "application/octet-stream")], body: data)
            case .failure(let failure) where failure.kind == .missing:
                throw AdminError(404, "no file \(file.lastPathComponent) in \(api.mappings.filesDirectory)")
            case .failure(let failure):
                throw AdminError(500, "\(failure); a body file must be a regular file of at most \(BodyFile.limit) bytes")
            }
        }
        router.add("PUT", "/__admin/files/{name}") { api, request, parameters in
            let file = try api.bodyFile(parameters)
            do {
                try FileManager.default.createDirectory(
                    atPath: api.mappings.filesDirectory, withIntermediateDirectories: true)
                try Data(request.body).write(to: file)
            } catch {
                throw AdminError(500, "cannot write \(file.path): \(error.localizedDescription)")
            }
            return ok
        }
        router.add("DELETE", "/__admin/files/{name}") { api, _, parameters in
            let file = try api.bodyFile(parameters)
            guard (try? FileManager.default.removeItem(at: file)) != nil else {
                throw AdminError(404, "no file \(file.lastPathComponent) in \(api.mappings.filesDirectory)")
            }
            return ok
        }
    }

    /// The file `{name}` names in the files folder, or a 400 for a name that would leave it.
    private func bodyFile(_ parameters: RouteParameters) throws -> URL {
        let name = parameters.decoded("name") ?? ""
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.contains("\\") else {
            throw AdminError(400, "'\(name)' is not a file name in the files folder")
        }
        return URL(fileURLWithPath: mappings.filesDirectory).appendingPathComponent(name)
    }
}
