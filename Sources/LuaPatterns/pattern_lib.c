/*
** string.find, string.match, string.gmatch and string.gsub over the matcher in pattern_match.c, with the
** behaviour the Lua 5.4 manual gives them (§6.4): negative and out-of-range init, `plain` find, gmatch's init,
** gsub's string, table and function replacements with %0-%9 and %%, its count limit, and empty matches that
** never match twice at the same place.
**
** Two shortcuts keep the common cases as fast as the C original: a pattern without special characters is
** searched for as plain bytes, and an unanchored pattern whose first item must match (a literal byte, a class
** or a set, without `*`, `?` or `-`) skips the positions where it cannot, memchr for a byte, instead of starting
** a match at every one.
*/
#include <lauxlib.h>
#include <lualib.h>
#include <string.h>

#include "LuaPatterns.h"
#include "pattern.h"

#define SPECIALS "^$*+?.([%-"

/* A 1-based, possibly negative position of a string of length len, as a 1-based position from 1 on. */
static size_t relative_position(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0) return 1;
    if (pos < -(lua_Integer)len) return 1;
    return len + (size_t)pos + 1;
}

/* The bytes of SPECIALS, as a table: has_specials runs on every find. */
static const unsigned char special[256] = {['^'] = 1, ['$'] = 1, ['*'] = 1, ['+'] = 1, ['?'] = 1,
                                           ['.'] = 1, ['('] = 1, ['['] = 1, ['%'] = 1, ['-'] = 1};

static int has_specials(const char *p, size_t len) {
    for (size_t i = 0; i < len; i++) {
        if (special[(unsigned char)p[i]]) return 1;
    }
    return 0;
}

/* The byte every match of p must start with, or -1: a literal first item that is not optional. */
static int literal_start(const char *p, size_t len) {
    if (len == 0 || strchr(SPECIALS ")]", p[0]) != NULL || p[0] == '\0') return -1;
    if (len > 1 && (p[1] == '*' || p[1] == '?' || p[1] == '-')) return -1;
    return (unsigned char)p[0];
}

/* What every match of an unanchored pattern must start with: a byte, a class (p..ep), or anything. */
typedef struct {
    int byte;
    const char *class_p, *class_ep;
} Start;

static Start start_of(const char *p, size_t len, int anchor) {
    Start start = {-1, NULL, NULL};
    if (anchor) return start;
    start.byte = literal_start(p, len);
    if (start.byte < 0) {
        start.class_ep = lp_first_class(p, p + len);
        if (start.class_ep != NULL) start.class_p = p;
    }
    return start;
}

/* The next place at or after s where a match can start: s itself, the next byte or class member that every
** match starts with, or NULL for none. */
static const char *next_start(lp_Matcher *m, const char *s, const Start *start) {
    if (start->byte >= 0) {
        if (s >= m->subject_end) return NULL;
        return memchr(s, start->byte, (size_t)(m->subject_end - s));
    }
    if (start->class_p != NULL) return lp_skip_to_class(m, s, start->class_p, start->class_ep);
    return s;
}

/* The first occurrence of needle in haystack, or NULL: memchr for the first byte, then memcmp. On the short
** strings steps are made of this beats memmem, whose set-up costs more than the search. */
static const char *find_plain(const char *haystack, size_t len, const char *needle, size_t needle_len) {
    if (needle_len == 0) return haystack;
    if (needle_len > len) return NULL;
    const char *last = haystack + (len - needle_len);
    const char *at = haystack;
    while (at <= last && (at = memchr(at, needle[0], (size_t)(last - at) + 1)) != NULL) {
        if (memcmp(at + 1, needle + 1, needle_len - 1) == 0) return at;
        at++;
    }
    return NULL;
}

static int push_position(lua_State *L, const char *subject, const char *start, const char *end) {
    lua_pushinteger(L, (lua_Integer)(start - subject) + 1);
    lua_pushinteger(L, (lua_Integer)(end - subject));
    return 2;
}

static int find_or_match(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = relative_position(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
        const char *at = find_plain(s + init, ls - init, p, lp);
        if (at != NULL) return push_position(L, s, at, at + lp);
        luaL_pushfail(L);
        return 1;
    }
    int anchor = (*p == '^');
    if (anchor) {
        p++;
        lp--;
    }
    lp_Matcher m;
    lp_prepare(&m, L, s, ls, p, lp);
    Start first = start_of(p, lp, anchor);
    for (const char *start = next_start(&m, s + init, &first); start != NULL;
         start = anchor || start >= m.subject_end ? NULL : next_start(&m, start + 1, &first)) {
        lp_restart(&m);
        const char *e = lp_match(&m, start, p);
        if (e == NULL) continue;
        if (!find) return lp_push_captures(&m, start, e);
        return push_position(L, s, start, e) + lp_push_captures(&m, NULL, NULL);
    }
    luaL_pushfail(L);
    return 1;
}

static int str_find(lua_State *L) { return find_or_match(L, 1); }

static int str_match(lua_State *L) { return find_or_match(L, 0); }

/* gmatch's iterator state: where the next search starts and where the last match ended. */
typedef struct {
    const char *next;
    const char *pattern;
    const char *last_end;
    Start first;
    lp_Matcher m;
} GMatch;

static int gmatch_step(lua_State *L) {
    GMatch *g = (GMatch *)lua_touserdata(L, lua_upvalueindex(3));
    g->m.L = L; /* the iterator may be called from another coroutine than the one that made it */
    for (const char *start = next_start(&g->m, g->next, &g->first); start != NULL && start <= g->m.subject_end;
         start = start >= g->m.subject_end ? NULL : next_start(&g->m, start + 1, &g->first)) {
        lp_restart(&g->m);
        const char *e = lp_match(&g->m, start, g->pattern);
        if (e != NULL && e != g->last_end) {
            g->next = g->last_end = e;
            return lp_push_captures(&g->m, start, e);
        }
    }
    g->next = g->m.subject_end + 1;
    return 0;
}

static int str_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = relative_position(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) init = ls + 1; /* past the end: no match at all, not even an empty one */
    lua_settop(L, 2);
    GMatch *g = (GMatch *)lua_newuserdatauv(L, sizeof(GMatch), 0);
    lp_prepare(&g->m, L, s, ls, p, lp);
    g->next = s + init;
    g->pattern = p;
    g->last_end = NULL;
    g->first = start_of(p, lp, 0);
    lua_pushcclosure(L, gmatch_step, 3);
    return 1;
}

/* Appends a replacement string with its %0-%9 and %% to b. */
static void add_string(lp_Matcher *m, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = m->L;
    size_t len;
    const char *text = lua_tolstring(L, 3, &len);
    const char *end = text + len;
    const char *p;
    while ((p = memchr(text, '%', (size_t)(end - text))) != NULL) {
        luaL_addlstring(b, text, (size_t)(p - text));
        p++; /* the byte after '%'; the string's terminating '\0' when '%' is last */
        if (*p == '%') {
            luaL_addchar(b, '%');
        } else if (*p == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (*p >= '1' && *p <= '9') {
            lp_push_capture(m, *p - '1', s, e);
            luaL_tolstring(L, -1, NULL); /* a position capture is an integer */
            lua_remove(L, -2);
            luaL_addvalue(b);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", '%');
        }
        text = p + 1;
    }
    luaL_addlstring(b, text, (size_t)(end - text));
}

/* Appends the replacement of the match s..e to b: a false or nil value from a table or function keeps it. */
static void add_replacement(lp_Matcher *m, luaL_Buffer *b, const char *s, const char *e, int type) {
    lua_State *L = m->L;
    if (type == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = lp_push_captures(m, s, e);
        lua_call(L, n, 1);
    } else if (type == LUA_TTABLE) {
        lp_push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_string(m, b, s, e);
        return;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
    } else if (!lua_isstring(L, -1)) {
        luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    } else {
        luaL_addvalue(b);
    }
}

static int str_gsub(lua_State *L) {
    size_t ls, lp;
    const char *src = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    int type = lua_type(L, 3);
    lua_Integer max = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    luaL_argexpected(L, type == LUA_TNUMBER || type == LUA_TSTRING || type == LUA_TFUNCTION || type == LUA_TTABLE,
                     3, "string/function/table");
    int anchor = (*p == '^');
    if (anchor) {
        p++;
        lp--;
    }
    lp_Matcher m;
    lp_prepare(&m, L, src, ls, p, lp);
    Start first = start_of(p, lp, anchor);
    const char *last_end = NULL;
    lua_Integer n = 0;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    while (n < max) {
        const char *start = next_start(&m, src, &first);
        if (start == NULL) break;
        if (start != src) {
            luaL_addlstring(&b, src, (size_t)(start - src));
            src = start;
        }
        lp_restart(&m);
        const char *e = lp_match(&m, src, p);
        if (e != NULL && e != last_end) {
            n++;
            add_replacement(&m, &b, src, e, type);
            src = last_end = e;
        } else if (src < m.subject_end) {
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        if (anchor) break;
    }
    luaL_addlstring(&b, src, (size_t)(m.subject_end - src));
    luaL_pushresult(&b);
    lua_pushinteger(L, n);
    return 2;
}

void lp_open(lua_State *L) {
    static const luaL_Reg functions[] = {
        {"find", str_find}, {"match", str_match}, {"gmatch", str_gmatch}, {"gsub", str_gsub}, {NULL, NULL}};
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    if (lua_getfield(L, -1, LUA_STRLIBNAME) == LUA_TTABLE) luaL_setfuncs(L, functions, 0);
    lua_pop(L, 2);
}
