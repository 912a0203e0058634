import JSON
import Testing

@testable import FScript

/// What a failure says the screen shows: only what a person could see, so a hidden or transparent view (or
/// anything inside one) is never offered as a near label.
@Suite struct NoMatchDiagnosisTests {
    static let dump = #"""
        {"class": "UIWindow", "subviews": [
          {"class": "UILabel", "accessibilityLabel": "Welcome", "text": "Welcome"},
          {"class": "UILabel", "accessibilityLabel": "Hidden", "isHidden": 1},
          {"class": "UIButton", "accessibilityLabel": "Faded", "alpha": 0},
          {"class": "UIView", "alpha": 0.005, "subviews": [{"class": "UILabel", "text": "Inside faded"}]},
          {"class": "UIView", "isHidden": 1, "subviews": [{"class": "UILabel", "text": "Inside hidden"}]},
          {"class": "UITextField", "placeholder": "User name", "alpha": 0.5}]}
        """#

    @Test func theScreenShowsOnlyVisibleViews() throws {
        let tree = try JSONValue(parsing: Self.dump.utf8)
        #expect(NoMatchDiagnosis.visibleStrings(in: tree) == ["Welcome", "User name"])
    }
}
