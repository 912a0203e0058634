import Frankly
import LuaKit

extension FrankModule {
    /// `frank.operations`, the catalog's selectors by their Lua names: `frank.operations.is_visible` is
    /// `"FEX_isVisible"`, and `frank.operations.predicates` lists what a selector may test, for completion.
    ///
    /// The stdlib sends selectors through this table, so the Swift catalog stays the one place they are spelled.
    static var operationsTable: LuaTable {
        var table = LuaTable()
        for descriptor in OperationCatalog.all { table[descriptor.luaName] = .string(descriptor.selector) }
        table["predicates"] = .table(LuaTable(array: OperationCatalog.suggestedPredicates.map { .string($0.selector) }))
        return table
    }
}
