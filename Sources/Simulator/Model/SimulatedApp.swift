import Frankly
import HTTPCore
import NIOCore

/// The running simulated app: its windows, screen stack, alert, keyboard focus, animations and backend calls.
///
/// Everything here lives on the app's event loop, one thread, as UIKit lives on the main thread: HTTP routes
/// hop onto the loop to read or act, backend responses and timers hop back to it. Nothing is Sendable.
final class SimulatedApp {
    /// The screens pushed on the navigation stack: a screen's spec and its built root view.
    struct ScreenInstance {
        var spec: ScreenSpec
        var root: SimView
    }

    let spec: AppSpec
    let environment: [String: String]
    /// The app file this app was loaded from, kept for a relaunch that changes only the environment.
    var source: [UInt8] = []
    var chunkName = "app.lua"
    /// The Lua VM that runs the app's behaviours; the app keeps it alive.
    var runtime: AnyObject?
    let loop: any EventLoop
    let httpClient: HTTPClient
    var device = Device()
    /// The key window; the navigation bar, the top screen's view and an alert's dimming view are its subviews.
    private(set) var window: SimView!
    private(set) var navigationBar: SimView!
    var stack: [ScreenInstance] = []
    /// The dimming view that holds the alert on screen, when one is shown.
    var alertOverlay: SimView?
    /// The text field that has keyboard focus.
    weak var focusedField: SimView?
    var animations: [TimedAnimation] = []
    var requests: [InFlightRequest] = []
    /// Errors raised by behaviours that ran with nobody waiting for them (timers, backend responses).
    var backgroundErrors: [String] = []
    private var nextUID = 1
    var nextActivityID = 1
    /// Set when the app has quit (GET /exit).
    var hasExited = false
    /// Told when a timer or a backend answer changes what a client could see; set right after loading.
    var changes: ChangeFeed?

    init(spec: AppSpec, environment: [String: String], loop: any EventLoop, httpClient: HTTPClient) {
        self.spec = spec
        self.environment = environment
        self.loop = loop
        self.httpClient = httpClient
        window = makeView(className: "UIWindow", frame: device.bounds)
        window.isKeyWindow = true
        window.backgroundColor = .white
        navigationBar = makeView(className: "UINavigationBar", frame: .zero)
        navigationBar.backgroundColor = Color(red: 0.97, green: 0.97, blue: 0.97, alpha: 1)
    }

    /// Shows the first screen and runs `on_launch`; errors from app code come back to the caller.
    func launch() throws {
        if let onLaunch = spec.onLaunch { try onLaunch.run(nil, []) }
        try push(screenNamed: spec.firstScreen)
    }

    /// A fresh view with the next uid, its class chain resolved through the app's own classes.
    func makeView(className: String, frame: Rect) -> SimView {
        let view = SimView(
            uid: String(nextUID), className: className,
            classChain: UIKitClasses.chain(of: className, appClasses: spec.classes), frame: frame)
        nextUID += 1
        view.app = self
        return view
    }

    /// The app's windows, back to front: the key window only (alerts are drawn inside it).
    var windows: [SimView] { [window] }

    /// The view the author named `id` on screen now: alert first, then the top screen, then the bar.
    func view(withID id: String) -> SimView? {
        window.descendants.reversed().first { $0.id == id }
    }

    /// Finds a view by its dump uid anywhere in the windows.
    func view(withUID uid: String) -> SimView? {
        windows.flatMap { [$0] + $0.descendants }.first { $0.uid == uid }
    }

    /// Builds a view and its subviews from specs. Views without a frame stack top to bottom in their parent with
    /// 20-point margins, at a height that suits their class; a table without a frame takes the rest of the height.
    func build(_ viewSpec: ViewSpec, in bounds: Rect, cursor: inout Double) throws -> SimView {
        let view = makeView(className: viewSpec.className, frame: .zero)
        view.id = viewSpec.id
        view.behaviours = viewSpec.behaviours
        applyClassDefaults(view)
        for key in viewSpec.properties.keys.sorted() where key != "frame" {
            try view.setProperty(key, viewSpec.properties[key]!)
        }
        if let frame = viewSpec.properties["frame"] {
            try view.setProperty("frame", frame)
        } else {
            view.frame = defaultFrame(for: view, in: bounds, cursor: &cursor)
        }
        var childCursor = 20.0
        let inner = Rect(x: 0, y: 0, width: view.frame.width, height: view.frame.height)
        for child in viewSpec.children {
            view.addChild(try build(child, in: inner, cursor: &childCursor))
        }
        if view.isKind(UIKitClass.segmentedControl) { layOutSegments(of: view) }
        if view.isKind(UIKitClass.tableView) {
            view.sections = viewSpec.sections
            try reloadRows(of: view)
        }
        return view
    }

    /// A segmented control's segments side by side, equal widths, as UIKit draws them.
    private func layOutSegments(of control: SimView) {
        let segments = control.segments
        guard !segments.isEmpty else { return }
        let width = control.frame.width / Double(segments.count)
        for (index, segment) in segments.enumerated() {
            segment.frame = Rect(x: Double(index) * width, y: 0, width: width, height: control.frame.height)
        }
    }

    private func applyClassDefaults(_ view: SimView) {
        if view.kinds.contains(where: { !$0.takesTouches }) { view.isUserInteractionEnabled = false }
        if view.isKind(UIKitClass.button) { view.textColor = Color(red: 0, green: 0.48, blue: 1, alpha: 1) }
        if view.isKind(UIKitClass.tableView) { view.backgroundColor = .white }
    }

    private func defaultFrame(for view: SimView, in bounds: Rect, cursor: inout Double) -> Rect {
        let width = bounds.width - 40
        let size: (Double, Double)
        // The nearest class in the chain that says how big its views are.
        switch view.kinds.lazy.compactMap(\.defaultSize).first ?? .fullWidth(height: 44) {
        case .fillsRemainingScreen:
            let top = cursor > 20 ? cursor : 0
            cursor = bounds.height
            return Rect(x: 0, y: top, width: bounds.width, height: max(bounds.height - top, 0))
        case .fullWidth(let height): size = (width, height)
        case .fixed(let fixedWidth, let height): size = (fixedWidth, height)
        }
        let x = size.0 < width ? 20 + (width - size.0) / 2 : 20
        let frame = Rect(x: x, y: cursor, width: size.0, height: size.1)
        cursor += size.1 + 12
        return frame
    }

    /// Rebuilds a table's cells from its row specs: 44-point rows, sections one after the other.
    func reloadRows(of table: SimView) throws {
        table.removeAllChildren()
        var y = 0.0
        for (sectionIndex, section) in table.sections.enumerated() {
            for (rowIndex, row) in section.enumerated() {
                let cell = makeView(className: row.className, frame: Rect(x: 0, y: y, width: table.frame.width, height: 44))
                cell.id = row.id
                cell.behaviours = row.behaviours
                cell.backgroundColor = .white
                cell.tag = sectionIndex * 1000 + rowIndex
                var properties = row.properties
                let text = properties.removeValue(forKey: "text")
                let detail = properties.removeValue(forKey: "detail")
                for key in properties.keys.sorted() where key != "frame" {
                    try cell.setProperty(key, properties[key]!)
                }
                let content = makeView(className: "UITableViewCellContentView", frame: Rect(x: 0, y: 0, width: cell.frame.width, height: 44))
                content.isUserInteractionEnabled = true
                cell.addChild(content)
                if let text, text != .null {
                    let label = makeView(className: "UILabel", frame: Rect(x: 16, y: 11, width: cell.frame.width - 32, height: 22))
                    label.isUserInteractionEnabled = false
                    try label.setProperty("text", text)
                    content.addChild(label)
                }
                if let detail, detail != .null {
                    let label = makeView(className: "UILabel", frame: Rect(x: cell.frame.width - 136, y: 11, width: 120, height: 22))
                    label.isUserInteractionEnabled = false
                    label.textAlignment = 2
                    label.textColor = Color(red: 0.55, green: 0.55, blue: 0.57, alpha: 1)
                    try label.setProperty("text", detail)
                    content.addChild(label)
                }
                var childCursor = 0.0
                for child in row.children {
                    content.addChild(try build(child, in: content.frame, cursor: &childCursor))
                }
                table.addChild(cell)
                y += 44
            }
        }
        table.contentSize = Point(x: table.frame.width, y: y)
        table.contentOffset.y = min(table.contentOffset.y, maxScrollOffset(of: table))
    }

    /// How far a scroll view can scroll down.
    func maxScrollOffset(of view: SimView) -> Double {
        max(0, (view.contentSize?.y ?? 0) - view.frame.height)
    }

    /// Lays out the key window for the device's orientation: bar at the top, the top screen below it, the alert
    /// over everything.
    func layoutWindow() {
        let bounds = device.bounds
        window.frame = bounds
        window.removeAllChildren()
        navigationBar.frame = Rect(x: 0, y: 20, width: bounds.width, height: 44)
        if let top = stack.last {
            top.root.frame = Rect(x: 0, y: 64, width: bounds.width, height: bounds.height - 64)
            window.addChild(top.root)
        }
        window.addChild(navigationBar)
        if let alertOverlay {
            alertOverlay.frame = bounds
            if let alert = alertOverlay.children.first {
                alert.frame.x = (bounds.width - alert.frame.width) / 2
                // An action sheet rises from the bottom edge; an alert sits in the middle.
                alert.frame.y = alert.isKind(UIKitClass.actionSheet)
                    ? bounds.height - alert.frame.height : (bounds.height - alert.frame.height) / 2
            }
            window.addChild(alertOverlay)
        }
    }
}
