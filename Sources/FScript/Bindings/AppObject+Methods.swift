import Frankly
import JSON
import LuaJSON
import LuaKit

#if canImport(Glibc)
import Glibc
#endif
import Platform

extension AppObject {
    /// The orientation names `set_orientation` accepts, FRANKLY.md's four detailed names.
    static let orientations = ["portrait", "portrait_upside_down", "landscape_left", "landscape_right"]
    /// How many swipes `scroll_to` tries before it gives up.
    static let scrollAttempts = 50

    /// The Lua class: every method of DESIGN.md's `app`, plus `app.url`.
    static var luaClass: LuaClass<AppObject> {
        LuaClass(
            methods: targetMethods.merging(reported(gestureMethods)) { first, _ in first }
                .merging(reported(locationMethods)) { first, _ in first }
                .merging(reported(inputMethods)) { first, _ in first },
            description: { app in "frank.App(\(app.displayURL))" },
            index: { app, args in
                switch try args.value(1) {
                case "url": return args.result(try app.connector.client().baseURL)
                case "calls": return args.result(app.calls)
                case "down": return args.result(app.connector.down.map(LuaValue.string) ?? .nil)
                default: return args.result(LuaValue.nil)
                }
            }
        )
    }

    /// The methods that touch, swipe, slide and type: each sends a catalog operation to the matched views.
    private static var gestureMethods: [String: LuaClass<AppObject>.Method] {
        [
            "touch": { app, args in
                let touched = try app.act(
                    "touch", try args.selector(1), method: OperationCatalog.touch.selector,
                    all: try args.actsOnAll(2))
                return args.result(touched.count)
            },
            "double_tap": { app, args in
                let selector = try args.selector(1)
                let results = try app.act(
                    "double_tap", selector, method: OperationCatalog.doubleTap.selector, all: try args.actsOnAll(2))
                return args.result(results.count)
            },
            "touch_and_hold": { app, args in
                let selector = try args.selector(1)
                let seconds = args.isNil(2)
                    ? 1.0 : try args.number(2, in: 0...CheckedNumber.maximumSeconds, expected: "number of seconds")
                let results = try app.act(
                    "touch_and_hold", selector, method: OperationCatalog.touchAndHold.selector,
                    arguments: [.number(seconds)], all: try args.actsOnAll(3))
                return args.result(results.count)
            },
            "swipe": { app, args in
                let selector = try args.selector(1)
                let direction = try args.string(2, expected: "direction")
                guard OperationCatalog.swipeDirections.contains(direction) else {
                    throw args.badArgument(2, "direction must be left, right, up or down, got '\(direction)'")
                }
                let results = try app.act(
                    "swipe", selector, method: OperationCatalog.swipe.selector, arguments: [.string(direction)],
                    all: try args.actsOnAll(3))
                return args.result(results.count)
            },
            "drag": { app, args in try app.drag(args) },
            "scroll_to": { app, args in try app.scrollTo(args) },
            "set_slider": { app, args in
                let selector = try args.selector(1)
                let value = try args.number(2, in: -1e12...1e12)
                let results = try app.act(
                    "set_slider", selector, method: OperationCatalog.dragThumb.selector,
                    arguments: [.number(value)],
                    all: try args.actsOnAll(3))
                return args.result(results.count)
            },
            "type_into": { app, args in
                let selector = try args.selector(1)
                let text = try args.string(2)
                let (all, replace) = try args.typingOptions(3)
                try app.act("type_into", selector, method: OperationCatalog.touch.selector, all: all)
                // Replacing clears the field first, as a user selects its text and types over it.
                if replace { try app.act("type_into", selector, method: OperationCatalog.setText.selector, arguments: [.string("")], all: all) }
                try app.call("type_into") { try $0.typeIntoKeyboard(text) }
                return .none
            },
            "type": { app, args in
                let text = try args.string(1)
                try app.call("type") { try $0.typeIntoKeyboard(text) }
                return .none
            },
        ]
    }

    /// The methods that ask the target or wait on it.
    private static var targetMethods: [String: LuaClass<AppObject>.Method] {
        [
            "dump": { app, args in
                try app.call("dump") { try $0.dump { text in try LuaJSON.push(parsing: text, on: args.L) } }
                return .pushed(1)
            },
            "map": { app, args in
                let selector = try args.selector(1)
                let (method, arguments) = try args.operation(from: 2)
                let results = try app.map(selector.text, method, arguments, operation: "map")
                return args.result(LuaJSONResult(value: .array(results)))
            },
            "simulate_memory_warning": { app, args in
                guard try app.call("simulate_memory_warning", { try $0.simulateMemoryWarning() }) else {
                    throw FrankError(
                        "simulate_memory_warning: \(app.displayURL) cannot simulate a memory warning (a Frank server "
                            + "has no endpoint for it; Frank drove the iOS Simulator's Hardware menu): give the app an "
                            + "app_exec method that posts UIApplicationDidReceiveMemoryWarningNotification and call "
                            + "that")
                }
                return .none
            },
            "lookup": { app, args in
                if args.typeName(1) == "table" {
                    return args.result(QueryObject(app: app, selector: try app.identified(args)))
                }
                return args.result(QueryObject(app: app, selector: try args.selector(1)))
            },
            "wait_for": { app, args in try app.waitFor(args) },
            "wait_for_absence": { app, args in try app.waitForAbsence(args) },
            "wait_until": { app, args in try app.waitUntil(args) },
            "wait_for_idle": { app, args in try app.waitForIdle(args) },
            "screenshot": { app, args in try app.screenshot(args) },
            "orientation": { app, args in
                args.result(try app.call("orientation") { try $0.orientation() }.detailedOrientation)
            },
            "set_orientation": { app, args in try app.setOrientation(args) },
            "app_exec": { app, args in
                let (method, arguments) = try args.operation(from: 1)
                let result = try app.call("app_exec") { try $0.appExec(method, arguments: arguments) }
                return args.result(LuaJSONResult(value: result))
            },
            "version": { app, args in args.result(try app.call("version") { try $0.version() }.version) },
            "device": { app, args in
                let device = try app.call("device") { try $0.device() }
                var table = LuaTable()
                table["device"] = .string(device.device)
                if let os = device.osVersion { table["os_version"] = .string(os) }
                return args.result(table)
            },
        ]
    }

    /// `app:set_orientation(name)`: one of the four detailed orientations, in any letter case.
    func setOrientation(_ args: LuaArgs) throws -> LuaReturn {
        let name = try args.string(1, expected: "orientation name")
        guard Self.orientations.contains(name.lowercased()) else {
            throw args.badArgument(
                1, "orientation must be portrait, portrait_upside_down, landscape_left or landscape_right, "
                    + "got '\(name)'")
        }
        try call("set_orientation") { try $0.setOrientation(name.lowercased()) }
        return .none
    }

    /// `app:drag(sel, {to = sel2})` or `{to = {x =, y =}}`: drags the first match to the centre of `sel2`'s first
    /// match, or to a screen point.
    func drag(_ args: LuaArgs) throws -> LuaReturn {
        let selector = try args.selector(1)
        let options = try args.table(2, expected: "options table")
        let point: (x: Double, y: Double)
        switch options["to"] {
        case .string(let text):
            let target: CheckedSelector
            do {
                target = CheckedSelector(text: text, parsed: try Selector(parsing: text))
            } catch {
                throw FrankError("drag: \(error)")
            }
            let frames = try map(text, OperationCatalog.fexAccessibilityFrame.selector, operation: "drag")
            guard let frame = frames.first else {
                throw FrankError(NoMatchDiagnosis(app: self).message(operation: "drag to", selector: target))
            }
            guard let x = frame["origin"]?["x"]?.doubleValue, let y = frame["origin"]?["y"]?.doubleValue,
                let width = frame["size"]?["width"]?.doubleValue, let height = frame["size"]?["height"]?.doubleValue
            else { throw FrankError("drag: the app gave no frame for \"\(text)\" (got \(frame.jsonString))") }
            point = (x + width / 2, y + height / 2)
        case .table(let table):
            guard let x = table["x"].doubleValue, let y = table["y"].doubleValue,
                abs(x) <= CheckedNumber.maximumCoordinate, abs(y) <= CheckedNumber.maximumCoordinate
            else {
                throw args.badArgument(2, "to must have numbers x and y from -1000000 to 1000000")
            }
            point = (x, y)
        case let other:
            throw args.badArgument(2, "to must be a selector or a point {x =, y =}, got \(other.luaShown)")
        }
        let results = try act(
            "drag", selector, method: OperationCatalog.drag.selector, arguments: [.number(point.x), .number(point.y)])
        return args.result(results.count)
    }

    /// `app:scroll_to(sel)`: scrolls the nearest scroll view holding the first match until the match can be
    /// touched, from the top down one swipe at a time; returns at once when it already can.
    func scrollTo(_ args: LuaArgs) throws -> LuaReturn {
        let selector = try args.selector(1)
        func touchable() throws -> [JSONValue] {
            try map(selector.text, OperationCatalog.canTouch.selector, operation: "scroll_to")
        }
        let first = try touchable()
        guard !first.isEmpty else {
            throw FrankError(NoMatchDiagnosis(app: self).message(operation: "scroll_to", selector: selector))
        }
        if first.contains(where: { $0.franklyBool == true }) { return .none }
        let scroller = selector.text + " parent view:'UIScrollView' first"
        guard !(try map(scroller, OperationCatalog.scrollToTop.selector, operation: "scroll_to")).isEmpty else {
            throw FrankError("scroll_to: \"\(selector.text)\" cannot be touched and is not inside a scroll view")
        }
        for _ in 0..<Self.scrollAttempts {
            if try touchable().contains(where: { $0.franklyBool == true }) { return .none }
            _ = try map(scroller, "swipeInDirection:", [.string("up")], operation: "scroll_to")
        }
        throw FrankError(
            "scroll_to: \"\(selector.text)\" did not come into view after \(Self.scrollAttempts) swipes")
    }

    /// `app:screenshot(path)`: the target's PNG written to `path` (returned); with no path, the PNG's bytes.
    func screenshot(_ args: LuaArgs) throws -> LuaReturn {
        let path = args.isNil(1) ? nil : try args.string(1, expected: "file path")
        let png = try ScreenshotSource(app: self).png()
        guard let path else { return args.result(LuaValue.bytes(png)) }
        // Whole or not at all: a full disk leaves no 0-byte picture.
        if let problem = FileSystem.writeFile(path, png) { throw FrankError("screenshot: \(problem)") }
        return args.result(path)
    }
}
