import Foundation
import Testing

/// `fscript FILE.lua|DIR …` end to end: the built binary on fixture scripts, stdout, stderr and exit code.
@Suite struct RunCommandTests {
    /// The console's first line on the embedded demo app.
    static let target = "Target: the embedded simulator running the demo app\n"

    @Test func errorOnLineThreeExitsOneWithMessageAndTraceback() throws {
        let result = try runFScript(["cli_error.lua"])
        #expect(result.status == 1)
        #expect(normalizingTimes(result.stdout) == Self.target + "cli_error.lua\n    before the error\n\n0 passed, 1 failed\n")
        #expect(
            normalizingTimes(result.stderr) == """
                  ✘ (script) failed  (T s)
                    cli_error.lua:3: boom
                    stack traceback:
                    \t[C]: in function 'error'
                    \tcli_error.lua:3: in main chunk

                """)
    }

    @Test func syntaxErrorExitsTwoNamingFileAndLine() throws {
        let result = try runFScript(["cli_syntax.lua"])
        #expect(result.status == 2)
        #expect(normalizingTimes(result.stdout) == Self.target + "cli_syntax.lua\n\n0 passed, 1 failed\n")
        #expect(
            normalizingTimes(result.stderr) == """
                  ✘ (load) failed  (T s)
                    cli_syntax.lua:3: <name> expected near '='

                """)
    }

    @Test func missingFileExitsTwo() throws {
        let result = try runFScript(["no_such_file.lua"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot open no_such_file.lua"))
    }

    @Test func tagsSelectScenarios() throws {
        let result = try runFScript(["--tags", "smoke,~slow", "cli_tags.lua"])
        #expect(result.status == 0)
        #expect(
            result.stdout == Self.target + "cli_tags.lua\nScenario: quick smoke\n"
                + "    quick smoke ran\n\n1 passed, 0 failed\n")
        #expect(result.stderr == "")
    }

    @Test func aReportToStandardOutputMovesTheConsoleToStandardError() throws {
        let result = try runFScript(["--tags", "smoke,~slow", "--report", "tap:-", "cli_tags.lua"])
        #expect(result.status == 0)
        #expect(result.stdout == "TAP version 13\n1..1\nok 1 - cli_tags.lua: quick smoke\n")
        #expect(result.stderr.contains("Scenario: quick smoke"))
        #expect(result.stderr.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func aTagFilterThatSelectsNothingIsAUsageError() throws {
        let result = try runFScript(["--tags", "@nightly", "cli_tags.lua"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("fscript: --tags \"@nightly\" selects none of the"))
        #expect(result.stderr.contains("the tags that exist: @slow, @smoke"))
    }

    @Test func badTagFilterIsAUsageError() throws {
        let result = try runFScript(["--tags", "smoke,~", "cli_tags.lua"])
        #expect(result.status == 2)
    }

    @Test func badOptionIsAUsageError() throws {
        let result = try runFScript(["--timeout", "0", "cli_tags.lua"])
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix("Error: --timeout must be a number of seconds above 0 and at most 86400, got 0.0\n"))
        let huge = try runFScript(["--timeout", "1e300", "cli_tags.lua"])
        #expect(huge.status == 2)
        #expect(huge.stderr.hasPrefix("Error: --timeout must be a number of seconds above 0 and at most 86400, got 1e+300\n"))
    }

    @Test func timeoutFailsTheHungScenarioAndTheRunGoesOn() throws {
        let result = try runFScript(["--timeout", "1", "cli_hang.lua"])
        #expect(result.status == 1)
        #expect(
            normalizingTimes(result.stdout) == Self.target + """
                cli_hang.lua
                Scenario: hangs
                Scenario: runs after the hang
                    next scenario ran

                1 passed, 1 failed

                """)
        #expect(result.stderr.contains("cli_hang.lua:4: test timed out after 1 s\n"))
    }

    @Test func junitReportParsesAndNamesTheFailedStep() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = directory + "/report.xml"
        let result = try runFScript(["--report", "junit:" + report, "cli_step_failure.lua"])
        #expect(result.status == 1)
        let lint = try runTool("/usr/bin/xmllint", ["--noout", report])
        #expect(lint.status == 0, "xmllint: \(lint.output)")
        let message = try runTool("/usr/bin/xmllint", ["--xpath", "string(//testcase[@name='wrong answer']/failure/@message)", report])
        #expect(message.output.contains("Then the answer is 7"), "failure message: \(message.output)")
        #expect(message.output.contains("expected 42, got 7"))
        let passed = try runTool("/usr/bin/xmllint", ["--xpath", "count(//testcase[@name='right answer']/failure)", report])
        #expect(passed.output == "0")
    }

    @Test func ctrlCDuringAHungScenarioStillWritesTheReport() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = directory + "/report.xml"
        let child = try FScriptProcess(["--report", "junit:" + report, "cli_hang.lua"])
        #expect(child.stdout.wait(for: "Scenario: hangs", timeout: 20))
        kill(child.process.processIdentifier, SIGINT)
        let result = child.finish(timeout: 10)
        #expect(result.status == 130)
        #expect(result.stdout.hasSuffix("interrupted: the remaining scenarios were not run\n0 passed, 1 failed, 1 skipped\n"))
        #expect(result.stderr.contains("cli_hang.lua:4: interrupted\n"))
        let message = try runTool("/usr/bin/xmllint", ["--xpath", "string(//testcase[@name='hangs']/failure/@message)", report])
        #expect(message.output == "cli_hang.lua:4: interrupted")
        let skipped = try runTool("/usr/bin/xmllint", ["--xpath", "count(//testcase/skipped)", report])
        #expect(skipped.output == "1")
    }

    /// Ctrl-C is a typed stop, never recognized by its text: a script's own error that reads like it is an
    /// ordinary failure (exit 1), where it was taken for Ctrl-C (exit 130).
    @Test func anErrorThatReadsLikeCtrlCIsAnOrdinaryFailure() throws {
        let result = try runFScript(["-e", "error('x.lua:1: interrupted', 0)"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("x.lua:1: interrupted"))
    }

    /// A number from a script that does not fit the C type it becomes is an answer, not a trap (exit 132).
    @Test func aDescriptorPastInt32IsNoTerminal() throws {
        let result = try runFScript(["-e", "print(fscript.isatty(1 << 40))"])
        #expect(result.status == 0)
        #expect(result.stdout == "false\n")
    }

    @Test func chunkOptionStillRunsWithTheDSL() throws {
        let result = try runFScript(["-e", "print(1 + 1, type(scenario), type(mock.start))"])
        #expect(result.status == 0)
        #expect(result.stdout == "2\tfunction\tfunction\n")
        #expect(result.stderr == "")
    }

    @Test func chunkErrorExitsOne() throws {
        let result = try runFScript(["-e", "error('boom')"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("fscript: (command line):1: boom\nstack traceback:\n"))
    }
}
