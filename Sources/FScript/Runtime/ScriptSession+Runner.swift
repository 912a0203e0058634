#if canImport(Glibc)
import Glibc
#endif
import LuaKit

/// Running test files through the stdlib runner (`require("fscript.runner")`), and the DSL for other chunks.
extension ScriptSession {
    /// What `fscript FILE.lua|DIR …` hands to `runner.main`; nil fields take the runner's defaults.
    struct RunOptions {
        var files: [String]
        /// The declared run settings, merged; those that reach Lua become fields of the same names.
        var settings = RunSettingValues()
        var reports: [String] = []
        var color: Bool?
        /// What the run drives, for the console's first line.
        var target: String?
        /// The `--app` file: a directory run does not run it as a test.
        var app: String?
        /// Passed to each file as `...`; also the global `arg` (`arg[0]` the first file), as `lua.c` does.
        var arguments: [String] = []
        /// `--dry-run`: check every Gherkin step against the catalog, run nothing.
        var dryRun = false
        /// `--shard i/n`: run only the i-th of n parts of the suite.
        var shard: Shard?
        /// `--durations FILE`: an earlier JSON report, to balance shards and hand out the longest work first.
        var durations: String?
        /// `--jobs N` (or a target pool): how many workers, for the console.
        var jobs: Int?
        /// Workers drive a pool of targets: each case's report names the target it ran on.
        var pool = false

        /// The options as the Lua table `runner.main` reads (`fscript.RunOptions` in `stdlib/fscript/runner.lua`).
        var table: LuaTable {
            var table = LuaTable()
            for (key, value) in settings.luaFields() { table[key] = value }
            table["files"] = .table(LuaTable(array: files.map { .string($0) }))
            table["reports"] = .table(LuaTable(array: reports.map { .string($0) }))
            if let color { table["color"] = .boolean(color) }
            if let target { table["target"] = .string(target) }
            if let app { table["app"] = .string(app) }
            table["args"] = .table(LuaTable(array: arguments.map { .string($0) }))
            if dryRun { table["dry_run"] = .boolean(true) }
            if let shard {
                table["shard_index"] = .integer(Int64(shard.index))
                table["shard_count"] = .integer(Int64(shard.count))
            }
            if let durations { table["durations"] = .string(durations) }
            if let jobs { table["jobs"] = .integer(Int64(jobs)) }
            if pool { table["pool"] = .boolean(true) }
            return table
        }
    }

    /// Runs scripts and directories through `runner.main`, which prints the console report and writes the report
    /// files; returns its exit code. A stdlib that cannot be loaded is an infrastructure error (2).
    func runTests(_ options: RunOptions) -> ExitStatus {
        runStdlib("main", options)
    }

    /// Runs as a worker of a parallel run (`--worker`): units from standard input, results on descriptor 3.
    func runWorker(_ options: RunOptions) -> ExitStatus {
        signal(SIGPIPE, SIG_IGN)
        WorkerChannel().register(in: state)
        return runStdlib("worker", options)
    }

    /// The file of a cucumber-style `FILE:LINE[:LINE…]` argument (the Lua runner selects the lines); a path that
    /// exists as it is, or has no such suffix, is itself.
    static func withoutLines(_ path: String) -> String {
        guard access(path, F_OK) != 0 else { return path }
        var file = Substring(path)
        while let colon = file.lastIndex(of: ":"), !file[file.index(after: colon)...].isEmpty,
            file[file.index(after: colon)...].allSatisfy({ ("0"..."9").contains($0) })
        {
            file = file[..<colon]
        }
        return file.isEmpty ? path : String(file)
    }

    /// Checks the files, sets `arg`, and calls the runner's `function` with the options table; its first result
    /// is the exit code.
    private func runStdlib(_ function: String, _ options: RunOptions) -> ExitStatus {
        for path in options.files.map(Self.withoutLines) {
            guard let reason = FileSystem.whyNotRunnable(path) else { continue }
            writeError("fscript: cannot open \(path) (\(reason)); check the path, or run 'fscript --help'\n")
            return .usage
        }
        var argTable = LuaTable(array: options.arguments.map { .string($0) })
        argTable.fields[.integer(0)] = .string(options.files.first ?? "")
        argTable.fields[.integer(-1)] = .string(CommandLine.arguments.first ?? "fscript")
        state.setGlobal("arg", .table(argTable))
        do {
            let results = try state.function(function, inModule: "fscript.runner").call(.table(options.table))
            guard let code = results.first?.integerValue, let status = Int32(exactly: code).flatMap(ExitStatus.init(rawValue:)) else {
                writeError("fscript: the runner returned \(results.first ?? .nil) instead of an exit code\n")
                return .usage
            }
            return status
        } catch LuaError.stopped(let stop, _, _) where stop.kind == "interrupt" {
            // Ctrl-C outside any test (the dry run's snippets, the run's closing summary): the user's answer, not a
            // broken stdlib, so no traceback and no hint, and the exit code a shell expects.
            writeError("fscript: interrupted\n")
            return .interrupted
        } catch {
            let hint = Self.isStdlibMissing(error) ? "(is the stdlib installed? set FSCRIPT_STDLIB)\n" : ""
            writeError("fscript: cannot run the tests: \(error)\n\(hint)")
            return .usage
        }
    }

    /// Whether `error` is `require` not finding one of the stdlib's modules (`fscript.…`): the stdlib is missing or
    /// incomplete, so FSCRIPT_STDLIB is worth a hint. Any other error is the runner's own, and the hint would mislead.
    static func isStdlibMissing(_ error: any Error) -> Bool {
        "\(error)".contains(#/module 'fscript\.[\w.]+' not found/#)
    }

    /// Installs the DSL globals (`Given`, `scenario`, `step`, …) for `-e`, piped input and the REPL; a stdlib
    /// that cannot be loaded only costs the DSL, so it is reported and the session goes on.
    ///
    /// It asks the session module alone, not the runner: the runner and its reporters are for test files, and
    /// parsing them would be most of the start-up time of `fscript -e`.
    func installDSL() {
        do {
            try state.function("install_dsl", inModule: "fscript.session").call()
        } catch {
            writeError("fscript: the step DSL is unavailable: \(error)\n")
        }
    }
}

/// `--shard i/n`: the i-th (1-based) of n parts of a suite.
struct Shard: Equatable {
    var index: Int
    var count: Int

    /// Parses `i/n` with 1 ≤ i ≤ n ≤ 1000, or says what is wrong.
    init(parsing text: String) throws(ShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw ShardError("--shard takes i/n, e.g. 2/3 (the second of three parts), got '\(text)'")
        }
        guard count >= 1, count <= 1000, index >= 1, index <= count else {
            throw ShardError("--shard \(text): i must be from 1 to n, and n from 1 to 1000")
        }
        self.index = index
        self.count = count
    }
}

struct ShardError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
