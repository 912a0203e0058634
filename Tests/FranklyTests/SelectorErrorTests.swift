import Frankly
import Testing

@Suite struct SelectorErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var column: Int
        var message: String
        var testDescription: String { text.debugDescription }
    }

    static let cases: [Case] = [
        Case(
            text: "tableViewCell marked:foo", column: 22,
            message: "expected a quoted string or a number after 'marked:', found 'foo'"),
        Case(text: "button -", column: 8, message: "expected a filter name (letters, digits or _), found '-'"),
        Case(
            text: "", column: 1,
            message: "expected a filter name (letters, digits or _), found the end of the selector"),
        Case(
            text: "  ", column: 3,
            message: "expected a filter name (letters, digits or _), found the end of the selector"),
        Case(text: "'Row 1'", column: 1, message: "expected a filter name (letters, digits or _), found a quote (')"),
        Case(
            text: "label \"x\"", column: 7,
            message: "expected a filter name (letters, digits or _), found a quote (\")"),
        Case(text: "button\nlabel", column: 7, message: "expected a space or ':' after 'button', found a newline"),
        Case(text: "button'x'", column: 7, message: "expected a space or ':' after 'button', found the string 'x'"),
        Case(
            text: "marked:", column: 8,
            message: "expected a quoted string or a number after 'marked:', found the end of the selector"),
        Case(
            text: "marked: 'x'", column: 8,
            message: "expected a quoted string or a number after 'marked:', found ' '"),
        Case(text: "view:3", column: 6, message: "expected a quoted class name after 'view:', found the number 3"),
        Case(text: "view:UIButton", column: 6, message: "expected a quoted class name after 'view:', found 'UIButton'"),
        Case(text: "index:'x'", column: 7, message: "expected a whole number after 'index:', found the string 'x'"),
        Case(text: "index:1.5", column: 7, message: "expected a whole number after 'index:', found the number 1.5"),
        Case(
            text: "a:1b", column: 5,
            message: "expected ':' and an argument after 'b' (every part of a multi-part method takes one), "
                + "found the end of the selector"),
        Case(
            text: "marked:'x'-", column: 11,
            message: "expected a space or the next part of the method name after the argument of 'marked:', "
                + "found '-'"),
        Case(
            text: "a:1b:", column: 6,
            message: "expected a quoted string or a number after 'b:', found the end of the selector"),
        Case(text: "::", column: 1, message: "expected a filter name (letters, digits or _), found ':'"),
        Case(
            text: "view \u{7}", column: 6,
            message: "expected a filter name (letters, digits or _), found the control character U+7"),
    ]

    @Test(arguments: cases)
    func reports(_ testCase: Case) throws {
        let error = try #require(selectorError { _ = try Selector(parsing: testCase.text) })
        #expect(error.column == testCase.column)
        #expect(error.message == testCase.message)
        #expect(error.summary == "column \(testCase.column): \(testCase.message)")
    }

    @Test func wholeMessagePointsAtTheColumn() throws {
        let error = try #require(selectorError { _ = try Selector(parsing: "tableViewCell marked:foo") })
        #expect(
            error.description == """
                selector error at column 22: expected a quoted string or a number after 'marked:', found 'foo'
                  tableViewCell marked:foo
                                       ^
                """)
    }

    @Test func caretFollowsTabsAndNewlinesStayOnOneLine() throws {
        let tabbed = try #require(selectorError { _ = try Selector(parsing: "button\t-") })
        #expect(
            tabbed.description == """
                selector error at column 8: expected a filter name (letters, digits or _), found '-'
                  button\t-
                        \t^
                """)
        let newline = try #require(selectorError { _ = try Selector(parsing: "button\nlabel") })
        #expect(
            newline.description == """
                selector error at column 7: expected a space or ':' after 'button', found a newline
                  button\u{2424}label
                        ^
                """)
    }
}
