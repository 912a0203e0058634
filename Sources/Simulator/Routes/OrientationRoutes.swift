import Frankly
import HTTPCore

/// GET /orientation reads the device orientation; POST /orientation (a raw text body) rotates it.
enum OrientationRoutes {
    static var all: [Route] {
        [
            Route(methods: ["GET"], path: "/orientation") { _, host in
                .json(OrientationResponse(host.app.device.orientation).json)
            },
            Route(methods: ["POST"], path: "/orientation") { request, host in
                guard let orientation = Orientation(franklyName: request.bodyText) else {
                    throw RouteError(.unrecognizedOrientation(request.bodyText))
                }
                host.app.device.orientation = orientation
                host.app.layoutWindow()
                return .success()
            },
        ]
    }
}
