import Frankly

/// Runs a Shelley selector over the app's windows with Frankly's shared parser and evaluator, so the simulator
/// and every other Frankly tree agree on what a selector means.
enum Selection {
    /// The matching views in selection order; a selector that does not parse, or a predicate that is not a BOOL,
    /// is an `invalid selector` error with the evaluator's message.
    /// Whether `query` parses as Shelley, and if not, why.
    static func check(_ query: String) -> Result<Void, SelectorCheckProblem> {
        do {
            _ = try Selector(parsing: query)
            return .success(())
        } catch {
            return .failure(SelectorCheckProblem(description: "\(error)"))
        }
    }

    static func select(_ query: String, in app: SimulatedApp) throws -> [SimView] {
        do {
            return try SelectorEvaluator<SimView>().evaluate(query, windows: app.windows)
        } catch {
            throw RouteError(.invalidSelector(error.summary))
        }
    }
}

/// Why a selector does not parse as Shelley (the parser's message, with its column).
struct SelectorCheckProblem: Error, CustomStringConvertible {
    var description: String
}
