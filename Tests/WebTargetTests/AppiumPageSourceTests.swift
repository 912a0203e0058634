import Frankly
import JSON
import Testing
import WebTarget

/// WebDriverAgent's page source of a login screen (Fixtures/ios-login.xml) read as a Frank dump: what a feature
/// file's selectors find on it and what the catalog's steps read from what they find.
@Suite struct AppiumPageSourceTests {
    private let screen: JSONValue

    init() throws {
        screen = try dump("ios-login.xml", .iOS)
    }

    @Test func theRootIsTheKeyWindowAroundTheAppsWindows() throws {
        let windows = DumpView.windows(of: screen)
        #expect(windows.map(\.className) == ["UIWindow"])
        let root = try #require(windows.first)
        #expect(root.uid == "w0")
        #expect(root.node.isKeyWindow == true)
        #expect(root.screenFrame == [0, 0, 393, 852])
        #expect(root.shelleyChildren.map(\.className) == ["UIWindow", "UIWindow"])
        #expect(root.shelleyChildren.map(\.uid) == ["a/0", "a/1"])
        // The status bar's window is not shown: nothing in it can be touched.
        #expect(root.shelleyChildren[1].isVisible == false)
    }

    @Test func theLogInButtonIsFoundByItsLabelWhereItIsDrawn() throws {
        let button = try one("button marked:'Log In'", in: screen)
        #expect(button.className == "UIButton")
        #expect(button.string("accessibilityIdentifier") == "login.submit")
        #expect(button.string("nativeClass") == "XCUIElementTypeButton")
        #expect(button.string("title") == "Log In")
        #expect(button.screenFrame == [16, 420, 361, 50])
        // Its parent starts at y 103.
        #expect(button.parentFrame == [16, 317, 361, 50])
        #expect(button.int("isEnabled") == 1)
        #expect(button.isVisible)
        #expect(button.uid == "a/0/0/1/6")
    }

    @Test func aDisabledButtonIsNotEnabled() throws {
        #expect(try select("button marked:'Forgot password?'", in: screen).count == 1)
        #expect(try select("button marked:'Forgot password?' isEnabled", in: screen).isEmpty)
        #expect(try select("button isEnabled", in: screen).map(\.accessibilityLabel) == ["Log In"])
    }

    @Test func textFieldsShowTheirTextAndPlaceholder() throws {
        let email = try one("textField marked:'Email'", in: screen)
        #expect(email.text == "alice@example.com")
        #expect(email.placeholder == "name@company.com")
        #expect(try select("textField text:'alice@'", in: screen).map(\.uid) == [email.uid])
        // An empty field: XCTest answers its placeholder as its value.
        let password = try one("textField placeholder:'Password'", in: screen)
        #expect(password.text == "")
        #expect(password.int("isSecureTextEntry") == 1)
        #expect(password.accessibilityLabel == "Password")
    }

    @Test func aViewTheSourceCallsInvisibleIsHidden() throws {
        let pin = try one("textField marked:'PIN'", in: screen)
        #expect(pin.node.isHidden == true)
        #expect(pin.isVisible == false)
        #expect(pin.text == "••••••")
        #expect(try select("textField marked:'PIN' FEX_isVisible", in: screen).isEmpty)
    }

    @Test func switchesSayWhetherTheyAreOn() throws {
        let remember = try one("view:'UISwitch' marked:'Remember me'", in: screen)
        #expect(remember.node.isOn == true)
        let faceID = try one("view:'UISwitch' marked:'Use Face ID'", in: screen)
        #expect(faceID.node.isOn == false)
        #expect(faceID.int("isEnabled") == 0)
        #expect(try select("view:'UISwitch' isOn", in: screen).map(\.uid) == [remember.uid])
    }

    @Test func labelsKeepTheirTextWithEntitiesDecoded() throws {
        let welcome = try one("label marked:'Welcome'", in: screen)
        #expect(welcome.text == "Welcome to Acme & Co.")
        #expect(welcome.accessibilityLabel == "Welcome to Acme & Co.")
        let hint = try one("label text:'Ask IT'", in: screen)
        #expect(hint.text == "Use your work account.\nAsk IT if you forgot it.")
        #expect(try one("view:'UINavigationBar' label", in: screen).text == "Sign In")
    }

    @Test func aTableHasCellsLabelledByTheirTexts() throws {
        #expect(try select("tableView tableViewCell", in: screen).count == 3)
        let bob = try one("tableViewCell marked:'bob@example.com'", in: screen)
        #expect(bob.accessibilityLabel == "bob@example.com, Last used in May")
        #expect(bob.int("isSelected") == 1)
        #expect(
            try select("tableViewCell marked:'alice' label", in: screen).map(\.text) == [
                "alice@example.com", "Last used today",
            ])
        // The section header is a plain view in the table, not a cell.
        #expect(try select("tableView view marked:'Recent accounts'", in: screen).map(\.className) == ["UIView"])
        // A row scrolled out of sight is listed, but hidden.
        let carol = try one("tableViewCell marked:'carol'", in: screen)
        #expect(carol.isVisible == false)
    }

    @Test func aSpinnerThatIsShownIsAnimating() throws {
        let spinner = try one("view:'UIActivityIndicatorView'", in: screen)
        #expect(spinner.accessibilityLabel == "In progress")
        #expect(try select("descendant isAnimating", in: screen).map(\.uid) == [spinner.uid])
    }

    @Test func anUnknownTypeIsAViewThatKeepsItsType() throws {
        let source = """
            <?xml version="1.0" encoding="UTF-8"?>
            <AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Acme" x="0" y="0" \
            width="393" height="852"><XCUIElementTypeRatingIndicator type="XCUIElementTypeRatingIndicator" \
            name="Rating" label="4 stars" x="16" y="100" width="120" height="24"/></XCUIElementTypeApplication>\
            </AppiumAUT>
            """
        let rating = try one("view marked:'4 stars'", in: AppiumPageSource.dump(fromXML: source, platform: .iOS))
        #expect(rating.className == "UIView")
        #expect(rating.string("nativeClass") == "XCUIElementTypeRatingIndicator")
        #expect(rating.screenFrame == [16, 100, 120, 24])
        // A UIKit class fscript's own table does not know (MKMapView) is still a view.
        let map = try #require(
            try select("view", in: screen).first { $0.string("nativeClass") == "XCUIElementTypeMap" })
        #expect(map.className == "MKMapView")
    }

    @Test func uidsAreThePathOfPositionsTheSameInTwoReads() throws {
        let again = try dump("ios-login.xml", .iOS)
        #expect(again == screen)
        let uids = try #require(DumpView.windows(of: screen).first).all.map(\.uid)
        #expect(Set(uids).count == uids.count)
        #expect(try one("textField marked:'Email'", in: screen).uid == "a/0/0/1/2")
    }

    @Test func anAlertHasATitleAMessageAndButtons() throws {
        let alertScreen = try dump("ios-alert.xml", .iOS)
        let alert = try one("alertView", in: alertScreen)
        #expect(alert.string("title") == "Sign-in failed")
        #expect(alert.string("message") == "The password for alice@example.com is wrong.")
        #expect(try select("alertView button", in: alertScreen).map(\.accessibilityLabel) == ["Cancel", "Try Again"])
        #expect(try one("alertView button marked:'Try Again'", in: alertScreen).screenFrame == [196, 457, 135, 44])
    }

    @Test func malformedXMLIsRefusedNamingTheLine() {
        let source = "<AppiumAUT>\n  <XCUIElementTypeApplication type=\"XCUIElementTypeApplication\">\n</AppiumAUT>\n"
        let error = #expect(throws: WebTargetError.self) {
            try AppiumPageSource.dump(fromXML: source, platform: .iOS)
        }
        #expect(
            error?.description
                == "the Appium page source is not well-formed XML (line 3: Opening and ending tag mismatch: "
                + "XCUIElementTypeApplication line 2 and AppiumAUT)")
        let empty = #expect(throws: WebTargetError.self) { try AppiumPageSource.dump(fromXML: "", platform: .iOS) }
        #expect(empty?.description == "the Appium page source is empty: the server sent no XML")
    }
}
