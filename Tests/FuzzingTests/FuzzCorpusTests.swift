import Foundation
import Fuzzing
import Testing

/// Every input in `Tests/fuzz/corpus/TARGET` (the seeds) and `Tests/fuzz/regressions/TARGET` (every input that
/// ever crashed or hung a fuzz target) runs through its target here, so a fixed crash stays fixed.
@Suite struct FuzzCorpusTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fuzz")

    private static func inputs(_ kind: String, _ target: FuzzTarget) -> [URL] {
        let folder = root.appendingPathComponent(kind).appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func seedsAndRegressionsRunCleanly(target: FuzzTarget) throws {
        let seeds = Self.inputs("corpus", target)
        #expect(!seeds.isEmpty, "no seed corpus for \(target.rawValue) in Tests/fuzz/corpus")
        for file in seeds + Self.inputs("regressions", target) {
            let data = try Data(contentsOf: file)
            data.withUnsafeBytes { target.run($0) }
        }
    }
}
