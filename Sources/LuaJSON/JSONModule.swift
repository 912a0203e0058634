import JSON
import LuaKit

/// The `json` module (the global `json`, and `require("fscript.json")` for the stdlib): the host's JSON, so a
/// table means the same in a script, a step, a stub, a request body and a report.
///
/// `json.encode(value, {indent = "  "})`, `json.decode(text)` (the value, or nil and the parser's message with
/// line and column), `json.null`, and the markers `json.object(t)` / `json.array(t)` for tables whose kind their
/// contents do not show (an empty one). Conversion is `LuaJSON`'s; parsing and writing are the `JSON` module's,
/// the same code that reads and writes the wire. `quote` and `valid_utf8` serve the text reports (TAP's YAML
/// strings, JUnit's XML), which need JSON's string escapes or clean UTF-8 without a whole document.
public enum JSONModule {
    /// The name the stdlib requires it by. It is not registered as plain `json`, so a script's own
    /// `require("json")` (dkjson, rxi's json.lua) still finds that library.
    public static let moduleName = "fscript.json"

    /// Registers the module, its global and the markers in `state`.
    public static func register(in state: LuaState) {
        let L = state.L
        LuaJSON.install(on: L)
        let module = state.register(
            module: moduleName,
            functions: [
                "encode": encode,
                "decode": decode,
                "object": { args in try mark(args, as: LuaJSON.objectKey) },
                "array": { args in try mark(args, as: LuaJSON.arrayKey) },
                "quote": { args in
                    args.result(JSONValue.string(String(decoding: try args.bytes(1), as: UTF8.self)).jsonString)
                },
                "valid_utf8": { args in args.result(String(decoding: try args.bytes(1), as: UTF8.self)) },
            ],
            global: "json")
        module.push(on: L, state: state)
        LuaJSON.pushNull(on: L)
        LuaState.setField("null", on: L)
        LuaState.pop(on: L)
    }

    /// `json.encode(value, {indent = "  "})`: compact text, or one member per line with `indent` per level.
    private static func encode(_ args: LuaArgs) throws -> LuaReturn {
        let value = try args.json(1)
        let options = args.isNil(2) ? LuaTable() : try args.table(2, expected: "options table")
        switch options["indent"] {
        case .nil:
            return args.result(value.jsonString)
        case .string(let indent) where indent.allSatisfy({ $0 == " " || $0 == "\t" }):
            return args.result(value.jsonString(indent: indent))
        case let other:
            throw args.badArgument(2, "indent must be a string of spaces or tabs, got \(other.typeName)")
        }
    }

    /// `json.decode(text)`: the value (objects marked, `json.null` for null), or nil and `invalid JSON: JSON error
    /// at line L, column C (byte B): …`. Malformed text is an answer, not an error: callers word it for their
    /// context (a step's JSON, a response body).
    private static func decode(_ args: LuaArgs) throws -> LuaReturn {
        let text = try args.bytes(1)
        do {
            try text.withUnsafeBufferPointer { buffer throws(JSONParseError) in
                try LuaJSON.push(parsing: buffer, on: args.L)
            }
            return .pushed(1)
        } catch {
            return args.result(LuaValue.nil, "invalid JSON: \(error)")
        }
    }

    /// `json.object(t)` / `json.array(t)`: `t` (a new table when absent) with the marker metatable, returned.
    private static func mark(_ args: LuaArgs, as key: String) throws -> LuaReturn {
        let L = args.L
        let stack = LuaStack(L)
        if args.isNil(1) {
            stack.newTable()
        } else {
            let slot = args.stackSlot(1)
            guard stack.kind(at: slot) == .table else { throw args.typeError(1, expected: "table") }
            let hasMetatable = stack.pushMetatable(of: slot)
            if hasMetatable { stack.pop() }
            guard !hasMetatable || LuaJSON.marker(at: slot, on: L) != nil else {
                throw args.badArgument(1, "the table already has a metatable; a JSON marker would replace it")
            }
            stack.pushCopy(of: slot)
        }
        LuaJSON.mark(topAs: key, on: L)
        return .pushed(1)
    }
}
