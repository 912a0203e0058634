import LuaKit

/// A class whose deinit flips a flag, to prove Swift objects are released when Lua unwinds or collects.
final class DeinitProbe {
    let onDeinit: () -> Void
    init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

/// A mutable flag that closures can capture.
final class Flag {
    var value = false
}

/// Runs `code` and returns the `LuaError` it fails with, or nil when it succeeds.
func luaError(in state: LuaState, _ code: String, name: String = "=test") -> LuaError? {
    do {
        try state.execute(code, name: name)
        return nil
    } catch let error as LuaError {
        return error
    } catch {
        return .conversion(message: "unexpected \(error)")
    }
}

/// The message a `pcall` in Lua sees for `code`, so tests can compare whole strings.
func pcallMessage(in state: LuaState, _ code: String) throws -> String? {
    let results = try state.execute("local ok, message = pcall(function() \(code) end) return message", name: "=test")
    return results.first?.stringValue
}
