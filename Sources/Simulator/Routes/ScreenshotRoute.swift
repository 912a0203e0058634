import Frankly
import HTTPCore
import Platform
import Wireframe

/// GET /screenshot (the key window), /screenshot/allwindows, and either with `/frame/X.Y.W.H` for a crop:
/// a real PNG drawn from the view tree.
enum ScreenshotRoute {
    static var route: Route {
        Route(methods: ["GET"], path: "/screenshot", prefix: true) { request, host in
            let app = host.app
            var rest = request.path.dropFirst("/screenshot".count).split(separator: "/").map(String.init)
            var tree = app.window.dumpNode()
            if rest.first == "allwindows" {
                tree = DumpRoutes.applicationNode(app)
                rest.removeFirst()
            }
            var crop: WireframeRect?
            let bounds = app.device.bounds
            if rest.count == 2, rest[0] == "frame" {
                crop = try Self.crop(rest[1], screen: bounds)
            } else if !rest.isEmpty {
                return .notFound(request.path)
            }
            let png = try WireframeRenderer(scale: app.device.scale).png(
                of: tree, width: bounds.width, height: bounds.height, crop: crop)
            return HTTPResponse(status: 200, headers: [("Content-Type", "image/png")], body: png)
        }
    }

    /// `X.Y.W.H` in points, checked and kept to the screen: a crop is at most the screen, so no request can ask
    /// for a picture larger than the screenshot itself (a 5000×5000 crop once cost 400 MB).
    static func crop(_ text: String, screen: Rect) throws -> WireframeRect {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let width = parts[2], let height = parts[3] else {
            throw RouteError("invalid frame", details: "'\(text)' is not X.Y.W.H in points, e.g. 0.0.320.100")
        }
        let names = ["X", "Y", "W", "H"]
        for (index, value) in [x, y, width, height].enumerated() {
            do {
                _ = try CheckedNumber.coordinate(value, "frame \(names[index])")
            } catch {
                throw RouteError("invalid frame", details: error.description)
            }
        }
        let left = max(x, screen.x), top = max(y, screen.y)
        let right = min(x + width, screen.x + screen.width), bottom = min(y + height, screen.y + screen.height)
        guard width > 0, height > 0, right > left, bottom > top else {
            throw RouteError(
                "invalid frame",
                details: "'\(text)' has no part on the \(CheckedNumber.format(screen.width))×"
                    + "\(CheckedNumber.format(screen.height)) screen; W and H must be above 0")
        }
        return WireframeRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
