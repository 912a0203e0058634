import Foundation

/// The folders stubs were loaded from, which `POST /__admin/mappings/reset` reads again (as WireMock does, so a
/// file the admin API wrote or removed, or one edited by hand, counts), and where their body files are.
final class LoadedMappings: @unchecked Sendable {
    private let lock = NSLock()
    private var loaded: [Stub] = []
    private var folder: String?
    private var roots: [String] = []

    /// The stubs loaded from files last time they were read.
    var stubs: [Stub] { lock.withLock { loaded } }
    /// The WireMock root loaded last (it holds `mappings/` and `__files/`), or nil.
    var root: String? { lock.withLock { folder } }
    /// Where body files of mappings made over the API are looked up: the loaded root's `__files`.
    var filesDirectory: String {
        URL(fileURLWithPath: root ?? FileManager.default.currentDirectoryPath).appendingPathComponent("__files").path
    }

    func add(_ stubs: [Stub], root: String) {
        lock.withLock {
            loaded += stubs
            folder = root
            if !roots.contains(root) { roots.append(root) }
        }
    }

    /// Every loaded folder read again, in the order they were loaded; all or nothing, like a load.
    func reload() throws(MappingError) -> [Stub] {
        let folders = lock.withLock { roots }
        var fresh: [Stub] = []
        for root in folders { fresh += try MappingLoader.load(directory: root) }
        lock.withLock { loaded = fresh }
        return fresh
    }
}
