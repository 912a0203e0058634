import Frankly
import JSON

/// A view as the app file describes it, before it is built: class, author id, properties, behaviours, children.
///
/// Screens keep their specs and build fresh views each time they are pushed, as a view controller loads its view;
/// a table keeps its rows as specs so new rows from a backend response turn into cells on the next layout.
final class ViewSpec {
    /// The UIKit class name; the app file's `class`.
    var className: String
    /// The author's name for the view (`id`).
    var id: String?
    /// Every other property, by the app file's name (`text`, `label`, `frame`, `hidden` …).
    var properties: [String: JSONValue]
    /// Behaviours by event (`touch`, `change`, `return`), from the app file's `on_touch` …
    var behaviours: [String: Behaviour]
    var children: [ViewSpec]
    /// A table's rows, by section.
    var sections: [[ViewSpec]]

    init(
        className: String, id: String? = nil, properties: [String: JSONValue] = [:],
        behaviours: [String: Behaviour] = [:], children: [ViewSpec] = [], sections: [[ViewSpec]] = []
    ) {
        self.className = className
        self.id = id
        self.properties = properties
        self.behaviours = behaviours
        self.children = children
        self.sections = sections
    }
}

/// A screen of the app (a view controller): its title, its views, and what happens when it appears.
final class ScreenSpec {
    let name: String
    var title: String?
    var views: [ViewSpec]
    var onAppear: Behaviour?
    var backgroundColor: JSONValue?

    init(name: String, title: String?, views: [ViewSpec], onAppear: Behaviour?, backgroundColor: JSONValue? = nil) {
        self.name = name
        self.title = title
        self.views = views
        self.onAppear = onAppear
        self.backgroundColor = backgroundColor
    }
}

/// The whole app as loaded from its file: screens, the first one, app_exec methods and extra classes.
final class AppSpec {
    var name: String
    var screens: [String: ScreenSpec]
    var firstScreen: String
    /// `/app_exec` methods: they take the request's arguments and return one JSON result.
    var execMethods: [String: ExecMethod]
    /// App-defined classes and their superclass (`MyBadge = "UILabel"`).
    var classes: [String: String]
    /// Runs once when the app launches, before the first screen appears.
    var onLaunch: Behaviour?
    /// Runs when a memory warning is simulated (`POST /memory_warning`), as `didReceiveMemoryWarning` would.
    var onMemoryWarning: Behaviour?

    init(
        name: String, screens: [String: ScreenSpec], firstScreen: String, execMethods: [String: ExecMethod] = [:],
        classes: [String: String] = [:], onLaunch: Behaviour? = nil, onMemoryWarning: Behaviour? = nil
    ) {
        self.name = name
        self.screens = screens
        self.firstScreen = firstScreen
        self.execMethods = execMethods
        self.classes = classes
        self.onLaunch = onLaunch
        self.onMemoryWarning = onMemoryWarning
    }
}
