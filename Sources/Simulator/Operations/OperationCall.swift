import Frankly
import HTTPCore
import JSON
import Platform

/// A `/map` operation failed on one view: the touch could not land, an argument had the wrong type, or app code
/// raised. The route turns it into the whole response's ERROR.
struct OperationError: Error, CustomStringConvertible {
    var description: String
}

/// One operation sent to one view: what a handler needs, and the argument readers every handler shares.
///
/// Every number an operation takes is checked here, before it becomes a point, an index or a duration, so the
/// handlers cannot forget a check and all of them word a bad argument the same way.
struct OperationCall {
    /// The view the operation was sent to.
    let view: SimView
    /// Its app, for hit testing, touches and scrolling limits.
    let app: SimulatedApp
    /// The selector, for messages.
    let method: String
    /// The arguments, as many as the selector has colons (the route checked).
    let arguments: [JSONValue]

    /// Argument `index` as a number; a numeric string counts, as Frank's NSNumber coercion lets it.
    func number(_ index: Int) throws -> Double {
        guard let value = arguments[index].doubleValue ?? arguments[index].stringValue.flatMap(Double.init) else {
            throw OperationError(
                description: "argument \(index + 1) of \(method) must be a number, got \(arguments[index].jsonString)")
        }
        return value
    }

    /// Argument `index` as a screen coordinate.
    func coordinate(_ index: Int) throws -> Double {
        try CheckedNumber.coordinate(try number(index), "argument \(index + 1) of \(method)")
    }

    /// Argument `index` as a row or section number.
    func whole(_ index: Int) throws -> Int {
        try CheckedNumber.whole(try number(index), "argument \(index + 1) of \(method)", in: 0...1_000_000)
    }

    /// The view's centre on screen, where a plain touch lands.
    var centre: Point { view.accessibilityFrame.center }
}

/// How the simulator runs one catalog operation: the value it answers (`.null` for void), or a throw.
typealias OperationHandler = @Sendable (OperationCall) throws -> JSONValue

/// The simulator's handlers, keyed by the catalog's selectors: one family per file, as the catalog groups them.
enum SimulatorOperations {
    /// Every handler by selector. Shelley's built-in predicates have none: `performShelleyBuiltin` answers them.
    static let handlers: [String: OperationHandler] = Dictionary(
        (touching + scrolling + viewReading + texts + controls).map { ($0.0.selector, $0.1) },
        uniquingKeysWith: { first, _ in first })
}
