import Foundation
import Testing

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

/// Runs fscript with `arguments` and optional standard input in `fixtures`, and waits (at most 30 s) for it to exit.
/// Runs in `fixtures` so scripts can be named relatively: Lua shortens long chunk names with `...`.
func runFscript(_ arguments: [String], input: String? = nil) throws -> Execution {
    let result = try FScriptProcess(arguments, input: input).finish()
    return Execution(status: result.status, stdout: result.stdout, stderr: result.stderr)
}

// MARK: Long-running children (Ctrl-C, mocks) and whole-output comparisons

/// Output a child process writes, collected on a background thread; a test can wait for a marker in it.
final class OutputBuffer: @unchecked Sendable {
    private let condition = NSCondition()
    private var data = Data()
    private var closed = false

    func append(_ chunk: Data) {
        condition.lock()
        if chunk.isEmpty { closed = true } else { data.append(chunk) }
        condition.broadcast()
        condition.unlock()
    }

    var text: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    /// Waits until the output contains `marker`; false after `timeout` seconds or when the output ended first.
    func wait(for marker: String, timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !String(decoding: data, as: UTF8.self).contains(marker) {
            if closed || !condition.wait(until: deadline) { return String(decoding: data, as: UTF8.self).contains(marker) }
        }
        return true
    }

    /// Waits until the writer closed its end (the process exited and its output is complete).
    func waitClosed(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !closed {
            if !condition.wait(until: deadline) { return closed }
        }
        return true
    }
}

/// A running `fscript` child process with its stdout and stderr captured.
final class FScriptProcess: @unchecked Sendable {
    let process = Process()
    let stdout = OutputBuffer()
    let stderr = OutputBuffer()
    private let exited = DispatchSemaphore(value: 0)

    /// Starts fscript; standard input reads `input` then ends, or is empty (`/dev/null`) without it.
    init(_ arguments: [String], directory: String? = fixtures.path, input: String? = nil) throws {
        process.executableURL = fscriptBinary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let inPipe = input.map { _ in Pipe() }
        process.standardInput = inPipe ?? FileHandle.nullDevice
        // A blocking read loop on a thread of its own, not `readabilityHandler`: tearing down that handler's
        // dispatch read source races the descriptor's close and can crash libdispatch's event loop on Linux
        // (swift-corelibs-libdispatch#949), which once took the whole test process down in CI.
        for (pipe, buffer) in [(out, stdout), (err, stderr)] {
            let handle = pipe.fileHandleForReading
            Thread.detachNewThread {
                while true {
                    let chunk = handle.availableData
                    buffer.append(chunk)
                    if chunk.isEmpty { break }
                }
            }
        }
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if let inPipe, let input {
            inPipe.fileHandleForWriting.write(Data(input.utf8))
            try inPipe.fileHandleForWriting.close()
        }
    }

    /// Waits for the exit (at most `timeout` seconds, then kills it) and for the complete output.
    ///
    /// The kill is SIGKILL: Foundation spawns children with this thread's signal mask, where SIGTERM may be
    /// blocked, and a test must never wait on a child that ignores it.
    func finish(timeout: Double = 30) -> (status: Int32, stdout: String, stderr: String) {
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
            Issue.record("fscript \(process.arguments ?? []) did not exit within \(timeout) s")
        }
        _ = stdout.waitClosed(timeout: 5)
        _ = stderr.waitClosed(timeout: 5)
        return (process.terminationStatus, stdout.text, stderr.text)
    }
}

/// Runs fscript to completion, as argument-parser's `AssertExecuteCommand` does.
func runFScript(_ arguments: [String], directory: String? = fixtures.path, timeout: Double = 30) throws
    -> (status: Int32, stdout: String, stderr: String)
{
    try FScriptProcess(arguments, directory: directory).finish(timeout: timeout)
}

/// Step and case durations vary; they become `(T s)` so whole outputs can be compared.
func normalizingTimes(_ text: String) -> String {
    text.replacingOccurrences(of: #"\(\d+\.\d\d s\)"#, with: "(T s)", options: .regularExpression)
}

/// A fresh temporary directory, removed by the caller.
func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("fscript-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Runs a command-line tool (xmllint) and returns its exit status and output without the final newline.
func runTool(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let output = String(decoding: data, as: UTF8.self)
    return (process.terminationStatus, output.hasSuffix("\n") ? String(output.dropLast()) : output)
}
