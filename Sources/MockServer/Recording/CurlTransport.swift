import Foundation
import HTTPCore
import NIOCore

/// Requests to an `https://` backend, through the `curl` program: fscript's own client has no TLS, and curl is a
/// well-kept TLS client that every CI image has (`scripts/install` installs it), with the system's certificates
/// (or `CURL_CA_BUNDLE`'s).
///
/// Each request is one `curl` run on a dispatch queue, never on the event loop; `--max-time` bounds it. The body
/// goes in and the answer comes back through files in a private temporary folder, removed afterwards.
enum CurlTransport {
    /// Seconds one request may take.
    static let limit = 30

    static func send(
        method: String, url: String, headers: [(name: String, value: String)], body: [UInt8], maxBody: Int,
        on eventLoop: any EventLoop
    ) -> EventLoopFuture<HTTPClientResponse> {
        let promise = eventLoop.makePromise(of: HTTPClientResponse.self)
        DispatchQueue.global().async {
            // A dispatch thread started from a pinned event loop has its one CPU, and so would curl.
            EventLoopPinning.releaseCurrentThread()
            promise.completeWith(Result { try run(method: method, url: url, headers: headers, body: body, maxBody: maxBody) })
        }
        return promise.futureResult
    }

    private static func run(
        method: String, url: String, headers: [(name: String, value: String)], body: [UInt8], maxBody: Int
    ) throws -> HTTPClientResponse
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fscript-proxy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("request")
        let head = folder.appendingPathComponent("head")
        let output = folder.appendingPathComponent("response")
        try Data(body).write(to: input)
        var arguments = [
            "--silent", "--show-error", "--http1.1", "--max-time", String(limit), "--request", method,
            "--dump-header", head.path, "--output", output.path,
            // curl stops past the limit (exit 63), so a huge answer is never read into memory.
            "--max-filesize", String(maxBody),
        ]
        if !body.isEmpty { arguments += ["--data-binary", "@" + input.path] }
        // curl adds Expect: 100-continue and a User-Agent of its own; the app's headers replace them.
        arguments += ["--header", "Expect:"]
        for header in headers { arguments += ["--header", "\(header.name): \(header.value)"] }
        arguments += ["--", url]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ProxyError("cannot run /usr/bin/curl for an https backend (\(error.localizedDescription)); install curl")
        }
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw ProxyError("curl: \(text.isEmpty ? "exit status \(process.terminationStatus)" : text)")
        }
        let (status, responseHeaders) = try parse(head: String(decoding: try Data(contentsOf: head), as: UTF8.self))
        let responseBody = (try? Data(contentsOf: output)).map { Array($0) } ?? []
        return HTTPClientResponse(status: status, headers: responseHeaders, body: responseBody)
    }

    /// The status and headers of the last response in a `--dump-header` file (after any `100 Continue`).
    static func parse(head: String) throws -> (Int, [(name: String, value: String)]) {
        let blocks = head.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n")
            .filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        guard let last = blocks.last else { throw ProxyError("curl: the backend sent no response head") }
        var lines = last.split(separator: "\n").map(String.init)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw ProxyError("curl: the backend's status line is not HTTP: \(last.prefix(80))")
        }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (name: String(line[..<colon]), value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (status, headers)
    }
}
