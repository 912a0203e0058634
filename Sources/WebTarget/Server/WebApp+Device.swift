import Frankly

extension WebApp {
    /// `GET /device`: a browser is no phone; the browser's name and version say what it is.
    var deviceAnswer: DeviceResponse {
        let version =
            session.capabilities["browserVersion"]?.stringValue
            ?? session.capabilities["platformVersion"]?.stringValue ?? ""
        return DeviceResponse(device: session.phone == .iOS ? "iphone" : "unknown", osVersion: version,
            browser: session.capabilities["browserName"]?.stringValue)
    }

    /// The viewport's size in CSS pixels.
    func viewportSize() throws -> (width: Int, height: Int) {
        let value = try session.execute("return [window.innerWidth, window.innerHeight];")
        let items = PageTree.items(value)
        guard items.count == 2, let width = items[0].intValue, let height = items[1].intValue else {
            return configuration.windowSize
        }
        return (width, height)
    }

    /// `POST /location`: the position the page's geolocation reports (Chromium, through DevTools).
    func setLocation(latitude: Double, longitude: Double) throws {
        guard session.isChromium else { return }
        try session.devTools(
            "Browser.grantPermissions", .object(["permissions": .array([.string("geolocation")])]))
        try session.devTools(
            "Emulation.setGeolocationOverride",
            .object(["latitude": .number(latitude), "longitude": .number(longitude), "accuracy": .integer(1)]))
    }
}
