/// A perceptual per-pixel comparison of two pictures of one size, as pixelmatch (mapbox) defines it: the
/// distance of two colours in YIQ space (which weighs brightness as the eye does) against a threshold, and
/// anti-aliasing detection, so the soft edge of a glyph that moved by a fraction of a pixel does not count.
///
/// Written for fscript from pixelmatch's published description (Kotsalis & Gatzias' YIQ metric, Vysniauskas'
/// anti-aliasing test) and checked against its documented behaviour in `PixelMatchTests`.
public struct PixelMatch: Sendable {
    /// How far two colours may be apart, 0 (exact) to 1 (anything goes); pixelmatch's and Playwright's 0.1.
    public var threshold: Double = 0.1
    /// Count anti-aliased pixels as differences too (pixelmatch's `includeAA`).
    public var includeAntiAliased = false
    /// Also take for anti-aliasing an edge that moved by less than a pixel where pixelmatch's test cannot tell: see
    /// `isSubpixelEdge`. Not part of pixelmatch (off by default, so `PixelMatchTests` check pixelmatch as it is);
    /// fscript's screenshot checks turn it on.
    public var toleratesSubpixelEdges = false
    /// How strongly unchanged pixels show in the diff image, 0 (white) to 1 (as they are).
    public var fadedAlpha: Double = 0.1

    /// A comparison with pixelmatch's defaults.
    public init(threshold: Double = 0.1, includeAntiAliased: Bool = false, toleratesSubpixelEdges: Bool = false) {
        self.threshold = threshold
        self.includeAntiAliased = includeAntiAliased
        self.toleratesSubpixelEdges = toleratesSubpixelEdges
    }

    /// What a comparison found.
    public struct Result: Sendable {
        /// Pixels that differ beyond the threshold and are not anti-aliasing.
        public var differentPixels: Int
        /// Pixels that differ but were taken for anti-aliasing (not counted).
        public var antiAliasedPixels: Int
        /// Changed pixels red, anti-aliased ones yellow, the rest the expected picture faded towards white.
        public var diff: RGBAImage
        /// The smallest rectangle holding every counted difference; nil when none.
        public var changedBounds: PixelRect?
    }

    /// The pixel bytes a comparison reads.
    typealias Pixels = UnsafeBufferPointer<UInt8>

    /// The largest YIQ distance two colours can have (black against white), squared.
    static let largestDelta = 35215.0

    /// Compares two pictures of the same size; an error names both sizes when they differ. Without `drawingDiff`
    /// the result's diff is an empty 1×1 picture (a passing check needs none). `checkStop` runs once per row and
    /// may throw to end a long comparison (Ctrl-C, a test's deadline).
    public func compare(
        _ expected: RGBAImage, _ actual: RGBAImage, drawingDiff: Bool = true, checkStop: () throws -> Void = {}
    ) throws -> Result {
        guard expected.width == actual.width, expected.height == actual.height else {
            throw WireframeError(
                description: "the pictures differ in size: expected \(expected.width)×"
                    + "\(expected.height) pixels, got \(actual.width)×\(actual.height)")
        }
        guard (0...1).contains(threshold) else {
            throw WireframeError(description: "threshold must be from 0 to 1, got \(threshold)")
        }
        let width = expected.width
        let height = expected.height
        if !drawingDiff && expected.pixels == actual.pixels {
            return Result(differentPixels: 0, antiAliasedPixels: 0, diff: RGBAImage(width: 1, height: 1))
        }
        var diff = RGBAImage(width: drawingDiff ? width : 1, height: drawingDiff ? height : 1)
        let limit = Self.largestDelta * threshold * threshold
        var different = 0
        var antiAliased = 0
        var bounds = (left: width, top: height, right: -1, bottom: -1)
        try expected.pixels.withUnsafeBufferPointer { one in
            try actual.pixels.withUnsafeBufferPointer { two in
                try diff.pixels.withUnsafeMutableBufferPointer { out in
                    for y in 0..<height {
                        try checkStop()
                        for x in 0..<width {
                            let index = (y * width + x) * 4
                            let delta = Self.colorDelta(one, two, index, index, brightnessOnly: false)
                            guard abs(delta) > limit else {
                                if drawingDiff {
                                    let gray = fadedGray(one, index)
                                    Self.set(out, index, gray, gray, gray)
                                }
                                continue
                            }
                            if !includeAntiAliased
                                && (Self.isAntiAliased(one, x: x, y: y, width: width, height: height, other: two)
                                    || Self.isAntiAliased(two, x: x, y: y, width: width, height: height, other: one)
                                    || (toleratesSubpixelEdges
                                        && Self.isSubpixelEdge(one, two, x: x, y: y, width: width, height: height)))
                            {
                                antiAliased += 1
                                if drawingDiff { Self.set(out, index, 255, 255, 0) }
                            } else {
                                different += 1
                                if drawingDiff { Self.set(out, index, 255, 0, 0) }
                                bounds = (
                                    min(bounds.left, x), min(bounds.top, y), max(bounds.right, x),
                                    max(bounds.bottom, y)
                                )
                            }
                        }
                    }
                }
            }
        }
        let changed =
            different == 0
            ? nil
            : PixelRect(
                x: bounds.left, y: bounds.top, width: bounds.right - bounds.left + 1,
                height: bounds.bottom - bounds.top + 1)
        return Result(differentPixels: different, antiAliasedPixels: antiAliased, diff: diff, changedBounds: changed)
    }

    /// Sets the pixel at byte `index` to an opaque colour.
    private static func set(
        _ out: UnsafeMutableBufferPointer<UInt8>, _ index: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8
    ) {
        out[index] = r
        out[index + 1] = g
        out[index + 2] = b
        out[index + 3] = 255
    }

    /// The expected pixel's brightness, blended towards white by `fadedAlpha`.
    private func fadedGray(_ pixels: Pixels, _ index: Int) -> UInt8 {
        let brightness = Self.brightness(Double(pixels[index]), Double(pixels[index + 1]), Double(pixels[index + 2]))
        let value = 255 + (brightness - 255) * fadedAlpha * Double(pixels[index + 3]) / 255
        return UInt8(max(0, min(255, value.rounded())))
    }

    /// The squared YIQ distance of pixel `k` of `one` and pixel `m` of `two`, negative when the first is the
    /// brighter; with `brightnessOnly`, just the difference in brightness (Y). Transparent pixels are blended on
    /// white first.
    static func colorDelta(_ one: Pixels, _ two: Pixels, _ k: Int, _ m: Int, brightnessOnly: Bool) -> Double {
        if one[k] == two[m] && one[k + 1] == two[m + 1] && one[k + 2] == two[m + 2] && one[k + 3] == two[m + 3] {
            return 0
        }
        let (r1, g1, b1) = blendedOnWhite(one, k)
        let (r2, g2, b2) = blendedOnWhite(two, m)
        let y1 = brightness(r1, g1, b1)
        let y2 = brightness(r2, g2, b2)
        let y = y1 - y2
        if brightnessOnly { return y }
        let i = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let q = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -delta : delta
    }

    /// Whether pixel (x, y) of `pixels` looks like anti-aliasing: it has both a darker and a brighter neighbour,
    /// at most two neighbours of its own colour, and the darkest or the brightest neighbour sits in a flat area
    /// (three or more equal neighbours) in both pictures.
    static func isAntiAliased(
        _ pixels: Pixels, x x1: Int, y y1: Int, width: Int, height: Int, other: Pixels
    ) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let index = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var darkest = 0.0
        var brightest = 0.0
        var darkestAt = (0, 0)
        var brightestAt = (0, 0)
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let delta = colorDelta(pixels, pixels, index, (y * width + x) * 4, brightnessOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestAt = (x, y)
                } else if delta > brightest {
                    brightest = delta
                    brightestAt = (x, y)
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }
        return
            (hasManySiblings(pixels, darkestAt, width: width, height: height)
            && hasManySiblings(other, darkestAt, width: width, height: height))
            || (hasManySiblings(pixels, brightestAt, width: width, height: height)
                && hasManySiblings(other, brightestAt, width: width, height: height))
    }

    /// Whether pixel (x, y) is an edge that moved by less than a pixel: it is not in a flat area (a neighbour of
    /// another brightness) in either picture, and in each picture its brightness is within the range of the other
    /// picture's pixels around it (`shiftReach`), as a value blended between neighbours is when an edge moves by a
    /// fraction of a pixel.
    ///
    /// pixelmatch's test needs the darkest or brightest neighbour to sit in a flat area in both pictures; the tip
    /// or the join of a glyph's thin stroke has none, so text moved by half a pixel (a label laid out at x = 20.25
    /// points at scale 2) left a few such pixels counted. A real change still counts: a view, colour or glyph
    /// that changed leaves pixels whose brightness is nowhere near them in the other picture (the inside of a new
    /// stroke on what was background), and a colour that changed over a flat area is no edge.
    static func isSubpixelEdge(_ one: Pixels, _ two: Pixels, x: Int, y: Int, width: Int, height: Int) -> Bool {
        let index = (y * width + x) * 4
        let (y1, y2) = (luma(one, index), luma(two, index))
        let first = neighbourhood(one, x: x, y: y, radius: 1, width: width, height: height)
        let second = neighbourhood(two, x: x, y: y, radius: 1, width: width, height: height)
        // On a flat area it is a change of colour, or something new drawn there, not an edge that moved: an edge
        // that moves keeps the pixel among other brightnesses in both pictures.
        guard first.darkest < y1 || y1 < first.brightest, second.darkest < y2 || y2 < second.brightest else {
            return false
        }
        let around1 = neighbourhood(one, x: x, y: y, radius: Self.shiftReach, width: width, height: height)
        let around2 = neighbourhood(two, x: x, y: y, radius: Self.shiftReach, width: width, height: height)
        return (around2.darkest...around2.brightest).contains(y1) && (around1.darkest...around1.brightest).contains(y2)
    }

    /// How far `isSubpixelEdge` looks for the brightness a moved edge may take: two pixels, as a thin stroke that
    /// moves half a pixel can leave a pixel brighter (or darker) than any of its eight neighbours in the other
    /// picture, all of which the stroke partly covered.
    static let shiftReach = 2

    /// The darkest and brightest brightness among the pixel's neighbours within `radius`, the pixel left out.
    private static func neighbourhood(
        _ pixels: Pixels, x x1: Int, y y1: Int, radius: Int, width: Int, height: Int
    ) -> (darkest: Double, brightest: Double) {
        var darkest = Double.infinity
        var brightest = -Double.infinity
        for x in max(x1 - radius, 0)...min(x1 + radius, width - 1) {
            for y in max(y1 - radius, 0)...min(y1 + radius, height - 1) where x != x1 || y != y1 {
                let value = luma(pixels, (y * width + x) * 4)
                darkest = min(darkest, value)
                brightest = max(brightest, value)
            }
        }
        return (darkest, brightest)
    }

    /// A pixel's brightness (Y of YIQ) after blending on white.
    private static func luma(_ pixels: Pixels, _ index: Int) -> Double {
        let (r, g, b) = blendedOnWhite(pixels, index)
        return brightness(r, g, b)
    }

    /// Whether the pixel has three or more neighbours of exactly its colour (a picture's edge counts as one).
    static func hasManySiblings(_ pixels: Pixels, _ at: (Int, Int), width: Int, height: Int) -> Bool {
        let (x1, y1) = at
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let index = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let other = (y * width + x) * 4
                if pixels[index] == pixels[other] && pixels[index + 1] == pixels[other + 1]
                    && pixels[index + 2] == pixels[other + 2] && pixels[index + 3] == pixels[other + 3]
                {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    /// The colour of a pixel after alpha blending on white.
    private static func blendedOnWhite(_ pixels: Pixels, _ index: Int) -> (Double, Double, Double) {
        let r = Double(pixels[index])
        let g = Double(pixels[index + 1])
        let b = Double(pixels[index + 2])
        let a = pixels[index + 3]
        guard a < 255 else { return (r, g, b) }
        let alpha = Double(a) / 255
        return (255 + (r - 255) * alpha, 255 + (g - 255) * alpha, 255 + (b - 255) * alpha)
    }

    /// Y of YIQ: brightness.
    static func brightness(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    /// I of YIQ: the orange–blue axis.
    private static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }

    /// Q of YIQ: the purple–green axis.
    private static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }
}
