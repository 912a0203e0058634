import Foundation

/// A device orientation by its Frankly name, as `GET /orientation` reports it and `POST /orientation` accepts it.
///
/// Use `init(franklyName:)` to read the raw text body of `POST /orientation`: it is case-insensitive, as on the
/// real server, and nil means the server should answer `FranklyError.unrecognizedOrientation`.
public enum Orientation: String, Codable, Sendable, CaseIterable {
    case portrait
    case portraitUpsideDown = "portrait_upside_down"
    case landscapeLeft = "landscape_left"
    case landscapeRight = "landscape_right"

    /// Parses a detailed orientation name in any letter case, ignoring surrounding whitespace.
    public init?(franklyName: String) {
        let name = franklyName.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        self.init(rawValue: name)
    }

    /// The coarse name that `orientation` carries: `portrait` or `landscape`.
    public var coarseName: String {
        switch self {
        case .portrait, .portraitUpsideDown: return "portrait"
        case .landscapeLeft, .landscapeRight: return "landscape"
        }
    }
}
