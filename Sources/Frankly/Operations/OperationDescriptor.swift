/// What fscript knows about one Frankly operation: its selector, what it takes, whether it acts, who answers it.
///
/// One descriptor per selector is the single place the vocabulary is spelled. The simulator dispatches `/map` by
/// it, `/map` counts a change only for operations that act, the client and the Lua bindings name the selectors
/// they send through it, and selector suggestions list its predicates. Before, each of those kept its own list of
/// strings and had to follow the others by hand.
public struct OperationDescriptor: Sendable, Hashable {
    /// Whether running the operation can change the app.
    public enum Effect: Sendable, Hashable {
        /// Only reads: a wait that polls it must not count as a change it then waits past.
        case reads
        /// Touches, sets or scrolls: `/map` counts a change before running it.
        case acts
    }

    /// The shape of the value the operation answers, as FRANKLY.md's "Values" list names them.
    public enum Result: Sendable, Hashable {
        /// A BOOL: `true`/`false` (or 1/0 from some servers). Argument-less ones are Shelley predicates.
        case bool
        /// A double.
        case number
        /// An NSInteger.
        case integer
        /// An NSString, `null` when nil.
        case string
        /// `{"origin":{"x","y"},"size":{"width","height"}}`.
        case rect
        /// `{"x","y"}`.
        case point
        /// `null`: a void method, e.g. a successful `setText:`.
        case void
    }

    /// The Objective-C selector as the wire carries it: `touchx:y:`, `FEX_isVisible`.
    public let selector: String
    /// One name per argument, in order (`["x", "y"]` for `touchx:y:`): as many as the selector has colons.
    public let arguments: [String]
    /// Whether it only reads.
    public let effect: Effect
    /// What it answers.
    public let result: Result
    /// The UIKit classes whose instances (and subclasses') answer it; any other view answers `null`.
    public let receivers: [String]
    /// The snake_case name Lua code uses for the selector (`frank.operations.is_visible`).
    public let luaName: String

    /// A descriptor; `receivers` defaults to every view.
    public init(
        _ selector: String, _ arguments: [String] = [], effect: Effect, result: Result,
        receivers: [String] = ["UIView"], luaName: String
    ) {
        precondition(arguments.count == selector.filter { $0 == ":" }.count, "\(selector): one name per colon")
        self.selector = selector
        self.arguments = arguments
        self.effect = effect
        self.result = result
        self.receivers = receivers
        self.luaName = luaName
    }

    /// True for an argument-less BOOL reader: Shelley can use it as a filter (`button isEnabled`).
    public var isPredicate: Bool { effect == .reads && result == .bool && arguments.isEmpty }

    /// True when a view whose class chain is `chain` (nearest first) answers the operation.
    public func isAnswered(byChain chain: [String]) -> Bool {
        receivers.contains { chain.contains($0) }
    }
}
