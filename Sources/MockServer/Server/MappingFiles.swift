import Foundation
import JSON

/// The mapping files the admin API writes and removes, as WireMock does in its root's `mappings/`: a persistent
/// stub (`"persistent": true`, a recording's `persist`) is written when it is made, `mappings/save` writes the
/// others, and removing a persistent stub removes its file, so `reset` (which reads the folder again) and the next
/// start have what the API left. A file is named as WireMock names it: the stub's name, or else its URL, made safe
/// for a file name, then its id (`up_one-8c5db8b0-….json`).
enum MappingFiles {
    /// The folder the loader reads under `root`: `root/mappings`, or `root` itself when it holds its mapping files
    /// at the top (see `MappingLoader`), or `root/mappings` when there are none yet.
    static func folder(in root: String) -> URL {
        let base = URL(fileURLWithPath: root)
        let mappings = base.appendingPathComponent("mappings")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: mappings.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return mappings
        }
        let flat = (try? FileManager.default.contentsOfDirectory(atPath: root))?.contains { $0.hasSuffix(".json") }
        return flat == true ? base : mappings
    }

    /// `stub`'s mapping as a file in `root`'s mapping folder; a failure is a 500 naming the file.
    static func write(_ stub: Stub, root: String) throws {
        let folder = folder(in: root)
        let file = folder.appendingPathComponent(fileName(for: stub))
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var document = stub.mappingJSON
            if case .object(var members) = document {
                members["persistent"] = .bool(true)
                document = .object(members)
            }
            try Data(document.jsonString(indent: "  ").utf8).write(to: file, options: .atomic)
        } catch {
            throw AdminError(500, "cannot write \(file.path): \(error.localizedDescription)")
        }
    }

    /// Removes the file the API wrote for the stub `id` (any name ending in its id), if there is one.
    static func remove(_ id: UUID, root: String) {
        let folder = folder(in: root)
        let suffix = id.uuidString.lowercased() + ".json"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasSuffix(suffix) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// Whether the stub's mapping says `"persistent": true`.
    static func isPersistent(_ stub: Stub) -> Bool {
        if case .bool(true)? = stub.source?["persistent"] { return true }
        return false
    }

    /// `NAME-ID.json`: the name (or the URL without its first slash, slashes as underscores) in lower case, spaces
    /// as dashes, other characters than letters, digits, `_` and `-` dropped (`/hello.txt` is `hellotxt`), as
    /// WireMock names them; `mapping` when that leaves nothing.
    static func fileName(for stub: Stub) -> String {
        let request = stub.source?["request"]
        let url = ["url", "urlPath", "urlPattern", "urlPathPattern", "urlPathTemplate"].lazy
            .compactMap { request?[$0]?.stringValue }.first
        var base: String
        if let name = stub.name ?? stub.source?["name"]?.stringValue {
            base = name
        } else if let url {
            base = String(url.drop { $0 == "/" }).replacingOccurrences(of: "/", with: "_")
        } else {
            base = ""
        }
        return "\(safeName(base))-\(stub.id.uuidString.lowercased()).json"
    }

    /// `text` in lower case, spaces as dashes, other characters than letters, digits, `_` and `-` dropped, at most
    /// 100 of them; `mapping` when that leaves nothing.
    static func safeName(_ text: String) -> String {
        let base = String(text.lowercased().replacingOccurrences(of: " ", with: "-").unicodeScalars.filter { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "_-".unicodeScalars.contains(scalar))
        }.prefix(100).map(Character.init))
        return base.isEmpty ? "mapping" : base
    }
}
