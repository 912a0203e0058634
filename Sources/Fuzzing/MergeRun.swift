import Foundation
import Platform

/// One run of the `fscript` under test, as a user's shell would start it: in a folder, with standard input from
/// /dev/null, standard output and error to files, at most 4 GB of address space and 30 s (then SIGTERM, and SIGKILL
/// 5 s later: `timeout` then exits 124, the mark of a hang).
enum MergeRun {
    /// The exit status `timeout` gives a command it had to stop.
    static let hung: Int32 = 124

    /// Runs `binary arguments…` in `folder`; stdout goes to `output.out`, stderr to `output.err`. Returns the exit
    /// status (128 + the signal for a command a signal ended).
    static func shell(
        in folder: String, binary: String, arguments: [String], output: String, environment: [String: String]
    ) -> Int32 {
        let script = #"cd "$1" || exit 97; out="$2"; shift 2; ulimit -v 4000000 2>/dev/null; "#
            + #"exec timeout -k 5 30 "$@" >"$out.out" 2>"$out.err" </dev/null"#
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(
                "/bin/sh", arguments: ["sh", "-c", script, "sh", folder, output, binary] + arguments,
                environment: environment, redirections: [])
        } catch {
            fatalError("merge-reports: cannot start /bin/sh: \(error.reason)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
