import HTTPCore
import Platform

/// The files the mock reads to answer (a mapping's `bodyFileName`, a Lua stub's `file`, `__files` served for an
/// unmatched GET, `GET /__admin/files/{name}`): each read through Platform's `BoundedFile`, so a body file that is
/// a FIFO, a device or a link to one (`/dev/zero`), a `/proc` entry, or larger than `limit` is a 500 naming it
/// rather than a request that reads forever or until memory runs out.
enum BodyFile {
    /// The largest body file the mock answers with.
    static let limit = 64 * 1024 * 1024

    /// The bytes of the body file at `path`.
    static func read(_ path: String) -> Result<[UInt8], BoundedFile.Failure> {
        Result { () throws(BoundedFile.Failure) in try BoundedFile.read(path, limit: limit, what: "body file") }
    }

    /// The 500 a body file that was not read answers: `mock: body file not found: PATH` when it is missing (as
    /// before), else what was wrong with it and what to do.
    static func failure(_ failure: BoundedFile.Failure) -> HTTPResponse {
        guard failure.kind != .missing else { return .text("mock: body file not found: \(failure.path)\n", status: 500) }
        return .text("mock: \(failure); a body file must be a regular file of at most \(limit) bytes\n", status: 500)
    }
}
