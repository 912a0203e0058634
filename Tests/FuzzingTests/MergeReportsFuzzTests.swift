import Fuzzing
import Testing

/// The bounded form of `scripts/fuzz 60 merge-reports`: a fixed number of generated hostile reports and mutated
/// streams from a fixed seed through the built `fscript merge-reports` (the seeds and saved findings run in
/// FuzzCorpusTests). The target traps on a hang, a crash, a Lua error in place of a message, a secret or a
/// `javascript:` link in a merged report, or a report that is not valid.
@Suite struct MergeReportsFuzzTests {
    @Test func generatedHostileInputsMergeCleanly() {
        // A linear congruential sequence from a fixed seed, so a finding repeats from run to run.
        var state: UInt32 = 41
        func nextByte() -> UInt8 {
            state = state &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        for index in 0..<24 {
            // Generated reports and mutated streams, alone or beside a valid report (modes 3, 4, 0x83, 0x84).
            let mode: UInt8 = [3, 4, 0x83, 0x84][index % 4]
            let bytes = [mode] + (0..<(Int(nextByte()) % 160 + 16)).map { _ in nextByte() }
            bytes.withUnsafeBytes { FuzzTarget.mergeReports.run($0) }
        }
    }
}
