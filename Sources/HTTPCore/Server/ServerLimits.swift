import NIOCore

/// What one of fscript's servers accepts: how long, how large, how many, and from whom.
///
/// Every server (the simulator, the mock, later the inspector) runs on the developer's laptop or a shared CI
/// machine, next to a browser and to secrets; these defaults keep a slow, huge or cross-site request from
/// holding, filling or driving it. `fscript serve` and `fscript mock` take a flag for each.
public struct ServerLimits: Sendable, Equatable {
    /// Seconds a request may take to arrive, from its first byte to its last (head and body): a slowloris
    /// client is answered 408 and closed. Default 10.
    public var requestSeconds: Double = 10
    /// Seconds a kept-alive connection may sit idle between requests before it is closed. Default 60.
    public var idleSeconds: Double = 60
    /// Bytes a request head may have (request line and headers); more is answered 431. Default 32 KiB.
    public var maxHeadBytes = 32 * 1024
    /// Header fields a request may have; more is answered 431. Default 100.
    public var maxHeaderCount = 100
    /// Bytes a request body may have; more is answered 413. Default 64 MiB.
    public var maxBodyBytes = 64 * 1024 * 1024
    /// Connections open at once; one more is answered 503 and closed. Default 1024.
    public var maxConnections = 1024
    /// Host names, besides loopback names and IP addresses, that requests may name in `Host` and `Origin`
    /// (`--allow-host`); `*` allows any.
    public var allowedHosts: [String] = []

    public init() {}

    /// The defaults.
    public static let standard = ServerLimits()
}
