import Foundation
import JSON
import Platform

/// Reads a WireMock root directory into stubs: `mappings/**/*.json` (subfolders too, as WireMock reads them) and
/// the `__files` their bodies refer to.
///
/// Files load in path order and all or nothing, so a broken file never leaves half a suite of stubs behind.
package enum MappingLoader {
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
        // Without a mappings folder, the root itself holds the files, and only its top level counts: its
        // subfolders are WireMock's own (__files) or someone else's.
        let names: [String]
        if hasMappings {
            guard let walker = manager.enumerator(atPath: folder.path) else {
                throw MappingError(file: directory, message: "cannot list \(folder.path)")
            }
            names = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
        } else {
            do {
                names = try manager.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
            } catch {
                throw MappingError(file: directory, message: "cannot list \(folder.path): \(error.localizedDescription)")
            }
        }
        var stubs: [Stub] = []
        for name in names {
            let shown = hasMappings ? "mappings/\(name)" : name
            let bytes: [UInt8]
            do {
                bytes = try BoundedFile.read(folder.appendingPathComponent(name).path, limit: fileLimit, what: "mapping file")
            } catch {
                throw MappingError(file: shown, message: problem(error))
            }
            stubs += try self.stubs(inFile: bytes, named: shown, filesDirectory: files)
        }
        return stubs
    }

    /// The largest mapping file read: 100,000 stubs in one `{"mappings": […]}` take about 20 MB.
    static let fileLimit = 64 * 1024 * 1024

    /// Why a mapping file was not read, after its name: a FIFO or a link to `/dev/zero` among the mappings would
    /// have blocked the load or read until memory ran out.
    private static func problem(_ failure: BoundedFile.Failure) -> String {
        switch failure.kind {
        case .missing, .unreadable: return "cannot read the file: \(failure)"
        case .notRegular:
            return "not a regular file (a FIFO, a device, a socket or a /proc entry, or a link to one); mapping "
                + "files must be ordinary JSON files"
        case .tooLarge(let size, let limit):
            return "\(size) bytes, over the limit of \(limit) for a mapping file; split it into several files"
        }
    }

    /// One mapping file's bytes as stubs, checked as a stub store checks them (regular expressions, JSON): what
    /// `load(directory:)` does with each file, and the entry point of the mapping fuzz target.
    package static func stubs(inFile bytes: [UInt8], named shown: String, filesDirectory files: String) throws(MappingError)
        -> [Stub]
    {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: bytes)
        } catch {
            throw MappingError(file: shown, message: "not valid JSON: \(error)")
        }
        let stubs: [Stub]
        do {
            stubs = try WireMockMapping.stubs(in: json, filesDirectory: files)
        } catch {
            throw MappingError(file: shown, message: error.description)
        }
        for stub in stubs {
            do {
                try StubStore().add(stub)
            } catch {
                throw MappingError(file: shown, message: "\(error)")
            }
        }
        return stubs
    }
}
