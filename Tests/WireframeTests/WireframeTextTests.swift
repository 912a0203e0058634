import JSON
import Testing

@testable import Wireframe

/// Text in the wireframe sits where its view says, to the fraction of a pixel: screenshot checks compare pictures
/// of views that moved by less than a pixel, and their text must move by that much, not by a whole pixel or none.
@Suite struct WireframeTextTests {
    /// A 2× picture of a label showing `text` whose frame starts `x` points from the left.
    private func label(_ text: String, at x: Double) throws -> RGBAImage {
        let json =
            #"{"class":"UILabel","text":""# + text + #"","accessibilityFrame":{"origin":{"x":"# + "\(x)"
            + #","y":10},"size":{"width":120,"height":24}}}"#
        let png = try WireframeRenderer(scale: 2).png(of: JSONValue(parsing: Array(json.utf8)), width: 160, height: 44)
        return try RGBAImage(png: png)
    }

    /// The ink's centre in pixels from the left: each pixel weighed by how much darker than the background it is.
    private func inkCentre(_ image: RGBAImage) -> Double {
        let background = Double(image.pixels[0])
        var ink = 0.0
        var moment = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let darkness = max(0, background - Double(image.pixels[(y * image.width + x) * 4]))
                ink += darkness
                moment += darkness * (Double(x) + 0.5)
            }
        }
        return moment / ink
    }

    @Test(arguments: ["I", "Your cart"])
    func textMovedByHalfAPixelMovesByHalfAPixel(text: String) throws {
        let start = inkCentre(try label(text, at: 20))
        // Glyphs put on whole pixels (cairo 1.16's show_text does) would move "I" by 0 or 1 pixel here.
        let half = inkCentre(try label(text, at: 20.25)) - start
        let whole = inkCentre(try label(text, at: 20.5)) - start
        #expect(abs(half - 0.5) < 0.05, "a quarter point at 2× moved the text \(half) pixels")
        #expect(abs(whole - 1) < 0.05, "half a point at 2× moved the text \(whole) pixels")
    }
}
