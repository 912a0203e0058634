import Foundation
import Frankly
import JSON
import WebTarget

/// The page sources the tests read, written for them (see each file's first comment).
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// A fixture's text.
func fixture(_ name: String) throws -> String {
    try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
}

/// A fixture read as a dump.
func dump(_ name: String, _ platform: AppiumPageSource.Platform, density: Double = 1) throws -> JSONValue {
    try AppiumPageSource.dump(fromXML: fixture(name), platform: platform, density: density)
}

/// The views `query` selects in `dump`, as the web target's `/map` selects them.
func select(_ query: String, in dump: JSONValue) throws -> [DumpView] {
    try SelectorEvaluator<DumpView>().evaluate(query, windows: DumpView.windows(of: dump))
}

/// The only view `query` selects; fails the test when there is not exactly one.
func one(_ query: String, in dump: JSONValue) throws -> DumpView {
    let views = try select(query, in: dump)
    guard views.count == 1 else {
        throw TestFailure("\(query) selects \(views.count) views: \(views.map { "\($0.className) \($0.uid)" })")
    }
    return views[0]
}

/// A test's own failure, thrown where `#require` cannot say enough.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension DumpView {
    /// An attribute as an integer (a dump boolean is 0 or 1).
    func int(_ name: String) -> Int? { attributes[name]?.intValue }
    /// An attribute as a string.
    func string(_ name: String) -> String? { attributes[name]?.stringValue }
    /// `accessibilityFrame` as `[x, y, width, height]`.
    var screenFrame: [Double]? {
        node.accessibilityFrame.map { [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height] }
    }
    /// `frame` (in the parent) as `[x, y, width, height]`.
    var parentFrame: [Double]? {
        node.frame.map { [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height] }
    }
}
