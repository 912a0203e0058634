import JSON
import Testing

@testable import Frankly

/// The inspector's suggestions over a dump read back as a tree: each selects its view and nothing else, the ones
/// that name the view come first, and the evaluator on the dump agrees with Shelley's rules.
@Suite struct SelectorSuggesterTests {
    static let dump = #"""
        {"class": "UIWindow", "uid": "1", "accessibilityFrame": {"origin": {"x": 0, "y": 0}, "size": {"width": 375, "height": 667}},
         "subviews": [
          {"class": "UIView", "uid": "2", "subviews": [
            {"class": "UITextField", "uid": "3", "accessibilityLabel": "User name", "placeholder": "User name"},
            {"class": "UIButton", "uid": "4", "accessibilityLabel": "Log In"},
            {"class": "UITableViewCell", "uid": "5", "accessibilityLabel": "Apples, 3 kg", "subviews": [
              {"class": "UITableViewCellContentView", "uid": "6", "subviews": [
                {"class": "UILabel", "uid": "7", "accessibilityLabel": "Apples", "text": "Apples"}]}]},
            {"class": "UILabel", "uid": "8", "accessibilityLabel": "Bob's list", "text": "Bob's list"},
            {"class": "MyBadgeView", "uid": "9"},
            {"class": "UIView", "uid": "11", "isHidden": 1, "subviews": [{"class": "UILabel", "uid": "12", "text": "gone"}]}]},
          {"class": "UINavigationBar", "uid": "10", "subviews": [
            {"class": "UINavigationItemView", "uid": "13", "accessibilityLabel": "Log In"}]}]}
        """#

    private func windows() throws -> [DumpView] { DumpView.windows(of: try JSONValue(parsing: Self.dump.utf8)) }

    private func suggestions(_ uid: String) throws -> [String] {
        let windows = try windows()
        let view = try #require(windows.first?.find(uid: uid))
        return SelectorSuggester.selectors(for: view, in: windows)
    }

    @Test func aLabelSharedWithAnotherViewTakesTheClass() throws {
        #expect(try suggestions("4") == ["button marked:'Log In'", "button markedExactly:'Log In'", "button index:0"])
    }

    @Test func aUniqueLabelAloneComesFirst() throws {
        #expect(try suggestions("3").first == "view marked:'User name'")
        #expect(try suggestions("3").contains("textField placeholder:'User name'"))
    }

    @Test func aViewWithoutALabelGoesThroughItsLabelledAncestor() throws {
        #expect(try suggestions("6").first == "tableViewCell marked:'Apples, 3 kg' view:'UITableViewCellContentView'")
    }

    @Test func aLabelWithAnApostropheIsDoubleQuoted() throws {
        let found = try suggestions("8")
        #expect(found.first == #"view marked:"Bob's list""#, "\(found)")
    }

    @Test func nothingToNameByFallsBackToIndex() throws {
        #expect(try suggestions("9") == ["view:'MyBadgeView' index:0"])
    }

    @Test func everySuggestionSelectsOnlyItsView() throws {
        let windows = try windows()
        for view in windows[0].all.dropFirst() {
            let found = SelectorSuggester.selectors(for: view, in: windows)
            #expect(!found.isEmpty, "no selector for uid \(view.uid)")
            for selector in found {
                let selected = try SelectorEvaluator<DumpView>().evaluate(selector, windows: windows)
                #expect(selected.count == 1 && selected[0] === view, "\(selector) for uid \(view.uid)")
            }
        }
    }

    @Test func theDumpAnswersLikeAView() throws {
        let windows = try windows()
        let evaluate = { (text: String) in try SelectorEvaluator<DumpView>().evaluate(text, windows: windows).map(\.uid) }
        #expect(try evaluate("button") == ["4"], "a class filter descends and knows UIKit's classes")
        #expect(try evaluate("view marked:'Log In'") == ["4", "13"])
        #expect(try evaluate("label text:'Apples' parent tableViewCell") == ["5"])
        #expect(try evaluate("label FEX_isVisible").contains("12") == false, "a hidden ancestor hides the label")
        #expect(try evaluate("view:'MyBadgeView'") == ["9"], "an app's own class is a UIView")
    }
}
