import Frankly
import HTTPCore
import JSON
import Platform

extension SimView {
    /// Runs a Frankly operation on this view, as Frank's `MapOperationCommand` sends a selector to a UIView.
    ///
    /// The catalog says whether the view's class answers the method (`.notUnderstood` when not, or when fscript
    /// does not know it); the family handler runs it. Failures throw `OperationError`.
    func invoke(_ method: String, arguments: [JSONValue]) throws -> ShelleyMethodResult {
        guard let app, let descriptor = OperationCatalog.descriptor(for: method),
            descriptor.isAnswered(byChain: classChain)
        else { return .notUnderstood }
        guard let handler = SimulatorOperations.handlers[method] else {
            return performShelleyBuiltin(method, arguments: arguments) ?? .notUnderstood
        }
        do {
            return .value(try handler(OperationCall(view: self, app: app, method: method, arguments: arguments)))
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
    func changeSlider(to newValue: Double) throws {
        value = min(max(newValue, minimumValue), maximumValue)
        try behaviours["change"]?.run(self, [.number(value)])
    }
}
