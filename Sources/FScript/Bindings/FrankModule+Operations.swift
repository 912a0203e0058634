import CLua
import Frankly

extension FrankModule {
    /// Pushes `frank.operations`, the catalog's selectors by their Lua names: `frank.operations.is_visible` is
    /// `"FEX_isVisible"`, and `frank.operations.predicates` lists what a selector may test, for completion.
    ///
    /// The stdlib sends selectors through this table, so the Swift catalog stays the one place they are spelled.
    static func pushOperations(on L: OpaquePointer) {
        lua_createtable(L, 0, Int32(OperationCatalog.all.count + 1))
        for descriptor in OperationCatalog.all {
            lua_pushstring(L, descriptor.selector)
            lua_setfield(L, -2, descriptor.luaName)
        }
        let predicates = OperationCatalog.suggestedPredicates
        lua_createtable(L, Int32(predicates.count), 0)
        for (index, descriptor) in predicates.enumerated() {
            lua_pushstring(L, descriptor.selector)
            lua_rawseti(L, -2, lua_Integer(index + 1))
        }
        lua_setfield(L, -2, "predicates")
    }
}
