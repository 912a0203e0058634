import LuaKit
import MockServer
import Platform

/// A running mock backend as Lua sees it: the userdata `mock.Server` with `url`, `port` and the stub, journal
/// and verification methods.
///
/// The methods map one to one onto `MockServer`; this file only reads option tables (`MockOptions`) and turns
/// journal entries into tables (`LoggedRequestTable`). Waiting (`wait_for_request`) sleeps until the request
/// arrives, and Ctrl-C or the test deadline end it at once.
final class MockServerObject: LuaObject {
    static let luaClassName = "mock.Server"

    let server: MockServer
    private(set) var isStopped = false

    /// The host `url` names instead of the bound one (`mock.start{host = "0.0.0.0", advertise = "10.0.2.2"}`,
    /// `--advertise-host`), so the app on a device is pointed at an address it can reach.
    let advertisedHost: String?
    /// The certificate file of the CA that signed the HTTPS listener's certificate (`mock.start{https = true}`),
    /// for the app under test to trust; nil without HTTPS.
    let caFile: String?

    init(server: MockServer, advertisedHost: String? = nil, caFile: String? = nil) {
        self.server = server
        self.advertisedHost = advertisedHost
        self.caFile = caFile
    }

    /// The URL to give the app: the advertised host when there is one.
    var url: String {
        guard let advertisedHost else { return server.url }
        return advertisedHost.contains(":") ? "http://[\(advertisedHost)]:\(server.port)" : "http://\(advertisedHost):\(server.port)"
    }

    /// The class with its methods; registered once per state by `MockModule`.
    static var luaClass: LuaClass<MockServerObject> {
        LuaClass<MockServerObject>(
            methods: [
                "stub": { object, args in
                    let stub = try MockOptions(args).stub()
                    // Lower case, as the admin API and WireMock write ids, so a script can compare them.
                    return args.result(try object.running(args).stub(stub).uuidString.lowercased())
                },
                "requests": { object, args in
                    let filter = try MockOptions(args, optional: true).requestPattern()
                    let found = try object.running(args).requests(matching: filter)
                    return args.result(found.map(LoggedRequestTable.init(request:)))
                },
                "verify": { object, args in
                    let options = try MockOptions(args)
                    let filter = try options.requestPattern(extraKeys: ["count", "at_least"])
                    let count = try options.integer("count")
                    let atLeast = try options.integer("at_least")
                    for (key, value) in [("count", count), ("at_least", atLeast)] {
                        if let value, value < 0 { throw options.fieldError(key, "0 or more expected, got \(value)") }
                    }
                    if count != nil && atLeast != nil { throw args.badArgument(1, "give count or at_least, not both") }
                    if let count {
                        try object.running(args).verify(filter, count: count)
                    } else {
                        try object.running(args).verify(filter, atLeast: atLeast ?? 1)
                    }
                    return .none
                },
                "wait_for_request": { object, args in
                    let options = try MockOptions(args, optional: true)
                    let filter = try options.requestPattern(extraKeys: ["timeout"])
                    let timeout = try options.number("timeout") ?? 2
                    guard timeout >= 0, timeout <= CheckedNumber.maximumSeconds else {
                        throw options.fieldError("timeout", "seconds from 0 to \(CheckedNumber.format(CheckedNumber.maximumSeconds)) expected, got \(CheckedNumber.format(timeout))")
                    }
                    let found = try object.waitForRequest(filter, timeout: timeout, args: args)
                    return args.result(LoggedRequestTable(request: found))
                },
                "reset": { object, args in
                    try object.running(args).reset()
                    return .none
                },
                "load": { object, args in
                    let directory = args.pathBesideCaller(try args.string(1))
                    return args.result(try object.running(args).load(directory: directory).count)
                },
                "in_flight": { object, args in
                    args.result(object.isStopped ? [] : object.server.inFlight)
                },
                "stop": { object, args in
                    if !object.isStopped {
                        object.isStopped = true
                        if let session = args.host(as: ScriptSession.self) {
                            session.mocks.remove(object.server)
                        } else {
                            object.server.stop()
                        }
                    }
                    return .none
                },
            ],
            description: { object in "mock.Server: \(object.server.url)\(object.isStopped ? " (stopped)" : "")" },
            index: { object, args in
                switch try args.value(1) {
                case "url": return args.result(object.url)
                case "port": return args.result(object.server.port)
                case "host": return args.result(object.server.host)
                case "https_url": return args.result(object.server.httpsURL.map(LuaValue.string) ?? .nil)
                case "ca_file": return args.result(object.caFile.map(LuaValue.string) ?? .nil)
                default: return args.result(LuaValue.nil)
                }
            }
        )
    }

    /// The server, or an error naming the method when the script already stopped it.
    func running(_ args: LuaArgs) throws -> MockServer {
        guard !isStopped else {
            throw LuaError.runtime(message: "\(args.functionName): the mock at \(server.url) was stopped", traceback: "")
        }
        return server
    }

    /// Waits for the request; Ctrl-C and the test deadline end the wait at once (the journal waits through
    /// Platform's `Interruption`, on this thread's stop check).
    private func waitForRequest(_ filter: RequestPattern, timeout: Double, args: LuaArgs) throws -> LoggedRequest {
        let server = try running(args)
        do {
            return try server.waitForRequest(filter, timeout: timeout)
        } catch let error as VerificationError {
            throw Self.timedOut(error, filter: filter, timeout: timeout)
        }
    }

    /// The journal's timeout error with its headline rewritten for the whole wait rather than the last slice.
    private static func timedOut(_ error: VerificationError, filter: RequestPattern, timeout: Double) -> MockWaitError {
        var lines = error.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headline = "No request matching \(filter.summary) arrived within \(InterruptGuard.seconds(timeout)) s."
        if lines.isEmpty { lines = [headline] } else { lines[0] = headline }
        return MockWaitError(description: lines.joined(separator: "\n"))
    }
}

/// `wait_for_request` timed out; the text lists what did arrive, as `verify` does.
struct MockWaitError: Error, CustomStringConvertible {
    let description: String
}
