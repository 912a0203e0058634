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

/// Loads `library` (e.g. "libedit.so.2") and fills `functions`. Returns 0, or -1 with the reason in `error`
/// (dlopen's message, or the function the library lacks); the library stays loaded for the process.
int cedit_open(const char *library, cedit_functions *functions, char *error, size_t size);

#endif
