import Foundation
import JSON

/// Shelley's built-in predicates, written once so every view tree answers them identically.
///
/// A `ShelleyNode` implements `perform(_:arguments:)` by first asking `performShelleyBuiltin(_:arguments:)`
/// (which reads the node's own getters), then answering its own methods. The matching rules are the real
/// Shelley's: `marked:` is a case-sensitive substring of the accessibility label with non-breaking spaces read as
/// spaces, a view without a label never matches, and an empty needle matches nothing (`rangeOfString:@""` finds
/// nothing in Objective-C).
public enum ShelleyBuiltins {
    /// The method names answered by `performShelleyBuiltin`.
    public static let methods: Set<String> = Set(OperationCatalog.shelley.map(\.selector))

    /// `marked:` — whether `needle` occurs in `label`.
    public static func marked(label: String?, needle: String) -> Bool {
        substringMatch(label, needle)
    }

    /// `markedExactly:` — whether `label` is exactly `expected`.
    public static func markedExactly(label: String?, expected: String) -> Bool {
        label == expected
    }

    /// `text:` and `placeholder:` — whether `needle` occurs in `actual`, with Shelley's NBSP and empty rules.
    public static func substringMatch(_ actual: String?, _ needle: String) -> Bool {
        guard let actual, !needle.isEmpty else { return false }
        return withPlainSpaces(actual).contains(withPlainSpaces(needle))
    }

    /// UIKit writes some spaces as U+00A0 (e.g. in text field labels); people write a plain space.
    private static func withPlainSpaces(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{00A0}", with: " ")
    }
}

extension ShelleyNode {
    /// Answers Shelley's built-in predicates from this view's own getters (`accessibilityLabel`, `text`,
    /// `placeholder`, `isAnimating`); nil when `method` is not one of them, so the caller answers it itself.
    ///
    /// `text:` and `placeholder:` exist on labels and text fields only; other views do not understand them.
    public func performShelleyBuiltin(_ method: String, arguments: [JSONValue]) -> ShelleyMethodResult? {
        guard ShelleyBuiltins.methods.contains(method) else { return nil }
        if method == OperationCatalog.isNotAnimating.selector {
            guard case .value(let animating) = perform(OperationCatalog.isAnimating.selector, arguments: []) else {
                return .value(.bool(true))
            }
            return .value(.bool(!(animating.franklyBool ?? false)))
        }
        if let descriptor = OperationCatalog.descriptor(for: method), !answers(descriptor) { return .notUnderstood }
        // Shelley's arguments are strings; a number never matches a label.
        guard let needle = arguments.first?.stringValue else { return .value(.bool(false)) }
        switch method {
        case "marked:":
            return .value(.bool(ShelleyBuiltins.marked(label: string("accessibilityLabel"), needle: needle)))
        case "markedExactly:":
            return .value(.bool(ShelleyBuiltins.markedExactly(label: string("accessibilityLabel"), expected: needle)))
        default:  // text:, placeholder:
            return .value(.bool(ShelleyBuiltins.substringMatch(string(String(method.dropLast())), needle)))
        }
    }

    /// The string a getter answers, or nil.
    private func string(_ getter: String) -> String? {
        guard case .value(let value) = perform(getter, arguments: []) else { return nil }
        return value.stringValue
    }
}
