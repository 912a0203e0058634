import CCairo
import Frankly
import JSON
import Testing

@testable import Wireframe

/// The wireframes' own PNG writer, checked by decoding its files with libpng (cairo's PNG reader): a picture must
/// come back pixel for pixel, whatever the writer does to be fast.
@Suite struct PNGWriterTests {
    @Test func anOpaqueWireframeComesBackPixelForPixel() throws {
        let cairo = try CairoLibrary.functions()
        let surface = try #require(cairo.image_surface_create(CAIRO_FORMAT_ARGB32, 90, 60))
        defer { cairo.surface_destroy(surface) }
        let context = try #require(cairo.create(surface))
        cairo.set_source_rgb(context, 0.92, 0.92, 0.92)
        cairo.paint(context)
        cairo.set_source_rgb(context, 0.1, 0.4, 0.9)
        cairo.rectangle(context, 10.5, 7.25, 40, 30)  // off the pixel grid: antialiased edges, many colours
        cairo.fill(context)
        cairo.set_font_size(context, 13)
        cairo.move_to(context, 5, 50)
        cairo.text_path(context, "Log In")
        cairo.fill(context)
        cairo.destroy(context)
        cairo.surface_flush(surface)

        let png = try PNGWriter.encode(surface, cairo: cairo)
        #expect(png[25] == 2)  // colour type RGB: an opaque picture needs no alpha byte
        #expect(try pixels(ofPNG: png, cairo: cairo) == pixels(of: surface, cairo: cairo))
    }

    @Test func translucentPixelsKeepTheirColourAndAlpha() throws {
        let cairo = try CairoLibrary.functions()
        let surface = try #require(cairo.image_surface_create(CAIRO_FORMAT_ARGB32, 20, 10))
        defer { cairo.surface_destroy(surface) }
        let context = try #require(cairo.create(surface))
        cairo.set_source_rgba(context, 1, 0.5, 0, 0.5)
        cairo.rectangle(context, 0, 0, 10, 10)
        cairo.fill(context)
        cairo.destroy(context)
        cairo.surface_flush(surface)

        let png = try PNGWriter.encode(surface, cairo: cairo)
        #expect(png[25] == 6)  // RGBA
        let decoded = try pixels(ofPNG: png, cairo: cairo)
        let original = pixels(of: surface, cairo: cairo)
        #expect(decoded.count == original.count)
        // Premultiplied to straight colour and back may round a channel by one.
        for (a, b) in zip(decoded, original) {
            for shift in [0, 8, 16, 24] as [UInt32] {
                #expect(abs(Int((a >> shift) & 0xff) - Int((b >> shift) & 0xff)) <= 1)
            }
        }
        #expect(original[0] >> 24 == 0x80 && original[15] == 0)  // half-transparent orange, then nothing
    }

    /// The surface's pixels, row by row, without the stride's padding.
    private func pixels(of surface: OpaquePointer, cairo: ccairo_functions) -> [UInt32] {
        let width = Int(cairo.image_surface_get_width(surface))
        let height = Int(cairo.image_surface_get_height(surface))
        let stride = Int(cairo.image_surface_get_stride(surface))
        guard let data = cairo.image_surface_get_data(surface) else { return [] }
        var out: [UInt32] = []
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            out.append(contentsOf: UnsafeBufferPointer(start: row, count: width))
        }
        return out
    }

    /// `png` decoded by cairo's reader (libpng).
    private func pixels(ofPNG png: [UInt8], cairo: ccairo_functions) throws -> [UInt32] {
        let source = PNGSource(bytes: png)
        let read: cairo_read_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
            let source = Unmanaged<PNGSource>.fromOpaque(closure).takeUnretainedValue()
            let count = Int(length)
            guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
            source.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + source.offset, count: count) }
            source.offset += count
            return CAIRO_STATUS_SUCCESS
        }
        let decoded = cairo.image_surface_create_from_png_stream(read, Unmanaged.passUnretained(source).toOpaque())
        let surface = try #require(decoded)
        withExtendedLifetime(source) {}
        defer { cairo.surface_destroy(surface) }
        return pixels(of: surface, cairo: cairo)
    }
}

/// The bytes cairo's PNG reader reads from.
private final class PNGSource {
    let bytes: [UInt8]
    var offset = 0
    init(bytes: [UInt8]) { self.bytes = bytes }
}
