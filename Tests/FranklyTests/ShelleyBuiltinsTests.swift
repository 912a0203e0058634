import Frankly
import Testing

@Suite struct ShelleyBuiltinsTests {
    @Test func markedIsAnNBSPTolerantSubstring() {
        #expect(ShelleyBuiltins.marked(label: "Log\u{00A0}In", needle: "Log In"))
        #expect(ShelleyBuiltins.marked(label: "Log In", needle: "g I"))
        #expect(!ShelleyBuiltins.marked(label: "Log In", needle: "log in"))
        #expect(!ShelleyBuiltins.marked(label: nil, needle: "Log"))
        #expect(!ShelleyBuiltins.marked(label: "Log In", needle: ""))
    }

    @Test func markedExactlyComparesWholeLabels() {
        #expect(ShelleyBuiltins.markedExactly(label: "OK", expected: "OK"))
        #expect(!ShelleyBuiltins.markedExactly(label: "OK!", expected: "OK"))
        #expect(!ShelleyBuiltins.markedExactly(label: nil, expected: ""))
    }

    @Test func builtinsComeFromTheViewsGetters() throws {
        let field = FixtureView("field", "UITextField", ["placeholder": "Password", "text": "abc"])
        #expect(field.performShelleyBuiltin("placeholder:", arguments: ["Pass"]) == .value(true))
        #expect(field.performShelleyBuiltin("text:", arguments: ["b"]) == .value(true))
        #expect(field.performShelleyBuiltin("marked:", arguments: [1]) == .value(false))
        #expect(field.performShelleyBuiltin("isNotAnimating", arguments: []) == .value(true))
        #expect(field.performShelleyBuiltin("isOn", arguments: []) == nil)
        let button = FixtureView("button", "UIButton", ["text": "Buy"])
        #expect(button.performShelleyBuiltin("text:", arguments: ["Buy"]) == .notUnderstood)
    }

    @Test(arguments: [
        ("buton", "button"), ("Button", "button"), ("lable", "label"), ("tableviewcell", "tableViewCell"),
        ("markd:", "marked:"), ("isAnimated", "isAnimating"), ("FEX_isVisble", "FEX_isVisible"),
    ])
    func suggestsTheNearestName(_ typo: String, _ suggestion: String) {
        #expect(SelectorSuggestion.nearestName(to: typo) == suggestion)
    }

    @Test(arguments: ["button", "marked:", "zzzzzzzz", "resetData"])
    func doesNotSuggestForKnownOrFarNames(_ name: String) {
        #expect(SelectorSuggestion.nearestName(to: name) == nil)
    }

    @Test func hintNamesTheFirstLikelyTypo() throws {
        let selector = try Selector(parsing: "tableViewCell buton marked:'x'")
        #expect(SelectorSuggestion.hint(for: selector) == "did you mean 'button' instead of 'buton'?")
        #expect(SelectorSuggestion.hint(for: try Selector(parsing: "button marked:'x'")) == nil)
    }

    @Test(arguments: [
        ("switch marked:'Done'", "'switch' is not a Shelley filter, so it matched nothing; for a UISwitch write view:'UISwitch'"),
        ("tableView cell", "'cell' is not a Shelley filter, so it matched nothing; for a UITableViewCell write view:'UITableViewCell'"),
        ("Slider", "'Slider' is not a Shelley filter, so it matched nothing; for a UISlider write view:'UISlider'"),
        // A new user followed the first half of this hint to view:'UINavigationBar' marked:'Cart', which has no label.
        ("navigationBar marked:'Cart'", "'navigationBar' is not a Shelley filter, so it matched nothing; for a "
            + "UINavigationBar write view:'UINavigationBar'; its title is a UINavigationItemView inside it: write "
            + "navigationItemView marked:'Cart'"),
    ])
    func classWordsWithoutAFilterSuggestView(selector text: String, hint: String) throws {
        #expect(SelectorSuggestion.hint(for: try Selector(parsing: text)) == hint)
    }
}
