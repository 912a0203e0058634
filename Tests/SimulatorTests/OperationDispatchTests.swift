import Frankly
import Testing

@testable import Simulator

/// The simulator's table-driven `/map` dispatch follows the catalog: every operation the catalog lists has a
/// handler (Shelley's built-ins answer through `performShelleyBuiltin`), and every handler is for a catalog entry.
@Suite("Operation dispatch")
struct OperationDispatchTests {
    @Test func everyCatalogOperationIsHandled() {
        let builtins = Set(OperationCatalog.shelley.map(\.selector))
        for descriptor in OperationCatalog.all where !builtins.contains(descriptor.selector) {
            #expect(SimulatorOperations.handlers[descriptor.selector] != nil, "no handler for \(descriptor.selector)")
        }
        #expect(Set(SimulatorOperations.handlers.keys).isSubset(of: Set(OperationCatalog.all.map(\.selector))))
    }
}
