extension JSONValue {
    /// A number as Frankly servers print it: whole values as integers (`320`, not `320.0`), so a value read from a
    /// dump is written back the same way.
    static func frankly(_ number: Double) -> JSONValue {
        if number.rounded() == number, abs(number) < 9.0e15 { return .integer(Int64(number)) }
        return .number(number)
    }

    /// The value as an Int when it is a whole number.
    var intValue: Int? {
        switch self {
        case .integer(let value): return Int(exactly: value)
        case .number(let value): return Int(exactly: value)
        default: return nil
        }
    }
}
