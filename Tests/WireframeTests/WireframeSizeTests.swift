import Frankly
import JSON
import Testing

@testable import Wireframe

/// A picture's size comes from a target's dump (its window's frame) or a request: a size that does not fit is an
/// error saying so, where `Int32(…)` of it trapped and ended the process.
@Suite struct WireframeSizeTests {
    @Test(arguments: [Double.infinity, 1e10, 1e300, 4097, Double.nan])
    func aSizePastThePictureLimitIsAnError(side: Double) throws {
        let error = try #require(throws: WireframeError.self) {
            try WireframeRenderer(scale: 2).png(of: nil as DumpNode?, width: side, height: 10)
        }
        #expect(error.description.hasPrefix("cannot draw a "), "\(error)")
        #expect(error.description.hasSuffix("each side must be at most 8192 pixels"), "\(error)")
    }

    @Test func theLargestSideStillDraws() throws {
        let png = try WireframeRenderer(scale: 2).png(of: nil as DumpNode?, width: 4096, height: 1)
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }
}
