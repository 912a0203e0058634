import HTTPCore
import Testing

@testable import MockServer

/// Numbers at the edges of what a template may write (Int64's ends, ±1e308, digits past 64 bits) reach every
/// numeric helper as text from a mapping: each answers with a value, an `[ERROR: …]` in place or a template error
/// (which the mock answers with a 500, as WireMock does), never a trap (a trap ends the process, and an in-process
/// mock takes the whole test run with it).
@Suite struct TemplateNumberEdgeTests {
    private func render(_ text: String) throws -> String {
        let request = HTTPRequest(method: "GET", uri: "/t", headers: [("Host", "127.0.0.1:9")], body: [])
        return try ResponseTemplate(text).render(for: request)
    }

    /// What the template renders, or `error: ` and the template error it stops with.
    private func outcome(_ text: String) throws -> String {
        do {
            return try render(text)
        } catch let error as TemplateError {
            return "error: \(error)"
        }
    }

    @Test(arguments: [
        // range: high - low overflowed (a trap) for bounds at Int64's two ends.
        ("{{range -9223372036854775808 9223372036854775807}}",
         "error: template line 1, column 1: range: makes at most 10000 numbers, asked for the numbers from "
            + "-9223372036854775808 to 9223372036854775807"),
        ("{{size (range 9223372036854775806 9223372036854775807)}}", "2"),
        ("{{range 1e300 2}}", "error: template line 1, column 1: range: bounds must be whole numbers, got 1.0E300 and 2"),
        // randomDecimal: Double.random trapped on a range whose width overflows to infinity.
        ("{{randomDecimal lower=-1e308 upper=1e308}}",
         "error: template line 1, column 1: randomDecimal: upper - lower must be a finite number, got -1e+308 to 1e+308"),
        ("{{randomDecimal lower=1e308 upper=1e308}}", "1.0E308"),
        // now: abs(Int.min) trapped on the offset's amount.
        ("{{now offset='-9223372036854775808 seconds'}}",
         "error: template line 1, column 1: now: offset must be an amount and a unit, e.g. '3 days' or '-24 seconds', "
            + "got '-9223372036854775808 seconds'"),
        ("{{now offset='99999999999999999999999 days'}}",
         "error: template line 1, column 1: now: offset must be an amount and a unit, e.g. '3 days' or '-24 seconds', "
            + "got '99999999999999999999999 days'"),
    ])
    func edgeNumbersAnswerOrFailInPlace(template: String, expected: String) throws {
        let text = try outcome(template)
        #expect(text == expected, "\(text)")
    }

    /// Helpers already hardened stay so: the same edges through the others render or stop with a template error.
    @Test(arguments: [
        "{{math 1e308 '*' 1e308}}", "{{math -0.0 '/' 1}}", "{{math 'NaN' '+' 1}}", "{{math 'Infinity' '%' 2}}",
        "{{randomInt lower=-9223372036854775808}}", "{{randomValue length=-1}}", "{{randomValue length=1e300}}",
        "{{pickRandom 1 2 count=-9223372036854775808}}", "{{now offset='1000000 years' format='epoch'}}",
        "{{now offset='-1000000 years' format='unix'}}", "{{request.path.[-9223372036854775808]}}",
        "{{size (array 1 2)}}", "{{#each (range -3 -1)}}{{@index}}{{/each}}",
    ])
    func otherHelpersAtTheEdges(template: String) throws {
        _ = try outcome(template)
    }
}
