/*
** The trampoline between Lua and Swift.
**
** lua_error and lua_yield leave a C function by longjmp. A longjmp that crosses a Swift frame skips its
** `defer` blocks and releases, so Swift code never calls them. Every Swift function is pushed as a closure of
** ls_trampoline: the trampoline calls the Swift dispatcher, the dispatcher returns a plain int, and only then,
** with no Swift frame left on the C stack above it, does the trampoline raise or yield on Swift's behalf.
*/

#include "LuaShim.h"

static ls_SwiftDispatcher swift_dispatcher = NULL;

/* Where a pending yield count is kept between the dispatcher and the trampoline. */
static const char YIELD_COUNT_KEY = 'y';

void ls_setdispatcher(ls_SwiftDispatcher dispatcher) {
    swift_dispatcher = dispatcher;
}

void ls_setyieldcount(lua_State *L, int n) {
    lua_pushinteger(L, n);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &YIELD_COUNT_KEY);
}

static int ls_trampoline(lua_State *L) {
    int n = swift_dispatcher(L);
    if (n == LS_RAISE) {
        return lua_error(L);
    }
    if (n == LS_YIELD) {
        lua_rawgetp(L, LUA_REGISTRYINDEX, &YIELD_COUNT_KEY);
        int count = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
        return lua_yield(L, count);
    }
    return n;
}

void ls_pushswiftclosure(lua_State *L, int nup) {
    lua_pushcclosure(L, ls_trampoline, nup);
}
