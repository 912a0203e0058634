import Foundation

extension TemplateHelpers {
    /// `now`, with WireMock's options: `format` (a SimpleDateFormat pattern, or `epoch` for milliseconds and
    /// `unix` for seconds), `offset` (`'3 days'`, `'-24 seconds'`), `timezone` (default UTC). Without a format
    /// it prints ISO 8601 to the second: `2026-11-23T23:59:00Z`.
    static let time: [String: Helper] = [
        "now": { call throws(TemplateError) in
            var date = call.renderer.now
            var zone = TimeZone(identifier: "UTC")!
            if let name = call.options["timezone"]?.rendered {
                guard let found = TimeZone(identifier: name) else { throw call.fail("unknown timezone '\(name)'") }
                zone = found
            }
            if let offset = call.options["offset"]?.rendered {
                date = try shifted(date, by: offset, in: zone, call)
            }
            switch call.options["format"]?.rendered {
            case "epoch"?: return .integer(Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
            case "unix"?: return .integer(Int64(date.timeIntervalSince1970.rounded(.down)))
            case let pattern?: return .string(format(date, pattern, zone))
            case nil: return .string(format(date, "yyyy-MM-dd'T'HH:mm:ssXXX", zone))
            }
        }
    ]

    private static func format(_ date: Date, _ pattern: String, _ zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }

    /// `date` moved by an offset such as `3 days` or `-1 years`, months and years by the calendar.
    private static func shifted(_ date: Date, by offset: String, in zone: TimeZone, _ call: HelperCall) throws(TemplateError) -> Date {
        let parts = offset.split(separator: " ", omittingEmptySubsequences: true)
        let units: [String: Calendar.Component] = [
            "second": .second, "minute": .minute, "hour": .hour, "day": .day, "week": .weekOfYear, "month": .month,
            "year": .year,
        ]
        // `magnitude`, not `abs`: abs(Int.min) traps, and the amount is text from a mapping.
        guard parts.count == 2, let amount = Int(parts[0]), amount.magnitude <= 1_000_000 else {
            throw call.fail("offset must be an amount and a unit, e.g. '3 days' or '-24 seconds', got '\(offset)'")
        }
        let name = parts[1].lowercased()
        guard let unit = units[name.hasSuffix("s") ? String(name.dropLast()) : name] else {
            throw call.fail("offset unit must be seconds, minutes, hours, days, weeks, months or years, got '\(parts[1])'")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let moved = calendar.date(byAdding: unit, value: amount, to: date) else {
            throw call.fail("offset '\(offset)' leaves the calendar")
        }
        return moved
    }
}
