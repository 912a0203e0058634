import CLua
import LuaShim

/// Why a call into Lua, or a Swift function called from Lua, failed.
///
/// Errors are data first: each case keeps the parts a caller may act on (the REPL looks at `incomplete`, the
/// runner prints `traceback` under the message), and `description` renders them the way `lua.c` would.
public enum LuaError: Error, Equatable, CustomStringConvertible {
    /// The chunk does not parse. `incomplete` is true when more input could fix it (the message ends in `<eof>`),
    /// so the REPL reads another line instead of reporting.
    case syntax(message: String, incomplete: Bool)
    /// Running Lua code raised an error: `error()`, a failed operation, a Swift function that threw, or an
    /// interrupt. `message` is the error value as text (with its `file:line:` when Lua added one); `traceback`
    /// is Lua's `stack traceback:` at the raise, empty when none was taken.
    case runtime(message: String, traceback: String)
    /// Running Lua code was stopped from outside (Ctrl-C, a deadline): the typed stop, its text with the line it
    /// stopped at (`x.lua:3: interrupted`), and the traceback.
    case stopped(LuaStop, message: String, traceback: String)
    /// Lua could not allocate memory (LUA_ERRMEM); no message handler ran.
    case memory(message: String)
    /// The traceback message handler itself failed while handling another error (LUA_ERRERR).
    case errorHandler(message: String)
    /// A script file could not be opened or read (LUA_ERRFILE), e.g. `cannot open x.lua`.
    case file(message: String)
    /// A Swift function got an argument it cannot use. `position` counts from 1 without `self` on method calls;
    /// 0 means `self` itself is wrong. Rendered in Lua's own words: `bad argument #1 to 'touch' (string
    /// expected, got nil)`.
    case badArgument(position: Int, function: String, problem: String)
    /// A Lua value could not become a Swift value, e.g. a table nested too deep (or containing itself).
    case conversion(message: String)

    /// The text Lua shows for the error, with the traceback on the following lines when there is one.
    public var description: String {
        switch self {
        case .syntax(let message, _), .memory(let message), .errorHandler(let message), .file(let message),
            .conversion(let message):
            return message
        case .runtime(let message, let traceback), .stopped(_, let message, let traceback):
            return traceback.isEmpty ? message : message + "\n" + traceback
        case .badArgument(let position, let function, let problem):
            if position == 0 {
                return "calling '\(function)' on bad self (\(problem))"
            }
            return "bad argument #\(position) to '\(function)' (\(problem))"
        }
    }

    /// The error without its traceback: what a Swift function re-raises when a nested call failed.
    public var message: String {
        switch self {
        case .runtime(let message, _), .stopped(_, let message, _): return message
        default: return description
        }
    }

    /// Builds the error for a failed load, pcall or resume from its status code and message.
    init(status: Int32, message: String) {
        switch status {
        case LUA_ERRSYNTAX:
            self = .syntax(message: message, incomplete: message.hasSuffix("<eof>"))
        case LUA_ERRMEM:
            self = .memory(message: message)
        case LUA_ERRERR:
            self = .errorHandler(message: message)
        case ls_errfile():
            self = .file(message: message)
        default:
            // ls_msghandler appends the traceback last, so the last marker splits message from traceback even
            // when the message quotes an older traceback.
            let marker = Array("\nstack traceback:\n".utf8)
            let bytes = Array(message.utf8)
            if let start = stride(from: bytes.count - marker.count, through: 0, by: -1).first(where: {
                bytes[$0..<$0 + marker.count].elementsEqual(marker)
            }) {
                self = .runtime(
                    message: String(decoding: bytes[..<start], as: UTF8.self),
                    traceback: String(decoding: bytes[(start + 1)...], as: UTF8.self)
                )
            } else {
                self = .runtime(message: message, traceback: "")
            }
        }
    }
}
