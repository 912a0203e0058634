import Frankly
import JSON
import NIOCore

/// A timed animation: `what` runs until `deadline`, then the optional behaviour fires.
struct TimedAnimation {
    var id: Int
    weak var view: SimView?
    var what: String
    var deadline: NIODeadline
}

/// A backend call the app has sent and not yet handled the answer of.
struct InFlightRequest {
    var id: Int
    /// `POST /api/login`.
    var what: String
}

/// One entry of `/idle`'s `busy` list.
struct BusyActivity: Equatable {
    enum Kind: String {
        case animation
        case network
    }
    var kind: Kind
    var what: String
    var remainingMilliseconds: Int?

    var json: JSONValue {
        var members: [String: JSONValue] = ["kind": .string(kind.rawValue), "what": .string(what)]
        if let remainingMilliseconds { members["remaining_ms"] = .integer(Int64(remainingMilliseconds)) }
        return .object(members)
    }
}
