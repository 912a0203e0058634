import CCairo

/// PNG bytes out of a cairo image surface, fast rather than small: the one PNG encoder of the wireframes
/// (screenshots, failure artifacts, trace pictures).
///
/// cairo's own writer goes through libpng with its defaults (each row tried with all five filters, deflate level
/// 6): 14 ms for a 375×667 wireframe, ten times the drawing. `ccairo_write_png` (Sources/CCairo/ccairo_png.c)
/// filters every row with Up and deflates at level 1: about 4 ms, for files about 40 % larger (13 KB instead of
/// 10 for a demo screen at scale 1), and an opaque picture as RGB.
enum PNGWriter {
    /// Encodes `surface` (an ARGB32 image surface, flushed by the caller).
    static func encode(_ surface: OpaquePointer, cairo: ccairo_functions) throws -> [UInt8] {
        guard let pixels = cairo.image_surface_get_data(surface) else {
            throw WireframeError(description: "cairo gave no pixels to encode")
        }
        let width = cairo.image_surface_get_width(surface)
        let height = cairo.image_surface_get_height(surface)
        let stride = cairo.image_surface_get_stride(surface)
        var png: UnsafeMutablePointer<UInt8>?
        var size = 0
        var error = [CChar](repeating: 0, count: 256)
        guard ccairo_write_png(pixels, width, height, stride, &png, &size, &error, error.count) == 0, let png else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw WireframeError(description: "could not encode the PNG: \(reason)")
        }
        defer { ccairo_free_png(png) }
        return Array(UnsafeBufferPointer(start: png, count: size))
    }
}
