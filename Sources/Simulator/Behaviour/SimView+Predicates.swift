import Frankly

extension SimView {
    /// The built-in Shelley predicates (`marked:`, `markedExactly:`, `text:`, `placeholder:`); anything else is not
    /// understood.
    func predicate(_ method: String, arguments: [JSONValue]) -> ShelleyMethodResult {
        guard arguments.count == 1, let wanted = arguments[0].stringValue ?? arguments[0].doubleValue.map(format) else {
            return .notUnderstood
        }
        func spaced(_ text: String) -> String { text.replacingOccurrences(of: "\u{00A0}", with: " ") }
        switch method {
        case "marked:":
            guard let label = accessibilityLabel else { return .value(.bool(false)) }
            return .value(.bool(spaced(label).contains(spaced(wanted))))
        case "markedExactly:":
            guard let label = accessibilityLabel else { return .value(.bool(false)) }
            return .value(.bool(spaced(label) == spaced(wanted)))
        case "text:":
            guard isKind("UILabel") || isKind("UITextField") else { return .notUnderstood }
            return .value(.bool(text.map { spaced($0).contains(spaced(wanted)) } ?? false))
        case "placeholder:":
            guard isKind("UILabel") || isKind("UITextField") else { return .notUnderstood }
            return .value(.bool(placeholder.map { spaced($0).contains(spaced(wanted)) } ?? false))
        default:
            return .notUnderstood
        }
    }
}
