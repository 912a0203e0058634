import Frankly
import JSON
import Platform

/// A `/map` operation failed on one view: the touch could not land, an argument had the wrong type, or app code
/// raised. The route turns it into the whole response's ERROR.
struct OperationError: Error, CustomStringConvertible {
    var description: String
}

extension SimView {
    /// Runs a Frankly operation on this view, as Frank's `MapOperationCommand` sends a selector to a UIView.
    /// Methods this view's class does not have are `.notUnderstood`; failures throw.
    func invoke(_ method: String, arguments: [JSONValue]) throws -> ShelleyMethodResult {
        guard let app else { return .notUnderstood }
        func number(_ index: Int) throws -> Double {
            guard let value = arguments[index].doubleValue ?? arguments[index].stringValue.flatMap(Double.init) else {
                throw OperationError(description: "argument \(index + 1) of \(method) must be a number, got \(arguments[index].jsonString)")
            }
            return value
        }
        // Every number an operation takes is checked here, before it becomes a point, an index or a duration.
        func coordinate(_ index: Int) throws -> Double {
            try CheckedNumber.coordinate(try number(index), "argument \(index + 1) of \(method)")
        }
        func whole(_ index: Int) throws -> Int {
            try CheckedNumber.whole(try number(index), "argument \(index + 1) of \(method)", in: 0...1_000_000)
        }
        func result(_ value: JSONValue) -> ShelleyMethodResult { .value(value) }
        do {
            switch method {
            case "touch":
                let receiver = try app.touchTarget(for: self, at: accessibilityFrame.center)
                try app.deliverTouch(to: receiver)
                return result(.bool(true))
            case "FEX_forcedTouch":
                guard window != nil else { throw TouchError(description: "\(summary) is not in a window") }
                try app.deliverTouch(to: self)
                return result(.bool(true))
            case "touchx:y:":
                let frame = accessibilityFrame
                let point = Point(x: frame.x + (try coordinate(0)), y: frame.y + (try coordinate(1)))
                try app.deliverTouch(to: try app.touchTarget(for: self, at: point))
                return result(.bool(true))
            case "doubleTap":
                let receiver = try app.touchTarget(for: self, at: accessibilityFrame.center)
                try app.deliverTouch(to: receiver)
                if receiver.window != nil { try app.deliverTouch(to: receiver) }
                return result(.bool(true))
            case "touchAndHold:":
                let seconds = try CheckedNumber.seconds(try number(0), "argument 1 of \(method)")
                let receiver = try app.touchTarget(for: self, at: accessibilityFrame.center)
                if let hold = ([receiver] + receiver.ancestors).first(where: { $0.behaviours["hold"] != nil }) {
                    try hold.behaviours["hold"]?.run(hold, [.number(seconds)])
                } else {
                    try app.deliverTouch(to: receiver)
                }
                return result(.bool(true))
            case "swipeInDirection:":
                guard let direction = arguments[0].stringValue?.lowercased(),
                    ["left", "right", "up", "down"].contains(direction)
                else {
                    throw OperationError(description: "swipeInDirection: takes left, right, up or down, got \(arguments[0].jsonString)")
                }
                _ = try app.touchTarget(for: self, at: accessibilityFrame.center)
                if let scroller = ([self] + ancestors).first(where: { $0.isKind("UIScrollView") }) {
                    let page = scroller.frame.height * 0.8
                    let delta = direction == "up" ? page : direction == "down" ? -page : 0
                    scroller.contentOffset.y = min(max(scroller.contentOffset.y + delta, 0), app.maxScrollOffset(of: scroller))
                }
                if let swipe = ([self] + ancestors).first(where: { $0.behaviours["swipe"] != nil }) {
                    try swipe.behaviours["swipe"]?.run(swipe, [.string(direction)])
                }
                return result(.bool(true))
            case "FEX_dragWithInitialDelayToX:y:":
                let target = Point(x: try coordinate(0), y: try coordinate(1))
                _ = try app.touchTarget(for: self, at: accessibilityFrame.center)
                if isKind("UISlider") {
                    let frame = accessibilityFrame
                    let fraction = min(max((target.x - frame.x) / max(frame.width, 1), 0), 1)
                    try changeSlider(to: minimumValue + fraction * (maximumValue - minimumValue))
                }
                return result(.null)
            case "FEX_canTouch":
                return result(.bool((try? app.touchTarget(for: self, at: accessibilityFrame.center)) != nil))
            case "FEX_isVisible":
                return result(.bool(isVisible && window != nil))
            case "FEX_isFullyWithinWindow":
                let frame = accessibilityFrame
                return result(.bool(frame.intersection(app.device.bounds) == frame))
            case "FEX_accessibilityLabel", "accessibilityLabel":
                return result(accessibilityLabel.map(JSONValue.string) ?? .null)
            case "accessibilityIdentifier":
                return result(id.map(JSONValue.string) ?? .null)
            case "FEX_accessibilityFrame", "accessibilityFrame":
                return result(accessibilityFrame.json)
            case "FEX_scrollToTop":
                guard isKind("UIScrollView") else { return .notUnderstood }
                contentOffset.y = 0
                return result(.null)
            case "FEX_scrollToBottom":
                guard isKind("UIScrollView") else { return .notUnderstood }
                contentOffset.y = app.maxScrollOffset(of: self)
                return result(.null)
            case "FEX_scrollToRow:inSection:":
                guard isKind("UITableView") else { return .notUnderstood }
                let row = try whole(0), section = try whole(1)
                guard sections.indices.contains(section), sections[section].indices.contains(row) else {
                    throw OperationError(description: "\(summary) has no row \(row) in section \(section)")
                }
                let y = Double(sections[..<section].reduce(0) { $0 + $1.count } + row) * 44
                if y < contentOffset.y {
                    contentOffset.y = y
                } else if y + 44 > contentOffset.y + frame.height {
                    contentOffset.y = min(y + 44 - frame.height, app.maxScrollOffset(of: self))
                }
                return result(.null)
            case "FEX_dragThumbToValue:":
                guard isKind("UISlider") else { return .notUnderstood }
                try changeSlider(to: try CheckedNumber.finite(try number(0), "argument 1 of \(method)", in: -1e12...1e12))
                return result(.null)
            case "text":
                guard isKind("UILabel") || isKind("UITextField") || isKind("UITextView") else { return .notUnderstood }
                return result(text.map(JSONValue.string) ?? .null)
            case "setText:":
                guard isKind("UILabel") || isKind("UITextField") || isKind("UITextView") else { return .notUnderstood }
                text = arguments[0].stringValue ?? (arguments[0] == .null ? nil : arguments[0].jsonString)
                return result(.null)
            case "placeholder":
                guard isKind("UITextField") else { return .notUnderstood }
                return result(placeholder.map(JSONValue.string) ?? .null)
            case "isOn":
                guard isKind("UISwitch") else { return .notUnderstood }
                return result(.bool(isOn))
            case "setOn:", "setOn:animated:":
                guard isKind("UISwitch") else { return .notUnderstood }
                isOn = arguments[0].franklyBool ?? (arguments[0].doubleValue.map { $0 != 0 } ?? false)
                return result(.null)
            case "isHidden": return result(.bool(isHidden))
            case "setHidden:":
                isHidden = arguments[0].franklyBool ?? false
                return result(.null)
            case "isEnabled":
                guard isKind("UIControl") || isKind("UILabel") else { return .notUnderstood }
                return result(.bool(isEnabled))
            case "isUserInteractionEnabled": return result(.bool(isUserInteractionEnabled))
            case "alpha": return result(.number(alpha))
            case "frame": return result(frame.json)
            case "tag": return result(.integer(Int64(tag)))
            case "title":
                guard isKind("UIAlertView") || isKind("UIActionSheet") || isKind("UIButton") || isKind("UINavigationItemView") else {
                    return .notUnderstood
                }
                return result((title ?? accessibilityLabelValue).map(JSONValue.string) ?? .null)
            case "currentTitle":
                guard isKind("UIButton") else { return .notUnderstood }
                return result(title.map(JSONValue.string) ?? .null)
            case "message":
                guard isKind("UIAlertView") else { return .notUnderstood }
                return result(message.map(JSONValue.string) ?? .null)
            case "isAnimating":
                return result(.bool(isAnimating))
            case "progress":
                guard isKind("UIProgressView") else { return .notUnderstood }
                return result(.number(progress ?? 0))
            case "value":
                guard isKind("UISlider") else { return .notUnderstood }
                return result(.number(value))
            case "minimumValue":
                guard isKind("UISlider") else { return .notUnderstood }
                return result(.number(minimumValue))
            case "maximumValue":
                guard isKind("UISlider") else { return .notUnderstood }
                return result(.number(maximumValue))
            case "contentOffset":
                guard isKind("UIScrollView") else { return .notUnderstood }
                return result(contentOffset.json)
            case "isSelected":
                guard isKind("UISegment"), let control = parent else { return result(.bool(false)) }
                return result(.bool(control.segments.firstIndex { $0 === self } == Int(control.value)))
            case "selectedSegmentIndex":
                guard isKind("UISegmentedControl") else { return .notUnderstood }
                return result(.integer(Int64(value)))
            case "setSelectedSegmentIndex:":
                guard isKind("UISegmentedControl") else { return .notUnderstood }
                let index = try CheckedNumber.whole(
                    arguments[0].doubleValue ?? .nan, "the segment index", in: 0...max(segments.count - 1, 0))
                value = Double(index)
                return result(.null)
            case "numberOfSegments":
                guard isKind("UISegmentedControl") else { return .notUnderstood }
                return result(.integer(Int64(segments.count)))
            case "titleForSegmentAtIndex:":
                guard isKind("UISegmentedControl") else { return .notUnderstood }
                let index = try CheckedNumber.whole(
                    arguments[0].doubleValue ?? .nan, "the segment index", in: 0...max(segments.count - 1, 0))
                return result(segments[index].accessibilityLabel.map(JSONValue.string) ?? .null)
            case "isFirstResponder": return result(.bool(app.focusedField === self))
            case "class", "className": return result(.string(className))
            default:
                return performShelleyBuiltin(method, arguments: arguments) ?? .notUnderstood
            }
        } catch let error as TouchError {
            throw OperationError(description: error.description)
        } catch let error as CheckedNumber.Failure {
            throw OperationError(description: error.description)
        } catch let error as OperationError {
            throw error
        } catch {
            throw OperationError(description: "\(error)")
        }
    }

    /// Sets a slider the way a drag would: clamped to its range, then `on_change` with the new value.
    private func changeSlider(to newValue: Double) throws {
        value = min(max(newValue, minimumValue), maximumValue)
        try behaviours["change"]?.run(self, [.number(value)])
    }
}
