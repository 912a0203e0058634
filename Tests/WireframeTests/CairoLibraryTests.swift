import Frankly
import JSON
import Testing

@testable import Wireframe

/// cairo is opened on the first PNG, not linked: these pin what a missing or wrong library says, and that the
/// opened one really draws.
@Suite struct CairoLibraryTests {
    @Test func missingLibraryNamesItAndThePackageToInstall() throws {
        let error = try #require(throws: WireframeError.self) {
            try CairoLibrary.open("libcairo-missing.so.2").get()
        }
        #expect(
            error.description
                == "cannot draw PNGs without cairo (libcairo-missing.so.2: cannot open shared object file: No such "
                + "file or directory); install it with 'apt-get install libcairo2' (scripts/install does)")
    }

    @Test func libraryWithoutCairoNamesTheFirstMissingFunction() throws {
        let error = try #require(throws: WireframeError.self) { try CairoLibrary.open("libm.so.6").get() }
        #expect(
            error.description
                == "cannot draw PNGs without cairo (libm.so.6 has no cairo_image_surface_create); install it with "
                + "'apt-get install libcairo2' (scripts/install does)")
    }

    @Test func theOpenedLibraryDrawsARealPNG() throws {
        let frame = #"{"origin":{"x":10,"y":10},"size":{"width":100,"height":20}}"#
        let label = try JSONValue(parsing: Array(#"{"class":"UILabel","text":"Hello","accessibilityFrame":"#.utf8)
            + Array(frame.utf8) + Array("}".utf8))
        let png = try WireframeRenderer(scale: 1).png(of: label, width: 120, height: 40)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: width and height, big-endian, at bytes 16 and 20.
        #expect(Array(png[16..<24]) == [0, 0, 0, 120, 0, 0, 0, 40])
    }
}
