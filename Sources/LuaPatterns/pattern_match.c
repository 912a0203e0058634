/*
** The matcher: Lua 5.4's patterns (reference manual §6.4.1), by backtracking.
**
** A pattern item is a single character class (`.`, `%a`, `[set]`, a literal) with an optional `*`, `+`, `-` or
** `?`, or one of `%n` (a back-reference), `%bxy`, `%f[set]`, a capture `(`…`)`, `()`, or `$` at the very end.
** Items that can backtrack (the quantifiers, captures) recurse; a plain item just moves on. The recursion is
** bounded (LP_MAXDEPTH, "pattern too complex"), so the C stack stays small whatever the input; the running time
** is not bounded (`.-.-.-b` is polynomial, nested optionals exponential), so every step counts against the
** budget and the interrupt check is polled when it runs out.
**
** Lua strings end with a '\0' byte after their length, so reading the byte at pattern_end is safe: it is how
** "ends with '%'" and a missing quantifier are noticed without a bounds check at every step.
*/

#include "pattern.h"

#include <ctype.h>
#include <lauxlib.h>
#include <string.h>

#include "LuaShim.h"

#define UCHAR(c) ((unsigned char)(c))

void lp_prepare(lp_Matcher *m, lua_State *L, const char *subject, size_t subject_len, const char *pattern,
                size_t pattern_len) {
    m->L = L;
    m->subject = subject;
    m->subject_end = subject + subject_len;
    m->pattern_end = pattern + pattern_len;
    m->budget = LP_POLL_STEPS;
    lp_restart(m);
}

void lp_restart(lp_Matcher *m) {
    m->level = 0;
    m->depth = LP_MAXDEPTH;
}

void lp_poll(lp_Matcher *m) {
    m->budget = LP_POLL_STEPS;
    ls_pollinterrupt(m->L);
}

/* Where the single character class starting at p ends. */
static const char *class_end(lp_Matcher *m, const char *p) {
    char c = *p++;
    if (c == '%') {
        if (p >= m->pattern_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (c == '[') {
        if (*p == '^') p++;
        do { /* the first character of a set is never its end: "[]]" is a set of ']' */
            if (p >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing ']')");
            c = *p++;
            if (c == '%' && p < m->pattern_end) p++;
        } while (*p != ']');
        return p + 1;
    }
    return p;
}

/* Whether c is in the class %cl; an upper-case letter is the complement, anything else stands for itself. */
static int class_matches(int c, int cl) {
    int in;
    switch (tolower(cl)) {
    case 'a': in = isalpha(c); break;
    case 'c': in = iscntrl(c); break;
    case 'd': in = isdigit(c); break;
    case 'g': in = isgraph(c); break;
    case 'l': in = islower(c); break;
    case 'p': in = ispunct(c); break;
    case 's': in = isspace(c); break;
    case 'u': in = isupper(c); break;
    case 'w': in = isalnum(c); break;
    case 'x': in = isxdigit(c); break;
    case 'z': in = c == 0; break; /* gone from the manual since 5.2, still understood by Lua 5.4 */
    default: return cl == c;
    }
    in = in != 0;
    return isupper(cl) ? !in : in;
}

/* Whether c is in the set from '[' at p to its closing ']' at close. */
static int set_matches(int c, const char *p, const char *close) {
    int positive = 1;
    p++;
    if (*p == '^') {
        positive = 0;
        p++;
    }
    while (p < close) {
        if (*p == '%') {
            p++;
            if (class_matches(c, UCHAR(*p))) return positive;
            p++;
        } else if (p[1] == '-' && p + 2 < close) {
            if (UCHAR(p[0]) <= c && c <= UCHAR(p[2])) return positive;
            p += 3;
        } else {
            if (UCHAR(*p) == c) return positive;
            p++;
        }
    }
    return !positive;
}

/* Whether the subject byte at s matches the class from p to ep. */
static int single_matches(lp_Matcher *m, const char *s, const char *p, const char *ep) {
    if (s >= m->subject_end) return 0;
    int c = UCHAR(*s);
    switch (*p) {
    case '.': return 1;
    case '%': return class_matches(c, UCHAR(p[1]));
    case '[': return set_matches(c, p, ep - 1);
    default: return UCHAR(*p) == c;
    }
}

const char *lp_first_class(const char *p, const char *pattern_end) {
    const char *ep;
    if (p >= pattern_end) return NULL;
    if (*p == '%') {
        if (p + 1 >= pattern_end || p[1] == 'b' || p[1] == 'f' || isdigit(UCHAR(p[1]))) return NULL;
        ep = p + 2;
    } else if (*p == '[') {
        ep = p + 1;
        if (ep < pattern_end && *ep == '^') ep++;
        do { /* as class_end, but a malformed set is left for the match to report */
            if (ep >= pattern_end) return NULL;
            if (*ep++ == '%' && ep < pattern_end) ep++;
        } while (ep >= pattern_end || *ep != ']');
        ep++;
    } else {
        return NULL;
    }
    if (ep < pattern_end && (*ep == '*' || *ep == '?' || *ep == '-')) return NULL;
    return ep;
}

const char *lp_skip_to_class(lp_Matcher *m, const char *s, const char *p, const char *ep) {
    while (s < m->subject_end && !single_matches(m, s, p, ep)) s++;
    return s < m->subject_end ? s : NULL;
}

/* %bxy at s (p points at x): the end of the balanced run, or NULL. */
static const char *match_balance(lp_Matcher *m, const char *s, const char *p) {
    if (p + 1 >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->subject_end || *s != p[0]) return NULL;
    int open = p[0], close = p[1], count = 1;
    while (++s < m->subject_end) {
        LP_STEP(m);
        if (*s == close) {
            if (--count == 0) return s + 1;
        } else if (*s == open) {
            count++;
        }
    }
    return NULL;
}

/* %fset at s (p points at '['): the frontier test; returns the end of the set, or NULL when s is no frontier. */
static const char *match_frontier(lp_Matcher *m, const char *s, const char *p) {
    if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
    const char *ep = class_end(m, p);
    int before = s == m->subject ? '\0' : UCHAR(s[-1]);
    int here = s < m->subject_end ? UCHAR(*s) : '\0';
    return !set_matches(before, p, ep - 1) && set_matches(here, p, ep - 1) ? ep : NULL;
}

/* %1-%9 at s: the end of the repeated capture, or NULL. */
static const char *match_backref(lp_Matcher *m, const char *s, int digit) {
    int i = digit - '1';
    if (i < 0 || i >= m->level || m->capture[i].len == LP_CAP_OPEN)
        luaL_error(m->L, "invalid capture index %%%d", i + 1);
    ptrdiff_t len = m->capture[i].len;
    if (len < 0 || m->subject_end - s < len) return NULL; /* a position capture repeats nothing */
    return memcmp(m->capture[i].start, s, (size_t)len) == 0 ? s + len : NULL;
}

static const char *open_capture(lp_Matcher *m, const char *s, const char *p, ptrdiff_t what) {
    if (m->level >= LP_MAXCAPTURES) luaL_error(m->L, "too many captures");
    m->capture[m->level].start = s;
    m->capture[m->level].len = what;
    m->level++;
    const char *e = lp_match(m, s, p);
    if (e == NULL) m->level--;
    return e;
}

static const char *close_capture(lp_Matcher *m, const char *s, const char *p) {
    int i = m->level - 1;
    while (i >= 0 && m->capture[i].len != LP_CAP_OPEN) i--;
    if (i < 0) luaL_error(m->L, "invalid pattern capture");
    m->capture[i].len = s - m->capture[i].start;
    const char *e = lp_match(m, s, p);
    if (e == NULL) m->capture[i].len = LP_CAP_OPEN;
    return e;
}

/* The longest run of the class first, then shorter ones, until the rest of the pattern matches. */
static const char *max_expand(lp_Matcher *m, const char *s, const char *p, const char *ep) {
    ptrdiff_t i = 0;
    while (single_matches(m, s + i, p, ep)) {
        i++;
        LP_STEP(m);
    }
    for (; i >= 0; i--) {
        const char *e = lp_match(m, s + i, ep + 1);
        if (e != NULL) return e;
    }
    return NULL;
}

/* The shortest run of the class first, then longer ones. */
static const char *min_expand(lp_Matcher *m, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *e = lp_match(m, s, ep + 1);
        if (e != NULL) return e;
        if (!single_matches(m, s, p, ep)) return NULL;
        s++;
        LP_STEP(m);
    }
}

/* A single class with its optional quantifier at p. Returns 1 when matching goes on in the caller's loop, at
** the new *s and *p; returns 0 when *s is the answer (the end of the whole match, or NULL). */
static int match_item(lp_Matcher *m, const char **s, const char **p) {
    const char *ep = class_end(m, *p);
    if (!single_matches(m, *s, *p, ep)) {
        if (*ep == '*' || *ep == '?' || *ep == '-') {
            *p = ep + 1; /* zero repetitions are enough */
            return 1;
        }
        *s = NULL;
        return 0;
    }
    switch (*ep) {
    case '?': {
        const char *e = lp_match(m, *s + 1, ep + 1);
        if (e != NULL) {
            *s = e;
            return 0;
        }
        *p = ep + 1;
        return 1;
    }
    case '+': *s = max_expand(m, *s + 1, *p, ep); return 0;
    case '*': *s = max_expand(m, *s, *p, ep); return 0;
    case '-': *s = min_expand(m, *s, *p, ep); return 0;
    default:
        (*s)++;
        *p = ep;
        return 1;
    }
}

/* The pattern from p matched at s, looping over plain items and recursing where it may backtrack. */
static const char *match_here(lp_Matcher *m, const char *s, const char *p) {
    for (;;) {
        LP_STEP(m);
        if (p >= m->pattern_end) return s;
        switch (*p) {
        case '(':
            if (p[1] == ')') return open_capture(m, s, p + 2, LP_CAP_POSITION);
            return open_capture(m, s, p + 1, LP_CAP_OPEN);
        case ')': return close_capture(m, s, p + 1);
        case '$':
            if (p + 1 == m->pattern_end) return s == m->subject_end ? s : NULL;
            break;
        case '%':
            if (p[1] == 'b') {
                s = match_balance(m, s, p + 2);
                if (s == NULL) return NULL;
                p += 4;
                continue;
            }
            if (p[1] == 'f') {
                const char *ep = match_frontier(m, s, p + 2);
                if (ep == NULL) return NULL;
                p = ep;
                continue;
            }
            if (isdigit(UCHAR(p[1]))) {
                s = match_backref(m, s, UCHAR(p[1]));
                if (s == NULL) return NULL;
                p += 2;
                continue;
            }
            break;
        default: break;
        }
        if (!match_item(m, &s, &p)) return s;
    }
}

const char *lp_match(lp_Matcher *m, const char *s, const char *p) {
    if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
    const char *e = match_here(m, s, p);
    m->depth++;
    return e;
}

int lp_push_capture(lp_Matcher *m, int i, const char *s, const char *e) {
    if (i >= m->level) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(m->L, s, (size_t)(e - s));
        return 1;
    }
    ptrdiff_t len = m->capture[i].len;
    if (len == LP_CAP_OPEN) luaL_error(m->L, "unfinished capture");
    if (len == LP_CAP_POSITION) {
        lua_pushinteger(m->L, (lua_Integer)(m->capture[i].start - m->subject) + 1);
    } else {
        lua_pushlstring(m->L, m->capture[i].start, (size_t)len);
    }
    return 1;
}

int lp_push_captures(lp_Matcher *m, const char *s, const char *e) {
    int n = (m->level == 0 && s != NULL) ? 1 : m->level;
    luaL_checkstack(m->L, n, "too many captures");
    for (int i = 0; i < n; i++) lp_push_capture(m, i, s, e);
    return n;
}
