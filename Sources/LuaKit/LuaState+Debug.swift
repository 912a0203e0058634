import CLua
import LuaShim

extension LuaState {
    /// The chunk name of the Lua function running at `level` on the current thread (`@path` for a file,
    /// `=name` for a named chunk), or nil when that level is a C function or does not exist.
    ///
    /// An interrupt check uses it to tell the user's code from the host's own Lua library, so it raises where
    /// the user's `pcall` cannot catch it again.
    public func runningSource(level: Int32 = 0) -> String? {
        let L = current
        var record = lua_Debug()
        guard lua_getstack(L, level, &record) != 0, lua_getinfo(L, "S", &record) != 0 else { return nil }
        guard let source = record.source, record.what.map({ String(cString: $0) }) != "C" else { return nil }
        return String(cString: source)
    }
}
