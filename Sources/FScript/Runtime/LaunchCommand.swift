import Foundation
import Platform

#if canImport(Glibc)
import Glibc
#endif

/// `--launch 'COMMAND'`: the shell command that (re)starts a real app, because something other than fscript
/// launches apps on devices (`xcrun simctl launch …`, a device-farm CLI, a script of the team's).
///
/// It runs through `/bin/sh -c` with the launch environment exported (`BACKEND_URL` and whatever
/// `frank.launch{env}` set) plus `FSCRIPT_TARGET`, standard input from /dev/null and its output on fscript's
/// standard error (so it never mixes with a report written to standard output), in a process group of its own.
/// fscript waits for the shell to exit (a command that leaves a server running in the background is fine); a
/// non-zero exit, the time limit, Ctrl-C or the test deadline end the wait, and the group is killed.
struct LaunchCommand {
    /// The command line, as the user wrote it.
    let command: String
    /// Seconds the command may run.
    var limit: Double = 60

    /// Runs the command and waits for it; throws a `FrankError` that names the command when it fails.
    func run(environment: [String: String], target: String) throws {
        var merged = environment
        merged["FSCRIPT_TARGET"] = target
        let outcome: ShellCommand.Outcome
        do {
            outcome = try ShellCommand(command: command, environment: merged, quiet: true, limit: limit).run()
        } catch let error as ChildProcessError {
            throw FrankError("--launch: cannot run /bin/sh (\(error.reason))")
        }
        switch outcome {
        case .exited(0): return
        case .exited(let status): throw FrankError("--launch: '\(command)' exited with status \(status); the app was not launched")
        case .signalled(let signal): throw FrankError("--launch: '\(command)' was killed by signal \(signal); the app was not launched")
        case .timedOut: throw FrankError("--launch: '\(command)' did not finish within \(InterruptGuard.seconds(limit)) s")
        }
    }
}
