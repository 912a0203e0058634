import Foundation
import HTTPCore
import MockServer

/// The `template-numbers` target: templates built from the input's bytes that put numbers at the edges (Int64's
/// ends and one past them, ±0, NaN, ±Infinity, ±1e308, subnormals, digit strings longer than any integer, negative
/// sizes) into every helper that reads a number: `math`, `range`, the random helpers, `now`'s offset, indexes,
/// comparisons and `size`.
///
/// A raw template rarely finds these by mutation (the fuzzer would have to spell `-9223372036854775808` and a
/// helper around it), so each byte picks a shape and its numbers, and the render must answer without a trap.
enum EdgeNumberTemplate {
    /// Numbers as a template writes them, chosen by a byte; a byte past the list takes the digits that follow.
    static let edges = [
        "-9223372036854775808", "9223372036854775807", "9223372036854775808", "-9223372036854775809", "0", "-0",
        "0.0", "-0.0", "NaN", "-NaN", "Infinity", "-Infinity", "1e308", "-1e308", "1e309", "4.9e-324", "2.5", "-1",
        "1", "2", "10000", "10001", "-10000", "1000000", "1000001", "99999999999999999999999999999999999999",
        "'12'", "' 7 '", "''", "'x'", "9e18", "-9e18", "9.3e18", "2147483647", "-2147483648", "4294967296",
        "0x10", "1_000", "+5", "--1", "1e", ".5", "5.", "null", "true",
    ]

    /// Shapes with slots `#A` and `#B` for two numbers and `#O` for an operator.
    static let shapes = [
        "{{math #A '#O' #B}}", "{{range #A #B}}", "{{size (range #A #B)}}",
        "{{#each (range #A #B)}}{{@index}},{{/each}}",
        "{{randomInt lower=#A upper=#B}}", "{{randomDecimal lower=#A upper=#B}}",
        "{{randomValue length=#A type='ALPHANUMERIC'}}", "{{randomValue length=#A type='UUID'}}",
        "{{pickRandom 1 2 3 count=#A}}", "{{now offset='#A days'}}", "{{now offset='#A seconds' format='epoch'}}",
        "{{now offset='#A years' format='unix'}}", "{{now offset='#A months' format='yyyy'}}",
        "{{lookup (array 1 2 3) #A}}", "{{request.path.[#A]}}", "{{eq #A #B}}", "{{gt #A #B}}", "{{lte #A #B}}",
        "{{math (math #A '#O' #B) '#O' #A}}", "{{arrayJoin ',' (range #A #B)}}", "{{size (array #A #B)}}",
        "{{#if (gt #A #B)}}y{{else}}n{{/if}}", "{{val #A default=#B}}", "{{jsonPath '[1,2,3]' '$[#A]'}}",
    ]

    static let operators = ["+", "-", "*", "x", "/", "%", "^", ""]

    /// The template `bytes` describe: up to eight helpers, each from a shape byte and its numbers' bytes.
    static func template(from bytes: UnsafeRawBufferPointer) -> String {
        var reader = ByteReader(bytes: bytes)
        var text = ""
        for _ in 0..<8 {
            guard let choice = reader.next() else { break }
            var shape = shapes[Int(choice) % shapes.count]
            shape = shape.replacingOccurrences(of: "#O", with: operators[Int(reader.next() ?? 0) % operators.count])
            shape = shape.replacingOccurrences(of: "#A", with: number(&reader))
            text += shape.replacingOccurrences(of: "#B", with: number(&reader)) + "|"
        }
        return text
    }

    /// One number: an edge, or for a byte past the list, up to 40 digits (and a sign) from the next bytes.
    private static func number(_ reader: inout ByteReader) -> String {
        let choice = Int(reader.next() ?? 0)
        if choice < edges.count { return edges[choice] }
        let length = min(40, Int(reader.next() ?? 1))
        var digits = choice % 2 == 0 ? "-" : ""
        for _ in 0..<max(1, length) { digits += String(Int(reader.next() ?? 9) % 10) }
        return digits
    }

    /// Renders what `bytes` describe for a fixed request; an `[ERROR: …]` in place is an answer, a trap a finding.
    static func run(_ bytes: UnsafeRawBufferPointer) {
        guard let template = try? ResponseTemplate(template(from: bytes)) else { return }
        let request = HTTPRequest(method: "GET", uri: "/items/7", headers: [("Host", "127.0.0.1:9")], body: [])
        _ = try? template.render(for: request, pathParameters: ["id": "7"])
    }
}

/// The input's bytes, one at a time, nil when used up.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    mutating func next() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }
}
