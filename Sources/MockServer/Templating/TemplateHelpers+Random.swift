import Foundation

extension TemplateHelpers {
    /// Random data: `randomValue`, `randomInt`, `randomDecimal`, `pickRandom`.
    static let random: [String: Helper] = [
        "randomValue": { call throws(TemplateError) in
            let length = Int(try call.integerOption("length", in: 1...10_000) ?? 36)
            let type = call.options["type"]?.rendered ?? "ALPHANUMERIC"
            let upper = call.options["uppercase"]?.isTruthy == true
            let letters = "abcdefghijklmnopqrstuvwxyz"
            let digits = "0123456789"
            let alphabet: String
            switch type {
            // WireMock lowercases unless told `uppercase=true`; symbols keep both cases.
            case "ALPHANUMERIC": alphabet = letters + digits
            case "ALPHABETIC": alphabet = letters
            case "NUMERIC": alphabet = digits
            case "HEXADECIMAL": alphabet = digits + "abcdef"
            case "ALPHANUMERIC_AND_SYMBOLS": alphabet = letters + letters.uppercased() + digits + "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
            case "UUID": return .string(RandomUUID.text())
            default:
                throw call.fail("type must be ALPHANUMERIC, ALPHABETIC, NUMERIC, HEXADECIMAL, ALPHANUMERIC_AND_SYMBOLS or UUID, got \(type)")
            }
            // Bytes, not Characters: every alphabet here is ASCII, and a Character a time made 10,000 values of
            // 10,000 characters take 10 s.
            let characters = Array((upper ? alphabet.uppercased() : alphabet).utf8)
            var generator = SystemRandomNumberGenerator()
            var bytes = [UInt8](repeating: 0, count: length)
            for index in bytes.indices { bytes[index] = characters[Int(generator.next(upperBound: UInt(characters.count)))] }
            return .string(String(decoding: bytes, as: UTF8.self))
        },
        "randomInt": { call throws(TemplateError) in
            let bounds = Int64(Int32.min)...Int64(Int32.max)
            let lower = try call.integerOption("lower", in: bounds) ?? bounds.lowerBound
            let upper = try call.integerOption("upper", in: bounds) ?? bounds.upperBound
            guard lower <= upper else { throw call.fail("lower (\(lower)) is above upper (\(upper))") }
            return .integer(Int64.random(in: lower...upper))
        },
        "randomDecimal": { call throws(TemplateError) in
            func bound(_ key: String, _ fallback: Double) throws(TemplateError) -> Double {
                guard let value = call.options[key] else { return fallback }
                guard let number = value.numberValue, number.isFinite else { throw call.fail("\(key) must be a number, got \(value.rendered)") }
                return number
            }
            let lower = try bound("lower", -1e9)
            let upper = try bound("upper", 1e9)
            guard lower <= upper else { throw call.fail("lower (\(lower)) is above upper (\(upper))") }
            // Double.random traps when the width overflows (-1e308...1e308 is "an infinite range").
            guard (upper - lower).isFinite else {
                throw call.fail("upper - lower must be a finite number, got \(lower) to \(upper)")
            }
            return .number(Double.random(in: lower...upper))
        },
        "pickRandom": { call throws(TemplateError) in
            var items: [TemplateValue] = []
            for value in call.parameters { items += value.items ?? [value] }
            guard !items.isEmpty else { throw call.fail("needs values to pick from") }
            guard let count = try call.integerOption("count", in: 1...maximumListLength) else { return items.randomElement()! }
            return .array(Array(items.shuffled().prefix(Int(count))))
        },
    ]
}
