import CCairo
import Frankly
import JSON

/// Draws a Frankly view tree (the JSON of `/dump` or `/dump/allwindows`) as a PNG with cairo.
///
/// The simulator uses it for `/screenshot`; fscript uses it for failure artifacts of a remote app that has no
/// screenshot, because a dump alone carries enough: each node's class, `accessibilityFrame` (screen points),
/// `isHidden`, `alpha`, colours, and the texts (`text`, `placeholder`, `title`, `accessibilityLabel`, `isOn`).
/// Unknown classes draw as their frame's outline, so any app's dump gives a readable picture.
public struct WireframeRenderer: Sendable {
    /// Pixels per point, as the device's screen scale.
    public var scale: Double
    /// The longest side of a picture, in pixels: 8192 × 8192 × 4 bytes is 256 MB already.
    static let largestSide: Double = 8192

    /// A renderer at the given scale (2 for a Retina iPhone).
    public init(scale: Double = 2) {
        self.scale = scale
    }

    /// Renders the tree on a `width`×`height` point screen, cropped to `crop` (screen points) when given.
    /// The PNG is `crop` (or the screen) times `scale` pixels.
    public func png(of tree: JSONValue, width: Double, height: Double, crop: WireframeRect? = nil) throws -> [UInt8] {
        try png(of: DumpNode(lenient: tree), width: width, height: height, crop: crop)
    }

    /// Renders a tree read as `DumpNode` (nil draws an empty screen), the same as `png(of:width:height:crop:)`.
    public func png(of tree: DumpNode?, width: Double, height: Double, crop: WireframeRect? = nil) throws -> [UInt8] {
        let area = crop ?? WireframeRect(x: 0, y: 0, width: width, height: height)
        // The size comes from a target's dump or a request: infinity or 1e10 points trapped in Int32(), and a
        // side cairo could take (32767 pixels) would still be gigabytes.
        guard area.width * scale <= Self.largestSide, area.height * scale <= Self.largestSide else {
            throw WireframeError(description: "cannot draw a \(area.width)×\(area.height) point screen at scale "
                + "\(scale): each side must be at most \(Int(Self.largestSide)) pixels")
        }
        let pixelWidth = Int32(max(1, (area.width * scale).rounded()))
        let pixelHeight = Int32(max(1, (area.height * scale).rounded()))
        let cairo = try CairoLibrary.functions()
        guard let surface = cairo.image_surface_create(CAIRO_FORMAT_ARGB32, pixelWidth, pixelHeight) else {
            throw WireframeError(description: "cairo could not create a \(pixelWidth)×\(pixelHeight) surface")
        }
        defer { cairo.surface_destroy(surface) }
        guard let context = cairo.create(surface) else {
            throw WireframeError(description: "cairo could not create a drawing context")
        }
        defer { cairo.destroy(context) }
        cairo.scale(context, scale, scale)
        cairo.translate(context, -area.x, -area.y)
        cairo.set_source_rgb(context, 0.92, 0.92, 0.92)
        cairo.paint(context)
        cairo.select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        // Unhinted outlines and advances: a glyph then has one shape wherever it sits, so moving a view by a
        // fraction of a pixel moves its text by exactly that, and a centred title does not jump between pixels.
        if let options = cairo.font_options_create() {
            cairo.font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo.font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo.set_font_options(context, options)
            cairo.font_options_destroy(options)
        }
        var painter = NodePainter(cairo: cairo, context: context)
        if let tree { painter.draw(tree, opacity: 1) }
        cairo.surface_flush(surface)
        return try PNGWriter.encode(surface, cairo: cairo)
    }
}

/// A rectangle in screen points, for cropping a wireframe.
public struct WireframeRect: Sendable, Equatable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// A rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Drawing failed inside cairo.
public struct WireframeError: Error, CustomStringConvertible, Sendable {
    /// What failed.
    public var description: String
}
