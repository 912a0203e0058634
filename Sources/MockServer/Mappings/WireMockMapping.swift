import Foundation
import HTTPCore
import JSON
import Platform

/// Turns WireMock's mapping JSON into stubs: the subset of WireMock that app tests use, read unchanged.
///
/// Every object is read with a `FieldReader`, so an unknown key anywhere (`caseInsensitve` beside a matcher, a
/// WireMock feature fscript lacks) is an error naming its path and the nearest known key: a silently ignored
/// matcher makes a stub match more than its author meant, and that shows up much later as a baffling test.
/// The patterns are compiled as they are read, so a bad regular expression names its field too.
enum WireMockMapping {
    /// A problem at one place in a mapping document.
    typealias Problem = FieldError
    /// The reader of one object of a mapping document.
    typealias Fields = FieldReader<JSONValue>

    /// The keys of a WireMock stub mapping that fscript reads elsewhere or that change nothing here: metadata
    /// (matched by the admin API), persistence and ordering hints.
    private static let passiveKeys = [
        "id", "uuid", "metadata", "persistent", "insertionIndex",
    ]

    /// The stubs of one file: a single mapping, `{"mappings": [...]}`, or an array of mappings.
    static func stubs(in document: JSONValue, filesDirectory: String) throws(Problem) -> [Stub] {
        if case .array(let list) = document {
            return try list.enumerated().map { index, item throws(Problem) in
                try stub(item, at: "[\(index)]", filesDirectory: filesDirectory)
            }
        }
        if document["mappings"] != nil {
            // WireMock's exports wrap the list as {"mappings": [...], "meta": {"total": n}}.
            let items = try Fields.read(document, at: "") { file throws(Problem) in
                file.allow(["meta"])
                return try file.array("mappings") ?? []
            }
            return try items.enumerated().map { index, item throws(Problem) in
                try stub(item, at: "mappings[\(index)]", filesDirectory: filesDirectory)
            }
        }
        return [try stub(document, at: "", filesDirectory: filesDirectory)]
    }

    private static func stub(_ mapping: JSONValue, at path: String, filesDirectory: String) throws(Problem) -> Stub {
        try Fields.read(mapping, at: path) { fields throws(Problem) in
            // WireMock takes a mapping without a request as one that matches every request.
            let request = fields.value("request") ?? .object([:])
            let pattern = try requestPattern(request, at: fields.path(of: "request"))
            let response = try responseDefinition(
                fields.value("response") ?? .object([:]), at: fields.path(of: "response"), files: filesDirectory
            )
            fields.allow(passiveKeys)
            let id = (mapping["id"] ?? mapping["uuid"])?.stringValue.flatMap(UUID.init(uuidString:)) ?? UUID()
            var stub = Stub(
                id: id, name: try fields.string("name"), request: pattern, response: response,
                priority: try fields.integer("priority").map { Int($0) }, scenario: try scenario(fields)
            )
            stub.substitutesCaptures = false
            stub.source = mapping
            (stub.webhooks, stub.unknownListeners) = try listeners(fields)
            try check(stub, at: fields)
            return stub
        }
    }

    /// `scenarioName`, with the state the stub needs and the state it moves to.
    private static func scenario(_ fields: Fields) throws(Problem) -> ScenarioStep? {
        let required = try fields.string("requiredScenarioState"), new = try fields.string("newScenarioState")
        guard let name = try fields.string("scenarioName") else {
            if required != nil || new != nil {
                throw fields.fail("scenarioName", "missing, but a scenario state is given")
            }
            return nil
        }
        return ScenarioStep(name, requiredState: required, newState: new)
    }

    /// Compiles what is left (the response's templates) now, so a mistake is reported against its file, not at
    /// the first request.
    private static func check(_ stub: Stub, at fields: Fields) throws(Problem) {
        do {
            var checked = stub.responses[0]
            try checked.validate()
            try checked.compileTemplates()
        } catch {
            throw fields.fail("response", error.description)
        }
    }

    /// The body file a mapping names, resolved inside the mappings' `__files` after following symlinks: a mapping
    /// file comes from outside (a colleague, a recording, a public repository), and `../../etc/passwd` or a link
    /// out of the folder must not turn the mock into a file server for the machine.
    static func bodyFile(_ name: String, in files: String, at path: String) throws(Problem) -> String {
        let candidate = URL(fileURLWithPath: files).appendingPathComponent(name).path
        guard let real = realPath(candidate) else { throw Problem(path, "no file \(name) in \(files)") }
        let root = realPath(files) ?? files
        guard real.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            throw Problem(path, "\(name) is outside \(files) (it resolves to \(real)); body files must be inside __files")
        }
        // Checked here so the load names the mapping; `BodyFile` checks again when it reads.
        var info = stat()
        guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw Problem(path, "\(name) in \(files) is not a regular file (a FIFO, a device or a socket); body files "
                + "must be ordinary files")
        }
        guard info.st_size <= BodyFile.limit else {
            throw Problem(path, "\(name) in \(files) is \(info.st_size) bytes, over the limit of \(BodyFile.limit)")
        }
        return real
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
