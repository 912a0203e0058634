import CCairo

/// A picture as straight (not premultiplied) 8-bit RGBA, row after row: what a screenshot comparison reads.
///
/// Screenshots arrive as PNG bytes (the target's `/screenshot` or a wireframe) and baselines are PNG files, so
/// the type reads and writes PNG through cairo, which fscript already opens for wireframes. Cairo keeps pixels
/// premultiplied in native-endian ARGB words; the conversion to straight RGBA happens here, once.
public struct RGBAImage: Sendable, Equatable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public var pixels: [UInt8]

    /// The largest side a PNG may have: a screenshot larger than this is not a screen (and would be gigabytes).
    public static let largestSide = 16384

    /// The most pixels a PNG may have (an 8K screen has 33 million): a small file can claim 16384×16384, which
    /// would be a gigabyte for cairo's surface and another for the pixels.
    public static let largestArea = 40_000_000

    /// An image of `width`×`height` pixels filled with one colour.
    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (255, 255, 255, 255)) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            pixels[index] = fill.r
            pixels[index + 1] = fill.g
            pixels[index + 2] = fill.b
            pixels[index + 3] = fill.a
        }
    }

    /// An image from its RGBA bytes; they must be `width × height × 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) throws {
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            throw WireframeError(
                description: "an RGBA image of \(width)×\(height) needs \(width * height * 4) bytes, "
                    + "got \(pixels.count)")
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Decodes PNG bytes; the error says when they are not a PNG cairo can read. `checkStop` runs once a row, so a
    /// large picture can be interrupted (it throws to stop).
    public init(png bytes: [UInt8], checkStop: () throws -> Void = {}) throws {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
            throw WireframeError(
                description: "not a PNG (\(bytes.count) bytes that do not start with the PNG signature)")
        }
        // The header's size is checked before cairo allocates the pixels: a PNG a few bytes long can claim to be
        // gigabytes.
        guard let size = Self.headerSize(bytes) else {
            throw WireframeError(description: "not a PNG (\(bytes.count) bytes without an image header)")
        }
        guard (1...Self.largestSide).contains(size.width), (1...Self.largestSide).contains(size.height) else {
            throw WireframeError(
                description: "cannot compare a \(size.width)×\(size.height) pixel PNG: each side must be 1 to "
                    + "\(Self.largestSide) pixels")
        }
        guard size.width * size.height <= Self.largestArea else {
            throw WireframeError(
                description: "cannot compare a \(size.width)×\(size.height) pixel PNG: at most "
                    + "\(Self.largestArea) pixels in all")
        }
        let cairo = try CairoLibrary.functions()
        let source = PNGSource(bytes: bytes)
        let surface = withExtendedLifetime(source) {
            cairo.image_surface_create_from_png_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    let source = Unmanaged<PNGSource>.fromOpaque(closure).takeUnretainedValue()
                    return source.read(into: data, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
                }, Unmanaged.passUnretained(source).toOpaque())
        }
        guard let surface else { throw WireframeError(description: "cairo could not read the PNG") }
        defer { cairo.surface_destroy(surface) }
        let status = cairo.surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw WireframeError(
                description: "cannot read the PNG (cairo status \(status.rawValue): a damaged or "
                    + "truncated file?)")
        }
        cairo.surface_flush(surface)
        let width = Int(cairo.image_surface_get_width(surface))
        let height = Int(cairo.image_surface_get_height(surface))
        let stride = Int(cairo.image_surface_get_stride(surface))
        guard width > 0, height > 0, width <= Self.largestSide, height <= Self.largestSide,
            let data = cairo.image_surface_get_data(surface)
        else {
            throw WireframeError(
                description: "cannot compare a \(width)×\(height) pixel PNG: each side must be 1 to "
                    + "\(Self.largestSide) pixels")
        }
        // An opaque PNG (fscript's own writer stores those as RGB) reads as RGB24, whose top byte cairo leaves
        // unspecified: every pixel is opaque there.
        let opaque: UInt32 = cairo.image_surface_get_format(surface) == CAIRO_FORMAT_RGB24 ? 0xFF00_0000 : 0
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let words = UnsafeRawPointer(data)
        try pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                try checkStop()
                let row = words.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let word = row[x] | opaque
                    let alpha = word >> 24
                    let index = (y * width + x) * 4
                    out[index + 3] = UInt8(alpha)
                    guard alpha > 0 else { continue }
                    // Undo cairo's premultiplication, rounding to the nearest value.
                    out[index] = Self.unpremultiplied((word >> 16) & 0xFF, alpha)
                    out[index + 1] = Self.unpremultiplied((word >> 8) & 0xFF, alpha)
                    out[index + 2] = Self.unpremultiplied(word & 0xFF, alpha)
                }
            }
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The width and height in a PNG's header (its first chunk, IHDR), or nil when the bytes have none.
    public static func headerSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let header: [UInt8] = [0x49, 0x48, 0x44, 0x52]
        guard bytes.count >= 24, bytes.starts(with: signature), Array(bytes[12..<16]) == header else { return nil }
        func number(at offset: Int) -> Int { bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (number(at: 16), number(at: 20))
    }

    /// The picture as PNG bytes; `checkStop` runs once a row.
    public func png(checkStop: () throws -> Void = {}) throws -> [UInt8] {
        let cairo = try CairoLibrary.functions()
        guard let surface = cairo.image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw WireframeError(description: "cairo could not create a \(width)×\(height) surface")
        }
        defer { cairo.surface_destroy(surface) }
        cairo.surface_flush(surface)
        let stride = Int(cairo.image_surface_get_stride(surface))
        guard let data = cairo.image_surface_get_data(surface) else {
            throw WireframeError(description: "cairo gave no pixels for a \(width)×\(height) surface")
        }
        let words = UnsafeMutableRawPointer(data)
        try pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                try checkStop()
                let row = words.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let index = (y * width + x) * 4
                    let alpha = UInt32(source[index + 3])
                    let red = Self.premultiplied(source[index], alpha)
                    let green = Self.premultiplied(source[index + 1], alpha)
                    let blue = Self.premultiplied(source[index + 2], alpha)
                    row[x] = alpha << 24 | red << 16 | green << 8 | blue
                }
            }
        }
        cairo.surface_mark_dirty(surface)
        return try PNGWriter.encode(surface, cairo: cairo)
    }

    /// A straight channel value from a premultiplied one.
    private static func unpremultiplied(_ channel: UInt32, _ alpha: UInt32) -> UInt8 {
        UInt8(min(255, (channel * 255 + alpha / 2) / alpha))
    }

    /// A premultiplied channel value from a straight one.
    private static func premultiplied(_ channel: UInt8, _ alpha: UInt32) -> UInt32 {
        (UInt32(channel) * alpha + 127) / 255
    }

    /// The pixels inside `rect` (clipped to the picture); an error when nothing of it is inside.
    public func cropped(to rect: PixelRect) throws -> RGBAImage {
        guard let area = rect.clipped(width: width, height: height) else {
            throw WireframeError(description: "the region \(rect) lies outside the \(width)×\(height) picture")
        }
        var out = [UInt8]()
        out.reserveCapacity(area.width * area.height * 4)
        for y in area.y..<(area.y + area.height) {
            let start = (y * width + area.x) * 4
            out.append(contentsOf: pixels[start..<(start + area.width * 4)])
        }
        return try RGBAImage(width: area.width, height: area.height, pixels: out)
    }

    /// Paints `rect` (clipped) in one opaque colour: a mask hides a region from the comparison in both pictures.
    public mutating func paint(_ rect: PixelRect, r: UInt8, g: UInt8, b: UInt8) {
        guard let area = rect.clipped(width: width, height: height) else { return }
        for y in area.y..<(area.y + area.height) {
            for x in area.x..<(area.x + area.width) {
                let index = (y * width + x) * 4
                pixels[index] = r
                pixels[index + 1] = g
                pixels[index + 2] = b
                pixels[index + 3] = 255
            }
        }
    }
}

/// A rectangle in whole pixels: a mask or a crop, already scaled from screen points.
public struct PixelRect: Sendable, Equatable, CustomStringConvertible {
    /// The left edge.
    public var x: Int
    /// The top edge.
    public var y: Int
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// A rectangle from its origin and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `x,y widthxheight`, as errors show it.
    public var description: String { "\(x),\(y) \(width)×\(height)" }

    /// The part inside a `width`×`height` picture, or nil when none is.
    func clipped(width: Int, height: Int) -> PixelRect? {
        let left = max(0, x)
        let top = max(0, y)
        let right = min(width, x + self.width)
        let bottom = min(height, y + self.height)
        guard right > left, bottom > top else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// Hands cairo the PNG bytes it reads, a piece at a time.
private final class PNGSource {
    let bytes: [UInt8]
    var offset = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Copies the next `count` bytes to `target`; false when fewer are left (a truncated PNG).
    func read(into target: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count <= bytes.count - offset else { return false }
        bytes.withUnsafeBufferPointer { buffer in
            target.update(from: buffer.baseAddress! + offset, count: count)
        }
        offset += count
        return true
    }
}
