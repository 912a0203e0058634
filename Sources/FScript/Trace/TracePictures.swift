import Foundation
import Frankly
import JSON
import LuaKit
import Wireframe

/// The pictures of a trace, taken so that a trace nobody keeps costs as little as it can.
///
/// Under `--trace retain-on-failure` (the default) every scenario is recorded and a passing one's trace is thrown
/// away. The embedded simulator's picture is a wireframe drawn from its view tree, so for it `snapshot` keeps the
/// tree (which the trace needs anyway) and `draw` makes the picture only when the trace is written: a passing
/// scenario pays for view trees, not for drawing and compressing PNGs. Another target's picture is its own
/// screenshot, taken at once, since its screen will not come back.
final class TracePictures {
    /// The trees waiting to be drawn, by the number `snapshot` gave for them.
    private var pending: [Int: JSONValue] = [:]
    private var lastNumber = 0
    /// The pictures drawn meanwhile, for runs that keep them all.
    private let drawings = BackgroundDrawings()
    /// The trees drawn meanwhile this scenario: a screen seen before keeps the picture it had (the recorder reuses
    /// it), so it is not drawn again.
    private var drawnTrees: Set<String> = []
    /// The full dump's JSON of each picture started on the background thread, by its number.
    private var keys: [Int: String] = [:]
    /// The pictures drawn so far in this run, kept across scenarios: the bench's logins draw three screens in all
    /// instead of three a scenario.
    private var recent = RecentPictures()

    /// `require("fscript.step_events")`'s picture functions:
    /// - `snapshot(app, keep)`: the view tree now as the trace keeps it (`TraceTree`, JSON text), its picture (PNG
    ///   bytes, or for the embedded simulator the number to `draw` it by) and the screen's width and height in
    ///   points; with `keep` (the run keeps every picture) the simulator's picture is drawn at once on another
    ///   thread (`BackgroundDrawings`);
    /// - `draw(number)`: the PNG of a tree `snapshot` kept, drawn at scale 1 (the simulator's own `/screenshot`
    ///   draws at the device's scale 2: four times the pixels, for a picture the viewer shows 300 points wide);
    /// - `forget()`: drops the trees kept so far, when a scenario's trace is written or thrown away.
    var functions: [String: LuaFunction] {
        [
            "snapshot": { [self] args in
                let app = try args.object(1, as: AppObject.self)
                let keep = args.truthy(2)
                let tree = try app.call("trace") { try $0.dump() }
                let kept = TraceTree(tree)
                let picture: LuaValue
                if case .embedded = app.connector.source {
                    lastNumber += 1
                    pending[lastNumber] = tree
                    if keep, drawnTrees.insert(kept.json).inserted {
                        let key = tree.jsonString
                        keys[lastNumber] = key
                        if recent[key] == nil { drawings.start(lastNumber, tree: tree) }
                    }
                    picture = .integer(Int64(lastNumber))
                } else {
                    picture = .bytes(try ScreenshotSource(app: app).png())
                }
                return args.result(
                    LuaValue.string(kept.json), picture, LuaValue.number(kept.width), LuaValue.number(kept.height))
            },
            "draw": { [self] args in
                let number = try args.int(1)
                guard let tree = pending[number] else {
                    throw args.badArgument(1, "no view tree kept as \(number) (forgotten, or never kept)")
                }
                let key = keys[number] ?? tree.jsonString
                if let png = recent[key] { return args.result(LuaValue.bytes(png)) }
                let png = try drawings.take(number) ?? Self.wireframe(of: tree)
                recent.keep(png, for: key)
                return args.result(LuaValue.bytes(png))
            },
            "forget": { [self] _ in
                pending.removeAll()
                keys.removeAll()
                drawnTrees.removeAll()
                drawings.forget()
                return .none
            },
        ]
    }

    /// The wireframe of a dump at scale 1, on a screen the size of the window's frame (375×667 when it has none).
    static func wireframe(of tree: JSONValue) throws -> [UInt8] {
        let size = tree["accessibilityFrame"]?["size"] ?? tree["frame"]?["size"]
        do {
            return try WireframeRenderer(scale: 1).png(
                of: tree, width: size?["width"]?.doubleValue ?? 375, height: size?["height"]?.doubleValue ?? 667)
        } catch {
            throw FrankError("trace: drawing the screen failed: \(error)")
        }
    }
}
