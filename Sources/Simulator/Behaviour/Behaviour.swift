import Frankly
import JSON

/// App logic attached to a view, a screen or the app: a Lua function once the app file is loaded.
///
/// A behaviour runs on the app's event loop with the view it belongs to (if any) and event arguments (the
/// switch's new state, the typed text). It throws `BehaviourError` when the Lua code raises.
struct Behaviour {
    /// Where it came from, for error messages: `on_touch of UIButton 'Log In'`.
    var name: String
    var run: (_ view: SimView?, _ arguments: [JSONValue]) throws -> Void
}

/// An `/app_exec` method: the request's arguments in, exactly one JSON result out.
struct ExecMethod {
    var run: (_ arguments: [JSONValue]) throws -> JSONValue
}

/// App code failed: a Lua error inside a behaviour or an `/app_exec` method, with Lua's message.
struct BehaviourError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
