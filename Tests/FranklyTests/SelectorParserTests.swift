import Frankly
import Testing

@Suite struct SelectorParserTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var filters: [Selector.Filter]
        var testDescription: String { text.debugDescription }
    }

    static let cases: [Case] = [
        Case(text: "button", filters: [.ofClass("UIButton")]),
        Case(text: "view:'UIButton'", filters: [.ofClass("UIButton")]),
        Case(text: "threePartButton", filters: [.ofClass("UIThreePartButton")]),
        Case(text: "navigationItemButtonView", filters: [.ofClass("UINavigationItemButtonView")]),
        Case(text: "actionSheet", filters: [.ofClass("UIActionSheet")]),
        Case(text: "a:1b:'x'", filters: [.predicate(method: "a:b:", arguments: [.integer(1), .string("x")])]),
        Case(
            text: "touchx:10.5y:-3",
            filters: [.predicate(method: "touchx:y:", arguments: [.number(10.5), .integer(-3)])]),
        Case(
            text: "view marked:\"I'm here\"",
            filters: [.ofClass("UIView"), .predicate(method: "marked:", arguments: [.string("I'm here")])]),
        Case(text: "marked:'say \"hi\"'", filters: [.predicate(method: "marked:", arguments: [.string("say \"hi\"")])]),
        Case(text: "marked:'abc", filters: [.predicate(method: "marked:", arguments: [.string("abc")])]),
        Case(text: "marked:''", filters: [.predicate(method: "marked:", arguments: [.string("")])]),
        Case(
            text: "label parent first descendant index:2",
            filters: [.ofClass("UILabel"), .parent, .first, .descendant, .index(2)]),
        Case(
            text: "isOn FEX_isVisible",
            filters: [.predicate(method: "isOn", arguments: []), .predicate(method: "FEX_isVisible", arguments: [])]),
        Case(text: "tag:0", filters: [.predicate(method: "tag:", arguments: [.integer(0)])]),
        Case(text: "123abc", filters: [.predicate(method: "123abc", arguments: [])]),
        Case(text: " \tbutton\t ", filters: [.ofClass("UIButton")]),
    ]

    @Test(arguments: cases)
    func parses(_ testCase: Case) throws {
        #expect(try Selector(parsing: testCase.text).filters == testCase.filters)
    }

    /// Parses are remembered by text; a remembered parse must be the parse, and a bad text must fail every time.
    @Test func parsingAgainGivesTheSameSelectorAndTheSameError() throws {
        let text = "view:'UILabel' marked:'Again' index:1"
        let first = try Selector(parsing: text)
        let second = try Selector(parsing: text)
        #expect(first == second)
        #expect(second.source == text)
        for _ in 0..<2 {
            #expect(throws: SelectorError.self) { try Selector(parsing: "button marked:") }
        }
        // More distinct selectors than the cache holds still parse correctly.
        for index in 0..<300 {
            #expect(try Selector(parsing: "view index:\(index)").filters == [.ofClass("UIView"), .index(index)])
        }
    }

    @Test func keepsTheSourceText() throws {
        #expect(try Selector(parsing: "button  first").source == "button  first")
    }
}
