/*
** scripts/bench lua-patterns: one Lua state with fscript's pattern functions (Sources/LuaPatterns, as string.*)
** and Lua's own lstrlib ones (as the global `original`), so both are timed in the same process on the same
** inputs. Runs the Lua file given as the first argument.
*/
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>

#include "LuaPatterns.h"

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE.lua\n", argv[0]);
        return 2;
    }
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    lua_getglobal(L, "string");
    lua_createtable(L, 0, 4);
    const char *names[] = {"find", "match", "gmatch", "gsub"};
    for (int i = 0; i < 4; i++) {
        lua_getfield(L, -2, names[i]);
        lua_setfield(L, -2, names[i]);
    }
    lua_setglobal(L, "original");
    lua_pop(L, 1);
    lp_open(L);
    if (luaL_dofile(L, argv[1]) != LUA_OK) {
        fprintf(stderr, "%s\n", lua_tostring(L, -1));
        return 1;
    }
    lua_close(L);
    return 0;
}
