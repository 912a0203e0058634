import Platform

extension FileSystem {
    /// The bytes of the regular file at `path`, at most `limit` of them: a file an input names (a capabilities
    /// file, a trace, a durations file, a report to merge, an attachment a report names) is read only when it is
    /// an ordinary file under its limit, never a device, a FIFO or a `/proc` or `/sys` entry that would block,
    /// never end or hand out the process's own secrets (`/proc/self/environ`). `what` names the input in the
    /// error (`--capabilities file`). The stdlib reaches it as `fscript.read_file(path, limit)`. The reading is
    /// Platform's `BoundedFile`, which the mock reads its mapping and body files through too; this gives its
    /// failure as the `FrankError` the commands and the stdlib show.
    static func readBounded(_ path: String, limit: Int, what: String) throws -> [UInt8] {
        do {
            return try BoundedFile.read(path, limit: limit, what: what)
        } catch {
            throw FrankError(error.description)
        }
    }
}
