import HTTPCore

/// The one warning fscript prints when one of its servers listens beyond loopback.
///
/// Its servers are made for the machine they run on: the simulator obeys whoever sends `/map`, and a mock serves
/// its stubs and journal to anyone. Binding another address is sometimes needed (a device must reach the mock,
/// a Frank driver runs elsewhere), so it is allowed, but never silently.
enum Exposure {
    /// True for 127.0.0.0/8, `localhost` and `::1`: the servers' own rule (`RequestGate`).
    static func isLoopback(_ host: String) -> Bool { RequestGate.isLoopback(host) }

    /// Prints the warning for `what` listening on `host:port`, unless `host` is loopback.
    static func warnIfExposed(_ what: String, host: String, port: Int, exposes: String) {
        guard !isLoopback(host) else { return }
        writeError(
            "fscript: warning: \(what) listens on \(host):\(port), beyond this machine: anyone who can reach it can "
                + "\(exposes). Use --host 127.0.0.1 unless another machine or a device must reach it.\n")
    }
}
