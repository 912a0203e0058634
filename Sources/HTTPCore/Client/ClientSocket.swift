import Glibc
import NIOCore
import Platform

/// A TCP connection driven from the calling thread: connect, write and read, each bounded by a deadline.
///
/// The socket is non-blocking and every wait is an `Interruption.wait`: a `poll` that ends at the deadline, or
/// at once when Ctrl-C arrives or the calling thread's test deadline passes. So a silent server costs the caller
/// its time limit and no more, and never holds up an interrupt. Reads never spin: a thread that waits sleeps
/// (an earlier version yielded the core a few hundred times first, which saved ~15 µs a call on loopback and
/// burned a core for the whole of a long answer).
///
/// One thread at a time uses a socket: the client's pool hands each one to a single caller (hence unchecked).
final class ClientSocket: @unchecked Sendable {
    /// When an exchange must be over, and the time limit it came from, which the timeout error names.
    struct Deadline {
        var instant: Platform.Deadline
        var limit: TimeAmount

        init(_ limit: TimeAmount) {
            self.limit = limit
            instant = .now() + .nanoseconds(limit.nanoseconds)
        }

        var passed: HTTPClientError { .timeout(seconds: Double(limit.nanoseconds) / 1e9) }
    }

    private var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close() }

    /// Connects to `host:port` (a name or a numeric IPv4/IPv6 address), trying each address it resolves to.
    static func connect(host: String, port: Int, deadline: Deadline) throws -> ClientSocket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw HTTPClientError.connectFailed("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastError = HTTPClientError.connectFailed("no address for \(host)")
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            do {
                return try connect(to: address.pointee, deadline: deadline)
            } catch let error as HTTPClientError {
                lastError = error
                if Platform.Deadline.now() >= deadline.instant { break }
            }
            entry = address.pointee.ai_next
        }
        throw lastError
    }

    private static func connect(to address: addrinfo, deadline: Deadline) throws -> ClientSocket {
        let flags = Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let descriptor = socket(address.ai_family, address.ai_socktype | flags, address.ai_protocol)
        guard descriptor >= 0 else { throw HTTPClientError.connectFailed(Self.describe(errno)) }
        let socket = ClientSocket(descriptor: descriptor)
        var one: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        if Glibc.connect(descriptor, address.ai_addr, address.ai_addrlen) != 0 {
            guard errno == EINPROGRESS else { throw Self.connectError(errno) }
            // A connection gets at least a millisecond, so a limit that is (nearly) used up fails as a late answer
            // from a server that is there, not as a server that cannot be reached.
            var connectDeadline = deadline
            connectDeadline.instant = max(deadline.instant, .now() + .milliseconds(1))
            guard try socket.wait(for: Int16(POLLOUT), until: connectDeadline) else {
                throw HTTPClientError.connectFailed("connect timed out")
            }
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length)
            guard failure == 0 else { throw Self.connectError(failure) }
        }
        return socket
    }

    /// Writes all of `bytes`, waiting for room in the send buffer as long as the deadline allows.
    func write(_ bytes: UnsafeRawBufferPointer, deadline: Deadline) throws {
        var offset = 0
        while offset < bytes.count {
            let written = send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if written > 0 {
                offset += written
            } else if errno == EAGAIN || errno == EINTR {
                guard try wait(for: Int16(POLLOUT), until: deadline) else { throw deadline.passed }
            } else {
                throw Self.transferError(errno)
            }
        }
    }

    /// Reads what has arrived into `buffer`, waiting until something does; 0 means the server closed.
    func read(into buffer: UnsafeMutableRawBufferPointer, deadline: Deadline) throws -> Int {
        while true {
            // Checked before each try, so an answer that comes after the limit is a timeout however fast it is.
            guard Platform.Deadline.now() < deadline.instant else { throw deadline.passed }
            let count = recv(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
            if count >= 0 { return count }
            guard errno == EAGAIN || errno == EINTR else { throw Self.transferError(errno) }
            guard try wait(for: Int16(POLLIN), until: deadline) else { throw deadline.passed }
        }
    }

    /// True when the server has closed its end, or sent something nobody asked for: the connection cannot carry
    /// another exchange. Checked before a kept connection is reused, so a stale one is dropped without a failure.
    var isUnusable: Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count >= 0 || (errno != EAGAIN && errno != EINTR)
    }

    func close() {
        guard descriptor >= 0 else { return }
        _ = Glibc.close(descriptor)
        descriptor = -1
    }

    /// Waits until the socket is ready for `events` or the deadline passes (false); Ctrl-C or the thread's test
    /// deadline end it early with their error.
    private func wait(for events: Int16, until deadline: Deadline) throws -> Bool {
        try Interruption.wait(for: descriptor, events: events, until: deadline.instant)
    }

    private static func connectError(_ code: Int32) -> HTTPClientError {
        code == ECONNREFUSED ? .connectionRefused : .connectFailed(describe(code))
    }

    private static func transferError(_ code: Int32) -> HTTPClientError {
        code == ECONNRESET || code == EPIPE ? .connectionReset : .connectFailed(describe(code))
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
