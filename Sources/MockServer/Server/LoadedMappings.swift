import Foundation

/// The stubs loaded from mapping files, which `POST /__admin/mappings/reset` goes back to, and where their body
/// files are.
final class LoadedMappings: @unchecked Sendable {
    private let lock = NSLock()
    private var loaded: [Stub] = []
    private var folder: String?

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
        }
    }
}
