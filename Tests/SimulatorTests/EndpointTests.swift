import Foundation
import Frankly
import HTTPCore
import JSON
import Testing

@testable import Simulator

@Suite("Frankly endpoints over HTTP")
struct EndpointTests {
    @Test func pingAnswers200() throws {
        let app = try LiveSimulator(source: fixtureApp)
        #expect(try app.send("GET", "/").status == 200)
    }

    @Test func fixedAnswers() throws {
        let app = try LiveSimulator(source: fixtureApp)
        #expect(try app.getJSON("/version")["version"]?.stringValue?.isEmpty == false)
        #expect(try app.getJSON("/device") == .object(["device": .string("iphone"), "os_version": .string("6.1")]))
        let resolution = try app.getJSON("/resolution")
        #expect([resolution["width"], resolution["height"], resolution["scale"]].map { $0?.doubleValue } == [750, 1334, 2])
        #expect(try app.getJSON("/accessibility_check") == .object(["accessibility_enabled": .string("true")]))
        #expect(try app.getJSON("/engines") == .array([.string("shelley_compat")]))
    }

    /// The bare answers are written from Frankly's response types, the ones `FranklyClient` reads them into; their
    /// exact bytes (keys sorted, whole numbers without `.0`) are what real Frank drivers have always been sent.
    @Test func fixedAnswersByteForByte() throws {
        let app = try LiveSimulator(source: fixtureApp)
        #expect(try app.send("GET", "/device").bodyText == #"{"device":"iphone","os_version":"6.1"}"#)
        #expect(try app.send("GET", "/version").bodyText == #"{"version":"fscript-simulator 1.0"}"#)
        #expect(try app.send("GET", "/resolution").bodyText == #"{"height":1334,"scale":2,"width":750}"#)
        #expect(
            try app.send("GET", "/orientation").bodyText
                == #"{"detailed_orientation":"portrait","orientation":"portrait"}"#)
        _ = try app.send("POST", "/orientation", body: "landscape_right", contentType: "text/plain")
        #expect(
            try app.send("GET", "/orientation").bodyText
                == #"{"detailed_orientation":"landscape_right","orientation":"landscape"}"#)
        #expect(try app.send("GET", "/resolution").bodyText == #"{"height":750,"scale":2,"width":1334}"#)
        #expect(try app.send("GET", "/device").header("Content-Type") == "application/json")
    }

    @Test func pathsIgnoreTrailingSlashAndQuery() throws {
        let app = try LiveSimulator(source: fixtureApp)
        #expect(try app.getJSON("/engines/?x=1") == .array([.string("shelley_compat")]))
    }

    @Test func unknownPathIs404WithHTML() throws {
        let app = try LiveSimulator(source: fixtureApp)
        let response = try app.send("GET", "/nope")
        #expect(response.status == 404)
        #expect(response.bodyText.contains("<html>"))
        #expect(try app.send("GET", "/Dump").status == 404)
    }

    @Test func orientationReadsRotatesAndRejects() throws {
        let app = try LiveSimulator(source: fixtureApp)
        #expect(try app.getJSON("/orientation") == .object(["orientation": .string("portrait"), "detailed_orientation": .string("portrait")]))
        let rotated = try JSONValue(parsing: try app.send("POST", "/orientation", body: "LANDSCAPE_LEFT", contentType: "text/plain").body)
        #expect(rotated == .object(["outcome": .string("SUCCESS")]))
        #expect(try app.getJSON("/orientation")["detailed_orientation"] == .string("landscape_left"))
        #expect(try app.getJSON("/resolution")["width"] == .integer(1334))
        #expect(rectNumbers(try app.getJSON("/dump")["frame"]) == [0, 0, 667, 375])
        let wrong = try JSONValue(parsing: try app.send("POST", "/orientation", body: "sideways").body)
        #expect(wrong["outcome"] == .string("ERROR"))
        #expect(wrong["reason"] == .string("unrecognized orientation"))
        #expect(wrong["details"]?.stringValue?.contains("sideways") == true)
    }

    @Test func locationNeedsCoordinates() throws {
        let app = try LiveSimulator(source: fixtureApp)
        #expect(try app.postJSON("/location", .object(["latitude": .number(52.5), "longitude": .number(13.4)])) == .object(["outcome": .string("SUCCESS")]))
        let missing = try app.postJSON("/location", .object([:]))
        #expect(missing["reason"] == .string("nil location"))
    }

    @Test func badJSONIsAnErrorEnvelope() throws {
        let app = try LiveSimulator(source: fixtureApp)
        for path in ["/map", "/app_exec", "/type_into_keyboard", "/location"] {
            let answer = try JSONValue(parsing: try app.send("POST", path, body: "{not json").body)
            #expect(answer["outcome"] == .string("ERROR"), "\(path)")
            #expect(answer["reason"] == .string("invalid JSON in request body"), "\(path)")
            #expect(answer["details"]?.stringValue?.isEmpty == false, "\(path)")
        }
    }

    @Test func dumpFollowsFranklysAttributeRules() throws {
        let app = try LiveSimulator(source: fixtureApp)
        let dump = try app.getJSON("/dump")
        #expect(dump["class"] == .string("UIWindow"))
        #expect(dump["isKeyWindow"] == .integer(1))
        let nodes = flatten(dump)
        #expect(nodes.allSatisfy { $0["uid"]?.stringValue != nil })
        #expect(Set(nodes.compactMap { $0["uid"]?.stringValue }).count == nodes.count)
        let hidden = try #require(nodes.first { $0["accessibilityLabel"] == .string("Hidden") })
        #expect(hidden["isHidden"] == .integer(1))
        let field = try #require(nodes.first { $0["class"] == .string("UITextField") })
        #expect(field["placeholder"] == .string("Name"))
        #expect(field["text"] == nil)
        let toggle = try #require(nodes.first { $0["class"] == .string("UISwitch") })
        #expect(toggle["isOn"] == .integer(0))
        let status = try #require(nodes.first { $0["text"] == .string("idle") })
        #expect(rectNumbers(status["accessibilityFrame"]) == [20, 364, 300, 24])
        #expect(rectNumbers(status["frame"]) == [20, 300, 300, 24])
    }

    /// `/dump` is written key by key, not through a dictionary: its text must be exactly what writing the same
    /// value with sorted keys gives, for every attribute any class has.
    @Test func dumpTextIsCanonicalForEveryClass() throws {
        let app = try LiveSimulator(source: #"""
            return { name = "Every class", start = "main", screens = { main = screen{
              button{title = "Alert", on_touch = function(app) app:alert{title = "Sure?", message = "Really."} end},
              label{text = "Label", color = "#ff0000", align = "center", font_size = 20.5},
              button{title = "Button", background = "blue", enabled = false},
              text_field{placeholder = "Secret", text = "hunter2", secure = true},
              switch{label = "Switch", on = true}, slider{value = 0.25, min = -1, max = 1.5},
              spinner{animating = true}, progress{progress = 0.3}, image{tag = 7, alpha = 0.5},
              scroll_view{label = "Scroll", frame = {x = 0, y = 400, w = 375, h = 100}, label{text = "Inside \"quoted\""}},
              table_view{rows = {"One", {text = "Two", detail = "2"}}},
            } } }
            """#)
        try app.touch("button marked:'Alert'")
        for path in ["/dump", "/dump/allwindows"] {
            let text = try app.send("GET", path).body
            let canonical = try JSONValue(parsing: text).jsonBytes
            #expect(String(decoding: canonical, as: UTF8.self) == String(decoding: text, as: UTF8.self), "\(path)")
        }
        let classes = Set(flatten(try app.getJSON("/dump/allwindows")).compactMap { $0["class"]?.stringValue })
        #expect(classes.isSuperset(of: [
            "UIApplication", "UIWindow", "UILabel", "UIButton", "UITextField", "UISwitch", "UISlider",
            "UIActivityIndicatorView", "UIProgressView", "UIImageView", "UIScrollView", "UITableView",
            "UITableViewCell", "UIAlertView",
        ]))
        let nodes = flatten(try app.getJSON("/dump/allwindows"))
        #expect(nodes.first { $0["class"] == .string("UITextField") }?["text"] == .string("•••••••"))
        #expect(nodes.first { $0["class"] == .string("UIAlertView") }?["message"] == .string("Really."))
        #expect(nodes.first { $0["class"] == .string("UISlider") }?["minimumValue"] == .integer(-1))
    }

    @Test func dumpOfAllWindowsAndOfOneView() throws {
        let app = try LiveSimulator(source: fixtureApp)
        let all = try app.getJSON("/dump/allwindows")
        #expect(all["class"] == .string("UIApplication"))
        guard case .array(let windows)? = all["subviews"] else { Issue.record("no windows"); return }
        #expect(windows.first?["class"] == .string("UIWindow"))
        let status = try #require(flatten(try app.getJSON("/dump")).first { $0["text"] == .string("idle") })
        let uid = try #require(status["uid"]?.stringValue)
        let one = try app.getJSON("/dump/view/\(uid)")
        #expect(one["subviews"] == nil)
        #expect(one["text"] == .string("idle"))
        #expect(try app.getJSON("/dump/views/\(uid)")["subviews"] == .array([]))
        #expect(try app.send("GET", "/dump/view/999999").status == 404)
        #expect(try app.send("GET", "/dump/views/999999").status == 404)
        #expect(try app.send("POST", "/dump").status == 200)
    }

    /// Frank's driver fetches views by the uids a dump shows: every one answers, the application node too, with
    /// an alert over the screen and the navigation bar's back button among them.
    @Test func everyUIDADumpShowsAnswersOnItsOwn() throws {
        let app = try LiveSimulator(source: fixtureApp)
        try app.touch("button marked:'Alert'")
        for path in ["/dump", "/dump/allwindows"] {
            let uids = flatten(try app.getJSON(path)).compactMap { $0["uid"]?.stringValue }
            #expect(uids.count > 5, "\(path)")
            for uid in uids {
                #expect(try app.send("GET", "/dump/view/\(uid)").status == 200, "\(path): /dump/view/\(uid)")
                #expect(try app.send("GET", "/dump/views/\(uid)").status == 200, "\(path): /dump/views/\(uid)")
            }
        }
        #expect(try app.getJSON("/dump/view/application")["class"] == .string("UIApplication"))
        #expect(try app.getJSON("/dump/view/application")["subviews"] == nil)
    }

    @Test func screenshotIsAPNGOfTheScreen() throws {
        let app = try LiveSimulator(source: fixtureApp)
        for (path, width, height) in [
            ("/screenshot", 750, 1334), ("/screenshot/allwindows", 750, 1334), ("/screenshot/frame/0.0.100.50", 200, 100),
            ("/screenshot/allwindows/frame/10.20.30.40", 60, 80),
        ] {
            let response = try app.send("GET", path)
            #expect(response.status == 200, "\(path)")
            #expect(response.header("Content-Type") == "image/png")
            let png = response.body
            #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(path)")
            #expect(bigEndian(png, at: 16) == width, "\(path)")
            #expect(bigEndian(png, at: 20) == height, "\(path)")
        }
    }

    @Test func appExecRunsAppMethods() throws {
        let app = try LiveSimulator(source: fixtureApp)
        let answer = try app.postJSON("/app_exec", .object(["operation": .object(["method_name": .string("greet:"), "arguments": .array([.string("bob")])])]))
        #expect(answer == .object(["outcome": .string("SUCCESS"), "results": .array([.string("hello bob")])]))
        let unknown = try app.postJSON("/app_exec", .object(["operation": .object(["method_name": .string("nope"), "arguments": .array([])])]))
        #expect(unknown["outcome"] == .string("ERROR"))
        let count = try app.postJSON("/app_exec", .object(["operation": .object(["method_name": .string("greet:"), "arguments": .array([])])]))
        #expect(count["details"] == .string("greet: takes 1 argument but 0 were given"))
    }

    @Test func typingWithoutFocusFails() throws {
        let app = try LiveSimulator(source: fixtureApp)
        let answer = try app.type("abc")
        #expect(answer["outcome"] == .string("ERROR"))
        #expect(answer["reason"] == .string("keyboard not present"))
        #expect(answer["details"]?.stringValue?.isEmpty == false)
    }

    @Test func exitStopsTheServer() throws {
        let app = try LiveSimulator(source: fixtureApp)
        _ = try? app.send("GET", "/exit")
        let stopped = app.wait { (try? HTTPClient(reuseConnections: false).send(HTTPClientRequest(url: app.simulator.url + "/"), timeout: .milliseconds(200))) == nil }
        #expect(stopped)
    }

    /// The constructors "did you mean" offers are the prelude's: each is a function an app file can call.
    @Test func theSuggestedConstructorsAreThePreludes() throws {
        let calls = Prelude.constructors.map { "assert(type(\($0)) == 'function', '\($0)')" }.joined(separator: "\n")
        // Read, not started: nothing is left serving after the test.
        _ = try AppLoader.read(
            source: Array((calls + "\nreturn {screens = {main = screen{}}}").utf8), chunkName: "all.lua", environment: [:])
    }

    @Test func loadErrorsNameTheFileAndLine() throws {
        #expect {
            _ = try Simulator.start(appSource: Array("return {\n  screens = \n}".utf8), chunkName: "broken.lua")
        } throws: { error in
            "\(error)".contains("broken.lua:3")
        }
        #expect {
            _ = try Simulator.start(appSource: Array("return {screens = {main = screen{label{txt = 1}}}}".utf8), chunkName: "typo.lua")
        } throws: { error in
            "\(error)".contains("typo.lua:1: screens.main[1].txt: unknown key 'txt'; did you mean 'text'?")
        }
        // A misspelt behaviour was taken as one nobody runs: it is refused where it is written, by its line.
        #expect {
            _ = try Simulator.start(
                appSource: Array("return {screens = {main = screen{\n  label{text = 'a'},\n  button{title = 'Retry', on_tuch = function() end}}}}".utf8),
                chunkName: "behaviour.lua")
        } throws: { error in
            "\(error)".contains("behaviour.lua:3: screens.main[2].on_tuch: unknown key 'on_tuch'; did you mean 'on_touch'?")
        }
        // Every field is read by the one reader, so a row's misspelt key and a screen's (once silently
        // ignored) are refused by their Lua path.
        #expect {
            _ = try Simulator.start(
                appSource: Array("return {screens = {main = screen{titel = 'x', table_view{rows = {'a'}}}}}".utf8),
                chunkName: "screen.lua")
        } throws: { error in
            "\(error)".contains("screen.lua:1: screens.main.titel: unknown key 'titel'; did you mean 'title'?")
        }
        #expect {
            _ = try Simulator.start(
                appSource: Array("return {screens = {main = screen{table_view{rows = {'a', {detial = 'b'}}}}}}".utf8),
                chunkName: "rows.lua")
        } throws: { error in
            "\(error)".contains("rows.lua:1: screens.main[1].rows[2].detial: unknown key 'detial'; did you mean 'detail'?")
        }
        // A misspelt constructor was Lua's bare "attempt to call a nil value (global 'buton')".
        #expect {
            _ = try Simulator.start(
                appSource: Array("return {screens = {main = screen{\n  buton{title = 'Order'}}}}".utf8),
                chunkName: "constructor.lua")
        } throws: { error in
            "\(error)".contains("constructor.lua:2: attempt to call a nil value (global 'buton'); did you mean 'button'?")
        }
        // A misspelt key of the app table was silently ignored (`strat` left the first screen unchosen).
        #expect {
            _ = try Simulator.start(
                appSource: Array("return {strat = 'main', screens = {main = screen{}}}".utf8), chunkName: "app.lua")
        } throws: { error in
            "\(error)".contains("app.lua: the app table: unknown key 'strat'; did you mean 'start'?")
        }
    }
}

/// Every node of a dump tree, depth first.
func flatten(_ node: JSONValue) -> [JSONValue] {
    guard case .array(let children)? = node["subviews"] else { return [node] }
    return [node] + children.flatMap(flatten)
}

/// A 32-bit big-endian integer from a PNG header.
func bigEndian(_ bytes: [UInt8], at offset: Int) -> Int {
    guard bytes.count >= offset + 4 else { return -1 }
    return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
}
