import Platform

/// Typed fields: each returns nil when the key is absent and throws, naming the field, when it has another type.
extension FieldReader {
    /// A string field.
    public func string(_ key: String) throws(FieldError) -> String? {
        try typed(key, .string, Source.string)
    }

    /// A string field that must be present.
    public func requiredString(_ key: String) throws(FieldError) -> String {
        guard let text = try string(key) else { throw fail(key, "missing") }
        return text
    }

    /// An integer field, within `range` when one is given.
    public func integer(_ key: String, in range: ClosedRange<Int64>? = nil) throws(FieldError) -> Int64? {
        guard let number = try typed(key, .integer, Source.integer) else { return nil }
        if let range, !range.contains(number) {
            throw fail(key, "expected an integer from \(range.lowerBound) to \(range.upperBound), got \(number)")
        }
        return number
    }

    /// A number field (an integer is a number too), finite and within `range` when one is given.
    public func number(_ key: String, in range: ClosedRange<Double>? = nil) throws(FieldError) -> Double? {
        guard let number = try typed(key, .number, Source.number) else { return nil }
        if let range, !number.isFinite || !range.contains(number) {
            throw fail(key, "expected a number from \(CheckedNumber.format(range.lowerBound)) to "
                + "\(CheckedNumber.format(range.upperBound)), got \(CheckedNumber.format(number))")
        }
        return number
    }

    /// A boolean field.
    public func bool(_ key: String) throws(FieldError) -> Bool? {
        try typed(key, .bool, Source.bool)
    }

    /// An array field's items.
    public func array(_ key: String) throws(FieldError) -> [Source.Value]? {
        try typed(key, .array, Source.array)
    }

    /// An object field read with `body`; its own leftover keys are refused when `body` returns.
    public func object<T>(_ key: String, _ body: (FieldReader) throws(FieldError) -> T) throws(FieldError) -> T? {
        guard let value = value(key) else { return nil }
        return try FieldReader.read(value, at: path(of: key), body)
    }

    /// The field converted by `convert`, which returns nil for a value it refuses; that is an error worded by
    /// what the field takes (`timeout: must be a number of seconds above 0 …, got 'soon'`), for fields whose
    /// rule is more than a type (a range, a non-empty text, a list of strings).
    public func checked<T>(
        _ key: String, mustBe requirement: String, _ convert: (Source.Value) -> T?
    ) throws(FieldError) -> T? {
        guard let value = value(key) else { return nil }
        guard let converted = convert(value) else {
            throw fail(key, "must be \(requirement), got \(Source.shown(value))")
        }
        return converted
    }

    /// The field converted by `convert`, or a type error worded by the source.
    private func typed<T>(_ key: String, _ type: FieldType, _ convert: (Source.Value) -> T?) throws(FieldError) -> T? {
        guard let value = value(key) else { return nil }
        guard let converted = convert(value) else { throw fail(key, Source.mismatch(expected: type, got: value)) }
        return converted
    }

    /// `1`, `0.5`: whole numbers without a fraction.
}
