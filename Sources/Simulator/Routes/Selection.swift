import Frankly

/// Runs a Shelley selector over the app's windows with Frankly's shared parser and evaluator, so the simulator
/// and every other Frankly tree agree on what a selector means.
enum Selection {
    /// The matching views in selection order; a selector that does not parse, or a predicate that is not a BOOL,
    /// is an `invalid selector` error with the evaluator's message.
    static func select(_ query: String, in app: SimulatedApp) throws -> [SimView] {
        do {
            return try SelectorEvaluator<SimView>().evaluate(query, windows: app.windows)
        } catch {
            throw RouteError(.invalidSelector(error.summary))
        }
    }
}
