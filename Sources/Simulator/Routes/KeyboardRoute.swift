import Frankly
import HTTPCore

/// POST /type_into_keyboard: types `text_to_type` into the focused text field.
enum KeyboardRoute {
    static var route: Route {
        Route(methods: ["POST"], path: "/type_into_keyboard") { request, host in
            let body = try request.jsonBody()
            guard let text = body["text_to_type"]?.stringValue else {
                throw RouteError("missing text_to_type", details: "the body must be {\"text_to_type\": \"…\"}")
            }
            do {
                try host.app.type(text)
            } catch is KeyboardNotPresent {
                throw RouteError(.keyboardNotPresent)
            } catch {
                throw RouteError("encountered error while typing into the keyboard", details: "\(error)")
            }
            return .success()
        }
    }
}
