/*
** libedit, loaded when the REPL starts.
**
** fscript edits lines only at the interactive prompt, yet a linked libedit is mapped at every start together with
** libtinfo, libbsd and libmd. So nothing links it by name: the REPL dlopens it and looks every function up here,
** where the C compiler types each pointer from readline.h's prototype.
*/

#include "CEdit.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The library cedit_open loaded, for the completion hooks (readline's variables, reached by address). */
static void *edit_handle = NULL;

int cedit_open(const char *library, cedit_functions *functions, char *error, size_t size) {
    void *handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, size, "%s", reason != NULL ? reason : library);
        return -1;
    }
#define CEDIT_LOOKUP(name) \
    functions->name = (__typeof__(name) *)dlsym(handle, #name); \
    if (functions->name == NULL) { \
        snprintf(error, size, "%s has no " #name, library); \
        dlclose(handle); \
        return -1; \
    }
    CEDIT_FUNCTIONS(CEDIT_LOOKUP)
#undef CEDIT_LOOKUP
    edit_handle = handle;
    return 0;
}

/*
** Tab completion through readline's hooks: the attempted-completion function asks the REPL's completer for the
** candidates of the word before the cursor and hands them to readline one by one (its generator protocol).
*/

static cedit_completer current_completer = NULL;
static char **pending = NULL;
static size_t pending_next = 0;
static char **line_buffer = NULL;
static int *attempted_over = NULL;
static __typeof__(rl_completion_matches) *matches_of = NULL;

static char *next_candidate(const char *text, int state) {
    (void)text;
    if (state == 0) pending_next = 0;
    if (pending == NULL || pending[pending_next] == NULL) {
        free(pending);
        pending = NULL;
        return NULL;
    }
    return pending[pending_next++];
}

static char **attempt(const char *text, int start, int end) {
    (void)start;
    if (attempted_over != NULL) *attempted_over = 1;
    if (current_completer == NULL || matches_of == NULL) return NULL;
    const char *line = (line_buffer != NULL && *line_buffer != NULL) ? *line_buffer : "";
    size_t length = strlen(line);
    char *prefix = strndup(line, (size_t)end < length ? (size_t)end : length);
    free(pending);
    pending = current_completer(prefix != NULL ? prefix : "", text);
    free(prefix);
    if (pending == NULL) return NULL;
    return matches_of(text, next_candidate);
}

static const char word_breaks[] = " \t\n\"'(),=[]{}<>;+-*/#~^&|";

int cedit_set_completer(cedit_completer completer) {
    if (edit_handle == NULL) return -1;
    void **attempted = dlsym(edit_handle, "rl_attempted_completion_function");
    const char **basic_breaks = dlsym(edit_handle, "rl_basic_word_break_characters");
    char **completer_breaks = dlsym(edit_handle, "rl_completer_word_break_characters");
    int *append = dlsym(edit_handle, "rl_completion_append_character");
    line_buffer = dlsym(edit_handle, "rl_line_buffer");
    attempted_over = dlsym(edit_handle, "rl_attempted_completion_over");
    matches_of = (__typeof__(rl_completion_matches) *)dlsym(edit_handle, "rl_completion_matches");
    if (attempted == NULL || line_buffer == NULL || matches_of == NULL) return -1;
    current_completer = completer;
    *attempted = (void *)attempt;
    if (basic_breaks != NULL) *basic_breaks = word_breaks;
    if (completer_breaks != NULL) *completer_breaks = (char *)(uintptr_t)word_breaks;
    if (append != NULL) *append = 0;
    return 0;
}
