import Foundation

/// The result of running the fscript binary once.
struct Execution {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The built `fscript` binary: beside this test bundle in the build folder (the test target depends on the
/// executable, so `swift test` builds it first).
let fscriptBinary: URL = {
    let bundleDirectory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    return bundleDirectory.appendingPathComponent("fscript")
}()

/// The folder of fixture scripts next to this file.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("fixtures")

/// Runs fscript with `arguments` and optional standard input, and waits for it to exit.
/// Runs in `fixtures` so scripts can be named relatively: Lua shortens long chunk names with `...`.
func runFscript(_ arguments: [String], input: String? = nil) throws -> Execution {
    let process = Process()
    process.currentDirectoryURL = fixtures
    process.executableURL = fscriptBinary
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    let inPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inPipe
    try process.run()
    if let input {
        inPipe.fileHandleForWriting.write(Data(input.utf8))
    }
    try inPipe.fileHandleForWriting.close()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Execution(
        status: process.terminationStatus,
        stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: stderr, as: UTF8.self)
    )
}
