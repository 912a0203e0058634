/*
** libedit, loaded when the REPL starts.
**
** fscript edits lines only at the interactive prompt, yet a linked libedit is mapped at every start together with
** libtinfo, libbsd and libmd. So nothing links it by name: the REPL dlopens it and looks every function up here,
** where the C compiler types each pointer from readline.h's prototype.
*/

#include "CEdit.h"

#include <dlfcn.h>

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
    return 0;
}
