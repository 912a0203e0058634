/*
** The matcher's state, shared by the matcher (pattern_match.c) and the library functions (pattern_lib.c).
**
** Written from the Lua 5.4 reference manual, §6.4.1, not from lstrlib.c. The one addition is `budget`: the
** matcher counts its steps and polls the interrupt check every POLL_STEPS of them, because Lua's count hook
** never fires while a C function runs.
*/
#ifndef LP_PATTERN_H
#define LP_PATTERN_H

#include <lua.h>
#include <stddef.h>

/* Lua's own limits: 32 captures (LUA_MAXCAPTURES) and 200 nested matcher calls (MAXCCALLS). */
#define LP_MAXCAPTURES 32
#define LP_MAXDEPTH 200
/* Steps between two polls of the interrupt check: a few tens of microseconds of matching. */
#define LP_POLL_STEPS 16384

/* A capture's length while it is still open, and for a position capture `()`. */
#define LP_CAP_OPEN (-1)
#define LP_CAP_POSITION (-2)

typedef struct {
    const char *subject;     /* the whole subject */
    const char *subject_end; /* one past its last byte */
    const char *pattern_end; /* one past the pattern's last byte */
    lua_State *L;
    int depth;  /* nested matcher calls left before "pattern too complex" */
    int budget; /* steps left before the next poll */
    int level;  /* captures opened so far */
    struct {
        const char *start;
        ptrdiff_t len;
    } capture[LP_MAXCAPTURES];
} lp_Matcher;

/* Prepares `m` for matching `pattern` against `subject`. */
void lp_prepare(lp_Matcher *m, lua_State *L, const char *subject, size_t subject_len, const char *pattern,
                size_t pattern_len);

/* Resets what one match attempt changes (captures, depth); the budget carries over. */
void lp_restart(lp_Matcher *m);

/* Matches `p` at `s`: the end of the match, or NULL. Raises Lua errors for malformed patterns, and a stop when
** the interrupt check says so. */
const char *lp_match(lp_Matcher *m, const char *s, const char *p);

/* Where the first item of `p` ends when it is a class (%a, [set]) every match must start with, else NULL (a
** literal byte, '.', an optional item, anything else). Never raises: a malformed item is left to the match. */
const char *lp_first_class(const char *p, const char *pattern_end);

/* The first place at or after s whose byte is in the class p..ep, or NULL: no match of a pattern that starts
** with that class can start before it. */
const char *lp_skip_to_class(lp_Matcher *m, const char *s, const char *p, const char *ep);

/* Pushes capture `i` (the whole match s..e when there are none and i is 0); returns 1. */
int lp_push_capture(lp_Matcher *m, int i, const char *s, const char *e);

/* Pushes every capture (the whole match when there are none and s is not NULL); returns how many. */
int lp_push_captures(lp_Matcher *m, const char *s, const char *e);

/* One step of work; polls the interrupt check when the budget runs out. */
void lp_poll(lp_Matcher *m);
#define LP_STEP(m) \
    do { \
        if (--(m)->budget <= 0) lp_poll(m); \
    } while (0)

#endif
