import Frankly
import HTTPCore
import Wireframe

/// GET /screenshot (the key window), /screenshot/allwindows, and either with `/frame/X.Y.W.H` for a crop:
/// a real PNG drawn from the view tree.
enum ScreenshotRoute {
    static var route: Route {
        Route(methods: ["GET"], path: "/screenshot", prefix: true) { request, host in
            let app = host.app
            var rest = request.path.dropFirst("/screenshot".count).split(separator: "/").map(String.init)
            var tree = app.window.dump()
            if rest.first == "allwindows" {
                tree = DumpRoutes.applicationNode(app)
                rest.removeFirst()
            }
            var crop: WireframeRect?
            if rest.count == 2, rest[0] == "frame" {
                let numbers = rest[1].split(separator: ".", omittingEmptySubsequences: false).compactMap { Double($0) }
                guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else {
                    throw RouteError("invalid frame", details: "'\(rest[1])' is not X.Y.W.H in points, e.g. 0.0.320.100")
                }
                crop = WireframeRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            } else if !rest.isEmpty {
                return .notFound(request.path)
            }
            let bounds = app.device.bounds
            let png = try WireframeRenderer(scale: app.device.scale).png(
                of: tree, width: bounds.width, height: bounds.height, crop: crop)
            return HTTPResponse(status: 200, headers: [("Content-Type", "image/png")], body: png)
        }
    }
}
