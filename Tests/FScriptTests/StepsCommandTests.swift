import Foundation
import Testing

/// `fscript steps [--json]` end to end.
@Suite struct StepsCommandTests {
    @Test func jsonListsPatternsWithFileAndLine() throws {
        let result = try runFScript(["steps", "--json", "cli_step_failure.lua"])
        #expect(result.status == 0)
        let list = try #require(
            JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(list.count > 20)
        for entry in list {
            let location = try #require(entry["location"] as? String)
            #expect(location.range(of: #"\.lua:\d+$"#, options: .regularExpression) != nil, "\(location)")
            #expect(entry["pattern"] is String)
        }
        let own = list.first { $0["pattern"] as? String == "the answer is {int}" }
        #expect(own?["location"] as? String == "cli_step_failure.lua:2")
    }

    @Test func eachStepHasItsLocationADescriptionAndAnExample() throws {
        let result = try runFScript(["steps"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let patterns = lines.filter { !$0.hasPrefix(" ") }
        #expect(patterns.contains { $0.hasPrefix("I wait to see {string}") })
        #expect(patterns.allSatisfy { $0.range(of: #"\.lua:\d+$"#, options: .regularExpression) != nil })
        #expect(lines.filter { $0.hasPrefix("    e.g. ") }.count == patterns.count)
    }

    @Test func aWordThatNamesNoFileSearches() throws {
        let result = try runFScript(["steps", "alert"])
        #expect(result.status == 0)
        let patterns = result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(patterns.count == 5)
        #expect(patterns.allSatisfy { $0.contains("alert") })
        let none = try runFScript(["steps", "nosuchword"])
        #expect(none.stdout == "no step matches \"nosuchword\"; fscript steps lists them all\n")
    }
}
