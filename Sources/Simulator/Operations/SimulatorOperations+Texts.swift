import Frankly
import JSON

extension SimulatorOperations {
    /// The strings views show; the catalog limits each to the classes that have it.
    static let texts: [(OperationDescriptor, OperationHandler)] = [
        (OperationCatalog.text, { call in string(call.view.text) }),
        (OperationCatalog.setText, { call in
            let argument = call.arguments[0]
            call.view.text = argument.stringValue ?? (argument == .null ? nil : argument.jsonString)
            return .null
        }),
        (OperationCatalog.placeholder, { call in string(call.view.placeholder) }),
        // An alert or a button without an explicit title answers its label, as UIKit's derived title does.
        (OperationCatalog.title, { call in string(call.view.title ?? call.view.accessibilityLabelValue) }),
        (OperationCatalog.currentTitle, { call in string(call.view.title) }),
        (OperationCatalog.message, { call in string(call.view.message) }),
    ]
}
