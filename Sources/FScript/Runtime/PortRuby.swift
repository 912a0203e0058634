import LuaKit
import Platform

/// `fscript port`'s one child: Ruby's own parser (`ripper_json.rb`) over a suite's Ruby files, registered for the
/// port's Lua as `require("fscript.port.host").parse(script, list, json, errors)`.
///
/// Ruby runs as a `ShellCommand` (a process group of its own, waited for through `Interruption`), with no grace:
/// Ripper parses in C and does not look at SIGINT for seconds, so on Ctrl-C or SIGTERM the group is killed at
/// once and the stop goes on up to the port (exit 130). The file names come in on standard input (NUL-separated,
/// so no name can split in two), the trees go to the `json` file and Ruby's own messages to the `errors` file:
/// a parse warning on standard error can never end up inside the JSON.
enum PortRuby {
    /// Registers `fscript.port.host` in `state`.
    static func register(in state: LuaState) {
        state.register(module: "fscript.port.host", functions: ["parse": parse], global: "_FSCRIPT_PORT")
    }

    /// `parse(script, list, json, errors)`: Ruby's exit status (127: no `ruby` on PATH), or nil and why it could
    /// not be started. The paths travel in the environment, so no quoting can go wrong.
    private static func parse(_ args: LuaArgs) throws -> LuaReturn {
        var ruby = ShellCommand(
            command: #"exec ruby -W0 "$FSCRIPT_PORT_SCRIPT" <"$FSCRIPT_PORT_LIST" >"$FSCRIPT_PORT_JSON" "#
                + #"2>"$FSCRIPT_PORT_ERRORS""#,
            environment: [
                "FSCRIPT_PORT_SCRIPT": try args.string(1), "FSCRIPT_PORT_LIST": try args.string(2),
                "FSCRIPT_PORT_JSON": try args.string(3), "FSCRIPT_PORT_ERRORS": try args.string(4),
            ])
        ruby.grace = 0
        do {
            switch try ruby.run() {
            case .exited(let status): return args.result(Int64(status))
            case .signalled(let signal): return args.result(LuaValue.nil, "ruby was killed by signal \(signal)")
            case .timedOut: return args.result(LuaValue.nil, "ruby timed out")
            }
        } catch let error as ChildProcessError {
            return args.result(LuaValue.nil, "cannot start ruby (\(error.reason))")
        }
    }
}
