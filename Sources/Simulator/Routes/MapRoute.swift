import Frankly
import HTTPCore
import JSON

/// POST /map: select views with a Shelley selector, then send each one the operation, in selection order.
///
/// A view without the method answers `null`; an error on any view (a touch that cannot land, app code that
/// raises) makes the whole answer an ERROR, though the views before it were already acted on, as in Frank.
enum MapRoute {
    static var route: Route {
        Route(methods: ["POST"], path: "/map", observesOnly: true) { request, host in
            let body = try request.jsonBody()
            let engine = body["selector_engine"]?.stringValue ?? "uiquery"
            guard engine == "shelley_compat" || engine == "uiquery" else {
                throw RouteError(.invalidSelector(
                    "unknown selector engine '\(engine)'; the engines are shelley_compat and uiquery (read as Shelley)"))
            }
            guard let query = body["query"]?.stringValue else {
                throw RouteError("invalid selector", details: "the body needs a \"query\" string")
            }
            // Frank suites that never call use_shelley_from_now_on still send UIQuery, the old default. Their
            // selectors (`view marked:'X'`, `button`, `view:'UISwitch'`, `first`, `index:N`) read the same in
            // Shelley, so they are answered as Shelley; one that does not parse says what to change.
            if engine == "uiquery", case .failure(let problem) = Selection.check(query) {
                throw RouteError(.invalidSelector(
                    "this selector was sent with selector_engine uiquery (Frank's old default), which fscript reads as "
                        + "Shelley, and it is not Shelley: \(problem); call use_shelley_from_now_on in "
                        + "features/support/env.rb and write it in Shelley (docs/PROTOCOL.md)"))
            }
            let operation: Operation
            do throws(FranklyError) {
                operation = try Operation(requestBody: body)
            } catch {
                throw RouteError(error)
            }
            // Counted before acting: an operation that fails half-way has still acted on the views before.
            if !OperationCatalog.onlyReads(operation.methodName) { host.changes.bump() }
            let views = try Selection.select(query, in: host.app)
            var results: [JSONValue] = []
            for view in views {
                do {
                    switch try view.invoke(operation.methodName, arguments: operation.arguments) {
                    case .notUnderstood: results.append(.null)
                    case .value(let value): results.append(value)
                    }
                } catch {
                    throw RouteError(.operationFailed(method: operation.methodName, details: "\(error)"))
                }
            }
            return .success(results)
        }
    }
}
