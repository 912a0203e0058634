import Frankly
import JSON
import Testing
import WebTarget

/// UiAutomator2's page source of the same login screen (Fixtures/android-login.xml, a 1080x2400 phone of density
/// 3) read as a Frank dump: the same selectors find the same views as on iOS.
@Suite struct AppiumPageSourceAndroidTests {
    private let screen: JSONValue

    init() throws {
        screen = try dump("android-login.xml", .android, density: 3)
    }

    @Test func boundsInPixelsBecomeFramesInPoints() throws {
        let root = try #require(DumpView.windows(of: screen).first)
        #expect(root.className == "UIWindow")
        #expect(root.uid == "w0")
        #expect(root.screenFrame == [0, 0, 360, 800])
        let button = try one("button marked:'Log In'", in: screen)
        // bounds="[48,1104][1032,1248]"
        #expect(button.screenFrame == [16, 368, 328, 48])
        // Its parent's bounds start at [0,72].
        #expect(button.parentFrame == [16, 344, 328, 48])
        #expect(button.string("accessibilityIdentifier") == "com.acme.app:id/login")
        #expect(button.string("nativeClass") == "android.widget.Button")
        #expect(button.uid == "a/0/0/0/0/6")
    }

    @Test func byDefaultFramesStayInPixelsWhereTouchesLand() throws {
        let pixels = try dump("android-login.xml", .android)
        #expect(try one("button marked:'Log In'", in: pixels).screenFrame == [48, 1104, 984, 144])
        #expect(try #require(DumpView.windows(of: pixels).first).screenFrame == [0, 0, 1080, 2400])
    }

    @Test func aDisabledButtonIsNotEnabled() throws {
        let forgot = try one("button marked:'Forgot password?'", in: screen)
        #expect(forgot.int("isEnabled") == 0)
        #expect(try select("button isEnabled", in: screen).map(\.accessibilityLabel) == ["Log In"])
    }

    @Test func textFieldsShowTheirTextAndHint() throws {
        let email = try one("textField placeholder:'Email'", in: screen)
        #expect(email.text == "alice@example.com")
        #expect(email.accessibilityLabel == "alice@example.com")
        #expect(email.int("isFocused") == 1)
        // An empty field shows its hint: UiAutomator2 writes it as the text, with showing-hint="true".
        let password = try one("textField marked:'Password'", in: screen)
        #expect(password.text == "")
        #expect(password.placeholder == "Password")
        #expect(password.int("isSecureTextEntry") == 1)
        #expect(try select("textField text:'Password'", in: screen).isEmpty)
    }

    @Test func checkableViewsAreSwitches() throws {
        let remember = try one("view:'UISwitch' marked:'Remember me'", in: screen)
        #expect(remember.node.isOn == true)
        let terms = try one("view:'UISwitch' marked:'I accept the terms'", in: screen)
        #expect(terms.node.isOn == false)
        #expect(terms.string("nativeClass") == "android.widget.CheckBox")
        #expect(try select("view:'UISwitch' isOn", in: screen).map(\.uid) == [remember.uid])
    }

    @Test func textViewsAreLabelsWithEntitiesDecoded() throws {
        let welcome = try one("label marked:'Welcome'", in: screen)
        #expect(welcome.text == "Welcome to Acme & Co.")
        #expect(try one("view:'UIImageView'", in: screen).accessibilityLabel == "Acme logo")
    }

    @Test func aRecyclerViewsRowsAreCells() throws {
        let list = try one("tableView", in: screen)
        #expect(list.string("nativeClass") == "androidx.recyclerview.widget.RecyclerView")
        let cells = try select("tableView tableViewCell", in: screen)
        #expect(
            cells.map(\.accessibilityLabel) == [
                "alice@example.com, Last used today", "bob@example.com, Last used in May", "carol@example.com",
            ])
        #expect(cells.map { $0.string("nativeClass") } == Array(repeating: "android.widget.LinearLayout", count: 3))
        #expect(cells[1].int("isSelected") == 1)
        #expect(cells[2].isVisible == false)
        #expect(
            try select("tableViewCell marked:'bob' label", in: screen).map(\.text) == [
                "bob@example.com", "Last used in May",
            ])
        #expect(cells[0].screenFrame == [0, 512, 360, 64])
    }

    @Test func aProgressBarIsASpinnerThatAnimates() throws {
        let spinner = try one("view:'UIActivityIndicatorView'", in: screen)
        #expect(spinner.string("accessibilityIdentifier") == "com.acme.app:id/progress")
        #expect(try select("descendant isAnimating", in: screen).map(\.uid) == [spinner.uid])
    }

    @Test func anUnknownClassIsAViewThatKeepsItsClass() throws {
        let avatar = try one("view marked:'Alice'", in: screen)
        #expect(avatar.className == "UIView")
        #expect(avatar.string("nativeClass") == "com.acme.app.widget.AvatarView")
    }

    @Test func anAlertDialogIsAnAlertView() throws {
        let alertScreen = try dump("android-alert.xml", .android, density: 3)
        let alert = try one("alertView", in: alertScreen)
        #expect(alert.string("title") == "Sign-in failed")
        #expect(alert.string("message") == "The password for alice@example.com is wrong.")
        #expect(try select("alertView button", in: alertScreen).map(\.accessibilityLabel) == ["CANCEL", "TRY AGAIN"])
        #expect(try one("alertView button marked:'TRY AGAIN'", in: alertScreen).screenFrame == [256, 452, 80, 44])
    }

    @Test func aDensityMustBePositive() {
        let error = #expect(throws: WebTargetError.self) {
            try AppiumPageSource.dump(fromXML: "<hierarchy/>", platform: .android, density: 0)
        }
        #expect(error?.description == "the Android screen density must be a positive number, got 0.0")
    }
}
