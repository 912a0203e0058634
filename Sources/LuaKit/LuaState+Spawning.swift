extension LuaState {
    /// Runs `prepare` before Lua's standard library starts a program (`os.execute`, `io.popen`), for a host that
    /// must tidy its process first (fscript marks its sockets close-on-exec).
    public func beforeSpawning(_ prepare: @escaping () -> Void) {
        register(global: "__luakit_before_spawning") { _ in
            prepare()
            return .none
        }
        _ = try? execute(
            """
            local prepare = __luakit_before_spawning
            __luakit_before_spawning = nil
            local execute, popen = os.execute, io.popen
            os.execute = function(...) prepare() return execute(...) end
            io.popen = function(...) prepare() return popen(...) end
            """, name: "=(luakit)")
    }
}
