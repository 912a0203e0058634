/// Method and path template to handler, in Hummingbird's spirit: a table that servers build once and ask per
/// request, answering which handler runs and what the path captured.
///
/// The router knows nothing about how handlers run (synchronously for the mock's admin API, on the app loop for
/// the simulator, off the loop for the inspector), so it is generic over `Handler` and each server keeps its own
/// responder around it. It resolves the path first and the method second, as Hummingbird's trie does: a path that
/// some route serves with other methods is `.methodNotAllowed` (HTTP's 405, with the `Allow` list), a path no
/// route serves is `.notFound` (404). The servers choose what to send for each: fscript's answer 404 to both,
/// because WireMock's and Frank's servers did, and their clients rely on it.
public struct Router<Handler: Sendable>: Sendable {
    /// How request paths are read before matching (see `PathPolicy`).
    public let paths: PathPolicy
    private var entries: [Entry] = []

    /// One template and the handler for each method it serves.
    private struct Entry: Sendable {
        let template: RouteTemplate
        var handlers: [String: Handler]
        /// The methods in the order they were added, for `Allow`.
        var methods: [String]
    }

    /// An empty router reading paths by `paths`.
    public init(paths: PathPolicy = .exact) {
        self.paths = paths
    }

    /// Adds `handler` for each of `methods` (`GET`, `POST`, …; compared exactly) on `template`. A method already
    /// routed on the same template keeps its first handler, as a list searched in order would.
    public mutating func add(_ methods: [String], _ template: String, _ handler: Handler) {
        let parsed = RouteTemplate(template)
        let index: Int
        if let found = entries.firstIndex(where: { $0.template.segments == parsed.segments }) {
            index = found
        } else {
            entries.append(Entry(template: parsed, handlers: [:], methods: []))
            index = entries.count - 1
        }
        for method in methods where entries[index].handlers[method] == nil {
            entries[index].handlers[method] = handler
            entries[index].methods.append(method)
        }
    }

    /// Adds `handler` for one method on `template`.
    public mutating func add(_ method: String, _ template: String, _ handler: Handler) {
        add([method], template, handler)
    }

    /// The route for `method` on `path` (percent-encoded, without the query), or why there is none.
    public func route(method: String, path: String) -> RouteResult<Handler> {
        let segments = paths.segments(of: path)
        var best: (entry: Entry, parameters: RouteParameters)?
        for entry in entries {
            guard let parameters = entry.template.match(segments) else { continue }
            // A strictly more specific template wins; among equals, the first added.
            if let current = best,
                !current.entry.template.specificity.lexicographicallyPrecedes(entry.template.specificity)
            {
                continue
            }
            best = (entry, parameters)
        }
        guard let (entry, parameters) = best else { return .notFound }
        guard let handler = entry.handlers[method] else { return .methodNotAllowed(allowed: entry.methods) }
        return .found(RouteMatch(
            handler: handler, parameters: parameters, template: entry.template, path: paths.normalise(path)))
    }
}
