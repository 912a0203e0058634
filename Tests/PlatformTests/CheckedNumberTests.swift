import Platform
import Testing

/// Numbers from outside are checked once, with messages that name the field and the accepted range.
@Suite struct CheckedNumberTests {
    @Test func acceptsWhatFits() throws {
        #expect(try CheckedNumber.seconds(1.5, "delay") == 1.5)
        #expect(try CheckedNumber.whole(3, "count", in: 0...10) == 3)
    }

    @Test(arguments: [
        (Double.nan, "delay must be a number of seconds from 0 to 86400, got nan"),
        (1e300, "delay must be a number of seconds from 0 to 86400, got 1e+300"),
        (-1, "delay must be a number of seconds from 0 to 86400, got -1"),
    ])
    func rejectsSecondsOutOfRange(value: Double, message: String) {
        let error = #expect(throws: CheckedNumber.Failure.self) { try CheckedNumber.seconds(value, "delay") }
        #expect(error?.description == message)
    }

    @Test func rejectsFractionsWhereAWholeNumberIsNeeded() {
        let error = #expect(throws: CheckedNumber.Failure.self) { try CheckedNumber.whole(1.5, "index", in: 1...5) }
        #expect(error?.description == "index must be a whole number from 1 to 5, got 1.5")
    }
}
