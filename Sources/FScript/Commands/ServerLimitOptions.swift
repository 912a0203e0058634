import ArgumentParser
import HTTPCore
import Platform

/// The flags of `ServerLimits`, shared by `fscript serve` and `fscript mock`: every limit a server enforces has
/// its default here, in `--help`, and a flag to change it.
struct ServerLimitOptions: ParsableArguments {
    @Option(
        name: .customLong("allow-host"),
        help: ArgumentHelp(
            "A host name requests may name in Host and Origin besides loopback names and IP addresses (repeatable; "
                + "* allows any). Other names are refused with 403, a guard against DNS rebinding and other sites.",
            valueName: "name"))
    var allowedHosts: [String] = []

    @Option(help: ArgumentHelp("Seconds a request may take to arrive, head and body.", valueName: "seconds"))
    var receiveTimeout: Double = ServerLimits.standard.requestSeconds

    @Option(help: ArgumentHelp("Seconds a kept-alive connection may sit idle.", valueName: "seconds"))
    var idleTimeout: Double = ServerLimits.standard.idleSeconds

    @Option(help: ArgumentHelp("Bytes a request body may have; more is answered 413 (67108864 is 64 MiB).", valueName: "bytes"))
    var maxBody: Int = ServerLimits.standard.maxBodyBytes

    @Option(help: ArgumentHelp("Bytes a request head may have; more is answered 431.", valueName: "bytes"))
    var maxHead: Int = ServerLimits.standard.maxHeadBytes

    @Option(help: ArgumentHelp("Header fields a request may have; more is answered 431.", valueName: "count"))
    var maxHeaders: Int = ServerLimits.standard.maxHeaderCount

    @Option(help: ArgumentHelp("Connections open at once; more are answered 503.", valueName: "count"))
    var maxConnections: Int = ServerLimits.standard.maxConnections

    func validate() throws {
        for (flag, seconds) in [("--receive-timeout", receiveTimeout), ("--idle-timeout", idleTimeout)] {
            guard seconds > 0, seconds <= CheckedNumber.maximumSeconds else {
                throw ValidationError("\(flag) must be a number of seconds above 0 and at most \(CheckedNumber.format(CheckedNumber.maximumSeconds)), got \(seconds)")
            }
        }
        for (flag, value, limit) in [
            ("--max-body", maxBody, 1 << 32), ("--max-head", maxHead, 1 << 24), ("--max-headers", maxHeaders, 10_000),
            ("--max-connections", maxConnections, 100_000),
        ] {
            guard (1...limit).contains(value) else { throw ValidationError("\(flag) must be from 1 to \(limit), got \(value)") }
        }
    }

    /// The limits these flags give.
    var limits: ServerLimits {
        var limits = ServerLimits()
        limits.allowedHosts = allowedHosts
        limits.requestSeconds = receiveTimeout
        limits.idleSeconds = idleTimeout
        limits.maxBodyBytes = maxBody
        limits.maxHeadBytes = maxHead
        limits.maxHeaderCount = maxHeaders
        limits.maxConnections = maxConnections
        return limits
    }
}
