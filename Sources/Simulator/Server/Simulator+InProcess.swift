import Foundation
import Frankly
import NIOCore
import Platform

/// What fscript reads from its embedded simulator without HTTP: the same answers as the routes give, for the
/// runner's waits and the trace, which read them around every step, where a round trip (and the JSON written and
/// parsed again) cost more than a quick step itself.
extension Simulator {
    /// What keeps the app busy right now: the same list GET /idle answers.
    public func busy() throws -> [SimulatorActivity] {
        try onAppThread { host in
            host.app.busy.map {
                SimulatorActivity(kind: $0.kind.rawValue, what: $0.what, remainingMilliseconds: $0.remainingMilliseconds)
            }
        }
    }

    /// The key window's view tree: what `GET /dump` answers.
    public func keyWindowTree() throws -> DumpNode {
        try onAppThread { $0.app.window.dumpNode() }
    }

    /// The screen frames of the views the Shelley `selector` matches, in selection order: what
    /// `FEX_accessibilityFrame` sent to `/map` answers (the trace outlines the view each action acts on).
    /// - Throws: the selector's problem when it does not parse.
    public func accessibilityFrames(matching selector: String) throws -> [Frankly.Rect] {
        try onAppThread { host in try Selection.select(selector, in: host.app).map { $0.accessibilityFrame } }
    }

    /// The change count now (what every answer's `X-Fscript-Change` header says), from any thread without waiting.
    public var changeCount: UInt64 { changes.current }

    /// Runs `body` with the app on its thread and waits for the result. Ctrl-C, SIGTERM and the calling thread's stop
    /// check (a test's deadline) end the wait within 50 ms, as they end a request's: it throws the stop, and `body`
    /// finishes on the app thread by itself (app code that runs away is stopped there by its watchdog).
    private func onAppThread<T: Sendable>(_ body: @escaping @Sendable (AppHost) throws -> T) throws -> T {
        let appHost = appHost
        let result = AppThreadResult<T>()
        loop.submit { try body(appHost.value) }.whenComplete { result.finish($0) }
        return try result.wait()
    }
}

/// The result of work on the app thread, waited for in 50 ms slices that check for a stop.
private final class AppThreadResult<T: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<T, any Error>?

    func finish(_ outcome: Result<T, any Error>) {
        condition.lock()
        result = outcome
        condition.broadcast()
        condition.unlock()
    }

    func wait() throws -> T {
        condition.lock()
        defer { condition.unlock() }
        while result == nil {
            try Interruption.throwIfStopped()
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05))
        }
        return try result!.get()
    }
}
