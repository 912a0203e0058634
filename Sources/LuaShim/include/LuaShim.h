#ifndef LUASHIM_H
#define LUASHIM_H

#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

/// What a Swift function returns to the trampoline: a result count (>= 0), or one of these requests that the
/// trampoline carries out after the Swift frame has returned.
enum {
    /// Raise the value on top of the stack as a Lua error (lua_error).
    LS_RAISE = -1,
    /// Yield the values above the slot recorded with ls_setyieldcount (lua_yield).
    LS_YIELD = -2
};

/// The Swift side of every Swift function: reads upvalue 1 for its closure, never raises or yields itself.
typedef int (*ls_SwiftDispatcher)(lua_State *L);

/// Installs the one Swift dispatcher the trampoline calls; set once, before any Swift function is pushed.
void ls_setdispatcher(ls_SwiftDispatcher dispatcher);

/// Pushes a C closure that calls the dispatcher, with the `nup` values on top of the stack as upvalues.
void ls_pushswiftclosure(lua_State *L, int nup);

/// Records how many values an LS_YIELD request yields.
void ls_setyieldcount(lua_State *L, int n);

/// The Swift side of the interrupt hook: returns 1 after pushing a kind and a message when the running script
/// must stop; the hook raises them as a stop (see `ls_pushstop`).
typedef int (*ls_InterruptCheck)(lua_State *L);

/// The registry name of a stop's metatable: what Lua code checks to tell a stop from any other error.
#define LS_STOP_METATABLE "LuaKit.Stop"

/// Pushes a stop: the typed error of an interrupt, {kind, message, where} with `where` from luaL_where(level), or
/// empty for a negative level (a message that already names its position).
void ls_pushstop(lua_State *L, const char *kind, const char *message, int level);

/// Whether the value at `index` is a stop.
int ls_isstop(lua_State *L, int index);

/// Installs (check != NULL) or removes the count hook that asks `check` every `every` instructions and raises its
/// message as a Lua error, in C. Coroutines created afterwards inherit the hook.
void ls_setinterrupt(lua_State *L, ls_InterruptCheck check, int every);

/// Asks the interrupt check from C code that runs long without returning to Lua (the pattern matcher), where the
/// count hook never fires: raises the stop when the state has the interrupt hook and its check says stop. Only
/// for C functions called from Lua: it raises with lua_error.
void ls_pollinterrupt(lua_State *L);

/// The message handler for every protected call from Swift: turns the error into "message\nstack traceback:...";
/// a stop stays a stop, with the traceback in its `traceback` field.
int ls_msghandler(lua_State *L);

/// Replaces the global xpcall with one whose message handler does not run for an interrupt's error, so a
/// looping handler cannot outlive an interrupt; handlers from chunks whose source contains `spared` still run.
void ls_guardxpcall(lua_State *L, const char *spared);

/// lua_pop is a macro, so Swift cannot see it.
static inline void ls_pop(lua_State *L, int n) { lua_pop(L, n); }
/// lua_newtable is a macro.
static inline void ls_newtable(lua_State *L) { lua_newtable(L); }
/// lua_pcall is a macro over lua_pcallk.
static inline int ls_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
}
/// lua_call is a macro over lua_callk; only safe inside a protected call.
static inline void ls_call(lua_State *L, int nargs, int nresults) { lua_call(L, nargs, nresults); }
/// lua_tonumber is a macro over lua_tonumberx.
static inline lua_Number ls_tonumber(lua_State *L, int i) { return lua_tonumber(L, i); }
/// lua_tointeger is a macro over lua_tointegerx.
static inline lua_Integer ls_tointeger(lua_State *L, int i) { return lua_tointeger(L, i); }
/// lua_tostring is a macro over lua_tolstring.
static inline const char *ls_tostring(lua_State *L, int i) { return lua_tostring(L, i); }
/// lua_isnil is a macro.
static inline int ls_isnil(lua_State *L, int i) { return lua_isnil(L, i); }
/// lua_isnoneornil is a macro.
static inline int ls_isnoneornil(lua_State *L, int i) { return lua_isnoneornil(L, i); }
/// lua_istable is a macro.
static inline int ls_istable(lua_State *L, int i) { return lua_istable(L, i); }
/// lua_isfunction is a macro.
static inline int ls_isfunction(lua_State *L, int i) { return lua_isfunction(L, i); }
/// lua_pushcfunction is a macro.
static inline void ls_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcfunction(L, f); }
/// lua_pushliteral and lua_pushglobaltable are macros.
static inline void ls_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
/// lua_upvalueindex is a macro.
static inline int ls_upvalueindex(int i) { return lua_upvalueindex(i); }
/// lua_getextraspace is a macro; the host object lives in this slot, shared by every coroutine of the state.
static inline void *ls_getextraspace(lua_State *L) { return lua_getextraspace(L); }
/// lua_newuserdata is a macro over lua_newuserdatauv.
static inline void *ls_newuserdata(lua_State *L, size_t size) { return lua_newuserdata(L, size); }
/// lua_insert is a macro over lua_rotate.
static inline void ls_insert(lua_State *L, int i) { lua_insert(L, i); }
/// lua_remove is a macro over lua_rotate.
static inline void ls_remove(lua_State *L, int i) { lua_remove(L, i); }
/// lua_replace is a macro over lua_copy.
static inline void ls_replace(lua_State *L, int i) { lua_replace(L, i); }
/// luaL_getmetatable is a macro.
static inline int ls_getmetatable(lua_State *L, const char *name) { return luaL_getmetatable(L, name); }
/// luaL_dostring is a macro; used only by tests and tools, never for user code (no traceback).
static inline int ls_dostring(lua_State *L, const char *s) { return luaL_dostring(L, s); }
/// luaL_loadbuffer is a macro over luaL_loadbufferx.
static inline int ls_loadbuffer(lua_State *L, const char *s, size_t len, const char *name) {
    return luaL_loadbuffer(L, s, len, name);
}
/// luaL_typename is a macro.
static inline const char *ls_typename(lua_State *L, int i) { return luaL_typename(L, i); }
/// LUA_REGISTRYINDEX is a macro over a computed constant.
static inline int ls_registryindex(void) { return LUA_REGISTRYINDEX; }
/// lua_numbertointeger is a macro; it says whether a float has an exact integer value.
static inline int ls_numbertointeger(lua_Number n, lua_Integer *out) { return lua_numbertointeger(n, out); }

/// lua_newuserdata is a macro; this variant has no user values, the smallest block for a Swift pointer.
static inline void *ls_newuserdata0(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 0); }
/// lua_pushglobaltable is a macro; raw access to _G keeps Swift clear of metamethods that could raise.
static inline void ls_rawgetglobals(lua_State *L) { lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS); }
/// lua_isnone is a macro.
static inline int ls_isnone(lua_State *L, int i) { return lua_isnone(L, i); }
/// lua_gc is variadic, which Swift cannot call.
static inline int ls_gccollect(lua_State *L) { return lua_gc(L, LUA_GCCOLLECT); }
/// LUA_ERRFILE is defined as an expression (LUA_ERRERR+1), which Swift does not import.
static inline int ls_errfile(void) { return LUA_ERRFILE; }

#endif
