#ifndef CCAIRO_H
#define CCAIRO_H

// Types and constants only: the functions are reached through ccairo_functions, never linked by name.
#include <cairo/cairo.h>
#include <stddef.h>

/// Every cairo function the wireframe renderer and the screenshot comparison call, named without the `cairo_` prefix. Add a function here and
/// it becomes a field of ccairo_functions, typed from cairo.h's own prototype and looked up by ccairo_open.
#define CCAIRO_FUNCTIONS(X) \
    X(image_surface_create) \
    X(surface_destroy) \
    X(surface_flush) \
    X(surface_status) \
    X(surface_mark_dirty) \
    X(image_surface_create_from_png_stream) \
    X(image_surface_get_data) \
    X(image_surface_get_format) \
    X(image_surface_get_width) \
    X(image_surface_get_height) \
    X(image_surface_get_stride) \
    X(create) \
    X(destroy) \
    X(save) \
    X(restore) \
    X(scale) \
    X(translate) \
    X(paint) \
    X(set_source_rgb) \
    X(set_source_rgba) \
    X(set_line_width) \
    X(set_line_cap) \
    X(new_sub_path) \
    X(close_path) \
    X(move_to) \
    X(line_to) \
    X(arc) \
    X(rectangle) \
    X(clip) \
    X(fill) \
    X(fill_preserve) \
    X(stroke) \
    X(select_font_face) \
    X(set_font_size) \
    X(text_extents) \
    X(text_path) \
    X(font_options_create) \
    X(font_options_destroy) \
    X(font_options_set_hint_style) \
    X(font_options_set_hint_metrics) \
    X(set_font_options)

/// The cairo functions, looked up in libcairo at run time. `fscript -e ''` never needs cairo, and linking it
/// would load it and its X11, fontconfig and freetype dependencies, about twenty libraries, at every start.
typedef struct ccairo_functions {
#define CCAIRO_FIELD(name) __typeof__(cairo_##name) *name;
    CCAIRO_FUNCTIONS(CCAIRO_FIELD)
#undef CCAIRO_FIELD
} ccairo_functions;

/// Loads `library` (e.g. "libcairo.so.2") and fills `functions`. Returns 0, or -1 with the reason in `error`
/// (dlopen's message, or the function the library lacks); the library stays loaded for the process.
int ccairo_open(const char *library, ccairo_functions *functions, char *error, size_t size);

/// Encodes `height` rows of `width` cairo ARGB32 pixels (`stride` bytes apart) as a PNG, fast rather than small
/// (see ccairo_png.c); opens zlib on first use. Returns 0 with the PNG in `*png` (free it with ccairo_free_png),
/// or -1 with the reason in `error`.
int ccairo_write_png(const unsigned char *pixels, int width, int height, int stride, unsigned char **png,
                     size_t *png_size, char *error, size_t size);

/// Frees a PNG from ccairo_write_png.
void ccairo_free_png(unsigned char *png);

#endif
