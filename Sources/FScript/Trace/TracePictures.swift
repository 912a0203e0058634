import Foundation
import Frankly
import JSON
import LuaKit
import Wireframe

/// The pictures of a trace, taken so that a trace nobody keeps costs as little as it can.
///
/// Under `--trace retain-on-failure` (the default) every scenario is recorded and a passing one's trace is thrown
/// away. The embedded simulator's picture is a wireframe drawn from its view tree, so for it `snapshot` keeps the
/// tree (which the trace needs anyway) and the picture is made only when the trace is written, by the trace
/// writer on its own thread (`source`), or by `draw` when the script needs the bytes: a passing scenario pays for
/// view trees, not for drawing and compressing PNGs. Another target's picture is its own screenshot, taken at
/// once, since its screen will not come back.
final class TracePictures {
    /// A picture as the trace writer gets it: its PNG, or what to wait for or draw on the writer's thread.
    enum Source: Sendable {
        case png([UInt8])
        /// Being drawn; the tree and its key in case the drawing fails.
        case drawing(BackgroundDrawings.Drawing, DumpNode, key: String)
        /// Not drawn yet.
        case tree(DumpNode, key: String)
    }

    /// The trees waiting to be drawn, by the number `snapshot` gave for them.
    private var pending: [Int: DumpNode] = [:]
    private var lastNumber = 0
    /// The pictures drawn on another thread, and those drawn lately in the run (kept across scenarios: the bench's
    /// logins draw three screens in all instead of three a scenario).
    let drawings = BackgroundDrawings()
    /// The drawings started this scenario and not yet handed to the writer, by number.
    private var started: [Int: BackgroundDrawings.Drawing] = [:]
    /// The trees drawn meanwhile this scenario: a screen seen before keeps the picture it had (the recorder reuses
    /// it), so it is not drawn again.
    private var drawnTrees: Set<String> = []
    /// The full dump's JSON of each picture started on the background thread, by its number.
    private var keys: [Int: String] = [:]

    /// The picture `number` (which `snapshot` gave) as the trace writer takes it; nil for a number not kept.
    func source(_ number: Int) -> Source? {
        guard let tree = pending[number] else { return nil }
        let key = keys[number] ?? Self.key(of: tree)
        if let png = drawings.cached(key) { return .png(png) }
        // Handed over: forgetting the scenario no longer cancels it.
        if let drawing = started.removeValue(forKey: number) { return .drawing(drawing, tree, key: key) }
        return .tree(tree, key: key)
    }

    /// `require("fscript.step_events")`'s picture functions:
    /// - `snapshot(app, keep)`: the view tree now as the trace keeps it (`TraceTree`, JSON text), its picture (PNG
    ///   bytes, or for the embedded simulator the number to `draw` it by, which the trace writer also takes) and the
    ///   screen's width and height in points; with `keep` (the run keeps every picture) the simulator's picture is
    ///   drawn at once on another thread (`BackgroundDrawings`);
    /// - `draw(number)`: the PNG of a tree `snapshot` kept, drawn at scale 1 (the simulator's own `/screenshot`
    ///   draws at the device's scale 2: four times the pixels, for a picture the viewer shows 300 points wide);
    /// - `forget()`: drops the trees kept so far, when a scenario's trace is written or thrown away.
    var functions: [String: LuaFunction] {
        [
            "snapshot": { [self] args in
                let app = try args.object(1, as: AppObject.self)
                let keep = args.truthy(2)
                let tree = try app.embeddedTree() ?? Self.typed(app.call("trace") { try $0.dump() })
                let kept = TraceTree(tree)
                let picture: LuaValue
                if case .embedded = app.connector.source {
                    lastNumber += 1
                    pending[lastNumber] = tree
                    if keep, drawnTrees.insert(kept.json).inserted {
                        let key = Self.key(of: tree)
                        keys[lastNumber] = key
                        if drawings.cached(key) == nil { started[lastNumber] = drawings.start(tree, key: key) }
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
                guard let source = source(number) else {
                    throw args.badArgument(1, "no view tree kept as \(number) (forgotten, or never kept)")
                }
                return args.result(LuaValue.bytes(try drawings.png(of: source)))
            },
            "forget": { [self] _ in
                pending.removeAll()
                keys.removeAll()
                drawnTrees.removeAll()
                for drawing in started.values { drawing.cancel() }
                started.removeAll()
                return .none
            },
        ]
    }

    /// A dump read over HTTP as a typed tree (an answer that is not an object: an empty window).
    private static func typed(_ dump: JSONValue) -> DumpNode {
        DumpNode(lenient: dump) ?? DumpNode(className: "?", uid: "", subviews: nil)
    }

    /// What tells two screens' pictures apart: the whole dump's JSON (a switch's state, a colour, an alpha draw
    /// differently though the trace's cut tree is the same), written as `/dump` writes it.
    private static func key(of tree: DumpNode) -> String {
        var writer = JSONWriter()
        tree.write(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The wireframe of a dump at scale 1, on a screen the size of the window's frame (375×667 when it has none).
    static func wireframe(of tree: DumpNode) throws -> [UInt8] {
        let size = tree.drawingFrame?.size
        do {
            return try WireframeRenderer(scale: 1).png(
                of: tree, width: size?.width ?? 375, height: size?.height ?? 667)
        } catch {
            throw FrankError("trace: drawing the screen failed: \(error)")
        }
    }
}
