import JSON

/// W3C input action sequences for what a user does with a pointer and a keyboard, in viewport CSS pixels.
///
/// Each is one `POST /actions`: the pointer moves to the point and acts there, so the browser hit-tests the
/// touch as it would a person's click (the element on top receives it), which a script's `el.click()` does not.
public enum InputActions {
    /// A mouse pointer (WebDriver's default), or a finger on a touch screen (Appium).
    public enum PointerKind: String, Sendable {
        case mouse, touch
    }

    /// A point in viewport coordinates.
    public struct Point: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    private static func move(_ point: Point, milliseconds: Int = 0) -> JSONValue {
        .object([
            "type": .string("pointerMove"), "duration": .integer(Int64(milliseconds)), "origin": .string("viewport"),
            "x": .integer(Int64(point.x.rounded())), "y": .integer(Int64(point.y.rounded())),
        ])
    }

    private static let down: JSONValue = .object(["type": .string("pointerDown"), "button": .integer(0)])
    private static let up: JSONValue = .object(["type": .string("pointerUp"), "button": .integer(0)])

    private static func pause(_ milliseconds: Int) -> JSONValue {
        .object(["type": .string("pause"), "duration": .integer(Int64(milliseconds))])
    }

    private static func pointer(_ kind: PointerKind, _ steps: [JSONValue]) -> [JSONValue] {
        [
            .object([
                "type": .string("pointer"), "id": .string(kind == .mouse ? "mouse" : "finger"),
                "parameters": .object(["pointerType": .string(kind.rawValue)]), "actions": .array(steps),
            ])
        ]
    }

    /// Moves to `point` and clicks (taps).
    public static func tap(at point: Point, kind: PointerKind = .mouse) -> [JSONValue] {
        pointer(kind, [move(point), down, up])
    }

    /// Two taps in quick succession.
    public static func doubleTap(at point: Point, kind: PointerKind = .mouse) -> [JSONValue] {
        pointer(kind, [move(point), down, up, pause(40), down, up])
    }

    /// Presses at `point` for `seconds`, then lets go.
    public static func touchAndHold(at point: Point, seconds: Double, kind: PointerKind = .mouse) -> [JSONValue] {
        pointer(kind, [move(point), down, pause(Int(seconds * 1000)), up])
    }

    /// Presses at `from`, moves to `to` over `milliseconds`, lets go: a swipe or a drag.
    public static func drag(from: Point, to: Point, milliseconds: Int, kind: PointerKind = .mouse) -> [JSONValue] {
        pointer(kind, [move(from), down, pause(50), move(to, milliseconds: milliseconds), up])
    }

    /// Moves the pointer to `point` without pressing: a hover.
    public static func hover(at point: Point) -> [JSONValue] {
        pointer(.mouse, [move(point)])
    }

    /// Presses and releases keys: `keys` are W3C key values (`KeyNames.value(of:)`); modifiers are held around the
    /// last key (`Control+a`).
    public static func press(_ keys: [String]) -> [JSONValue] {
        guard let last = keys.last else { return [] }
        let modifiers = keys.dropLast()
        var steps: [JSONValue] = modifiers.map { .object(["type": .string("keyDown"), "value": .string($0)]) }
        steps.append(.object(["type": .string("keyDown"), "value": .string(last)]))
        steps.append(.object(["type": .string("keyUp"), "value": .string(last)]))
        steps += modifiers.reversed().map { .object(["type": .string("keyUp"), "value": .string($0)]) }
        return [.object(["type": .string("key"), "id": .string("keyboard"), "actions": .array(steps)])]
    }

    /// Types `text` character by character (`\n` is Enter, `\b` Backspace), as Frankly's keyboard does.
    public static func type(_ text: String) -> [JSONValue] {
        var steps: [JSONValue] = []
        for character in text {
            let value: String
            switch character {
            case "\n", "\r\n": value = KeyNames.enter
            case "\u{8}": value = KeyNames.backspace
            case "\t": value = KeyNames.tab
            default: value = String(character)
            }
            steps.append(.object(["type": .string("keyDown"), "value": .string(value)]))
            steps.append(.object(["type": .string("keyUp"), "value": .string(value)]))
        }
        return [.object(["type": .string("key"), "id": .string("keyboard"), "actions": .array(steps)])]
    }
}
