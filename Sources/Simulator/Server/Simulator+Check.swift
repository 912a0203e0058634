extension Simulator {
    /// Loads the app file at `appPath` and reads its description, without launching or serving it, so a run can
    /// refuse a broken app file before its first scenario rather than fail every scenario on it.
    ///
    /// It is the check `start(appPath:)` makes (the same loader: Lua's errors, a misspelt key with its nearest
    /// name), except that messages name the file by `appPath` as given, folder included (`apps/food.lua:40: …`),
    /// where a running app's messages use its file name alone. No app code runs but the file's own top level:
    /// `on_launch` and the first screen's behaviours wait for a scenario and its launch environment.
    ///
    /// - Throws: `SimulatorError.load` with `file:line` when the file cannot be read or does not load.
    public static func check(appPath: String, environment: [String: String] = [:]) throws {
        _ = try AppLoader.read(source: try source(ofAppFile: appPath), chunkName: appPath, environment: environment)
    }
}
