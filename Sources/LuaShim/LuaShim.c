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

/*
** The message handler and the interrupt hook.
**
** Both run inside Lua's own protected machinery, so they are written in C: the handler may allocate (and so
** raise a memory error), and the hook raises on purpose. The Swift check the hook calls only answers a question
** and pushes a string; the raise happens here, after the Swift frame has returned.
*/

int ls_msghandler(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
            msg = lua_tostring(L, -1);
        } else {
            msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        }
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

static ls_InterruptCheck interrupt_check = NULL;

static void ls_interrupthook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    if (interrupt_check != NULL && interrupt_check(L)) {
        /* In a hook, level 0 is the running Lua function, so this blames the line that was executing. */
        luaL_where(L, 0);
        lua_insert(L, -2);
        lua_concat(L, 2);
        lua_error(L);
    }
}

void ls_setinterrupt(lua_State *L, ls_InterruptCheck check, int every) {
    if (check == NULL) {
        lua_sethook(L, NULL, 0, 0);
        return;
    }
    interrupt_check = check;
    lua_sethook(L, ls_interrupthook, LUA_MASKCOUNT, every > 0 ? every : 1);
}
