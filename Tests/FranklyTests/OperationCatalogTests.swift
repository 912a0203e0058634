import Frankly
import JSON
import Testing

/// The operation catalog: one descriptor per selector, each consistent with its own selector, and the request
/// reading servers share.
@Suite("Operation catalog")
struct OperationCatalogTests {
    @Test func everySelectorAndLuaNameIsSpelledOnce() {
        let selectors = OperationCatalog.all.map(\.selector)
        #expect(Set(selectors).count == selectors.count)
        let luaNames = OperationCatalog.all.map(\.luaName)
        #expect(Set(luaNames).count == luaNames.count)
        #expect(!luaNames.contains("predicates"))  // frank.operations.predicates is the list
    }

    @Test func everyDescriptorNamesOneArgumentPerColon() {
        for descriptor in OperationCatalog.all {
            #expect(descriptor.arguments.count == Operation(methodName: descriptor.selector).expectedArgumentCount)
        }
    }

    /// The readers `/map` used to list by hand are still readers; an unknown method still counts as acting.
    @Test(arguments: [
        "FEX_isVisible", "FEX_canTouch", "FEX_isFullyWithinWindow", "FEX_accessibilityLabel", "FEX_accessibilityFrame",
        "accessibilityLabel", "accessibilityIdentifier", "text", "placeholder", "isOn", "isHidden", "isEnabled",
        "isSelected", "frame", "tag", "title", "message", "isAnimating", "progress", "value", "class",
    ])
    func readersOnlyRead(selector: String) {
        #expect(OperationCatalog.onlyReads(selector))
    }

    @Test(arguments: ["touch", "setText:", "setOn:", "FEX_scrollToTop", "swipeInDirection:", "myOwnMethod"])
    func actorsAndUnknownMethodsAct(selector: String) {
        #expect(!OperationCatalog.onlyReads(selector))
    }

    @Test func receiversFollowTheClassChain() throws {
        let text = try #require(OperationCatalog.descriptor(for: "text"))
        #expect(text.isAnswered(byChain: UIKitClasses.chain(of: "UITextField")))
        #expect(!text.isAnswered(byChain: UIKitClasses.chain(of: "UIButton")))
        #expect(OperationCatalog.touch.isAnswered(byChain: UIKitClasses.chain(of: "MyBadgeView")))
    }

    @Test func suggestedPredicatesArePredicates() {
        for descriptor in OperationCatalog.suggestedPredicates where descriptor.arguments.isEmpty {
            #expect(descriptor.isPredicate)
        }
        #expect(OperationCatalog.suggestedPredicates.map(\.selector).contains("FEX_isVisible"))
    }

    @Test func aRequestBodyIsReadWithItsArguments() throws {
        let body = JSONValue.object([
            "operation": .object(["method_name": .string("touchx:y:"), "arguments": .array([.integer(1), .integer(2)])])
        ])
        let expected = Operation(methodName: "touchx:y:", arguments: [.integer(1), .integer(2)])
        #expect(try Operation(requestBody: body) == expected)
        let bare = JSONValue.object(["operation": .object(["method_name": .string("touch")])])
        #expect(try Operation(requestBody: bare) == Operation(methodName: "touch"))
    }

    @Test func aBadRequestBodyFailsInTheServersWords() {
        #expect(throws: FranklyError.missingOperation) { try Operation(requestBody: .object([:])) }
        let notArray = JSONValue.object([
            "operation": .object(["method_name": .string("touch"), "arguments": .string("x")])
        ])
        #expect(throws: FranklyError.invalidArguments("\"x\"")) { try Operation(requestBody: notArray) }
        let short = JSONValue.object(["operation": .object(["method_name": .string("setText:")])])
        #expect(throws: FranklyError.argumentCountMismatch(method: "setText:", expected: 1, got: 0)) {
            try Operation(requestBody: short)
        }
        #expect(FranklyError.missingOperation.reason == "missing operation")
        #expect(FranklyError.invalidArguments("\"x\"").details == "\"arguments\" must be an array, got \"x\"")
    }
}
