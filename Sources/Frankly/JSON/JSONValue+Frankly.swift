import JSON

extension JSONValue {
    /// A number as Frankly servers print it: whole values as integers (`320`, not `320.0`), so a value read from a
    /// dump is written back the same way and compares equal to what a server sent.
    static func frankly(_ number: Double) -> JSONValue {
        if number.rounded() == number, abs(number) < 9.0e15 { return .integer(Int64(number)) }
        return .number(number)
    }

    /// Frankly's BOOL: `true`/`1` are true; `false`/`0`/`null` are false; anything else is not a BOOL (nil).
    public var franklyBool: Bool? {
        switch self {
        case .bool(let value): return value
        case .integer(let value) where value == 0 || value == 1: return value == 1
        case .number(let value) where value == 0 || value == 1: return value == 1
        case .null: return false
        default: return nil
        }
    }
}
