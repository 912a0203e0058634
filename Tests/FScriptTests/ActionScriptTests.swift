import Foundation
import Frankly
import JSON
import Testing

@testable import FScript
@testable import Inspector

/// What the inspector writes for an action: the catalog step when one names the view exactly, an `app:` call with
/// the best selector otherwise, FRY's relative touch for a view without a usable label, and Lua literals that
/// read back as the text.
@Suite struct ActionScriptTests {
    static let dump = #"""
        {"class": "UIWindow", "uid": "1", "accessibilityFrame": {"origin": {"x": 0, "y": 0}, "size": {"width": 375, "height": 667}},
         "subviews": [
          {"class": "UITextField", "uid": "2", "accessibilityLabel": "User name", "placeholder": "User name"},
          {"class": "UIButton", "uid": "3", "accessibilityLabel": "Log In"},
          {"class": "UILabel", "uid": "4", "accessibilityLabel": "Log In", "text": "Log In"},
          {"class": "UISwitch", "uid": "5", "accessibilityLabel": "Dark mode", "isOn": 0},
          {"class": "UITableViewCell", "uid": "6", "accessibilityLabel": "Apples, 3 kg",
           "accessibilityFrame": {"origin": {"x": 0, "y": 200}, "size": {"width": 375, "height": 44}},
           "subviews": [
            {"class": "MyBadge", "uid": "7", "accessibilityFrame": {"origin": {"x": 300, "y": 210}, "size": {"width": 20, "height": 20}}},
            {"class": "MyBadge", "uid": "8", "accessibilityFrame": {"origin": {"x": 330, "y": 210}, "size": {"width": 20, "height": 20}}}]},
          {"class": "UILabel", "uid": "9", "accessibilityLabel": "Say \"hi\"", "text": "Say \"hi\""}]}
        """#

    /// The sentences of the stdlib's step catalog, read from a Lua session as the inspector reads them at start.
    static let sentences = LuaInspectorScripting.readSentences(from: ScriptSession().state)

    private func line(
        _ uid: String, _ action: String, text: String? = nil, direction: String? = nil, value: Double? = nil,
        sentences: StepSentences = Self.sentences
    ) throws -> (String?, String?) {
        let windows = DumpView.windows(of: try JSONValue(parsing: Self.dump.utf8))
        let view = try #require(windows[0].find(uid: uid))
        return ActionScript(windows: windows, view: view, sentences: sentences)
            .line(for: action, text: text, direction: direction, value: value)
    }

    @Test func theCatalogDefinesEverySentenceTheInspectorUses() {
        for id in StepSentences.ID.allCases {
            #expect(Self.sentences.templates[id.rawValue] != nil, "steps/frank.lua has no sentence \(id.rawValue)")
        }
    }

    /// The inspector spells no step: a sentence reworded in catalog/sentences.lua (which catalog/frank.lua defines
    /// its steps with) is what it records, and a catalog without the sentence gets an `app:` call instead of a
    /// step that would not run.
    @Test func aStepRewordedInTheCatalogIsWhatTheInspectorRecords() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fscript-steps-\(UUID())")
        let steps = directory.appendingPathComponent("fscript/catalog")
        try FileManager.default.createDirectory(at: steps, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let stdlib = try #require(StdlibLocator.locate())
        let original = try String(contentsOfFile: stdlib + "/fscript/catalog/sentences.lua", encoding: .utf8)
        let reworded = original.replacingOccurrences(
            of: #"touch_button = "I touch the button marked {string}""#,
            with: #"touch_button = "I press the button labelled {string}""#)
        #expect(reworded != original)
        try reworded.write(to: steps.appendingPathComponent("sentences.lua"), atomically: true, encoding: .utf8)
        let session = ScriptSession()
        session.state.prependPackagePath(directory: directory.path)
        let sentences = LuaInspectorScripting.readSentences(from: session.state)
        #expect(try line("3", "touch", sentences: sentences).0 == #"When 'I press the button labelled "Log In"'"#)
        #expect(try line("3", "touch", sentences: StepSentences([:])).0 == #"app:touch("button marked:'Log In'")"#)
    }

    @Test func catalogStepsWhereTheyNameTheView() throws {
        #expect(try line("3", "touch").0 == #"When 'I touch the button marked "Log In"'"#)
        #expect(try line("5", "switch").0 == #"When 'I flip switch "Dark mode" on'"#)
        #expect(try line("6", "touch").0 == #"When 'I touch the table cell marked "Apples, 3 kg"'"#)
        #expect(try line("2", "type", text: "alice").0 == #"When 'I type "alice" into the "User name" text field'"#)
        #expect(try line("4", "see").0 == #"Then 'I should see "Log In"'"#)
    }

    @Test func appCallsOtherwise() throws {
        #expect(try line("4", "touch").0 == #"app:touch("label marked:'Log In'")"#, "a label is not the button")
        #expect(try line("3", "swipe", direction: "left").0 == #"app:swipe("button marked:'Log In'", 'left')"#)
        #expect(try line("3", "double_tap").0 == #"app:double_tap("button marked:'Log In'")"#)
        #expect(try line("2", "type", text: #"say "hi""#).0 == #"app:type_into("view marked:'User name'", 'say "hi"')"#,
                "a text a step cannot quote")
        #expect(try line("2", "type", text: "it's").0 == #"When "I type \"it's\" into the \"User name\" text field""#)
    }

    static let switches = #"""
        {"class": "UIWindow", "uid": "1", "subviews": [
          {"class": "UISwitch", "uid": "2", "accessibilityLabel": "Mode \"A\"", "isOn": 1},
          {"class": "UISwitch", "uid": "3", "accessibilityLabel": "it's a \\ switch", "isOn": 0},
          {"class": "UISwitch", "uid": "4", "accessibilityLabel": "it's \"both\"", "isOn": 0},
          {"class": "UISwitch", "uid": "5", "accessibilityLabel": "Sound", "isOn": 0},
          {"class": "UISwitch", "uid": "6", "accessibilityLabel": "Sound effects", "isOn": 0}]}
        """#

    /// A switch's mark comes from the app: the step quotes it as `{string}` can read it, and the whole step is a Lua
    /// literal, so no text of the app's ever becomes code.
    @Test func aSwitchFlipIsTheCatalogStepWithItsMarkQuotedSafely() throws {
        let windows = DumpView.windows(of: try JSONValue(parsing: Self.switches.utf8))
        func flip(_ uid: String) throws -> String? {
            let view = try #require(windows[0].find(uid: uid))
            let script = ActionScript(windows: windows, view: view, sentences: Self.sentences)
            return script.line(for: "switch", text: nil, direction: nil, value: nil).0
        }
        #expect(try flip("2") == #"When "I flip switch 'Mode \"A\"' off""#)
        #expect(try flip("3") == #"When "I flip switch \"it's a \\ switch\" on""#)
        #expect(try flip("4") == #"app:map("view:'UISwitch' index:2", "setOn:", true)"#, "a mark no {string} can hold")
        #expect(try flip("5") == #"app:map("view:'UISwitch' markedExactly:'Sound'", "setOn:", true)"#,
                "the step's marked: would also flip 'Sound effects'")
    }

    @Test func aViewWithoutALabelIsTouchedInItsLabelledAncestor() throws {
        let (made, _) = try line("8", "touch")
        #expect(made == #"app:map("tableViewCell marked:'Apples, 3 kg'", "touchx:y:", 340, 20)  -- MyBadge has no label: a point in its labelled ancestor"#)
    }

    @Test func actionsThatDoNotApplySayWhy() throws {
        #expect(try line("3", "switch").1 == "only a switch can be flipped")
        #expect(try line("3", "swipe", direction: "sideways").1 == "swipe needs a direction: left, right, up or down")
        #expect(try line("7", "see").1 == "this view shows no text to check; pick a label")
        #expect(try line("9", "see").1 == "this view shows no text to check; pick a label", "quotes cannot sit in a step")
    }

    @Test(arguments: [
        ("plain", "'plain'"), ("it's", #""it's""#), ("a\nb", #""a\nb""#), (#"back\slash"#, #""back\\slash""#),
    ])
    func luaLiteralsReadBackAsTheText(text: String, literal: String) {
        #expect(LuaLiteral.string(text) == literal)
    }

    @Test func theRecordingSaysHowToRunItOnTheInspectedTarget() {
        // A web page behind `fscript serve --web`, or any app behind --target: not the demo app of a bare run. An
        // address only (a documentation network, a port outside the kernel's outgoing range): nothing connects.
        let web = InspectCommand.runCommand(target: "http://192.0.2.10:8080", app: nil, record: "flow.lua")
        #expect(web == "fscript --target http://192.0.2.10:8080 flow.lua")
        let header = ScriptRecorder(path: nil, runCommand: web).script.split(separator: "\n").first ?? ""
        #expect(header.hasSuffix(". Run: fscript --target http://192.0.2.10:8080 flow.lua"))
        #expect(InspectCommand.runCommand(target: nil, app: "my app.lua", record: nil) == "fscript --app 'my app.lua' FILE.lua")
        #expect(InspectCommand.runCommand(target: nil, app: nil, record: "a.lua") == "fscript a.lua")
        // A WebDriver server opens about:blank unless told the page.
        #expect(
            InspectCommand.runCommand(target: "webdriver:http://grid:4444", app: nil, web: "dist/", record: "a.lua")
                == "fscript --target webdriver:http://grid:4444 --web dist/ a.lua")
    }

    @Test func theRecordingStartsWithTheRecordedBackend() {
        let recorder = ScriptRecorder(path: nil, mappings: "/tmp/session.mappings")
        recorder.append(["never: not recording"])
        recorder.set(on: true)
        recorder.append(["When 'I navigate back'"])
        let lines = recorder.script.split(separator: "\n").map(String.init)
        // A scenario, so a run gives the recording a fresh app and its own mock, as any other test.
        #expect(lines.dropFirst().first == "scenario('recorded with fscript inspect', function()")
        #expect(lines.dropFirst(2).first?.hasPrefix("  -- The backend traffic") == true)
        #expect(lines.contains(
            "  local backend = require(\"fscript.backend\").use(mock.start{ mappings = '/tmp/session.mappings' })"))
        #expect(lines.contains("  frank.launch{ env = { BACKEND_URL = backend.url }, lazy = true }"))
        #expect(lines.suffix(2) == ["  When 'I navigate back'", "end)"])
        #expect(!lines.contains("never: not recording"))
        #expect(recorder.save() == "start fscript inspect with --record FILE.lua to save the recording")
    }
}
