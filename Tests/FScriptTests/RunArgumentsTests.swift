import ArgumentParser
import Testing

@testable import FScript

/// `RunArguments(simpleCommandLine:)` skips ArgumentParser for the common command lines; it must read them exactly
/// as ArgumentParser does, and leave everything else to it.
@Suite struct RunArgumentsTests {
    /// What ArgumentParser makes of a command line, as `FScriptCommand.run(arguments:)` calls it.
    private func parsed(_ arguments: [String]) throws -> RunArguments? {
        let (command, settings) = try FScriptCommand.parse(arguments)
        return (command as? RunCommand)?.runArguments(settings: settings)
    }

    @Test(arguments: [
        [], ["-e", ""], ["-e", "print(1)"], ["-e", "a", "-e", "b"], ["login_flow.lua"], ["a.lua", "tests/"],
        ["-e", "x = 1", "a.lua", "-e", "y = 2", "b.lua"], ["-e", "print('-e')"],
        ["a b.lua", "x=1", "@file", ""],
    ])
    func simpleLinesReadAsArgumentParserReadsThem(arguments: [String]) throws {
        let simple = try #require(RunArguments(simpleCommandLine: arguments))
        #expect(try simple == parsed(arguments))
    }

    @Test(arguments: [
        ["-e"], ["-e", "-1"], ["-e", "--x"], ["--timeout", "5", "a.lua"], ["--tags", "smoke", "a.lua"], ["-h"],
        ["--version"], ["a.lua", "--", "x"], ["run", "-e", "x"], ["steps"], ["serve"], ["mock"], ["help"],
        ["a.lua", "steps"], ["-ex"], ["-e=x"], ["-"], ["--"],
    ])
    func everythingElseIsLeftToArgumentParser(arguments: [String]) {
        #expect(RunArguments(simpleCommandLine: arguments) == nil)
    }

    @Test func theDefaultsAreArgumentParsers() throws {
        #expect(try parsed([]) == RunArguments())
        #expect(RunArguments().settings == RunSettingValues())
    }
}
