import Foundation
import Frankly
import HTTPCore
import JSON
import NIOCore
import Testing

@testable import Simulator

@Suite("The bundled demo app")
struct DemoAppTests {
    private func logIn(_ app: LiveSimulator, user: String, password: String) throws {
        try app.touch("textField placeholder:'User name'")
        _ = try app.type(user)
        try app.touch("textField placeholder:'Password'")
        _ = try app.type(password)
        try app.touch("button marked:'Log In'")
    }

    @Test func wrongPasswordShowsAnAlertThatOKDismisses() throws {
        let app = try LiveSimulator()
        try logIn(app, user: "alice", password: "nope")
        #expect(try app.wait { try !app.results("alertView", "title").isEmpty })
        #expect(try app.results("alertView", "title") == [.string("Login Failed")])
        #expect(try app.results("alertView", "message") == [.string("Wrong user name or password.")])
        try app.saveScreenshot("alert")
        // The alert covers the screen: the button behind it cannot be touched.
        let blocked = try app.map("button marked:'Log In'", "touch")
        #expect(blocked["details"]?.stringValue?.contains("would be received by _UIDimmingView") == true)
        try app.touch("alertView button marked:'OK'")
        #expect(try app.results("alertView", "title") == [])
    }

    @Test func loginLoadsTheItemsAndNavigates() throws {
        let app = try LiveSimulator()
        try logIn(app, user: "alice", password: "secret")
        #expect(try app.wait { try app.texts("label marked:'Welcome, alice'") == ["Welcome, alice"] })
        #expect(try app.wait { try app.results("tableViewCell", "tag").count == 3 })
        #expect(try app.results("view:'UIActivityIndicatorView'", "isAnimating") == [.bool(false)])
        try app.saveScreenshot("home")
        try app.touch("tableViewCell marked:'Bread'")
        #expect(try app.texts("label marked:'1 loaf'") == ["1 loaf"])
        try app.touch("navigationItemButtonView")
        try app.touch("button marked:'Settings'")
        try app.touch("view:'UISwitch' marked:'Dark mode'")
        try app.saveScreenshot("settings")
        #expect(try app.results("view:'UISwitch' marked:'Dark mode'", "isOn") == [.bool(true)])
        #expect(try app.postJSON("/app_exec", .object(["operation": .object(["method_name": .string("resetData"), "arguments": .array([])])]))
            == .object(["outcome": .string("SUCCESS"), "results": .array([.string("reset")])]))
    }

    @Test func itemsShowTheSpinnerAndANetworkCallWhileLoading() throws {
        let app = try LiveSimulator()
        try logIn(app, user: "bob", password: "secret")
        #expect(try app.wait {
            guard case .array(let busy)? = try app.getJSON("/idle")["busy"] else { return false }
            return busy.contains(.object(["kind": .string("network"), "what": .string("GET /api/items")]))
                && busy.contains(.object(["kind": .string("animation"), "what": .string("UIActivityIndicatorView 'Loading'")]))
        })
        #expect(try app.wait { try app.getJSON("/idle")["idle"] == .bool(true) })
    }

    @Test func aRealBackendFromTheLaunchEnvironment() throws {
        let backend = try HTTPServer.start(responder: ClosureResponder { request, loop in
            let body: String
            var status = 200
            switch request.path {
            case "/api/login":
                let json = (try? JSONValue(parsing: request.body)) ?? .null
                if json["password"] == .string("pw") { body = #"{"name":"Carol C."}"# } else { status = 401; body = #"{"message":"Nope."}"# }
            case "/api/items": body = #"{"items":[{"name":"Mock item","detail":"1"}]}"#
            default: status = 404; body = "{}"
            }
            return loop.makeSucceededFuture(.json(Array(body.utf8), status: status))
        })
        defer { backend.stop() }
        let app = try LiveSimulator(environment: ["BACKEND_URL": backend.url])
        try logIn(app, user: "carol", password: "pw")
        #expect(try app.wait { try app.texts("label marked:'Welcome'") == ["Welcome, Carol C."] })
        #expect(try app.wait { try app.results("tableViewCell marked:'Mock item'", "tag").count == 1 })
    }

    @Test func relaunchStartsFresh() throws {
        let app = try LiveSimulator()
        try logIn(app, user: "alice", password: "secret")
        #expect(try app.wait { try !app.texts("label marked:'Welcome'").isEmpty })
        try app.simulator.relaunch(appSource: Array(fixtureApp.utf8), chunkName: "fixture.lua")
        #expect(try app.results("button marked:'Visible'", "tag").count == 1)
        try app.simulator.relaunch(appSource: nil, environment: [:])
        #expect(try app.results("button marked:'Visible'", "tag").count == 1)
    }
}
