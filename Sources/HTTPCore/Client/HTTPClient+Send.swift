import NIOCore

extension HTTPClient {
    /// Sends the request and blocks until the whole response arrived or `timeout` passed.
    ///
    /// The exchange happens on the calling thread, on a kept connection when there is a usable one (a kept
    /// connection the server closed meanwhile is retried once on a new one), else on a new connection.
    public func send(_ request: HTTPClientRequest, timeout: TimeAmount = .seconds(HTTPClient.defaultTimeoutSeconds)) throws -> HTTPClientResponse {
        guard let target = target(for: request.url) else { throw HTTPClientError.invalidURL(request.url) }
        let deadline = ClientSocket.Deadline(timeout)
        let bytes = Self.serialise(request, target: target, keepAlive: reuseConnections)
        if let socket = takeIdleSocket(for: target.key) {
            do {
                return try exchange(bytes, method: request.method, target: target, on: socket, deadline: deadline)
            } catch is FailedBeforeAnswer {
                // The server closed the kept connection before it read this request (the race every keep-alive
                // client has); a new connection gets it.
            }
        }
        let socket = try ClientSocket.connect(host: target.host, port: target.port, deadline: deadline)
        do {
            return try exchange(bytes, method: request.method, target: target, on: socket, deadline: deadline)
        } catch let failure as FailedBeforeAnswer {
            throw failure.cause
        }
    }

    /// The connection closed or broke before any byte of the answer: on a kept connection, the request may go
    /// again on a new one.
    private struct FailedBeforeAnswer: Error {
        var cause: HTTPClientError
    }

    private func exchange(
        _ bytes: [UInt8], method: String, target: Target, on socket: ClientSocket, deadline: ClientSocket.Deadline
    ) throws -> HTTPClientResponse {
        var reader = HTTPResponseReader(method: method)
        do {
            try bytes.withUnsafeBytes { try socket.write($0, deadline: deadline) }
            let response = try Self.receive(into: &reader, from: socket, deadline: deadline)
            if reuseConnections && reader.keepAlive {
                idleSockets.withLockedValue { $0[target.key, default: []].append(socket) }
            } else {
                socket.close()
            }
            return response
        } catch {
            // Whatever ended the exchange (a failure, Ctrl-C, a test deadline), the socket may hold half an answer.
            socket.close()
            if let error = error as? HTTPClientError, !reader.started,
                error == .closedBeforeResponse || error == .connectionReset
            {
                throw FailedBeforeAnswer(cause: error)
            }
            throw error
        }
    }

    private static func receive(
        into reader: inout HTTPResponseReader, from socket: ClientSocket, deadline: ClientSocket.Deadline
    ) throws -> HTTPClientResponse {
        try withUnsafeTemporaryAllocation(byteCount: 16 * 1024, alignment: 1) { buffer in
            while true {
                let count = try socket.read(into: buffer, deadline: deadline)
                if count == 0 { return try reader.finish() }
                if let response = try reader.consume(UnsafeRawBufferPointer(rebasing: buffer[..<count])) {
                    return response
                }
            }
        }
    }

    /// The request's bytes: request line, `Host` unless given, `Content-Length`, `Connection: close` when
    /// connections are not kept, the caller's headers, then the body.
    private static func serialise(_ request: HTTPClientRequest, target: Target, keepAlive: Bool) -> [UInt8] {
        var head = "\(request.method) \(target.pathAndQuery) HTTP/1.1\r\n"
        var hasHost = false
        for (name, value) in request.headers {
            if name.equalsHeaderName("Content-Length") || name.equalsHeaderName("Connection") { continue }
            if name.equalsHeaderName("Host") { hasHost = true }
            head += "\(name): \(value)\r\n"
        }
        if !hasHost { head += "Host: \(target.hostHeader)\r\n" }
        head += "Content-Length: \(request.body.count)\r\n"
        if !keepAlive { head += "Connection: close\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        bytes.append(contentsOf: request.body)
        return bytes
    }

    /// A kept socket for `key` that the server has not closed meanwhile; stale ones are closed on the way.
    private func takeIdleSocket(for key: String) -> ClientSocket? {
        guard reuseConnections else { return nil }
        while let socket = idleSockets.withLockedValue({ $0[key]?.popLast() }) {
            if !socket.isUnusable { return socket }
            socket.close()
        }
        return nil
    }
}
