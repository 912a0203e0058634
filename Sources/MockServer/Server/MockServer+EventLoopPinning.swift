import HTTPCore

extension MockServer {
    /// Pins the process's shared event loops to a CPU each (`fscript mock --pin-event-loops`,
    /// `EventLoopPinning.pinSharedLoops`) and returns each loop's CPU. Call it before any mock starts.
    ///
    /// The mock's worker threads (stub work and the admin API) are started first, here: a thread inherits the
    /// affinity of the thread that starts it, and these start on first use, from an event loop, so after pinning
    /// they would all have shared that loop's one CPU.
    public static func pinEventLoops() throws -> [Int] {
        MockResponder.startWorkers()
        return try EventLoopPinning.pinSharedLoops()
    }
}
