import Foundation
import Frankly
import JSON
import LuaKit
import Testing

@testable import FScript
@testable import Inspector

/// Target data is data: class names, labels and placeholders from a target's dump reach the inspector's
/// recording as Lua string literals or escaped comments, never as code. Hostile dumps (line breaks, quotes, long
/// brackets, Lua that would run a shell) go through every action the inspector records, and what it writes is run
/// in a Lua environment where any name but the test DSL raises: a break-out would call `os.execute` and fail.
@Suite struct HostileDumpTests {
    /// Pieces a hostile target puts in its strings.
    static let pieces = [
        "\n", "\r", "'", "\"", "\\", "]]", "[[", "--", "\n os.execute('touch /tmp/fscript-pwned') --",
        "\")os.exit(3)--", "'..os.getenv('HOME')..'", "{string}", "%s", "\u{2028}", "\t", "\u{7f}", "é", "Log In", " ",
    ]

    /// A deterministic hostile string: a few pieces chosen by a simple LCG from `seed`.
    static func hostile(_ seed: Int) -> String {
        var state = UInt64(seed &* 2_654_435_761 &+ 1)
        var text = ""
        for _ in 0..<(1 + seed % 4) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            text += pieces[Int(state >> 33) % pieces.count]
        }
        return text
    }

    static func dump(_ text: String) throws -> [DumpView] {
        let quoted = JSONValue.string(text).jsonString
        let frame = #"{"origin": {"x": 0, "y": 0}, "size": {"width": 100, "height": 40}}"#
        let json = """
            {"class": "UIWindow", "uid": "1", "accessibilityFrame": \(frame), "subviews": [
              {"class": "UIButton", "uid": "2", "accessibilityLabel": \(quoted)},
              {"class": "UISwitch", "uid": "3", "accessibilityLabel": \(quoted), "isOn": 1},
              {"class": "UITextField", "uid": "4", "accessibilityLabel": \(quoted), "placeholder": \(quoted)},
              {"class": "UILabel", "uid": "5", "accessibilityLabel": \(quoted), "text": \(quoted)},
              {"class": "UITableViewCell", "uid": "6", "accessibilityLabel": "Row", "accessibilityFrame": \(frame),
               "subviews": [{"class": \(quoted), "uid": "7", "accessibilityFrame": \(frame)},
                            {"class": \(quoted), "uid": "8", "accessibilityFrame": \(frame)}]}]}
            """
        return DumpView.windows(of: try JSONValue(parsing: json.utf8))
    }

    /// Runs `script` where only the DSL and a recording `app` exist; returns the error, or nil.
    static func runSandboxed(_ script: String) throws -> String? {
        let state = LuaState()
        let results = try state.execute(
            """
            local script = ...
            local calls = 0
            local function record() calls = calls + 1 end
            local app = setmetatable({}, { __index = function() return record end })
            local env = setmetatable({ app = app, When = record, Then = record, And = record, Given = record },
              { __index = function(_, name) error("the recording used " .. tostring(name), 2) end })
            local chunk, err = load(script, "=recording", "t", env)
            if not chunk then return "does not compile: " .. err end
            local ok, run_err = pcall(chunk)
            if not ok then return tostring(run_err) end
            return nil
            """, name: "=sandbox", arguments: [.string(script)])
        return results.first?.stringValue
    }

    @Test func whatTheInspectorWritesFromAHostileTargetIsOnlyData() throws {
        let sentences = ActionScriptTests.sentences
        var written = 0
        for seed in 0..<120 {
            let text = Self.hostile(seed)
            let windows = try Self.dump(text)
            var lines: [String] = []
            for (uid, actions) in [("2", ["touch", "see"]), ("3", ["switch", "touch"]), ("4", ["type", "touch"]),
                ("5", ["see", "touch"]), ("7", ["touch", "swipe"])]
            {
                let view = try #require(windows[0].find(uid: uid))
                let script = ActionScript(windows: windows, view: view, sentences: sentences)
                for action in actions {
                    let (line, _) = script.line(for: action, text: text, direction: "left", value: nil)
                    if let line { lines.append(line) }
                }
            }
            written += lines.count
            let error = try Self.runSandboxed(lines.joined(separator: "\n"))
            #expect(error == nil, "seed \(seed), \(text.debugDescription): \(error ?? "")\n\(lines.joined(separator: "\n"))")
        }
        #expect(written > 600, "the actions wrote \(written) lines")
    }
}
