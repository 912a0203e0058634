import Platform
import Testing

/// The deadline every interruptible wait sleeps to: Duration arithmetic that clamps instead of trapping, and
/// waits that end at it.
@Suite struct DeadlineTests {
    @Test func addsAndSubtractsDurations() {
        let start = Deadline(uptimeNanoseconds: 5_000_000_000)
        #expect((start + .milliseconds(250)).uptimeNanoseconds == 5_250_000_000)
        #expect((start + .seconds(-2)).uptimeNanoseconds == 3_000_000_000)
        #expect((start + .milliseconds(250)) - start == .milliseconds(250))
        #expect(start - (start + .seconds(1)) == .seconds(-1))
    }

    @Test func clampsAtTheEndsOfTheClock() {
        let start = Deadline(uptimeNanoseconds: 1_000)
        #expect(start + .seconds(-10) == Deadline(uptimeNanoseconds: 0))
        #expect(start + .seconds(Int64.max) == .distantFuture)
        #expect(Deadline.distantFuture + .seconds(1) == .distantFuture)
        #expect(Duration.seconds(Int64.max).nanosecondsClamped == .max)
    }

    @Test func nowMovesForward() {
        let first = Deadline.now()
        #expect(Deadline.now() >= first)
        #expect(first < .distantFuture)
    }

    @Test func aSleepEndsAtItsDeadlineNotBefore() throws {
        let start = Deadline.now()
        try Interruption.sleep(until: start + .milliseconds(30))
        #expect(Deadline.now() - start >= .milliseconds(30))
    }

    @Test func aWaitOnAReadyDescriptorReturnsAtOnce() throws {
        // The read end of the wake pipe after a byte was written: ready, so the wait answers true.
        Interruption.prepare()
        Interruption.raise()
        defer { Interruption.acknowledge() }
        #expect(try Interruption.wait(for: Interruption.wakePipe.read, events: 1, until: .now() + .seconds(5)))
    }
}
