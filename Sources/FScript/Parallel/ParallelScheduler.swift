#if canImport(Glibc)
import Glibc
#endif
import Platform

/// Hands a parallel run's units to worker processes and collects what they send back: one type, one state
/// machine, no callbacks capturing the run's locals.
///
/// Phases: `running` (units go to workers as they free up: more of the same file to the worker that has it
/// loaded, else the next in line), `stopping` (Ctrl-C or SIGTERM: every worker got SIGINT and has
/// `interruptGrace` to report its scenario; a second Ctrl-C or the end of the grace kills them), and `done` (no
/// worker left). A unit that outlives its time (`--timeout` per scenario, and a margin) has its worker killed, so
/// a stopped or stuck worker cannot hang the run. The parent sleeps in `poll` on the workers' result pipes and
/// the interrupt's wake pipe meanwhile: no CPU while they work.
final class ParallelScheduler {
    /// A unit of work as the plan lists it.
    struct Unit {
        var id: String
        var file: String
        /// Scenarios in it: its time limit is this many `--timeout`s.
        var scenarios: Int
    }

    /// What the run came to: the units never run (and for some, why), and whether it was interrupted.
    struct Outcome {
        var interrupted = false
        var unrun: [String] = []
        var lost: [String: String] = [:]
    }

    enum Phase {
        case running
        case stopping(killAt: Deadline)
        case done
    }

    /// Seconds the workers get to report an interrupted scenario before they are killed.
    static let interruptGrace = 1.5
    /// A worker that dies is replaced at most this many times in one run, so a crash on start cannot loop.
    static let respawnLimit = 8
    /// Seconds a unit may take beyond its scenarios' time limits (a worker's start, loading its files) before
    /// its worker counts as stuck.
    static let unitMargin = 10.0

    private var pending: [Unit]
    private var workers: [WorkerProcess?]
    private var deadlines: [Deadline?]
    private var respawns = 0
    private var outcome = Outcome()
    private(set) var phase = Phase.running
    private let startWorker: (Int) throws -> WorkerProcess
    private let scenarioTimeout: Double

    /// - Parameters:
    ///   - units: the plan, in the order to hand out.
    ///   - workers: how many workers to run at once.
    ///   - scenarioTimeout: `--timeout`, seconds per scenario.
    ///   - startWorker: starts the worker of slot N (0-based).
    init(units: [Unit], workers: Int, scenarioTimeout: Double, startWorker: @escaping (Int) throws -> WorkerProcess) {
        pending = units
        self.workers = Array(repeating: nil, count: workers)
        deadlines = Array(repeating: nil, count: workers)
        self.scenarioTimeout = scenarioTimeout
        self.startWorker = startWorker
    }

    /// Runs every unit; `deliver` gets each line a worker sent, the worker, and the unit it is running (nil when
    /// idle), and says whether the line is that unit's result: only then is the unit back and the worker given the
    /// next one (a line that is not, such as one a test wrote there, leaves the unit running: when its worker
    /// exits without its result, the unit is lost and reported).
    func run(deliver: (String, WorkerProcess, String?) -> Bool) -> Outcome {
        for slot in workers.indices where !pending.isEmpty { start(slot) }
        while case .running = phase, workers.contains(where: { $0 != nil }) { step(deliver) }
        while case .stopping = phase, workers.contains(where: { $0 != nil }) { step(deliver) }
        phase = .done
        for unit in pending {
            outcome.unrun.append(unit.id)
            if !outcome.interrupted { outcome.lost[unit.id] = "no worker could run it (they kept exiting; see the errors above)" }
        }
        return outcome
    }

    /// One turn: react to Ctrl-C and to time running out, wait for something to happen, collect it.
    private func step(_ deliver: (String, WorkerProcess, String?) -> Bool) {
        if Interruption.isPending { interrupt() }
        enforceDeadlines()
        waitForEvents()
        for slot in workers.indices { collect(slot, deliver) }
        if case .running = phase, !pending.isEmpty, workers.allSatisfy({ $0 == nil }) {
            phase = .done  // no worker could be started: what is left is reported lost
        }
    }

    private func start(_ slot: Int) {
        do {
            workers[slot] = try startWorker(slot)
            dispatch(slot)
        } catch {
            writeError("fscript: \(error)\n")
        }
    }

    private func dispatch(_ slot: Int) {
        guard let worker = workers[slot] else { return }
        guard case .running = phase, !pending.isEmpty else {
            deadlines[slot] = nil
            return worker.closeInput()
        }
        let index = pending.firstIndex { $0.file == worker.lastFile } ?? pending.startIndex
        let unit = pending.remove(at: index)
        worker.lastFile = unit.file
        worker.send(unit.id)
        let seconds = scenarioTimeout * Double(unit.scenarios) + Self.unitMargin
        deadlines[slot] = .now() + .seconds(min(seconds, CheckedNumber.maximumSeconds))
    }

    /// Ctrl-C: the workers stop their scenarios and report them; a second one kills them at once.
    private func interrupt() {
        // Seen, so the wake pipe stops waking the poll.
        Interruption.acknowledge()
        outcome.interrupted = true
        if case .stopping = phase {
            phase = .stopping(killAt: .now())
            return
        }
        phase = .stopping(killAt: .now() + .nanoseconds(Int64(Self.interruptGrace * 1e9)))
        for case let worker? in workers {
            worker.closeInput()
            worker.signal(SIGINT)
        }
    }

    /// Kills the workers past the grace of an interrupt, and any worker whose unit outlived its time.
    private func enforceDeadlines() {
        let now = Deadline.now()
        if case .stopping(let killAt) = phase, now >= killAt {
            for case let worker? in workers { worker.signal(SIGKILL) }
        }
        for slot in workers.indices {
            guard let worker = workers[slot], let deadline = deadlines[slot], now >= deadline else { continue }
            worker.stuck = true
            // SIGKILL first: it ends a stopped process too. Continued first, a worker whose time had run out could
            // report its unit (a timed-out scenario) before the kill when this thread lost the CPU between the two
            // signals on a busy machine, and the run then missed that its worker was stuck.
            worker.signal(SIGKILL)
            worker.signal(SIGCONT)
            deadlines[slot] = nil
        }
    }

    /// Sleeps until a worker writes or exits, Ctrl-C arrives, or the nearest deadline passes.
    private func waitForEvents() {
        var entries = workers.compactMap { $0 }.map { pollfd(fd: $0.results, events: Int16(POLLIN), revents: 0) }
        entries.append(pollfd(fd: Interruption.wakePipe.read, events: Int16(POLLIN), revents: 0))
        var nearest = deadlines.compactMap { $0 }.min()
        if case .stopping(let killAt) = phase { nearest = min(nearest ?? killAt, killAt) }
        let milliseconds = nearest.map { Int32(clamping: max(10, ($0 - .now()).nanosecondsClamped / 1_000_000)) } ?? -1
        _ = poll(&entries, nfds_t(entries.count), milliseconds)
    }

    /// Passes on a worker's results, gives it its next unit, and when it has exited, records a unit it did not
    /// finish (not run again: it may be what kills workers) and starts a replacement.
    private func collect(_ slot: Int, _ deliver: (String, WorkerProcess, String?) -> Bool) {
        guard let worker = workers[slot] else { return }
        for line in worker.readLines() where deliver(line, worker, worker.current) {
            worker.current = nil
            dispatch(slot)
        }
        guard worker.finished else { return }
        let how = worker.reap()
        workers[slot] = nil
        deadlines[slot] = nil
        if let unit = worker.current {
            outcome.unrun.append(unit)
            if worker.stuck {
                outcome.lost[unit] = "the worker running it (\(worker.label), pid \(worker.pid)) did not finish it "
                    + "within its time limit (--timeout per scenario, and \(Int(Self.unitMargin)) s) and was killed"
            } else if !outcome.interrupted {
                outcome.lost[unit] = "the worker running it (\(worker.label), pid \(worker.pid)) \(how)"
            }
        }
        if case .running = phase, !pending.isEmpty, respawns < Self.respawnLimit {
            respawns += 1
            start(slot)
        }
    }
}
