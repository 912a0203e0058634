#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HTTPCore
import JSON
import LuaKit

/// `fscript --jobs N` and `--target A --target B …`: the parent of a parallel run.
///
/// The stdlib's runner lists the suite's units (`fscript.runner`'s `parallel_begin`); a `ParallelScheduler` hands
/// them to worker processes and gives each line a worker sends back to the stdlib (`parallel_result`, true when the
/// unit is back), which publishes the events it carries: the console shows each case at once, and the run is kept in
/// the serial run's order; at the end the stdlib writes the reports a serial run would have (`parallel_finish`).
/// Ctrl-C (or SIGTERM) reaches every worker; units not run are reported skipped; exit 130.
struct ParallelRun {
    let session: ScriptSession
    let options: ScriptSession.RunOptions
    let jobs: Int
    /// One per worker when a pool was given; empty: every worker drives its own embedded simulator, or the one
    /// `target` all share.
    let pool: [String]
    /// The worker's command line after `--worker`, for worker `slot` (0-based) and its target.
    let workerArguments: (Int, String?) -> [String]

    func run() -> ScriptSession.ExitStatus {
        let parallel: (begin: LuaRef, result: LuaRef, finish: LuaRef)
        let units: [ParallelScheduler.Unit]
        do {
            let state = session.state
            parallel = (
                try state.function("parallel_begin", inModule: "fscript.runner"),
                try state.function("parallel_result", inModule: "fscript.runner"),
                try state.function("parallel_finish", inModule: "fscript.runner")
            )
            let results = try parallel.begin.call(.table(options.table))
            guard let text = results.first?.stringValue else {
                writeError("fscript: \(results.dropFirst().first?.stringValue ?? "cannot plan the parallel run")\n")
                return .usage
            }
            units = Self.units(of: try JSONValue(parsing: text.utf8))
        } catch {
            writeError("fscript: cannot start the parallel run: \(error)\n")
            return .usage
        }
        let executable = Self.executablePath()
        let count = pool.isEmpty ? min(jobs, max(1, units.count)) : pool.count
        let scheduler = ParallelScheduler(units: units, workers: count, scenarioTimeout: options.settings.defaultedSeconds(RunSetting.timeout)) { slot in
            let target = pool.isEmpty ? nil : pool[slot]
            let environment = ["FSCRIPT_WORKER_INDEX": String(slot + 1), "FSCRIPT_WORKER_TARGET": target ?? "embedded"]
            return try WorkerProcess(
                label: target ?? "w\(slot + 1)", executable: executable, arguments: workerArguments(slot, target),
                environment: environment)
        }
        let outcome = scheduler.run { line, worker, unit in
            do {
                // Ctrl-C is the scheduler's to act on (it tells the workers), never a cut in a line's handling.
                let answer = try session.interrupts.deferringInterrupts {
                    try parallel.result.call(.string(line), .string(worker.label), unit.map { .string($0) } ?? .nil)
                }
                return answer.first?.boolValue == true
            } catch {
                writeError("fscript: a result could not be read: \(error)\n")
                return false
            }
        }
        do {
            var lost = LuaTable()
            for (unit, why) in outcome.lost { lost[unit] = LuaValue.string(why) }
            let unrun = LuaTable(array: outcome.unrun.map { LuaValue.string($0) })
            let result = try parallel.finish.call(.boolean(outcome.interrupted), .table(unrun), .table(lost))
            guard let code = result.first?.integerValue, let status = Int32(exactly: code).flatMap(ScriptSession.ExitStatus.init(rawValue:))
            else { return .usage }
            return status
        } catch {
            writeError("fscript: cannot finish the parallel run: \(error)\n")
            return .usage
        }
    }

    /// The units of the stdlib's plan (`{"units": [{"id", "file", "scenarios"}]}`), in the order to hand out.
    static func units(of plan: JSONValue) -> [ParallelScheduler.Unit] {
        guard case .array(let list)? = plan["units"] else { return [] }
        return list.compactMap { unit in
            guard let id = unit["id"]?.stringValue, let file = unit["file"]?.stringValue else { return nil }
            let scenarios = unit["scenarios"].flatMap { if case .integer(let n) = $0 { Int(n) } else { nil } } ?? 1
            return .init(id: id, file: file, scenarios: max(1, scenarios))
        }
    }

    /// This executable, so workers run the same fscript as the parent.
    static func executablePath() -> String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.withMemoryRebound(to: CChar.self) { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
        }
        if count > 0 { return String(decoding: buffer[..<count], as: UTF8.self) }
        return CommandLine.arguments.first ?? "fscript"
    }
}
