extension OperationCatalog {
    /// Touches and gestures, and the checks that tell whether one would land.
    public static let touching: [OperationDescriptor] = [
        touch, forcedTouch, touchPoint, doubleTap, touchAndHold, swipe, drag, canTouch,
    ]

    /// Taps the view's centre after a hit test: it fails when another view would receive the touch.
    public static let touch = OperationDescriptor("touch", effect: .acts, result: .bool, luaName: "touch")
    /// Taps without a hit test.
    public static let forcedTouch = OperationDescriptor(
        "FEX_forcedTouch", effect: .acts, result: .bool, luaName: "forced_touch")
    /// Taps a point relative to the view's top-left corner.
    public static let touchPoint = OperationDescriptor(
        "touchx:y:", ["x", "y"], effect: .acts, result: .bool, luaName: "touch_point")
    /// Two taps at the centre.
    public static let doubleTap = OperationDescriptor("doubleTap", effect: .acts, result: .bool, luaName: "double_tap")
    /// A long press, in seconds.
    public static let touchAndHold = OperationDescriptor(
        "touchAndHold:", ["seconds"], effect: .acts, result: .bool, luaName: "touch_and_hold")
    /// A swipe: left, right, up or down.
    public static let swipe = OperationDescriptor(
        "swipeInDirection:", ["direction"], effect: .acts, result: .bool, luaName: "swipe")
    /// The directions `swipe` takes, in Frank's words: one list the server, the `app:swipe` binding and the
    /// inspector check a direction against, so none of them accepts one the others refuse.
    public static let swipeDirections = ["left", "right", "up", "down"]
    /// A drag from the centre to a screen point (a slider's thumb follows it).
    public static let drag = OperationDescriptor(
        "FEX_dragWithInitialDelayToX:y:", ["x", "y"], effect: .acts, result: .void, luaName: "drag")
    /// Whether a touch at the centre would land on the view.
    public static let canTouch = OperationDescriptor(
        "FEX_canTouch", effect: .reads, result: .bool, luaName: "can_touch")
}
