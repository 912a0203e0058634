import Frankly
import JSON

extension WebApp {
    /// `POST /map`: the views `query` selects, each sent `method`; reading methods answer from the dump, acting
    /// ones act through WebDriver as a user would. A view that cannot take an action (covered, hidden, disabled)
    /// fails the whole request, as in Frank.
    public func map(_ query: String, method: String, arguments: [JSONValue]) throws -> [JSONValue] {
        let (views, windows) = try select(query)
        defer { withExtendedLifetime(windows) {} }
        var results: [JSONValue] = []
        for view in views {
            do {
                results.append(try perform(method, arguments, on: view))
            } catch let error as FranklyError {
                throw error
            } catch {
                throw FranklyError.operationFailed(method: method, details: "\(error)")
            }
        }
        return results
    }

    private func perform(_ method: String, _ arguments: [JSONValue], on view: DumpView) throws -> JSONValue {
        if view.uid == PageTree.acceptUID || view.uid == PageTree.dismissUID, Self.touches.contains(method) {
            try session.closeAlert(accept: view.uid == PageTree.acceptUID)
            return .bool(true)
        }
        switch method {
        case OperationCatalog.touch.selector:
            try tap(view)
        case OperationCatalog.forcedTouch.selector:
            try tap(view, hitTest: false)
        case OperationCatalog.touchPoint.selector:
            let frame = try self.frame(of: view)
            let point = InputActions.Point(
                x: frame.origin.x + (try number(arguments, 0, method)), y: frame.origin.y + (try number(arguments, 1, method)))
            try session.perform(InputActions.tap(at: point, kind: pointerKind))
        case OperationCatalog.doubleTap.selector:
            try session.perform(InputActions.doubleTap(at: try touchPoint(view), kind: pointerKind))
        case OperationCatalog.touchAndHold.selector:
            let seconds = min(max(try number(arguments, 0, method), 0), 60)
            try session.perform(InputActions.touchAndHold(at: try touchPoint(view), seconds: seconds, kind: pointerKind))
        case OperationCatalog.swipe.selector:
            try swipe(view, direction: arguments.first?.stringValue?.lowercased() ?? "")
        case OperationCatalog.drag.selector:
            let from = try touchPoint(view)
            let to = InputActions.Point(x: try number(arguments, 0, method), y: try number(arguments, 1, method))
            try session.perform(InputActions.drag(from: from, to: to, milliseconds: 300, kind: pointerKind))
        case OperationCatalog.canTouch.selector:
            return .bool((try? touchPoint(view)) != nil)
        case Self.hover:
            try session.perform(InputActions.hover(at: try touchPoint(view)))
        case OperationCatalog.setText.selector:
            try focus(view, replace: true)
            let text = arguments.first?.stringValue ?? ""
            // The selection is typed over; with nothing to type, Backspace clears it.
            try session.perform(InputActions.type(text.isEmpty ? "\u{8}" : text))
            return .null
        case OperationCatalog.setOn.selector, OperationCatalog.setOnAnimated.selector:
            let wanted = arguments.first?.franklyBool ?? false
            if view.node.isOn != wanted { try tap(view) }
            return .null
        case OperationCatalog.dragThumb.selector:
            // Frank's value is in the slider's own range; the page script takes the fraction of it.
            let value = try number(arguments, 0, method)
            let low = view.attributes["minimumValue"]?.doubleValue ?? 0
            let high = view.attributes["maximumValue"]?.doubleValue ?? 1
            let fraction = high > low ? min(max((value - low) / (high - low), 0), 1) : 0
            try check(page("f.setValue(arguments[0], arguments[1])", [.string(view.uid), .number(fraction)]))
        case OperationCatalog.scrollToTop.selector, OperationCatalog.scrollToBottom.selector:
            let whereTo = method == OperationCatalog.scrollToTop.selector ? "top" : "bottom"
            try check(page("f.scroll(arguments[0], arguments[1])", [.string(view.uid), .string(whereTo)]))
            return .null
        case OperationCatalog.fexAccessibilityLabel.selector:
            return view.perform(OperationCatalog.accessibilityLabel.selector, arguments: []).value
        case OperationCatalog.fexAccessibilityFrame.selector:
            return view.node.accessibilityFrame?.json ?? .null
        case OperationCatalog.isFullyWithinWindow.selector:
            guard let frame = view.node.accessibilityFrame else { return .bool(false) }
            // The viewport the dump just read: the run's size, or a phone's after set_orientation.
            let (origin, extent) = (frame.origin, frame.size)
            return .bool(origin.x >= 0 && origin.y >= 0 && origin.x + extent.width <= viewport.width
                && origin.y + extent.height <= viewport.height)
        default:
            return view.perform(method, arguments: arguments).value
        }
        return .bool(true)
    }

    /// fscript's hover, a `/map` operation like Frank's touch (`app:hover(sel)`).
    public static let hover = "FEX_hover"

    /// The methods that touch, for a native dialog's buttons.
    static let touches: Set<String> = [
        OperationCatalog.touch.selector, OperationCatalog.forcedTouch.selector, OperationCatalog.doubleTap.selector,
        OperationCatalog.touchPoint.selector,
    ]

    /// Clicks the view's centre after the page script scrolled it into view and hit-tested it.
    private func tap(_ view: DumpView, hitTest: Bool = true) throws {
        let point = hitTest ? try touchPoint(view) : centre(of: try frame(of: view))
        try session.perform(InputActions.tap(at: point, kind: pointerKind))
    }

    /// The point a touch on `view` lands at, in viewport pixels; throws why it cannot land (the view left the page,
    /// is hidden or disabled, or another element covers it, named).
    func touchPoint(_ view: DumpView) throws -> InputActions.Point {
        if isNativeApp {
            // No page script on a phone: the page source's frame and flags decide, as UIKit's hit test would.
            guard view.isVisible else { throw TouchFailure(description: "\(Self.summary(view)) cannot be touched: hidden") }
            guard view.node.otherAttributes["isEnabled"]?.franklyBool != false else {
                throw TouchFailure(description: "\(Self.summary(view)) cannot be touched: disabled")
            }
            return centre(of: try frame(of: view))
        }
        let answer = try page("f.prepareTouch(arguments[0])", [.string(view.uid)])
        guard answer["ok"] == .bool(true), let x = answer["x"]?.doubleValue, let y = answer["y"]?.doubleValue else {
            let reason = answer["reason"]?.stringValue ?? "the page script did not say why"
            throw TouchFailure(description: "\(Self.summary(view)) cannot be touched: \(reason)")
        }
        return InputActions.Point(x: x, y: y)
    }

    private func frame(of view: DumpView) throws -> Rect {
        guard let frame = view.node.accessibilityFrame else {
            throw TouchFailure(description: "\(Self.summary(view)) has no frame")
        }
        return frame
    }

    private func centre(of frame: Rect) -> InputActions.Point {
        InputActions.Point(x: frame.center.x, y: frame.center.y)
    }

    /// Presses on the view and moves most of its size in `direction`, as a finger swipes.
    private func swipe(_ view: DumpView, direction: String) throws {
        let start = try touchPoint(view)
        let frame = try self.frame(of: view)
        let dx = max(frame.size.width * 0.4, 40), dy = max(frame.size.height * 0.4, 40)
        let offsets = ["left": (-dx, 0.0), "right": (dx, 0.0), "up": (0.0, -dy), "down": (0.0, dy)]
        guard let (x, y) = offsets[direction] else {
            throw FranklyError.invalidArguments("swipeInDirection: takes left, right, up or down, got '\(direction)'")
        }
        // Kept inside the viewport: WebDriver refuses a pointer move beyond it (a view taller than the window).
        let end = InputActions.Point(
            x: min(max(start.x + x, 1), viewport.width - 1), y: min(max(start.y + y, 1), viewport.height - 1))
        try session.perform(InputActions.drag(from: start, to: end, milliseconds: 200, kind: pointerKind))
    }

    /// Focuses a text input, its content selected when `replace`, so typing replaces it as a user's would.
    func focus(_ view: DumpView, replace: Bool) throws {
        _ = try touchPoint(view)
        try check(page("f.focus(arguments[0], arguments[1])", [.string(view.uid), .bool(replace)]))
    }

    /// Throws the page script's reason when its answer is not `{ok: true}`.
    private func check(_ answer: JSONValue) throws {
        guard answer["ok"] == .bool(true) else {
            throw TouchFailure(description: answer["reason"]?.stringValue ?? "the page script refused")
        }
    }

    private func number(_ arguments: [JSONValue], _ index: Int, _ method: String) throws -> Double {
        guard index < arguments.count, let value = arguments[index].doubleValue, value.isFinite else {
            throw FranklyError.invalidArguments("argument \(index + 1) of \(method) must be a finite number")
        }
        return value
    }

    /// `UIButton 'Save' (button#save)`.
    static func summary(_ view: DumpView) -> String {
        var text = view.className
        if let label = view.node.accessibilityLabel, !label.isEmpty { text += " '\(label.prefix(60))'" }
        if let tag = view.attributes["tagName"]?.stringValue {
            let id = view.attributes["accessibilityIdentifier"]?.stringValue.map { "#\($0)" } ?? ""
            text += " (\(tag)\(id))"
        }
        return text
    }
}

/// Why a touch cannot land, in the simulator's words.
struct TouchFailure: Error, CustomStringConvertible {
    var description: String
}

extension ShelleyMethodResult {
    /// The `/map` result: `null` for a view without the method.
    var value: JSONValue {
        switch self {
        case .notUnderstood: return .null
        case .value(let value): return value
        }
    }
}
