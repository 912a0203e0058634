import Testing

@testable import Wireframe

/// The screenshot comparison against pixelmatch's documented behaviour, on pictures small enough to reason
/// about pixel by pixel: identical pictures differ in nothing, one changed pixel counts once, an anti-aliased
/// edge that moved half a pixel is not a difference at the default threshold (but is with anti-aliasing
/// counted), the threshold decides small colour changes, and transparent pixels are blended on white; and fscript's
/// addition, thin strokes moved by half a pixel forgiven as sub-pixel edges while real changes still count.
@Suite struct PixelMatchTests {
    /// A picture of `width`×`height` in one grey.
    private func gray(_ level: UInt8, width: Int = 8, height: Int = 8) -> RGBAImage {
        RGBAImage(width: width, height: height, fill: (level, level, level, 255))
    }

    /// A white picture inked black by `coverage(x, y)`, 0 (none) to 1 (all): a partly covered pixel is grey, as a
    /// rasteriser anti-aliases an edge.
    private func inked(width: Int, height: Int, coverage: (Int, Int) -> Double) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let level = UInt8((255 * (1 - max(0, min(1, coverage(x, y))))).rounded())
                let index = (y * width + x) * 4
                image.pixels[index] = level
                image.pixels[index + 1] = level
                image.pixels[index + 2] = level
            }
        }
        return image
    }

    /// A black band over a white picture, its lower edge at `edge` pixels from the top: a fractional edge makes
    /// one grey row.
    private func edge(at edge: Double, width: Int = 10, height: Int = 12) -> RGBAImage {
        inked(width: width, height: height) { _, y in edge - Double(y) }
    }

    private func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let index = (y * image.width + x) * 4
        return Array(image.pixels[index..<(index + 4)])
    }

    @Test func identicalPicturesDifferInNothing() throws {
        let result = try PixelMatch().compare(edge(at: 5.5), edge(at: 5.5))
        #expect(result.differentPixels == 0)
        #expect(result.antiAliasedPixels == 0)
    }

    @Test func oneChangedPixelCountsOnceAndIsRedInTheDiff() throws {
        var changed = gray(255)
        changed.paint(PixelRect(x: 3, y: 4, width: 1, height: 1), r: 0, g: 0, b: 0)
        let result = try PixelMatch().compare(gray(255), changed)
        #expect(result.differentPixels == 1)
        #expect(result.changedBounds == PixelRect(x: 3, y: 4, width: 1, height: 1))
        #expect(pixel(result.diff, 3, 4) == [255, 0, 0, 255])
        // The rest is the expected picture faded: white stays white.
        #expect(pixel(result.diff, 0, 0) == [255, 255, 255, 255])
    }

    /// Thin dark strokes one pixel wide, vertical, their left sides at `lefts` pixels: anti-aliased over two columns
    /// when fractional, as a glyph's stems are. Two strokes a pixel apart (an "m") leave nothing flat between them,
    /// so pixelmatch's test cannot take their move for anti-aliasing.
    private func strokes(at lefts: [Double], width: Int = 12, height: Int = 9) -> RGBAImage {
        inked(width: width, height: height) { x, _ in
            lefts.reduce(0) { sum, left in sum + max(0, min(Double(x + 1), left + 1) - max(Double(x), left)) }
        }
    }

    @Test func thinStrokesMovedHalfAPixelCountInPixelmatchButNotAsSubpixelEdges() throws {
        let before = strokes(at: [3.25, 5.25])
        let after = strokes(at: [3.75, 5.75])
        #expect(try PixelMatch().compare(before, after).differentPixels > 0, "nothing flat beside the strokes")
        let tolerant = PixelMatch(toleratesSubpixelEdges: true)
        #expect(try tolerant.compare(before, after).differentPixels == 0)
        // The price (the README says it): a hairline that moved one whole pixel passes too; two do not.
        #expect(try tolerant.compare(strokes(at: [5]), strokes(at: [6])).differentPixels == 0)
        #expect(try tolerant.compare(strokes(at: [5]), strokes(at: [7])).differentPixels == 18)
        // Strokes that moved further, or appeared, are a change: their new place was background all around.
        #expect(try tolerant.compare(strokes(at: [1]), strokes(at: [8])).differentPixels == 18)
        #expect(try tolerant.compare(gray(255, width: 12, height: 9), strokes(at: [5])).differentPixels == 9)
        // A line drawn a pixel from an existing edge (an underline, a divider) was background there: it counts.
        #expect(try tolerant.compare(strokes(at: [3]), strokes(at: [3, 5])).differentPixels == 9)
        // A flat colour change is no edge.
        #expect(try tolerant.compare(gray(255), gray(200)).differentPixels == 64)
    }

    @Test func anAntiAliasedEdgeShiftedHalfAPixelIsNoDifferenceAtTheDefaultThreshold() throws {
        let result = try PixelMatch().compare(edge(at: 5.5), edge(at: 6))
        #expect(result.differentPixels == 0)
        // The grey row was taken for anti-aliasing, and shows yellow.
        #expect(result.antiAliasedPixels == 10)
        #expect(pixel(result.diff, 4, 5) == [255, 255, 0, 255])
    }

    @Test func countingAntiAliasingCountsTheShiftedEdge() throws {
        let result = try PixelMatch(includeAntiAliased: true).compare(edge(at: 5.5), edge(at: 6))
        #expect(result.differentPixels == 10)
    }

    @Test func aWholeBandMovedIsADifferenceEvenWhenAntiAliased() throws {
        // Moved by three pixels: the rows between are solid black against solid white, not soft edges.
        let result = try PixelMatch().compare(edge(at: 5.5), edge(at: 8.5))
        #expect(result.differentPixels >= 20)
    }

    @Test func theThresholdDecidesASmallColourChange() throws {
        // Five levels of grey: 0.5053 × 5² ≈ 12.6, under the default limit 35215 × 0.1² ≈ 352.
        #expect(try PixelMatch().compare(gray(200), gray(205)).differentPixels == 0)
        #expect(try PixelMatch(threshold: 0).compare(gray(200), gray(205)).differentPixels == 64)
        // Black against white (0.966 of the largest YIQ distance, squared) counts at any threshold up to 0.9.
        #expect(try PixelMatch(threshold: 0.9).compare(gray(0), gray(255)).differentPixels == 64)
    }

    @Test func transparentPixelsAreBlendedOnWhite() throws {
        let transparent = RGBAImage(width: 4, height: 4, fill: (0, 0, 0, 0))
        #expect(try PixelMatch(threshold: 0).compare(transparent, gray(255, width: 4, height: 4)).differentPixels == 0)
        let halfBlack = RGBAImage(width: 4, height: 4, fill: (0, 0, 0, 128))
        // Black at half opacity on white is mid grey.
        #expect(try PixelMatch().compare(halfBlack, gray(127, width: 4, height: 4)).differentPixels == 0)
        #expect(try PixelMatch().compare(halfBlack, gray(255, width: 4, height: 4)).differentPixels == 16)
    }

    @Test func picturesOfDifferentSizesAreAnErrorNamingBoth() throws {
        let error = try #require(throws: WireframeError.self) {
            try PixelMatch().compare(gray(255, width: 4, height: 4), gray(255, width: 5, height: 4))
        }
        #expect(error.description == "the pictures differ in size: expected 4×4 pixels, got 5×4")
    }

    @Test func aStopCheckEndsALongComparisonBetweenRows() throws {
        struct Stop: Error {}
        var rows = 0
        let stopAtThirdRow = {
            rows += 1
            if rows == 3 { throw Stop() }
        }
        #expect(throws: Stop.self) { try PixelMatch().compare(gray(0), gray(255), checkStop: stopAtThirdRow) }
        #expect(rows == 3)
    }

    @Test func aPNGReadsBackAsItWasWritten() throws {
        var image = edge(at: 5.5)
        image.paint(PixelRect(x: 1, y: 1, width: 2, height: 2), r: 255, g: 0, b: 255)
        let decoded = try RGBAImage(png: try image.png())
        #expect(decoded == image)
    }

    @Test func bytesThatAreNoPNGAreAnError() throws {
        let error = try #require(throws: WireframeError.self) { try RGBAImage(png: Array("hello".utf8)) }
        #expect(error.description.hasPrefix("not a PNG"))
        let truncated = Array(try gray(10).png().prefix(40))
        #expect(throws: WireframeError.self) { try RGBAImage(png: truncated) }
        // A header claiming 100,000 pixels across is refused before anything is allocated.
        var huge = try gray(10).png()
        huge.replaceSubrange(16..<20, with: [0x00, 0x01, 0x86, 0xA0])
        let refused = try #require(throws: WireframeError.self) { try RGBAImage(png: huge) }
        #expect(refused.description == "cannot compare a 100000×8 pixel PNG: each side must be 1 to 16384 pixels")
        // Sides within bounds that make a gigabyte picture are refused too (16384×16384 from a few hundred bytes).
        var square = try gray(10).png()
        square.replaceSubrange(16..<24, with: [0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x40, 0x00])
        let tooLarge = try #require(throws: WireframeError.self) { try RGBAImage(png: square) }
        #expect(tooLarge.description == "cannot compare a 16384×16384 pixel PNG: at most 40000000 pixels in all")
    }

    @Test func decodingAndEncodingStopWhenAskedTo() throws {
        struct Stopped: Error {}
        let png = try gray(10).png()
        var rows = 0
        #expect(throws: Stopped.self) {
            _ = try RGBAImage(png: png) {
                rows += 1
                if rows == 3 { throw Stopped() }
            }
        }
        #expect(rows == 3)
        #expect(throws: Stopped.self) { _ = try gray(10).png { throw Stopped() } }
    }

    @Test func croppingKeepsTheRegionAndRefusesOneOutside() throws {
        var image = gray(255)
        image.paint(PixelRect(x: 2, y: 2, width: 2, height: 2), r: 0, g: 0, b: 0)
        let cropped = try image.cropped(to: PixelRect(x: 2, y: 2, width: 3, height: 3))
        #expect(cropped.width == 3 && cropped.height == 3)
        #expect(pixel(cropped, 0, 0) == [0, 0, 0, 255])
        #expect(pixel(cropped, 2, 2) == [255, 255, 255, 255])
        #expect(throws: WireframeError.self) { try image.cropped(to: PixelRect(x: 20, y: 0, width: 3, height: 3)) }
    }
}
