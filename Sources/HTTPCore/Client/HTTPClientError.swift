import NIOCore
import NIOHTTP1
import NIOPosix
import Platform

/// Why a request got no complete response. The description is the cause alone ("connection refused"), so that
/// callers can say what they were doing first: `GET /dump on http://127.0.0.1:37265: connection refused`.
public enum HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL is not an absolute `http://` URL with a host.
    case invalidURL(String)
    /// Nothing accepts connections at that address.
    case connectionRefused
    /// The connection could not be made for another reason (no route, bad host name, …).
    case connectFailed(String)
    /// No complete response arrived within the time limit.
    case timeout(seconds: Double)
    /// The server closed the connection before the response was complete.
    case closedBeforeResponse
    /// The connection was reset by the server.
    case connectionReset
    /// The server sent bytes that are not an HTTP response.
    case malformedResponse(String)

    /// True for an answer that is not HTTP: the server is there, it only spoke nonsense.
    public var isMalformed: Bool {
        if case .malformedResponse = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .invalidURL(let url): return "'\(url)' is not an http:// URL with a host"
        case .connectionRefused: return "connection refused"
        case .connectFailed(let why): return "cannot connect (\(why))"
        case .timeout(let seconds): return "no response within \(CheckedNumber.format(seconds)) s"
        case .closedBeforeResponse: return "the server closed the connection before answering"
        case .connectionReset: return "connection reset by peer"
        case .malformedResponse(let why): return "the answer is not HTTP (\(why))"
        }
    }

    /// Maps what NIO reports to one of these cases.
    static func from(_ error: any Error) -> HTTPClientError {
        if let error = error as? HTTPClientError { return error }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: return .connectionRefused
            case ECONNRESET, EPIPE: return .connectionReset
            default: return .connectFailed(error.description)
            }
        }
        if let error = error as? NIOConnectionError {
            if error.connectionErrors.contains(where: { ($0.error as? IOError)?.errnoCode == ECONNREFUSED }) {
                return .connectionRefused
            }
            if let first = error.connectionErrors.first { return from(first.error) }
            if error.dnsAError != nil || error.dnsAAAAError != nil { return .connectFailed("cannot resolve \(error.host)") }
            return .connectFailed("\(error)")
        }
        if error is ChannelError {
            if case .connectTimeout = error as! ChannelError { return .connectFailed("connect timed out") }
            return .closedBeforeResponse
        }
        if error is HTTPParserError { return .malformedResponse("\(error)") }
        return .connectFailed("\(error)")
    }
}
