// libxml2 (Debian's libxml2-dev): the parser, the tree and XPath 1.0 for the mock's equalToXml and matchesXPath.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers clash with the copy of ICU inside Foundation. Only
// xmlCharEncodingHandler's layout depends on it, and fscript never touches that struct (only pointers to it).
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlerror.h>
