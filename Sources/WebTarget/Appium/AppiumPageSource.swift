import JSON

/// An Appium page source (WebDriverAgent's XCUIElementType… XML, UiAutomator2's android.widget… XML) read as
/// Frankly's dump. Being written: see the tests in Tests/WebTargetTests.
public enum AppiumPageSource {
    /// The platform whose class table reads the source.
    public enum Platform: Sendable {
        case iOS, android
    }

    /// The source as a Frankly dump (a `UIWindow` at the root).
    public static func dump(fromXML xml: String, platform: Platform) throws -> JSONValue {
        throw WebTargetError("reading an Appium page source is not written yet")
    }
}
