import LuaKit
import Platform
import Wireframe

/// `require("fscript.image")`: the pixel work of screenshot checks, for `stdlib/fscript/screenshots.lua`, which
/// decides everything else (baselines, retries, masks by selector, artifacts).
///
/// - `size(png)` → width, height in pixels.
/// - `prepare(png, {crop = rect, masks = {rect, …}})` → PNG: the masks painted (Playwright's magenta), then cut
///   to `crop`. Rectangles are `{x =, y =, width =, height =}` in whole pixels.
/// - `compare(expected_png, actual_png, {threshold = 0.1, diff = true, subpixel = false})` → `{different =,
///   anti_aliased =, width =, height =, diff = png, changed = rect}` (`diff` and `changed`, the box around the
///   counted differences, when any), or nil and why when the sizes differ (a failure to report, not a script
///   error). `subpixel` also forgives edges moved by less than a pixel (`PixelMatch.toleratesSubpixelEdges`).
///
/// PNGs go in and out as Lua strings, so the stdlib writes them with `io.open` like any file.
enum ImageModule {
    /// The name the stdlib requires it by; there is no global, as the module is the stdlib's tool.
    static let moduleName = "fscript.image"

    /// The colour masks are painted in, as Playwright paints them: magenta, which no screen is made of.
    static let maskColour: (r: UInt8, g: UInt8, b: UInt8) = (255, 0, 255)

    /// Registers the module in `state`.
    static func register(in state: LuaState) {
        state.register(
            module: moduleName,
            functions: [
                "size": { args in
                    // The header says it: no need to decode every pixel for two numbers.
                    let bytes = try args.bytes(1, expected: "PNG string")
                    guard let size = RGBAImage.headerSize(bytes) else {
                        throw args.badArgument(1, "not a PNG (\(bytes.count) bytes without a PNG header)")
                    }
                    return args.result(size.width, size.height)
                },
                "prepare": prepare,
                "compare": compare,
            ])
    }

    /// `prepare(png, {crop =, masks =})`.
    private static func prepare(_ args: LuaArgs) throws -> LuaReturn {
        var image = try decode(args, 1)
        let options = args.isNil(2) ? LuaTable() : try args.table(2, expected: "options table")
        if case .table(let masks) = options["masks"] {
            for (offset, mask) in masks.array.enumerated() {
                let rect = try pixelRect(mask, args: args, name: "masks[\(offset + 1)]")
                image.paint(rect, r: maskColour.r, g: maskColour.g, b: maskColour.b)
            }
        } else if options["masks"] != .nil {
            throw args.badArgument(2, "masks must be a list of rectangles, got \(options["masks"].typeName)")
        }
        if options["crop"] != .nil {
            let rect = try pixelRect(options["crop"], args: args, name: "crop")
            image = try wrap { try image.cropped(to: rect) }
        }
        return args.result(LuaValue.bytes(try wrap { try image.png(checkStop: checkStop) }))
    }

    /// `compare(expected, actual, {threshold =, diff =, subpixel =})`.
    private static func compare(_ args: LuaArgs) throws -> LuaReturn {
        let options = args.isNil(3) ? LuaTable() : try args.table(3, expected: "options table")
        var matcher = PixelMatch()
        switch options["threshold"] {
        case .nil: break
        case let value:
            guard let threshold = value.doubleValue, (0...1).contains(threshold) else {
                throw args.badArgument(3, "threshold must be a number from 0 to 1, got \(value)")
            }
            matcher.threshold = threshold
        }
        switch options["subpixel"] {
        case .nil: break
        case .boolean(let value): matcher.toleratesSubpixelEdges = value
        case let value: throw args.badArgument(3, "subpixel must be true or false, got \(value)")
        }
        let drawing: Bool
        switch options["diff"] {
        case .nil: drawing = true
        case .boolean(let value): drawing = value
        case let value: throw args.badArgument(3, "diff must be true or false, got \(value)")
        }
        // The same screen gives the same bytes (PNG encoding is deterministic): no pixel needs reading.
        let expectedBytes = try args.bytes(1, expected: "PNG string")
        if let size = RGBAImage.headerSize(expectedBytes), expectedBytes == (try args.bytes(2, expected: "PNG string"))
        {
            var table = LuaTable()
            table["different"] = .integer(0)
            table["anti_aliased"] = .integer(0)
            table["width"] = .integer(Int64(size.width))
            table["height"] = .integer(Int64(size.height))
            return args.result(table)
        }
        let expected = try decode(args, 1)
        let actual = try decode(args, 2)
        guard expected.width == actual.width, expected.height == actual.height else {
            return args.result(
                LuaValue.nil,
                "the sizes differ: the baseline is \(expected.width)×\(expected.height) pixels, the screen "
                    + "\(actual.width)×\(actual.height)")
        }
        // A passing comparison needs no diff image: draw it (a second pass) only when something differs, and not
        // at all with `diff = false` (a retry that only counts).
        var result = try wrap { try matcher.compare(expected, actual, drawingDiff: false, checkStop: checkStop) }
        if result.differentPixels > 0 && drawing {
            result = try wrap { try matcher.compare(expected, actual, checkStop: checkStop) }
        }
        var table = LuaTable()
        table["different"] = .integer(Int64(result.differentPixels))
        table["anti_aliased"] = .integer(Int64(result.antiAliasedPixels))
        table["width"] = .integer(Int64(expected.width))
        table["height"] = .integer(Int64(expected.height))
        if result.differentPixels > 0 && drawing {
            table["diff"] = .bytes(try wrap { try result.diff.png(checkStop: checkStop) })
        }
        if let changed = result.changedBounds {
            table["changed"] = .table(
                LuaTable(fields: [
                    "x": .integer(Int64(changed.x)), "y": .integer(Int64(changed.y)),
                    "width": .integer(Int64(changed.width)), "height": .integer(Int64(changed.height)),
                ]))
        }
        return args.result(table)
    }

    /// Ctrl-C, SIGTERM and the test's deadline, checked once a row by the pixel loops.
    private static func checkStop() throws { try Interruption.throwIfStopped() }

    /// Argument `position` read as a PNG; an argument error says why it is not one.
    private static func decode(_ args: LuaArgs, _ position: Int) throws -> RGBAImage {
        let bytes = try args.bytes(position, expected: "PNG string")
        do {
            return try RGBAImage(png: bytes, checkStop: checkStop)
        } catch let error as WireframeError {
            throw args.badArgument(position, "\(error)")
        }
    }

    /// A `{x, y, width, height}` table of whole pixels, or an argument error naming the field.
    private static func pixelRect(_ value: LuaValue, args: LuaArgs, name: String) throws -> PixelRect {
        guard case .table(let table) = value else {
            throw args.badArgument(2, "\(name) must be a table {x =, y =, width =, height =}, got \(value.typeName)")
        }
        var numbers: [Int] = []
        for key in ["x", "y", "width", "height"] {
            guard let number = table[key].doubleValue, number.isFinite, abs(number) <= 1e6 else {
                throw args.badArgument(2, "\(name).\(key) must be a number of pixels, got \(table[key])")
            }
            numbers.append(Int(number.rounded()))
        }
        guard numbers[2] >= 0, numbers[3] >= 0 else {
            throw args.badArgument(2, "\(name) has a negative size (\(numbers[2])×\(numbers[3]))")
        }
        return PixelRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// Runs `body`, turning a picture error into a Lua error with its text.
    private static func wrap<Value>(_ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let error as WireframeError {
            throw FrankError("image: \(error.description)")
        }
    }
}
