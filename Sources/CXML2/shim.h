// libxml2 (Debian's libxml2-dev) for the mock's equalToXml and matchesXPath: types and constants from its headers,
// functions looked up at run time. Linked by name, libxml2 and what it pulls in (ICU, lzma) would be mapped at
// every start of fscript, ~2 ms before main, for a feature only XML stubs use; see cxml2_open.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers clash with the copy of ICU inside Foundation. Only
// xmlCharEncodingHandler's layout depends on it, and fscript never touches that struct (only pointers to it).
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlerror.h>
#include <dlfcn.h>
#include <stdio.h>

/// Every libxml2 function the mock calls. Add one here and it becomes a field of cxml2_functions, typed from
/// libxml2's own prototype and looked up by cxml2_open.
#define CXML2_FUNCTIONS(X) \
    X(xmlInitParser) \
    X(xmlNewParserCtxt) \
    X(xmlFreeParserCtxt) \
    X(xmlCtxtReadMemory) \
    X(xmlFreeDoc) \
    X(xmlDocGetRootElement) \
    X(xmlSetStructuredErrorFunc) \
    X(xmlXPathCompile) \
    X(xmlXPathFreeCompExpr) \
    X(xmlXPathNewContext) \
    X(xmlXPathFreeContext) \
    X(xmlXPathRegisterNs) \
    X(xmlXPathEvalExpression) \
    X(xmlXPathFreeObject) \
    X(xmlBufferCreate) \
    X(xmlBufferFree) \
    X(xmlBufferContent) \
    X(xmlNodeDump)

typedef struct cxml2_functions {
#define CXML2_FIELD(name) __typeof__(name) *name;
    CXML2_FUNCTIONS(CXML2_FIELD)
#undef CXML2_FIELD
} cxml2_functions;

/// Loads `library` (e.g. "libxml2.so.2") and fills `functions`. Returns 0, or -1 with the reason in `error`
/// (dlopen's message, or the function the library lacks); the library stays loaded for the process.
static inline int cxml2_open(const char *library, cxml2_functions *functions, char *error, size_t size) {
    void *handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, size, "%s", reason != NULL ? reason : library);
        return -1;
    }
#define CXML2_LOOKUP(name) \
    functions->name = (__typeof__(name) *)dlsym(handle, #name); \
    if (functions->name == NULL) { \
        snprintf(error, size, "%s has no " #name, library); \
        dlclose(handle); \
        return -1; \
    }
    CXML2_FUNCTIONS(CXML2_LOOKUP)
#undef CXML2_LOOKUP
    return 0;
}
