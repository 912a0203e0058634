import LuaShim

/// Why running Lua code was stopped from outside (Ctrl-C, a passed deadline, app code past its time limit), as
/// a typed error value rather than text.
///
/// In Lua a stop is a table `{kind = …, message = …, where = "file:line: "}` whose metatable is
/// `LuaStop.metatableName` (`tostring` gives `where .. message`, the text a string error would have had), so a
/// script's own `error("x: interrupted")` can never pass for Ctrl-C. Raised by the interrupt hook and by Swift
/// functions that throw an error conforming to `LuaStopError`; a protected call from Swift throws it as
/// `LuaError.stopped`.
public struct LuaStop: Error, Equatable, Sendable {
    /// What stopped the code: `interrupt` (Ctrl-C, SIGTERM) or `timeout` (a deadline, a time limit).
    public var kind: String
    /// The text without a position (`interrupted`, `test timed out after 2 s`).
    public var message: String

    public init(kind: String, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The registry name of a stop's metatable, for Lua code that tells a stop from any other error.
    public static let metatableName = LS_STOP_METATABLE
}

/// A Swift error that reaches Lua as a stop (a wait that Ctrl-C ended), not as a string.
public protocol LuaStopError: Error {
    /// The stop it is.
    var stop: LuaStop { get }
}

extension LuaStop: LuaStopError {
    public var stop: LuaStop { self }
}
