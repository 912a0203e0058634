import JSON

/// A view as the Shelley evaluator sees it: a node in a tree that knows its class chain and answers methods.
///
/// The simulator's views conform, and so do the test fixtures; the evaluator never needs more than this, which
/// keeps the selector semantics in one place whatever the tree is made of.
public protocol ShelleyNode: AnyObject {
    /// The superview, or nil for a window.
    var shelleyParent: Self? { get }
    /// The subviews in order, back to front, as the dump lists them.
    var shelleyChildren: [Self] { get }
    /// True when the view is an instance of the named class or of a subclass of it (`UIButton` is a `UIView`).
    func isKind(ofClassNamed className: String) -> Bool
    /// Sends a method to the view as `/map` would: `.notUnderstood` when the view has no such method, otherwise
    /// its value (`.null` for a void method). `arguments.count` equals the number of `:` in `method`.
    func perform(_ method: String, arguments: [JSONValue]) -> ShelleyMethodResult
}

extension ShelleyNode {
    /// True when the view is of the described class or a subclass: `isKind(UIKitClass.button)`, so the class
    /// name is spelt once, in the descriptor.
    public func isKind(_ kind: ClassDescriptor) -> Bool { isKind(ofClassNamed: kind.name) }

    /// True when the view's class is one the operation's receivers name, so the catalog says who answers it.
    public func answers(_ operation: OperationDescriptor) -> Bool {
        operation.receivers.contains { isKind(ofClassNamed: $0) }
    }
}

/// What a view answered to a method.
public enum ShelleyMethodResult: Sendable, Equatable {
    /// The view does not respond to the method (its /map result is `null`; as a predicate it drops the view).
    case notUnderstood
    /// The method ran and returned this (`.null` for void).
    case value(JSONValue)
}
