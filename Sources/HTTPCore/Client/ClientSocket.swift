import Glibc
import NIOCore

/// A TCP connection driven from the calling thread: connect, write and read, each bounded by a deadline.
///
/// The socket is non-blocking and every wait is a `poll` that ends at the deadline, so a silent server costs the
/// caller its time limit and no more. Reads first retry, yielding the core each time, for up to a few hundred
/// microseconds before they sleep in `poll`: on loopback the answer is usually that close, and a thread that
/// sleeps pays a scheduler wake-up (15–20 µs on a small VM) on top. Measured on the demo app with 2 cores: a
/// kept-alive `map` 82 → 69 µs, a `dump` 230 → 209 µs (scripts/bench frank).
///
/// One thread at a time uses a socket: the client's pool hands each one to a single caller (hence unchecked).
final class ClientSocket: @unchecked Sendable {
    /// When an exchange must be over, and the time limit it came from, which the timeout error names.
    struct Deadline {
        var instant: NIODeadline
        var limit: TimeAmount

        init(_ limit: TimeAmount) {
            self.limit = limit
            instant = .now() + limit
        }

        var passed: HTTPClientError { .timeout(seconds: Double(limit.nanoseconds) / 1e9) }
    }

    private var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close() }

    /// Connects to `host:port` (a name or a numeric IPv4/IPv6 address), trying each address it resolves to.
    static func connect(host: String, port: Int, deadline: Deadline) throws(HTTPClientError) -> ClientSocket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .connectFailed("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastError = HTTPClientError.connectFailed("no address for \(host)")
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            do {
                return try connect(to: address.pointee, deadline: deadline)
            } catch {
                lastError = error
                if NIODeadline.now() >= deadline.instant { break }
            }
            entry = address.pointee.ai_next
        }
        throw lastError
    }

    private static func connect(to address: addrinfo, deadline: Deadline) throws(HTTPClientError) -> ClientSocket {
        let flags = Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let descriptor = socket(address.ai_family, address.ai_socktype | flags, address.ai_protocol)
        guard descriptor >= 0 else { throw .connectFailed(Self.describe(errno)) }
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
                throw .connectFailed("connect timed out")
            }
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length)
            guard failure == 0 else { throw Self.connectError(failure) }
        }
        return socket
    }

    /// Writes all of `bytes`, waiting for room in the send buffer as long as the deadline allows.
    func write(_ bytes: UnsafeRawBufferPointer, deadline: Deadline) throws(HTTPClientError) {
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
    func read(into buffer: UnsafeMutableRawBufferPointer, deadline: Deadline) throws(HTTPClientError) -> Int {
        var spins = 0
        while true {
            // Checked before each try, so an answer that comes after the limit is a timeout however fast it is.
            guard NIODeadline.now() < deadline.instant else { throw deadline.passed }
            let count = recv(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
            if count >= 0 { return count }
            guard errno == EAGAIN || errno == EINTR else { throw Self.transferError(errno) }
            if spins < Self.spinLimit {
                // Yield rather than burn: on a busy core the server thread that owes the answer runs meanwhile.
                spins += 1
                sched_yield()
                continue
            }
            guard try wait(for: Int16(POLLIN), until: deadline) else { throw deadline.passed }
        }
    }

    /// How many times a read retries before it sleeps; each try is a `recv` and a `sched_yield`, 0.5–1.5 µs.
    private static let spinLimit = 200

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

    /// Waits until the socket is ready for `events` or the deadline passes (false).
    private func wait(for events: Int16, until deadline: Deadline) throws(HTTPClientError) -> Bool {
        while true {
            let remaining = deadline.instant - .now()
            guard remaining > .zero else { return false }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            // Rounded up, so a wait never ends a little before its deadline and spins through a zero timeout.
            let milliseconds = Int32(clamping: (remaining.nanoseconds + 999_999) / 1_000_000)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { throw .connectFailed(Self.describe(errno)) }
        }
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
