import Frankly
import HTTPCore

/// The small fixed-answer endpoints: ping, version, device, resolution, accessibility, engines, location.
enum DeviceRoutes {
    /// The version the simulator reports on GET /version.
    static let version = "fscript-simulator 1.0"

    static var all: [Route] {
        [
            Route(methods: ["GET", "POST", "HEAD"], path: "/", observesOnly: true) { _, host in
                .text("Frankly simulator: \(host.app.spec.name)\n")
            },
            Route(methods: ["GET"], path: "/version") { _, _ in
                .json(VersionResponse(version: version).json)
            },
            Route(methods: ["GET"], path: "/device") { _, host in
                .json(DeviceResponse(device: "iphone", osVersion: host.app.device.osVersion).json)
            },
            Route(methods: ["GET"], path: "/resolution") { _, host in
                let device = host.app.device
                // Whole pixels, a fraction cut off, as a real server's integer screen size is.
                let pixels = ResolutionResponse(
                    width: (device.bounds.width * device.scale).rounded(.towardZero),
                    height: (device.bounds.height * device.scale).rounded(.towardZero), scale: device.scale)
                return .json(pixels.json)
            },
            Route(methods: ["GET"], path: "/accessibility_check") { _, _ in
                .json(.object(["accessibility_enabled": .string("true")]))
            },
            Route(methods: ["GET"], path: "/engines") { _, _ in
                .json(.array([.string("shelley_compat")]))
            },
            Route(methods: ["POST"], path: "/location") { request, host in
                let body = try request.jsonBody()
                let latitude = body["latitude"]?.doubleValue, longitude = body["longitude"]?.doubleValue
                guard latitude != nil || longitude != nil else {
                    throw RouteError(.nilLocation)
                }
                host.app.device.location = (latitude ?? 0, longitude ?? 0)
                return .success()
            },
        ]
    }
}
