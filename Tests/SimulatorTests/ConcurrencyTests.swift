import Foundation
import Frankly
import HTTPCore
import JSON
import Testing

@testable import Simulator

@Suite("Many clients at once")
struct ConcurrencyTests {
    /// How long the clients hammer the server; SIMULATOR_STRESS_SECONDS shortens or lengthens it.
    static let seconds = Double(ProcessInfo.processInfo.environment["SIMULATOR_STRESS_SECONDS"] ?? "") ?? 10

    @Test func eightClientsAlwaysGetEnvelopes() async throws {
        let app = try LiveSimulator()
        let url = app.simulator.url
        let deadline = Date().addingTimeInterval(Self.seconds)
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for client in 0..<8 {
                group.addTask {
                    let http = HTTPClient()
                    defer { http.shutdown() }
                    var answered = 0
                    repeat {
                        let request: HTTPClientRequest
                        if (client + answered) % 2 == 0 {
                            let body = JSONValue.object([
                                "query": .string("view"), "selector_engine": .string("shelley_compat"),
                                "operation": .object(["method_name": .string("accessibilityLabel"), "arguments": .array([])]),
                            ])
                            request = HTTPClientRequest(method: "POST", url: url + "/map", body: body.jsonBytes)
                        } else {
                            request = HTTPClientRequest(method: "GET", url: url + "/dump")
                        }
                        // Eight clients share two cores with the rest of the suite: a slow answer is not a failure.
                        let response = try http.send(request, timeout: .seconds(60))
                        let json = try JSONValue(parsing: response.body)
                        guard response.status == 200, json["outcome"] == .string("SUCCESS") || json["class"] != nil else {
                            throw ConversionError(description: "bad answer: \(response.bodyText.prefix(200))")
                        }
                        answered += 1
                    } while Date() < deadline
                    return answered
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(counts.count == 8 && counts.allSatisfy { $0 > 0 })
        #expect(try app.send("GET", "/").status == 200)
    }
}
