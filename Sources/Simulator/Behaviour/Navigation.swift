import Frankly

/// A screen name the app code asked for that the app file does not define.
struct NavigationError: Error, CustomStringConvertible {
    var description: String
}

extension SimulatedApp {
    /// Builds the named screen, pushes it, and runs its `on_appear`. Pushing dismisses the keyboard.
    func push(screenNamed name: String) throws {
        guard let screen = spec.screens[name] else {
            let known = spec.screens.keys.sorted().joined(separator: ", ")
            throw NavigationError(description: "no screen named '\(name)' (screens: \(known))")
        }
        let bounds = device.bounds
        let root = makeView(className: "UIView", frame: Rect(x: 0, y: 64, width: bounds.width, height: bounds.height - 64))
        root.backgroundColor = screen.backgroundColor.flatMap(Color.init(json:)) ?? .white
        var cursor = 20.0
        for viewSpec in screen.views {
            root.addChild(try build(viewSpec, in: root.frame, cursor: &cursor))
        }
        focusedField = nil
        stack.append(ScreenInstance(spec: screen, root: root))
        rebuildNavigationBar()
        layoutWindow()
        try screen.onAppear?.run(root, [])
    }

    /// Shows screen `name` directly on a freshly launched app, as a Swerkin `ScreenRenderer` does: pushed over
    /// the first screen without animation (nothing to do for the first screen itself). Used by `POST /launch`
    /// with a screen and by the embedded simulator's relaunch, so both render the same way.
    func render(screen name: String) throws {
        guard name != spec.firstScreen else { return }
        do {
            try push(screenNamed: name)
        } catch {
            throw NavigationError(description: "cannot render the screen '\(name)': \(error)")
        }
    }

    /// Pops the top screen (never the last one) and runs the revealed screen's `on_appear`.
    func pop() throws {
        guard stack.count > 1 else { return }
        stack.removeLast()
        focusedField = nil
        rebuildNavigationBar()
        layoutWindow()
        if let top = stack.last { try top.spec.onAppear?.run(top.root, []) }
    }

    /// Pops back to the first screen.
    func popToRoot() throws {
        guard stack.count > 1 else { return }
        stack.removeLast(stack.count - 2)
        try pop()
    }

    /// The name of the screen on top.
    var currentScreenName: String? { stack.last?.spec.name }

    /// Puts the top screen's title in the bar, and a back button titled after the screen below when there is one:
    /// iOS 6's `UINavigationItemButtonView`, whose accessibility label is that title ("Back" when it has none).
    func rebuildNavigationBar() {
        navigationBar.removeAllChildren()
        let width = device.bounds.width
        if let title = stack.last?.spec.title {
            let item = makeView(className: "UINavigationItemView", frame: Rect(x: 100, y: 0, width: width - 200, height: 44))
            item.accessibilityLabelValue = title
            let label = makeView(className: "UILabel", frame: Rect(x: 0, y: 11, width: width - 200, height: 22))
            label.text = title
            label.textAlignment = 1
            label.isUserInteractionEnabled = false
            item.addChild(label)
            navigationBar.addChild(item)
        }
        if stack.count > 1 {
            let back = makeView(className: "UINavigationItemButtonView", frame: Rect(x: 8, y: 6, width: 84, height: 32))
            back.title = stack[stack.count - 2].spec.title ?? "Back"
            back.accessibilityLabelValue = back.title
            back.textColor = Color(.tint)
            navigationBar.addChild(back)
        }
    }
}
