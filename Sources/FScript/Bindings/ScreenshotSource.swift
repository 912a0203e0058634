import Frankly
import Wireframe

/// Where `app:screenshot` gets its picture: the target's own `GET /screenshot`, or, when the target has none
/// (404, as many real Frank builds), a wireframe drawn from its `/dump`.
struct ScreenshotSource {
    /// The target.
    let app: AppObject

    /// The PNG bytes.
    func png() throws -> [UInt8] {
        let client = try app.client()
        do {
            return try client.screenshot()
        } catch FranklyClientError.httpStatus(_, let status, _) where status == 404 {
            return try wireframe()
        } catch let error as FranklyClientError {
            throw FrankError(client: error, operation: "screenshot")
        }
    }

    /// Draws the key window's dump on a screen the size of the window's frame (375×667 when it has none).
    func wireframe() throws -> [UInt8] {
        let tree = try app.call("screenshot") { try $0.dump() }
        let size = tree["accessibilityFrame"]?["size"] ?? tree["frame"]?["size"]
        let width = size?["width"]?.doubleValue ?? 375
        let height = size?["height"]?.doubleValue ?? 667
        do {
            return try WireframeRenderer().png(of: tree, width: width, height: height)
        } catch {
            throw FrankError("screenshot: the target has no /screenshot, and drawing its dump failed: \(error)")
        }
    }
}
