import JSON

/// The answer of `GET /device`: `{"device":"iphone","os_version":"17.0"}`.
///
/// `device` is `iphone`, `ipad`, `mac` or `unknown`; scripts branch on it for layout-specific steps. A web target
/// adds the browser it drives (`"browser":"chrome"`): a browser is no phone, and its name says what it is.
public struct DeviceResponse: Codable, Sendable, Equatable {
    /// The device family.
    public var device: String
    /// The OS version text, when the server reports it.
    public var osVersion: String?
    /// The browser a web target drives (WebDriver's `browserName`), when there is one.
    public var browser: String?

    /// An answer for `device` running `osVersion`, in `browser` on a web target.
    public init(device: String, osVersion: String?, browser: String? = nil) {
        self.device = device
        self.osVersion = osVersion
        self.browser = browser
    }

    /// The answer as a server writes it, the shape this type decodes, `os_version` only when set: the simulator
    /// answers from it, so the two sides of `GET /device` cannot drift apart.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["device": .string(device)]
        if let osVersion { members["os_version"] = .string(osVersion) }
        if let browser { members["browser"] = .string(browser) }
        return .object(members)
    }

    private enum CodingKeys: String, CodingKey {
        case device
        case osVersion = "os_version"
        case browser
    }
}
