import Frankly
import JSON

/// Why a touch could not land where Frank asked: the whole /map answer becomes an ERROR with this text.
struct TouchError: Error, CustomStringConvertible {
    var description: String
}

extension SimView {
    /// UIKit's hitTest:withEvent: on screen coordinates: hidden, transparent and non-interactive views are skipped
    /// with their subviews, scroll views and windows clip, and the frontmost subview wins.
    func hitTest(_ point: Point) -> SimView? {
        guard !isHidden, alpha >= 0.01, isUserInteractionEnabled || isKind(UIKitClass.window) else { return nil }
        let onScreen = accessibilityFrame
        if clipsToBounds && !onScreen.contains(point) { return nil }
        for child in children.reversed() {
            if let hit = child.hitTest(point) { return hit }
        }
        guard onScreen.contains(point), isUserInteractionEnabled else { return nil }
        return self
    }
}

extension SimulatedApp {
    /// The view that would receive a touch at a screen point: the frontmost window's deepest hit.
    func hitTest(_ point: Point) -> SimView? {
        for window in windows.sorted(by: { $0.windowLevel > $1.windowLevel }) {
            if let hit = window.hitTest(point) { return hit }
        }
        return nil
    }

    /// Checks that a touch at `point` reaches `view`, as Frank's touch does before it synthesises the event, and
    /// returns the view that receives it. The touch lands when the receiver is the view, one of its subviews, or
    /// (for a view that ignores touches itself, like a label in a cell) an ancestor that takes it.
    func touchTarget(for view: SimView, at point: Point) throws -> SimView {
        guard view.window != nil else {
            throw TouchError(description: "\(view.summary) is not in a window")
        }
        guard device.bounds.contains(point) else {
            throw TouchError(description: "the point (\(format(point.x)), \(format(point.y))) of \(view.summary) is outside the window")
        }
        guard let receiver = hitTest(point) else {
            throw TouchError(description: "nothing at (\(format(point.x)), \(format(point.y))) would receive a touch on \(view.summary)")
        }
        if receiver === view || receiver.ancestors.contains(where: { $0 === view }) { return receiver }
        let passesThrough = !view.isUserInteractionEnabled && view.isVisible
            && view.ancestors.contains(where: { $0 === receiver }) && !receiver.isKind(UIKitClass.window)
            && !receiver.isKind(UIKitClass.dimmingView)
        if passesThrough && !view.isHidden { return receiver }
        var why = ""
        if !view.isVisible { why = " (it is hidden or transparent)" } else if !view.isUserInteractionEnabled { why = " (it ignores touches)" }
        throw TouchError(description: "\(view.summary) cannot be touched\(why): the touch at (\(format(point.x)), \(format(point.y))) would be received by \(receiver.summary)")
    }

    /// Delivers a touch to the view that received it: text fields take focus, switches toggle, a segment selects
    /// itself in its segmented control, alert buttons dismiss their alert, the back button pops; then the nearest `on_touch` up the tree runs (disabled
    /// controls do nothing).
    func deliverTouch(to receiver: SimView) throws {
        let chain = [receiver] + receiver.ancestors
        if let control = chain.first(where: { $0.isKind(UIKitClass.control) }), !control.isEnabled { return }
        if receiver.isKind(UIKitClass.textField) {
            focus(receiver)
        } else if receiver.isKind(UIKitClass.switchControl) {
            receiver.isOn.toggle()
            try receiver.behaviours["change"]?.run(receiver, [.bool(receiver.isOn)])
            return
        } else if receiver.isKind(UIKitClass.segment), let control = receiver.parent,
            control.isKind(UIKitClass.segmentedControl)
        {
            // A segment selects itself; `on_change` gets its position (from 1) and title, as a drop-down would.
            let index = control.segments.firstIndex { $0 === receiver } ?? 0
            guard Int(control.value) != index else { return }
            control.value = Double(index)
            try control.behaviours["change"]?.run(
                control, [.integer(Int64(index + 1)), receiver.accessibilityLabel.map(JSONValue.string) ?? .null])
            return
        } else if receiver.isKind(UIKitClass.alertButton) {
            dismissAlert()
        } else if receiver.isKind(UIKitClass.navigationItemButtonView) {
            try pop()
            return
        }
        if let handler = chain.first(where: { $0.behaviours["touch"] != nil }) {
            try handler.behaviours["touch"]?.run(handler, [])
        }
    }
}

/// Numbers in messages: `12` rather than `12.0`.
func format(_ number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
}
