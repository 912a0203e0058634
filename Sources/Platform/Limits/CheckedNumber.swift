/// A number that came from outside (a request, a mapping file, a flag, a Lua argument) and is about to become a
/// duration, a count, an index, a size or a coordinate: checked once, where it enters, by the same rules
/// everywhere.
///
/// Swift traps on converting NaN, infinity or an out-of-range double to an integer (`Int(1e300)`), and a
/// `TimeAmount` of 1e300 seconds is such a conversion, so one unchecked number in a request could end the
/// process. Every layer calls these before it converts, and its error names the field and the accepted range.
public enum CheckedNumber {
    /// The longest duration fscript accepts anywhere (a wait, a delay, a hold, a time limit): a day.
    public static let maximumSeconds: Double = 86_400
    /// The largest coordinate, in points, a touch or a drag may name: far beyond any screen, far below a trap.
    public static let maximumCoordinate: Double = 1_000_000

    /// What was wrong, worded "`what` must be …, got …".
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// A finite number within `range`.
    public static func finite(_ value: Double, _ what: String, in range: ClosedRange<Double>) throws(Failure) -> Double {
        guard value.isFinite, range.contains(value) else {
            throw Failure(description: "\(what) must be a number from \(format(range.lowerBound)) to "
                + "\(format(range.upperBound)), got \(format(value))")
        }
        return value
    }

    /// A duration in seconds: from 0 to a day.
    public static func seconds(_ value: Double, _ what: String) throws(Failure) -> Double {
        guard value.isFinite, value >= 0, value <= maximumSeconds else {
            throw Failure(description: "\(what) must be a number of seconds from 0 to \(format(maximumSeconds)), "
                + "got \(format(value))")
        }
        return value
    }

    /// A coordinate in points.
    public static func coordinate(_ value: Double, _ what: String) throws(Failure) -> Double {
        try finite(value, what, in: -maximumCoordinate...maximumCoordinate)
    }

    /// A whole number within `range` (an index, a count).
    public static func whole(_ value: Double, _ what: String, in range: ClosedRange<Int>) throws(Failure) -> Int {
        guard value.isFinite, value == value.rounded(), value >= Double(range.lowerBound),
            value <= Double(range.upperBound)
        else {
            throw Failure(description: "\(what) must be a whole number from \(range.lowerBound) to "
                + "\(range.upperBound), got \(format(value))")
        }
        return Int(value)
    }

    /// `2`, `0.5`, `1e+300`, `nan`, `inf`: a number as the messages show it.
    public static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
