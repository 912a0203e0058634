import Foundation
import JSON

/// Reads a WireMock root directory into stubs: `mappings/*.json` and the `__files` their bodies refer to.
///
/// Files load in name order and all or nothing, so a broken file never leaves half a suite of stubs behind.
enum MappingLoader {
    static func load(directory: String) throws(MappingError) -> [Stub] {
        let root = URL(fileURLWithPath: directory)
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw MappingError(file: directory, message: "not a directory")
        }
        let mappings = root.appendingPathComponent("mappings")
        let hasMappings = manager.fileExists(atPath: mappings.path, isDirectory: &isDirectory) && isDirectory.boolValue
        let folder = hasMappings ? mappings : root
        let files = root.appendingPathComponent("__files").path
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw MappingError(file: directory, message: "cannot list \(folder.path): \(error.localizedDescription)")
        }
        var stubs: [Stub] = []
        for name in names {
            let shown = hasMappings ? "mappings/\(name)" : name
            guard let data = manager.contents(atPath: folder.appendingPathComponent(name).path) else {
                throw MappingError(file: shown, message: "cannot read the file")
            }
            let json: JSONValue
            do {
                json = try JSONValue(parsing: data)
            } catch {
                throw MappingError(file: shown, message: "not valid JSON: \(error)")
            }
            do {
                stubs += try WireMockMapping.stubs(in: json, filesDirectory: files)
            } catch {
                throw MappingError(file: shown, message: error.message)
            }
        }
        return stubs
    }
}
