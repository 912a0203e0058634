import CCairo

/// PNG bytes out of a cairo surface: the one encoder behind wireframes and the screenshot comparison's images.
enum CairoPNG {
    /// Encodes `surface` (flushed by the caller) as PNG bytes.
    static func encode(_ surface: OpaquePointer, cairo: ccairo_functions) throws -> [UInt8] {
        let sink = PNGSink()
        let status = cairo.surface_write_to_png_stream(
            surface,
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<PNGSink>.fromOpaque(closure).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        withExtendedLifetime(sink) {}
        guard status == CAIRO_STATUS_SUCCESS else {
            throw WireframeError(description: "cairo could not encode the PNG (status \(status.rawValue))")
        }
        return sink.bytes
    }
}

/// Collects the PNG bytes cairo streams out.
private final class PNGSink {
    var bytes: [UInt8] = []
}
