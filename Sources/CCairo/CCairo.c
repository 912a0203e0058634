/*
** cairo, loaded on first use.
**
** fscript draws PNG wireframes only for screenshots, yet a linked libcairo is mapped at every start together with
** its dependency chain (pixman, fontconfig, freetype, png, xcb, X11 and more), which costs milliseconds before
** main. So nothing links cairo by name: the first screenshot dlopens it and looks every function up here, where
** the C compiler types each pointer from cairo.h's prototype.
*/

#include "CCairo.h"

#include <dlfcn.h>
#include <stdio.h>

int ccairo_open(const char *library, ccairo_functions *functions, char *error, size_t size) {
    void *handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, size, "%s", reason != NULL ? reason : library);
        return -1;
    }
#define CCAIRO_LOOKUP(name) \
    functions->name = (__typeof__(cairo_##name) *)dlsym(handle, "cairo_" #name); \
    if (functions->name == NULL) { \
        snprintf(error, size, "%s has no cairo_" #name, library); \
        dlclose(handle); \
        return -1; \
    }
    CCAIRO_FUNCTIONS(CCAIRO_LOOKUP)
#undef CCAIRO_LOOKUP
    return 0;
}
