/*
** The trampoline between Lua and Swift.
**
** lua_error and lua_yield leave a C function by longjmp. A longjmp that crosses a Swift frame skips its
** `defer` blocks and releases, so Swift code never calls them. Every Swift function is pushed as a closure of
** ls_trampoline: the trampoline calls the Swift dispatcher, the dispatcher returns a plain int, and only then,
** with no Swift frame left on the C stack above it, does the trampoline raise or yield on Swift's behalf.
*/

#include "LuaShim.h"
#include <string.h>

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

/*
** Stops: the errors an interrupt raises (Ctrl-C, a passed deadline) travel as a table, not as text, so no
** error a script raises itself (`error("x: interrupted")`) can pass for one. The table is
** {kind = "interrupt" | "timeout", message = "…", where = "file:line: "} with the metatable LS_STOP_METATABLE,
** whose __tostring gives `where .. message`, the text a string error would have had.
*/

static int stop_tostring(lua_State *L) {
    lua_getfield(L, 1, "where");
    lua_getfield(L, 1, "message");
    lua_concat(L, 2);
    return 1;
}

int ls_isstop(lua_State *L, int index) {
    if (lua_type(L, index) != LUA_TTABLE || !lua_getmetatable(L, index)) return 0;
    luaL_getmetatable(L, LS_STOP_METATABLE);
    int stop = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    return stop;
}

static char raised_key;

void ls_pushstop(lua_State *L, const char *kind, const char *message, int level) {
    lua_createtable(L, 0, 4);
    lua_pushstring(L, kind);
    lua_setfield(L, -2, "kind");
    lua_pushstring(L, message);
    lua_setfield(L, -2, "message");
    if (level >= 0) {
        luaL_where(L, level);
    } else {
        lua_pushliteral(L, "");
    }
    lua_setfield(L, -2, "where");
    if (luaL_newmetatable(L, LS_STOP_METATABLE)) {
        lua_pushcfunction(L, stop_tostring);
        lua_setfield(L, -2, "__tostring");
    }
    lua_setmetatable(L, -2);
    /* The stop the guarded xpcall lets through untouched: the latest one raised, by the hook or by Swift. */
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &raised_key);
}

int ls_msghandler(lua_State *L) {
    if (ls_isstop(L, 1)) {
        /* A stop keeps its type: the host reads its kind; the traceback ("stack traceback:\n…") goes along as
        ** a field. */
        luaL_traceback(L, L, NULL, 1);
        lua_setfield(L, 1, "traceback");
        lua_settop(L, 1);
        return 1;
    }
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

/* Registry key: the chunk-source marker of code spared by interrupts. */
static char spared_key;

static void ls_interrupthook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    if (interrupt_check != NULL && interrupt_check(L)) {
        /* The check pushed the kind and the message. In a hook, level 0 is the running Lua function, so the
        ** stop blames the line that was executing. */
        ls_pushstop(L, lua_tostring(L, -2), lua_tostring(L, -1), 0);
        lua_error(L);
    }
}

/*
** xpcall, with the message handler guarded against interrupts.
**
** Lua runs a message handler before it unwinds, and for an error raised inside a hook it runs it with hooks
** still disabled: a handler that loops (`xpcall(f, function() while true do end end)`) could then never be
** stopped. So for the error an interrupt raised, the guard returns the error as it is and the user's handler
** does not run at all; handlers in spared code (the host's own library, which records the failure) and every
** other error go to the handler as usual. Results and yields pass through unchanged (lua_callk).
*/

static int handler_guard(lua_State *L) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &raised_key);
    int interrupt = !lua_isnil(L, -1) && lua_rawequal(L, 1, -1);
    lua_pop(L, 1);
    if (interrupt && !lua_toboolean(L, lua_upvalueindex(2))) {
        lua_settop(L, 1);
        return 1;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int finish_xpcall(lua_State *L, int status, lua_KContext ctx) {
    (void)status;
    (void)ctx;
    return lua_gettop(L);
}

static int guarded_xpcall(lua_State *L) {
    luaL_checktype(L, 2, LUA_TFUNCTION);
    int spared = 0;
    lua_rawgetp(L, LUA_REGISTRYINDEX, &spared_key);
    const char *marker = lua_tostring(L, -1);
    if (marker != NULL && lua_type(L, 2) == LUA_TFUNCTION) {
        lua_Debug info;
        lua_pushvalue(L, 2);
        if (lua_getinfo(L, ">S", &info) && strstr(info.source, marker) != NULL) spared = 1;
    }
    lua_pop(L, 1);
    if (!spared) {
        lua_pushvalue(L, 2);
        lua_pushboolean(L, spared);
        lua_pushcclosure(L, handler_guard, 2);
        lua_replace(L, 2);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_callk(L, lua_gettop(L) - 1, LUA_MULTRET, 0, finish_xpcall);
    return finish_xpcall(L, LUA_OK, 0);
}

void ls_guardxpcall(lua_State *L, const char *spared) {
    if (spared != NULL) {
        lua_pushstring(L, spared);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &spared_key);
    }
    lua_getglobal(L, "xpcall");
    if (lua_tocfunction(L, -1) == guarded_xpcall) {
        lua_pop(L, 1);
        return;
    }
    lua_pushcclosure(L, guarded_xpcall, 1);
    lua_setglobal(L, "xpcall");
}

void ls_pollinterrupt(lua_State *L) {
    if (interrupt_check != NULL && lua_gethook(L) == ls_interrupthook && interrupt_check(L)) {
        /* Level 0 is the C function that polls, so the stop blames the Lua line that called it. */
        ls_pushstop(L, lua_tostring(L, -2), lua_tostring(L, -1), 1);
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
