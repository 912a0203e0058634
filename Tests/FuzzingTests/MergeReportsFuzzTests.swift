import Fuzzing
import Testing

/// The bounded form of `scripts/fuzz 60 merge-reports`: a fixed number of generated hostile reports and mutated
/// streams from a fixed seed through the built `fscript merge-reports` (the seeds and saved findings run in
/// FuzzCorpusTests). The target traps on a hang, a crash, a Lua error in place of a message, a secret or a
/// `javascript:` link in a merged report, or a report that is not valid.
@Suite struct MergeReportsFuzzTests {
    @Test func generatedHostileInputsMergeCleanly() {
        var generator = SplitMix(seed: 41)
        for index in 0..<24 {
            // Generated reports and mutated streams, alone or beside a valid report (modes 3, 4, 0x83, 0x84).
            let mode: UInt8 = [3, 4, 0x83, 0x84][index % 4]
            let bytes = [mode] + (0..<Int(generator.next() % 160 + 16)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            bytes.withUnsafeBytes { FuzzTarget.mergeReports.run($0) }
        }
    }
}

/// A small deterministic generator (SplitMix64), so a finding reproduces from the seed.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
