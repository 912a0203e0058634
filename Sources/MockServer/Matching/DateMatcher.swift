import Foundation

/// WireMock's date and time matchers (`before`, `after`, `equalToDateTime`) for a header, query parameter, cookie
/// or JSONPath value: the expected time is fixed (`2021-06-01T10:00:00Z`) or relative to the request's arrival
/// (`now`, `now +3 days`, or `now` with `expectedOffset`/`expectedOffsetUnit`); the actual value is ISO 8601 (with or
/// without an offset or fractions, or a bare date) or follows `actualFormat` (a SimpleDateFormat pattern, in UTC).
struct DateMatcher: Sendable, Hashable {
    enum Comparison: String, Sendable, Hashable {
        case before, after, equalToDateTime
    }

    /// The time compared with: a fixed instant, or now moved by an amount of a calendar unit.
    enum Expected: Sendable, Hashable {
        case fixed(Date)
        case now(amount: Int, unit: Calendar.Component)
    }

    let comparison: Comparison
    let expected: Expected
    let actualFormat: String?
    /// The text as written, for messages.
    let source: String

    /// WireMock's offset unit names, singular or plural, any case.
    static let units: [String: Calendar.Component] = [
        "second": .second, "minute": .minute, "hour": .hour, "day": .day, "month": .month, "year": .year,
    ]

    /// Whether `text` is a time on the right side of the expected one; text that is no time does not fit.
    func accepts(_ text: String) -> Bool {
        guard let actual = Self.parse(text, format: actualFormat), let expected = expectedDate() else { return false }
        switch comparison {
        case .before: return actual < expected
        case .after: return actual > expected
        case .equalToDateTime: return actual == expected
        }
    }

    private func expectedDate() -> Date? {
        switch expected {
        case .fixed(let date): return date
        case .now(let amount, let unit):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            return calendar.date(byAdding: unit, value: amount, to: Date())
        }
    }

    /// `now`, `now +3 days`, `now -1 hours`, or a time as `parse` reads it; nil when it is none of these.
    static func expected(_ text: String, offset: Int = 0, unit: Calendar.Component = .day) -> Expected? {
        let words = text.trimmingCharacters(in: .whitespaces).split(separator: " ")
        guard words.first?.lowercased() == "now" else { return parse(text, format: nil).map(Expected.fixed) }
        if words.count == 1 { return .now(amount: offset, unit: unit) }
        guard words.count == 3, let amount = Int(words[1].replacingOccurrences(of: "+", with: "")),
            let named = unitNamed(String(words[2]))
        else { return nil }
        return .now(amount: amount + (named == unit ? offset : 0), unit: named)
    }

    /// `days`, `Hours`, `MINUTE` as a calendar unit.
    static func unitNamed(_ name: String) -> Calendar.Component? {
        var key = name.lowercased()
        if key.hasSuffix("s") { key.removeLast() }
        return units[key]
    }

    /// A time in ISO 8601 (`2021-06-01T10:00:00Z`, `…+02:00`, `….123Z`, `2021-06-01T10:00:00` as UTC, `2021-06-01`)
    /// or in `format`, read in UTC.
    static func parse(_ text: String, format: String?) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        if let format {
            formatter.dateFormat = format
            return formatter.date(from: text)
        }
        for pattern in ["yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mm:ss",
            "yyyy-MM-dd'T'HH:mm:ss.SSS", "yyyy-MM-dd"]
        {
            formatter.dateFormat = pattern
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
