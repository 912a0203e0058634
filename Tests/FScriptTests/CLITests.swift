import Testing

@Suite struct CLITests {
    @Test func chunkPrintsIntegers() throws {
        let run = try runFscript(["-e", "print(40 + 2, math.type(7))"])
        #expect(run.status == 0)
        #expect(run.stdout == "42\tinteger\n")
        #expect(run.stderr == "")
    }

    @Test func runtimeErrorExitsOneWithTraceback() throws {
        let path = "boom.lua"
        let run = try runFscript([path])
        #expect(run.status == 1)
        // Scripts run through the runner: its console puts failure details on stderr, indented under the case.
        #expect(run.stderr.contains("\n    \(path):3: boom\n    stack traceback:\n"))
        #expect(run.stderr.contains("\(path):3: in main chunk"))
    }

    @Test func syntaxErrorExitsTwo() throws {
        let path = "syntax_error.lua"
        let run = try runFscript([path])
        #expect(run.status == 2)
        #expect(normalizingTimes(run.stderr) == "  ✘ (load) failed  (T s)\n    \(path):2: unexpected symbol near '='\n")
    }

    @Test func missingFileExitsTwo() throws {
        let run = try runFscript(["/nonexistent/test.lua"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("fscript: cannot open /nonexistent/test.lua (No such file or directory)"))
    }

    @Test func usageErrorExitsTwo() throws {
        let run = try runFscript(["--no-such-flag"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: Unknown option '--no-such-flag'"))
    }

    @Test func scriptSeesItsArguments() throws {
        // Several files may run at once, so script arguments follow `--`.
        let run = try runFscript(["args.lua", "--", "one", "--two"])
        #expect(run.status == 0)
        #expect(
            run.stdout == "Target: the embedded simulator running the demo app\nargs.lua\n    2\tone\t--two\n"
                + "    args.lua\tone\t--two\n\n1 passed, 0 failed\n")
    }

    @Test func versionAndHelp() throws {
        let version = try runFscript(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "0.1.0\n")
        let help = try runFscript(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("run (default)"))
    }

    @Test func pipedInputRunsAsAChunk() throws {
        let run = try runFscript([], input: "local x = 20\nprint(x + 1, fscript.version)\n")
        #expect(run.status == 0)
        #expect(run.stdout == "21\t0.1.0\n")
        let failing = try runFscript([], input: "error('piped')\n")
        #expect(failing.status == 1)
        #expect(failing.stderr.hasPrefix("fscript: stdin:1: piped\n"))
    }

    @Test func stdlibIsOnThePackagePath() throws {
        let run = try runFscript(["-e", "print(type(require('fscript.util')))"])
        #expect(run.status == 0)
        #expect(run.stdout == "table\n")
    }
}
