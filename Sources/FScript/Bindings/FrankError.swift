import Frankly
import HTTPCore

/// A failure of a `frank` binding, shown to the script as it is (Lua adds the calling line in front).
///
/// Every binding error goes through here so they read alike: what was being done, then why, then what to do.
/// `init(client:)` words the client's failures: an unreachable target names its URL and says how to start one.
struct FrankError: Error, CustomStringConvertible {
    /// The whole message.
    var description: String

    init(_ message: String) {
        description = message
    }

    /// Words a Frankly client failure; `operation` is the binding's name (`touch`), for ERROR envelopes.
    init(client error: FranklyClientError, operation: String? = nil) {
        let request = error.request
        switch error {
        case .transport(_, let cause) where Self.isUnreachable(cause):
            description =
                "cannot reach target \(request.baseURL) (\(cause)) during \(request.method) \(request.path); "
                + "is the app running? Start one with 'fscript serve', or point fscript at it with --target URL "
                + "(FSCRIPT_TARGET)"
        case .failed(_, let reason, let details):
            var text = operation.map { "\($0) " } ?? ""
            if let selector = request.selector {
                text += "\"\(selector)\" failed: "
            } else {
                text += "failed: "
            }
            text += "the app answered ERROR (\(reason))"
            if let details, !details.isEmpty { text += ": \(details)" }
            text += " [\(request)]"
            description = text
        default:
            description = error.description
        }
    }

    /// True for the causes that mean nothing answers at that address.
    static func isUnreachable(_ cause: HTTPClientError) -> Bool {
        switch cause {
        case .connectionRefused, .connectFailed, .invalidURL: return true
        default: return false
        }
    }

    /// What the CLI prints when the target does not answer before the script starts.
    static func unreachable(url: String, cause: String) -> String {
        "cannot reach target \(url) (\(cause)); is the app running? (--target, FSCRIPT_TARGET)"
    }
}
