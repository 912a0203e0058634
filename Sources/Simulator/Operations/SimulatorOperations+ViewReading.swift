import Frankly
import JSON

extension SimulatorOperations {
    /// What every view answers: visibility, identity and geometry.
    static let viewReading: [(OperationDescriptor, OperationHandler)] = [
        (OperationCatalog.isVisible, { call in .bool(call.view.isVisible && call.view.window != nil) }),
        (OperationCatalog.isFullyWithinWindow, { call in
            let frame = call.view.accessibilityFrame
            return .bool(frame.intersection(call.app.device.bounds) == frame)
        }),
        (OperationCatalog.fexAccessibilityLabel, accessibilityLabel),
        (OperationCatalog.accessibilityLabel, accessibilityLabel),
        (OperationCatalog.accessibilityIdentifier, { call in string(call.view.id) }),
        (OperationCatalog.fexAccessibilityFrame, { call in call.view.accessibilityFrame.plainJSON }),
        (OperationCatalog.accessibilityFrame, { call in call.view.accessibilityFrame.plainJSON }),
        (OperationCatalog.isHidden, { call in .bool(call.view.isHidden) }),
        (OperationCatalog.setHidden, { call in
            call.view.isHidden = call.arguments[0].franklyBool ?? false
            return .null
        }),
        (OperationCatalog.isUserInteractionEnabled, { call in .bool(call.view.isUserInteractionEnabled) }),
        (OperationCatalog.alpha, { call in .number(call.view.alpha) }),
        (OperationCatalog.frame, { call in call.view.frame.plainJSON }),
        (OperationCatalog.tag, { call in .integer(Int64(call.view.tag)) }),
        (OperationCatalog.isAnimating, { call in .bool(call.view.isAnimating) }),
        (OperationCatalog.isFirstResponder, { call in .bool(call.app.focusedField === call.view) }),
        (OperationCatalog.className, { call in .string(call.view.className) }),
        (OperationCatalog.classNameLong, { call in .string(call.view.className) }),
    ]

    private static func accessibilityLabel(_ call: OperationCall) -> JSONValue { string(call.view.accessibilityLabel) }

    /// An optional string as Frank answers it: the string, or `null` for nil.
    static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
}
