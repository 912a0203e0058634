import Foundation
import Frankly
import HTTPCore
import JSON

/// The Frankly endpoints a web page answers, and fscript's extensions (`/idle`, `/launch`) with the web's own
/// (`/keys`, `/open`, `/reload`). Each runs on the app's queue (see `WebFranklyResponder`).
enum WebRoutes {
    typealias Handler = @Sendable (HTTPRequest, String, WebAppOwner) throws -> HTTPResponse

    static let router: Router<Handler> = {
        var router = Router<Handler>(paths: .ignoringTrailingSlash)
        router.add(["GET", "POST", "HEAD"], "/") { _, _, owner in
            .text("Frankly web target: \(owner.app.configuration.url)\n")
        }
        router.add(["POST"], "/map") { request, _, owner in
            let body = try json(request)
            let engine = body["selector_engine"]?.stringValue ?? "uiquery"
            guard engine == "shelley_compat" || engine == "uiquery" else {
                throw FranklyError.invalidSelector("unknown selector engine '\(engine)'; the engine is shelley_compat")
            }
            guard let query = body["query"]?.stringValue else {
                throw FranklyError.invalidSelector("the body needs a \"query\" string")
            }
            let operation = try Operation(requestBody: body)
            return success(try owner.app.map(query, method: operation.methodName, arguments: operation.arguments))
        }
        router.add(["POST"], "/app_exec") { request, _, owner in
            let operation = try Operation(requestBody: try json(request))
            let name = operation.methodName.split(separator: ":").first.map(String.init) ?? operation.methodName
            return success([try owner.app.appExec(name, arguments: operation.arguments)])
        }
        router.add(["GET", "POST"], "/dump") { _, _, owner in .json(try owner.app.tree().jsonBytes) }
        router.add(["GET"], "/dump/allwindows") { _, _, owner in
            let application: JSONValue = .object([
                "class": .string("UIApplication"), "uid": .string("application"),
                "subviews": .array([try owner.app.tree()]),
            ])
            return .json(application.jsonBytes)
        }
        for (path, recursive) in [("/dump/view/**", false), ("/dump/views/**", true)] {
            router.add(["GET"], path) { request, matched, owner in
                let uid = String(matched.split(separator: "/").dropFirst(2).joined(separator: "/"))
                guard let view = DumpView.windows(of: try owner.app.tree()).lazy.compactMap({ $0.find(uid: uid) }).first
                else { return notFound(request.path) }
                return .json(recursive ? subtree(view).jsonBytes : view.node.json.jsonBytes)
            }
        }
        router.add(["POST"], "/type_into_keyboard") { request, _, owner in
            guard let text = try json(request)["text_to_type"]?.stringValue else {
                throw FranklyError.malformedRequest(path: "/type_into_keyboard", details: "no \"text_to_type\" string")
            }
            try owner.app.typeIntoKeyboard(text)
            return success(nil)
        }
        router.add(["GET"], "/orientation") { _, _, owner in
            .json(OrientationResponse(owner.app.orientation).json.jsonBytes)
        }
        router.add(["POST"], "/orientation") { request, _, owner in
            try owner.app.setOrientation(request.bodyText.trimmingCharacters(in: .whitespacesAndNewlines))
            return success(nil)
        }
        router.add(["POST"], "/location") { request, _, owner in
            let body = try json(request)
            guard let latitude = body["latitude"]?.doubleValue, let longitude = body["longitude"]?.doubleValue else {
                throw FranklyError.nilLocation
            }
            try owner.app.setLocation(latitude: latitude, longitude: longitude)
            return success(nil)
        }
        router.add(["GET"], "/device") { _, _, owner in .json(owner.app.deviceAnswer.json.jsonBytes) }
        router.add(["GET"], "/resolution") { _, _, owner in
            let size = try owner.app.viewportSize()
            let answer = ResolutionResponse(width: Double(size.width), height: Double(size.height), scale: 1)
            return .json(answer.json.jsonBytes)
        }
        router.add(["GET"], "/version") { _, _, _ in .json(VersionResponse(version: version).json.jsonBytes) }
        router.add(["GET"], "/accessibility_check") { _, _, _ in
            .json(JSONValue.object(["accessibility_enabled": .string("true")]).jsonBytes)
        }
        router.add(["GET"], "/engines") { _, _, _ in .json(JSONValue.array([.string("shelley_compat")]).jsonBytes) }
        router.add(["GET"], "/screenshot/**") { _, _, owner in png(try owner.app.screenshot()) }
        router.add(["GET"], "/screenshot") { _, _, owner in png(try owner.app.screenshot()) }
        router.add(["GET"], "/exit") { _, _, owner in
            owner.onExit?()
            return success(nil)
        }
        router.add(["GET"], "/idle") { _, _, owner in .json(Array(try JSONEncoder().encode(owner.app.idle()))) }
        router.add(["POST"], "/launch") { request, _, owner in
            let body = request.body.isEmpty ? JSONValue.object([:]) : try json(request)
            var environment: [String: String]?
            if case .object(let members)? = body["env"] {
                environment = members.compactMapValues(\.stringValue)
            }
            try owner.app.launch(environment: environment)
            return success(nil)
        }
        router.add(["POST"], "/keys") { request, _, owner in
            guard let key = try json(request)["key"]?.stringValue else {
                throw FranklyError.malformedRequest(path: "/keys", details: "no \"key\" string")
            }
            try owner.app.press(key)
            return success(nil)
        }
        router.add(["POST"], "/open") { request, _, owner in
            guard let target = try json(request)["url"]?.stringValue else {
                throw FranklyError.malformedRequest(path: "/open", details: "no \"url\" string")
            }
            try owner.app.open(target)
            return success(nil)
        }
        router.add(["POST"], "/reload") { _, _, owner in
            try owner.app.reload()
            return success(nil)
        }
        return router
    }()

    /// The version `GET /version` reports.
    static let version = "fscript-web 1.0"

    static func json(_ request: HTTPRequest) throws -> JSONValue {
        do {
            return try JSONValue(parsing: request.body)
        } catch {
            throw FranklyError.malformedRequest(path: request.path, details: "the body is not JSON: \(error)")
        }
    }

    static func success(_ results: [JSONValue]?) -> HTTPResponse { .franklySuccess(results) }

    static func error(_ reason: String, _ details: String) -> HTTPResponse {
        .franklyError(reason: reason, details: details)
    }

    static func png(_ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "image/png")], body: bytes)
    }

    static func notFound(_ path: String) -> HTTPResponse { .franklyNotFound(path) }

    /// A view and everything below it, from the dump.
    private static func subtree(_ view: DumpView) -> JSONValue {
        guard case .object(var members) = view.node.json else { return view.node.json }
        members["subviews"] = .array(view.shelleyChildren.map(subtree))
        return .object(members)
    }
}
