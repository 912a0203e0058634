import Foundation
import Frankly
import HTTPCore
import JSON
import Testing

@testable import Simulator

/// A simulator started on a free loopback port, driven over real HTTP as a Frank driver would drive it.
final class LiveSimulator: Sendable {
    let simulator: Simulator
    let client = HTTPClient()

    /// Starts `source` (nil: the demo app) with `environment`.
    init(source: String? = nil, environment: [String: String] = [:]) throws {
        simulator = try Simulator.start(
            appSource: source.map { Array($0.utf8) }, chunkName: source == nil ? "demo.lua" : "fixture.lua",
            environment: environment)
    }

    deinit {
        client.shutdown()
        simulator.stop()
    }

    /// Sends a request and returns the raw response.
    func send(_ method: String, _ path: String, body: String = "", contentType: String = "application/x-www-form-urlencoded") throws -> HTTPClientResponse {
        try client.send(
            HTTPClientRequest(
                method: method, url: simulator.url + path, headers: [("Content-Type", contentType)], body: Array(body.utf8)))
    }

    /// GETs a path and parses the body as JSON.
    func getJSON(_ path: String) throws -> JSONValue {
        try JSONValue(parsing: try send("GET", path).body)
    }

    /// POSTs a JSON body (with the Ruby driver's form content type) and parses the answer.
    func postJSON(_ path: String, _ body: JSONValue) throws -> JSONValue {
        try JSONValue(parsing: try send("POST", path, body: body.jsonString).body)
    }

    /// POST /map with the shelley_compat engine.
    func map(_ query: String, _ method: String, _ arguments: [JSONValue] = []) throws -> JSONValue {
        try postJSON(
            "/map",
            .object([
                "query": .string(query), "selector_engine": .string("shelley_compat"),
                "operation": .object(["method_name": .string(method), "arguments": .array(arguments)]),
            ]))
    }

    /// The results of a successful /map; fails the test on an ERROR envelope.
    func results(_ query: String, _ method: String, _ arguments: [JSONValue] = []) throws -> [JSONValue] {
        let answer = try map(query, method, arguments)
        try #require(answer["outcome"] == .string("SUCCESS"), "map \(query) \(method): \(answer.jsonString)")
        guard case .array(let list)? = answer["results"] else { return [] }
        return list
    }

    /// Touches the views a selector matches and requires success.
    func touch(_ query: String) throws {
        _ = try results(query, "touch")
    }

    /// Types text into the focused field.
    func type(_ text: String) throws -> JSONValue {
        try postJSON("/type_into_keyboard", .object(["text_to_type": .string(text)]))
    }

    /// Polls every few milliseconds until `condition` holds or `timeout` passes; returns whether it held.
    func wait(timeout: Double = 30, until condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            usleep(5_000)
        }
        return try condition()
    }

    /// Writes GET /screenshot to `$SIMULATOR_SCREENSHOT_DIR/NAME.png` when that variable is set, to look at.
    func saveScreenshot(_ name: String) throws {
        guard let directory = ProcessInfo.processInfo.environment["SIMULATOR_SCREENSHOT_DIR"] else { return }
        let png = try send("GET", "/screenshot").body
        try Data(png).write(to: URL(fileURLWithPath: "\(directory)/\(name).png"))
    }

    /// The texts of the views a selector matches.
    func texts(_ query: String) throws -> [String] {
        try results(query, "text").compactMap(\.stringValue)
    }
}

/// An app made for the tests: views that are hidden, covered, animated, failing and typed into. Its animation and
/// its slow request last 3 s: a test that checks the app is busy right after a touch must still find it busy on a
/// machine slowed down by other work.
let fixtureApp = #"""
return {
  name = "Fixture",
  start = "main",
  screens = {
    main = screen{
      title = "Main",
      button{id = "visible", title = "Visible", on_touch = function(app) app:view("status").text = "touched" end},
      button{id = "hidden", title = "Hidden", hidden = true},
      button{id = "covered", title = "Covered", frame = {x = 20, y = 200, w = 200, h = 44}},
      view{id = "cover", label = "Cover", background = "#cccccc", frame = {x = 0, y = 190, w = 375, h = 80}},
      label{id = "status", text = "idle", frame = {x = 20, y = 300, w = 300, h = 24}},
      text_field{id = "name", placeholder = "Name", frame = {x = 20, y = 340, w = 300, h = 36},
        on_return = function(app, view, text) app:view("status").text = "hello " .. text end},
      button{title = "Animate", frame = {x = 20, y = 390, w = 150, h = 44}, on_touch = function(app)
        app:animate{view = app:view("status"), what = "status fade", duration = 3,
          on_done = function(app) app:view("status").text = "animated" end}
      end},
      button{title = "Fail", frame = {x = 200, y = 390, w = 150, h = 44}, on_touch = function(app)
        error("the fail button failed")
      end},
      button{title = "Slow", frame = {x = 20, y = 440, w = 150, h = 44}, on_touch = function(app)
        app:request{method = "POST", path = "/api/slow", delay = 3,
          fake = function() return {status = 204} end,
          on_response = function(app, response) app:view("status").text = "status " .. response.status end}
      end},
      button{title = "Next", frame = {x = 200, y = 440, w = 150, h = 44}, on_touch = function(app) app:push("second") end},
      switch{id = "toggle", label = "Toggle", frame = {x = 20, y = 500, w = 51, h = 31},
        on_change = function(app, view, on) app:view("status").text = on and "on" or "off" end},
      slider{id = "level", label = "Level", frame = {x = 100, y = 500, w = 200, h = 31}},
    },
    second = screen{
      title = "Second",
      table_view{id = "list", rows = {"One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine",
        "Ten", "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen"}},
    },
  },
  exec = {
    greet = function(app, name) return "hello " .. name end,
  },
}
"""#

/// A Frankly rect as `[x, y, width, height]`, whatever number type the JSON carried.
func rectNumbers(_ json: JSONValue?) -> [Double] {
    guard let json else { return [] }
    return [json["origin"]?["x"], json["origin"]?["y"], json["size"]?["width"], json["size"]?["height"]].compactMap { $0??.doubleValue }
}
