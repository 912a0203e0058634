import Frankly
import HTTPCore
import JSON
import Platform

extension SimulatorOperations {
    /// Touches and gestures: each hit tests first, as UIKit would, unless it is the forced touch.
    static let touching: [(OperationDescriptor, OperationHandler)] = [
        (OperationCatalog.touch, { call in
            try call.app.deliverTouch(to: try call.app.touchTarget(for: call.view, at: call.centre))
            return .bool(true)
        }),
        (OperationCatalog.forcedTouch, { call in
            guard call.view.window != nil else {
                throw TouchError(description: "\(call.view.summary) is not in a window")
            }
            try call.app.deliverTouch(to: call.view)
            return .bool(true)
        }),
        (OperationCatalog.touchPoint, { call in
            let frame = call.view.accessibilityFrame
            let point = Point(x: frame.x + (try call.coordinate(0)), y: frame.y + (try call.coordinate(1)))
            try call.app.deliverTouch(to: try call.app.touchTarget(for: call.view, at: point))
            return .bool(true)
        }),
        (OperationCatalog.doubleTap, { call in
            let receiver = try call.app.touchTarget(for: call.view, at: call.centre)
            try call.app.deliverTouch(to: receiver)
            // The first tap may have closed the screen the view was on: the second one has nothing to land on.
            if receiver.window != nil { try call.app.deliverTouch(to: receiver) }
            return .bool(true)
        }),
        (OperationCatalog.touchAndHold, touchAndHold),
        (OperationCatalog.swipe, swipe),
        (OperationCatalog.drag, { call in
            let target = Point(x: try call.coordinate(0), y: try call.coordinate(1))
            _ = try call.app.touchTarget(for: call.view, at: call.centre)
            if call.view.isKind(UIKitClass.slider) {
                let frame = call.view.accessibilityFrame
                let fraction = min(max((target.x - frame.x) / max(frame.width, 1), 0), 1)
                try call.view.changeSlider(
                    to: call.view.minimumValue + fraction * (call.view.maximumValue - call.view.minimumValue))
            }
            return .null
        }),
        (OperationCatalog.canTouch, { call in
            .bool((try? call.app.touchTarget(for: call.view, at: call.centre)) != nil)
        }),
    ]

    /// A long press runs the nearest `hold` behaviour; without one it is a plain touch.
    private static func touchAndHold(_ call: OperationCall) throws -> JSONValue {
        let seconds = try CheckedNumber.seconds(try call.number(0), "argument 1 of \(call.method)")
        let receiver = try call.app.touchTarget(for: call.view, at: call.centre)
        if let hold = ([receiver] + receiver.ancestors).first(where: { $0.behaviours["hold"] != nil }) {
            try hold.behaviours["hold"]?.run(hold, [.number(seconds)])
        } else {
            try call.app.deliverTouch(to: receiver)
        }
        return .bool(true)
    }

    /// A swipe scrolls the nearest scroll view by most of a page, then runs the nearest `swipe` behaviour.
    private static func swipe(_ call: OperationCall) throws -> JSONValue {
        guard let direction = call.arguments[0].stringValue?.lowercased(),
            OperationCatalog.swipeDirections.contains(direction)
        else {
            throw OperationError(
                description: "swipeInDirection: takes left, right, up or down, got \(call.arguments[0].jsonString)")
        }
        _ = try call.app.touchTarget(for: call.view, at: call.centre)
        let chain = [call.view] + call.view.ancestors
        if let scroller = chain.first(where: { $0.isKind(UIKitClass.scrollView) }) {
            let page = scroller.frame.height * 0.8
            let delta = direction == "up" ? page : direction == "down" ? -page : 0
            scroller.contentOffset.y = min(
                max(scroller.contentOffset.y + delta, 0), call.app.maxScrollOffset(of: scroller))
        }
        if let swiped = chain.first(where: { $0.behaviours["swipe"] != nil }) {
            try swiped.behaviours["swipe"]?.run(swiped, [.string(direction)])
        }
        return .bool(true)
    }
}
