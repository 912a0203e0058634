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

    @Test func textHasOneLinePerStep() throws {
        let result = try runFScript(["steps"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("I wait to see {string}"))
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.range(of: #"\.lua:\d+$"#, options: .regularExpression) != nil })
    }
}
