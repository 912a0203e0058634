#ifndef LUAPATTERNS_H
#define LUAPATTERNS_H

#include <lua.h>

/// Replaces string.find, string.match, string.gmatch and string.gsub of `L` (and so the string methods) with
/// fscript's own implementation of Lua 5.4's patterns, which polls the state's interrupt check as it works: a
/// pattern that backtracks for minutes stops at a deadline or Ctrl-C like any Lua loop. Call once per state,
/// after luaL_openlibs.
void lp_open(lua_State *L);

#endif
