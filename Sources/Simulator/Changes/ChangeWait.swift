import HTTPCore

/// `GET /idle?changed_since=N&timeout_ms=T`: answer only once the change count is past N, or after T ms.
///
/// Both numbers come from outside, so they are checked here, where they enter: N is the count from an earlier
/// answer's `X-Fscript-Change` header, T at most `ChangeFeed.maximumWait`. Without `changed_since` the request
/// is an ordinary `/idle` and answers at once.
struct ChangeWait {
    var since: UInt64
    var milliseconds: Int64

    /// Nil when the request asks for no wait; a `RouteError` naming the parameter when a value is malformed.
    init?(_ request: HTTPRequest) throws {
        guard request.method == "GET", FranklyRouter.normalise(request.path) == "/idle" else { return nil }
        var since: UInt64?
        var milliseconds: Int64 = 10_000
        for (name, value) in request.queryItems {
            switch name {
            case "changed_since":
                guard let number = UInt64(value) else {
                    throw RouteError(
                        "invalid changed_since",
                        details: "changed_since must be a change count (a whole number ≥ 0) from an earlier answer's "
                            + "\(ChangeFeed.header) header, got '\(value)'")
                }
                since = number
            case "timeout_ms":
                guard let number = Int64(value), (0...ChangeFeed.maximumWait).contains(number) else {
                    throw RouteError(
                        "invalid timeout_ms",
                        details: "timeout_ms must be a whole number of milliseconds from 0 to "
                            + "\(ChangeFeed.maximumWait), got '\(value)'")
                }
                milliseconds = number
            default:
                continue
            }
        }
        guard let since else { return nil }
        self.since = since
        self.milliseconds = milliseconds
    }
}
