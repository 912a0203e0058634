import Frankly

/// The simulated device: an iPhone running iOS 6.1 (the UIKit the simulator's view classes model, see
/// docs/SIMULATOR.md), with a 375×667 point screen at scale 2, rotated as the tests say.
struct Device {
    /// The iOS version `/device` reports. Frank's steps branch on it (from 7.0 they look for iOS 7's alert
    /// classes), so it must be the version whose view hierarchy the simulator draws.
    static let iOSVersion = "6.1"
    static let portraitWidth = 375.0
    static let portraitHeight = 667.0
    var scale = 2.0
    var orientation = Orientation.portrait
    var osVersion = Device.iOSVersion
    /// The last location a test set with POST /location.
    var location: (latitude: Double, longitude: Double)?

    /// The screen in points; width and height swap in landscape.
    var bounds: Rect {
        orientation.isLandscape
            ? Rect(x: 0, y: 0, width: Self.portraitHeight, height: Self.portraitWidth)
            : Rect(x: 0, y: 0, width: Self.portraitWidth, height: Self.portraitHeight)
    }
}
