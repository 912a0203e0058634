import Frankly
import Testing

@Suite struct SelectorEvaluatorTests {
    /// A selector and the names of the views it must select, in order.
    struct Case: Sendable, CustomTestStringConvertible {
        var selector: String
        var expected: [String]
        var why: String
        var testDescription: String { "\(selector) — \(why)" }

        init(_ selector: String, _ expected: [String], _ why: String) {
            self.selector = selector
            self.expected = expected
            self.why = why
        }
    }

    static let cases: [Case] = [
        // Class filters: descendants, self excluded, depth-first pre-order, windows in order.
        Case("button", ["backButton", "cell1Button", "cell2Button", "okButton"], "subclasses count, both windows"),
        Case("view:'UIButton'", ["backButton", "cell1Button", "cell2Button", "okButton"], "view: names any class"),
        Case("label", ["cell1Label", "cell2Label", "cell3Label", "greeting"], "pre-order"),
        Case("tableViewCell", ["cell1", "cell2", "cell3"], "a custom subclass is a cell"),
        Case("view:'MyCell'", ["cell2"], "custom class by name"),
        Case("view:'UINoSuchClass'", [], "unknown class matches nothing"),
        Case("tableView", ["table"], "keyword maps to UITableView"),
        Case("navigationButton", ["backButton"], "UINavigationButton"),
        Case("navigationItemView", ["navTitle"], "UINavigationItemView"),
        Case("alertView button", ["okButton"], "descends into the alert window"),
        Case(
            "view",
            [
                "navBar", "backButton", "navTitle", "table", "cell1", "cell1Label", "cell1Button", "cell2",
                "cell2Label", "cell2Button", "cell3", "cell3Label", "greeting", "hiddenView", "userField",
                "passwordField", "wifiSwitch", "bluetoothSwitch", "spinner", "alert", "okButton",
            ], "every view but the windows"),
        Case("tableViewCell button", ["cell1Button", "cell2Button"], "chained class filters"),
        Case(
            "tableViewCell view", ["cell1Label", "cell1Button", "cell2Label", "cell2Button", "cell3Label"],
            "view excludes the cell itself"),
        Case(
            "view label", ["cell1Label", "cell2Label", "cell3Label"],
            "duplicates removed; greeting's parent is a window"),
        // descendant includes self.
        Case(
            "tableViewCell descendant",
            ["cell1", "cell1Label", "cell1Button", "cell2", "cell2Label", "cell2Button", "cell3", "cell3Label"],
            "descendant includes the view itself"),
        Case("descendant marked:'Alert'", ["alertWindow", "alert"], "descendant reaches the windows"),
        // parent: all ancestors, nearest first; the class filter right after only filters.
        Case(
            "button parent", ["navBar", "window", "cell1", "table", "cell2", "alert", "alertWindow"],
            "ancestors nearest first, deduplicated"),
        Case("button parent tableViewCell", ["cell1", "cell2"], "a class filter after parent only filters"),
        Case("button parent tableViewCell label", ["cell1Label", "cell2Label"], "the next filter descends again"),
        Case("label parent tableView", ["table"], "filter the ancestors by class"),
        Case("parent", [], "windows have no parent"),
        Case(
            "label marked:'Pears' parent descendant", ["cell2", "table", "window"],
            "descendant is a class filter, so after parent it only filters"),
        Case(
            "label marked:'Pears' parent descendant label", ["cell2Label", "cell1Label", "cell3Label", "greeting"],
            "and the filter after it descends again"),
        Case("label marked:'Pears' parent tableViewCell button", ["cell2Button"], "up then down"),
        // first and index: over the whole set.
        Case("tableViewCell first", ["cell1"], "first of the whole set"),
        Case("button first", ["backButton"], "first across windows"),
        Case("tableViewCell index:1", ["cell2"], "0-based"),
        Case("tableViewCell index:3", [], "out of range is empty"),
        Case("tableViewCell index:-1", [], "negative is empty"),
        Case("tableViewCell button index:1", ["cell2Button"], "index over the whole set, not per cell"),
        // Built-in predicates.
        Case("tableViewCell marked:'Row 2'", ["cell2"], "marked: matches"),
        Case("tableViewCell marked:'Row'", ["cell1", "cell2", "cell3"], "marked: is a substring"),
        Case("tableViewCell marked:'row'", [], "marked: is case-sensitive"),
        Case("label marked:'Hello world'", ["greeting"], "NBSP in the label counts as a space"),
        Case("label markedExactly:'Pears'", ["cell2Label"], "markedExactly: matches whole labels"),
        Case("button markedExactly:'Buy'", ["cell1Button"], "markedExactly: is not a substring"),
        Case("view marked:''", [], "an empty needle matches nothing"),
        Case("textField marked:'User'", [], "no label never matches"),
        Case("marked:'Main'", ["window"], "a predicate first tests only the windows"),
        Case("marked:'Row 1'", [], "a predicate never descends"),
        Case("textField placeholder:'Pass'", ["passwordField"], "placeholder: substring"),
        Case("textField text:'hunter'", ["passwordField"], "text: on text fields"),
        Case("view text:'Apples'", ["cell1Label"], "text: on labels only; other views are dropped"),
        Case("view placeholder:'User'", ["userField"], "placeholder: on text fields"),
        // BOOL getters, answered as true/false or 1/0; views without the method are dropped.
        Case("view isHidden", ["hiddenView"], "1 is true"),
        Case("view isOn", ["wifiSwitch"], "false and views without isOn are dropped"),
        Case("view isAnimating", ["spinner"], "0 is false"),
        Case("view:'UISwitch' isNotAnimating", ["wifiSwitch", "bluetoothSwitch"], "isNotAnimating negates"),
        Case("view:'UIActivityIndicatorView' isNotAnimating", [], "an animating view is not idle"),
        Case("view tag:0", [], "tag: is not a BOOL method"),
        Case("tableViewCell tagBetween:1and:5", ["cell2"], "multi-part method with numbers"),
        Case("buton", [], "an unknown word is a predicate, not an error"),
        // Lexing details that change the result.
        Case("\tbutton  \t marked:'Buy' ", ["cell1Button", "cell2Button"], "tabs and runs of spaces separate"),
        Case("button marked:\"Buy now\"", ["cell2Button"], "double quotes"),
        Case("view marked:'Buy now", ["cell2Button"], "an unterminated quote runs to the end"),
    ]

    @Test(arguments: cases)
    func selects(_ testCase: Case) throws {
        #expect(try select(testCase.selector) == testCase.expected)
    }

    @Test func predicateAnsweringANonBoolIsAnError() throws {
        let error = try #require(selectorError { _ = try select("label text") })
        #expect(error.column == 7)
        #expect(
            error.description == """
                selector error at column 7: 'text' does not answer a BOOL (a view answered "Apples"), \
                so it cannot filter views
                  label text
                        ^
                """)
    }

    @Test func predicateOnAnEmptySetNeverAsks() throws {
        #expect(try select("view:'UINoSuchClass' text") == [])
    }
}
