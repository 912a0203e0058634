import Frankly
import JSON

/// What the simulator's layout needs of Frankly's `Rect` beyond the wire shape: plain coordinates to lay views out
/// with (`frame.x = …`), the edges, overlaps and offsets of scrolled and clipped views, and the app file's
/// `{x, y, w, h}` frames. One rectangle type serves the layout, the dump and the client, so none converts.
extension Rect {
    /// An empty rectangle at the origin.
    static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge, settable as layout code moves a view.
    var x: Double {
        get { origin.x }
        set { origin.x = newValue }
    }

    /// The top edge, settable as layout code moves a view.
    var y: Double {
        get { origin.y }
        set { origin.y = newValue }
    }

    /// The extent across, settable as layout code resizes a view.
    var width: Double {
        get { size.width }
        set { size.width = newValue }
    }

    /// The extent down, settable as layout code resizes a view.
    var height: Double {
        get { size.height }
        set { size.height = newValue }
    }

    var minX: Double { x }
    var minY: Double { y }
    var maxX: Double { x + width }
    var maxY: Double { y + height }

    /// The overlap of two rectangles, or nil when they do not meet: what of a view its clipping ancestors show.
    func intersection(_ other: Rect) -> Rect? {
        let left = max(minX, other.minX), top = max(minY, other.minY)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The same size moved by an offset: a frame in its parent's coordinates carried to the screen's.
    func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }

    /// Frankly's shape with every number a `.number`, as `/map` answers and the app file's `frame` have always had
    /// it. Frankly's `json` writes whole numbers as integers, which reads the same on the wire except for -0 (it
    /// writes `0`) and whole numbers from 1e15 (digits, not `1e+15`), and gives the app's Lua integers, not floats;
    /// this keeps every answer and app value as it was.
    var plainJSON: JSONValue {
        .object(["origin": origin.plainJSON, "size": .object(["width": .number(width), "height": .number(height)])])
    }

    /// Reads `{x, y, w, h}` / `{x=, y=, width=, height=}` / Frankly's `{origin, size}`, as the app file and the
    /// app's `frame` setter give it; nil when a number is missing.
    init?(appValue json: JSONValue) {
        switch json {
        case .array(let items) where items.count == 4:
            let numbers = items.compactMap(\.doubleValue)
            guard numbers.count == 4 else { return nil }
            self.init(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        case .object:
            if let origin = json["origin"], let size = json["size"] {
                guard let x = origin["x"]?.doubleValue, let y = origin["y"]?.doubleValue,
                    let w = size["width"]?.doubleValue, let h = size["height"]?.doubleValue
                else { return nil }
                self.init(x: x, y: y, width: w, height: h)
            } else {
                guard let x = json["x"]?.doubleValue, let y = json["y"]?.doubleValue,
                    let w = (json["width"] ?? json["w"])?.doubleValue, let h = (json["height"] ?? json["h"])?.doubleValue
                else { return nil }
                self.init(x: x, y: y, width: w, height: h)
            }
        default:
            return nil
        }
    }
}

extension Point {
    /// Frankly's `{"x","y"}` with both numbers `.number`s, as `/map`'s `contentOffset` and the app's `offset` have
    /// always had it (see `Rect.plainJSON`).
    var plainJSON: JSONValue { .object(["x": .number(x), "y": .number(y)]) }
}

extension Orientation {
    /// True when the screen's width and height swap.
    var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}
