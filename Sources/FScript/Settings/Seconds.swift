import Platform

/// A number of seconds a run setting accepts: finite, above 0, and at most a limit (a day unless the setting
/// says less).
///
/// Every seconds setting (`--timeout`, `request_timeout` in the project file, `FSCRIPT_TIMEOUT`) is checked by
/// this one initializer where it enters, so the range and the wording of its error are the same on every path.
struct Seconds: Equatable, Sendable, CustomStringConvertible {
    /// The longest any setting allows: a day, the same bound the Lua bindings put on their timeouts.
    static let maximum: Double = CheckedNumber.maximumSeconds

    /// The checked number.
    let value: Double

    /// Checks `value`; the error is the requirement alone, so the caller can name where the value came from.
    init(_ value: Double, atMost limit: Double = Seconds.maximum) throws(SecondsError) {
        guard value.isFinite, value > 0, value <= limit else { throw SecondsError(limit: limit) }
        self.value = value
    }

    /// The value as a command line writes it back (`60`, `0.25`), so a worker reads the same number.
    var description: String { CheckedNumber.format(value) }

    /// `60` rather than `60.0`, for messages and help text.
}

/// A number outside a seconds setting's range; `requirement` completes "--timeout must be …".
struct SecondsError: Error, Equatable {
    /// The setting's upper bound.
    let limit: Double

    /// `a number of seconds above 0 and at most 86400`.
    var requirement: String { "a number of seconds above 0 and at most \(CheckedNumber.format(limit))" }
}
