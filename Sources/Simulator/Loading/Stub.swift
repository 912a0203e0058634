import HTTPCore
import NIOCore
enum AppLoader {
    static func load(source: [UInt8], chunkName: String, environment: [String: String], loop: any EventLoop, httpClient: HTTPClient) throws -> SimulatedApp {
        throw SimulatorError.load("stub")
    }
}
