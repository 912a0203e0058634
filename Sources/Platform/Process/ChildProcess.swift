#if canImport(Glibc)
import Glibc
#endif

/// How fscript starts every program of its own (a `--launch` command, a worker of `--jobs`): in a process group
/// of its own, with an empty signal mask and Ctrl-C, SIGTERM and SIGPIPE back to their defaults (whatever fscript
/// blocks or catches, and whatever a CI runner handed down), fscript's environment plus `environment`, and none of
/// fscript's descriptors beyond the standard three and the redirections (NIO opens sockets without close-on-exec).
public enum ChildProcess {
    /// What a child's descriptor is: another descriptor of fscript's, or a file opened for it.
    public enum Redirection: Sendable {
        case descriptor(Int32, as: Int32)
        case file(String, flags: Int32, as: Int32)
    }

    /// Starts `path` with `arguments` (the first is its name) in a process group of its own; returns its pid,
    /// or throws strerror's words.
    public static func spawn(
        _ path: String, arguments: [String], environment: [String: String], redirections: [Redirection]
    ) throws(ChildProcessError) -> pid_t {
        var merged = currentEnvironment()
        for (name, value) in environment { merged[name] = value }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for redirection in redirections {
            switch redirection {
            case .descriptor(let source, let target): posix_spawn_file_actions_adddup2(&actions, source, target)
            case .file(let file, let flags, let target): posix_spawn_file_actions_addopen(&actions, target, file, flags, 0)
            }
        }
        CloseOnExec.markAll()
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw ChildProcessError(reason: String(cString: strerror(result))) }
        return pid
    }

    /// fscript's own environment, read from `environ` (Foundation's `ProcessInfo` does the same, at a price this
    /// layer need not pay).
    static func currentEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let pair = String(cString: entry)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            cursor += 1
        }
        return result
    }
}

/// A program that could not be started, and why, in the system's words.
public struct ChildProcessError: Error, Sendable {
    /// strerror's words for what `posix_spawn` returned.
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }
}
