import JSON

/// The answer of `GET /device`: `{"device":"iphone","os_version":"17.0"}`.
///
/// `device` is `iphone`, `ipad`, `mac` or `unknown`; scripts branch on it for layout-specific steps.
public struct DeviceResponse: Codable, Sendable, Equatable {
    /// The device family.
    public var device: String
    /// The OS version text, when the server reports it.
    public var osVersion: String?

    /// An answer for `device` running `osVersion`.
    public init(device: String, osVersion: String?) {
        self.device = device
        self.osVersion = osVersion
    }

    /// The answer as a server writes it, the shape this type decodes, `os_version` only when set: the simulator
    /// answers from it, so the two sides of `GET /device` cannot drift apart.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["device": .string(device)]
        if let osVersion { members["os_version"] = .string(osVersion) }
        return .object(members)
    }

    private enum CodingKeys: String, CodingKey {
        case device
        case osVersion = "os_version"
    }
}
