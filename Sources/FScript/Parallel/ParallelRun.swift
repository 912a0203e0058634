#if canImport(Glibc)
import Glibc
#endif
import Foundation
import JSON
import LuaKit
import Platform

/// `fscript --jobs N` and `--target A --target B …`: the parent of a parallel run.
///
/// The stdlib lists the suite's units (`fscript.parallel.begin`); this hands them to N worker processes as they
/// free up (more of the same file to the worker that has it loaded, else the next in line, longest first when
/// durations are known), passes each result back to the stdlib, which prints it at once and keeps it in the
/// serial run's order, and at the end has the stdlib write the reports a serial run would have.
///
/// Ctrl-C (or SIGTERM): every worker gets SIGINT, stops its scenario and sends what it has; those that have not
/// finished 1.5 s later (or at a second Ctrl-C) are killed. Units not run are reported skipped; exit 130.
/// The parent waits in `poll` on the workers' result pipes and the interrupt's wake pipe: no CPU while they work.
struct ParallelRun {
    /// Seconds the workers get to report an interrupted scenario before they are killed.
    static let interruptGrace = 1.5
    /// A worker that dies is replaced at most this many times in one run, so a crash on start cannot loop.
    static let respawnLimit = 8

    let session: ScriptSession
    let options: ScriptSession.RunOptions
    let jobs: Int
    /// One per worker when a pool was given; empty: every worker drives its own embedded simulator, or the one
    /// `target` all share.
    let pool: [String]
    /// The worker's command line after `--worker`, for worker `slot` (0-based) and its target.
    let workerArguments: (Int, String?) -> [String]

    func run() -> ScriptSession.ExitStatus {
        let plan: JSONValue
        do {
            let results = try session.state.execute(
                "return require('fscript.parallel').begin(...)", name: "=(fscript)",
                arguments: [.table(options.table)])
            guard let text = results.first?.stringValue else {
                writeError("fscript: \(results.dropFirst().first?.stringValue ?? "cannot plan the parallel run")\n")
                return .usage
            }
            plan = try JSONValue(parsing: text.utf8)
        } catch {
            writeError("fscript: cannot start the parallel run: \(error)\n")
            return .usage
        }
        var pending: [(id: String, file: String)] = []
        if case .array(let units)? = plan["units"] {
            for unit in units {
                if let id = unit["id"]?.stringValue, let file = unit["file"]?.stringValue { pending.append((id, file)) }
            }
        }
        let executable = Self.executablePath()
        let count = pool.isEmpty ? min(jobs, max(1, pending.count)) : pool.count
        var workers: [WorkerProcess?] = Array(repeating: nil, count: count)
        var lost: [String: String] = [:]
        var unrun: [String] = []
        var respawns = 0
        var interrupted = false
        var stopDeadline: Deadline?

        func start(_ slot: Int) -> Bool {
            let target = pool.isEmpty ? nil : pool[slot]
            var environment = ["FSCRIPT_WORKER_INDEX": String(slot + 1)]
            environment["FSCRIPT_WORKER_TARGET"] = target ?? "embedded"
            do {
                workers[slot] = try WorkerProcess(
                    label: target ?? "w\(slot + 1)", executable: executable,
                    arguments: workerArguments(slot, target), environment: environment)
                return true
            } catch {
                writeError("fscript: \(error)\n")
                return false
            }
        }
        func dispatch(_ worker: WorkerProcess) {
            guard !interrupted else { return worker.closeInput() }
            guard !pending.isEmpty else { return worker.closeInput() }
            let index = pending.firstIndex { $0.file == worker.lastFile } ?? pending.startIndex
            let unit = pending.remove(at: index)
            worker.lastFile = unit.file
            worker.send(unit.id)
        }
        func deliver(_ line: String, from worker: WorkerProcess) {
            do {
                _ = try session.state.execute(
                    "require('fscript.parallel').result(...)", name: "=(fscript)",
                    arguments: [.string(line), .string(worker.label)])
            } catch {
                writeError("fscript: a result could not be read: \(error)\n")
            }
        }

        for slot in 0..<count where !pending.isEmpty {
            if start(slot) { dispatch(workers[slot]!) }
        }

        while workers.contains(where: { $0 != nil }) {
            if Interruption.isPending {
                // Seen, so the wake pipe stops waking the poll; a second Ctrl-C kills the workers at once.
                Interruption.acknowledge()
                if interrupted {
                    stopDeadline = .now()
                } else {
                    interrupted = true
                    stopDeadline = .now() + .nanoseconds(Int64(Self.interruptGrace * 1e9))
                    for case let worker? in workers {
                        worker.closeInput()
                        worker.signal(SIGINT)
                    }
                }
            }
            if let stopDeadline, Deadline.now() >= stopDeadline {
                for case let worker? in workers { worker.signal(SIGKILL) }
            }
            var entries = workers.compactMap { $0 }.map { pollfd(fd: $0.results, events: Int16(POLLIN), revents: 0) }
            entries.append(pollfd(fd: Interruption.wakePipe.read, events: Int16(POLLIN), revents: 0))
            let waitMilliseconds: Int32
            if let stopDeadline {
                let left = (stopDeadline - .now()).nanosecondsClamped / 1_000_000
                waitMilliseconds = Int32(clamping: max(10, left))
            } else {
                waitMilliseconds = -1
            }
            if poll(&entries, nfds_t(entries.count), waitMilliseconds) < 0 && errno != EINTR { break }
            for (slot, worker) in workers.enumerated() {
                guard let worker else { continue }
                for line in worker.readLines() {
                    worker.current = nil
                    deliver(line, from: worker)
                    dispatch(worker)
                }
                guard worker.finished else { continue }
                let how = worker.reap()
                workers[slot] = nil
                // A unit whose worker died is not run again (it may be what kills workers); it fails with why.
                if let unit = worker.current {
                    unrun.append(unit)
                    if !interrupted { lost[unit] = "the worker running it (\(worker.label), pid \(worker.pid)) \(how)" }
                }
                if !pending.isEmpty, !interrupted, respawns < Self.respawnLimit {
                    respawns += 1
                    if start(slot) { dispatch(workers[slot]!) }
                }
            }
            if !pending.isEmpty, !interrupted, workers.allSatisfy({ $0 == nil }) {
                break  // no worker could be started: what is left is reported lost
            }
        }
        for unit in pending {
            unrun.append(unit.id)
            if !interrupted { lost[unit.id] = "no worker could run it (they kept exiting; see the errors above)" }
        }
        do {
            let result = try session.state.execute(
                "return require('fscript.parallel').finish(...)", name: "=(fscript)",
                arguments: [
                    .boolean(interrupted), .table(LuaTable(array: unrun.map { .string($0) })),
                    .table(LuaTable(fields: Dictionary(uniqueKeysWithValues: lost.map { (LuaValue.string($0.key), LuaValue.string($0.value)) }))),
                ])
            guard let code = result.first?.integerValue, let status = ScriptSession.ExitStatus(rawValue: Int32(code))
            else { return .usage }
            return status
        } catch {
            writeError("fscript: cannot finish the parallel run: \(error)\n")
            return .usage
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
