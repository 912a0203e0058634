#ifndef CEDIT_H
#define CEDIT_H

// Types and prototypes only: the functions are reached through cedit_functions, never linked by name.
#include <stdio.h>
#include <stddef.h>
#include <editline/readline.h>

/// Every libedit function the REPL calls. Add a function here and it becomes a field of cedit_functions, typed
/// from readline.h's own prototype and looked up by cedit_open.
#define CEDIT_FUNCTIONS(X) \
    X(readline) \
    X(using_history) \
    X(read_history) \
    X(write_history) \
    X(add_history)

/// The libedit functions, looked up at run time. Only the REPL edits lines, and linking libedit would load it
/// and its dependencies (libtinfo, libbsd, libmd) at every start of fscript.
typedef struct cedit_functions {
#define CEDIT_FIELD(name) __typeof__(name) *name;
    CEDIT_FUNCTIONS(CEDIT_FIELD)
#undef CEDIT_FIELD
} cedit_functions;

/// Completes the word under the cursor: gets the line up to the cursor and the word (the text since the last of
/// the word-break characters), returns a malloc'd, NULL-terminated array of malloc'd candidates that replace the
/// word, or NULL for none.
typedef char **(*cedit_completer)(const char *line, const char *word);

/// Installs `completer` for Tab: a word ends at spaces, quotes, brackets and operators but not at `.` or `:` (so
/// `app:wa` and `frank.la` are one word), no space is appended after a completion, and there is no fall-back to
/// file names. Returns 0, or -1 when the loaded libedit lacks the hooks.
int cedit_set_completer(cedit_completer completer);

/// Loads `library` (e.g. "libedit.so.2") and fills `functions`. Returns 0, or -1 with the reason in `error`
/// (dlopen's message, or the function the library lacks); the library stays loaded for the process.
int cedit_open(const char *library, cedit_functions *functions, char *error, size_t size);

#endif
