/*
** A PNG writer for cairo image surfaces, over zlib, made for speed rather than the smallest file.
**
** cairo's own writer (cairo_surface_write_to_png_stream) goes through libpng with its defaults: every row tried
** with all five filters and deflate at level 6. For a 375x667 wireframe that is about 13 ms, ten times the drawing,
** and traces draw a picture per changed screen. Here every row uses the Up filter (a wireframe's rows mostly
** repeat the row above) and deflate runs at level 1: a few milliseconds less per picture for a slightly larger
** file. An opaque surface (every wireframe: its background is painted first) is written as RGB, without the
** alpha byte; any other as RGBA, unpremultiplied as PNG requires.
**
** zlib is opened like cairo (see CCairo.c), by its soname: cairo's libpng has mapped it already by then.
*/

#include "CCairo.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct zlib_functions {
    __typeof__(deflateInit2_) *deflateInit2_;
    __typeof__(deflate) *deflate;
    __typeof__(deflateEnd) *deflateEnd;
    __typeof__(deflateBound) *deflateBound;
    __typeof__(crc32) *crc32;
} zlib_functions;

static zlib_functions zlib;
static char zlib_failure[256]; // empty when zlib opened
static pthread_once_t zlib_once = PTHREAD_ONCE_INIT;

static void zlib_load(void) {
    void *handle = dlopen("libz.so.1", RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(zlib_failure, sizeof zlib_failure, "%s", reason != NULL ? reason : "libz.so.1 not found");
        return;
    }
    zlib.deflateInit2_ = (__typeof__(deflateInit2_) *)dlsym(handle, "deflateInit2_");
    zlib.deflate = (__typeof__(deflate) *)dlsym(handle, "deflate");
    zlib.deflateEnd = (__typeof__(deflateEnd) *)dlsym(handle, "deflateEnd");
    zlib.deflateBound = (__typeof__(deflateBound) *)dlsym(handle, "deflateBound");
    zlib.crc32 = (__typeof__(crc32) *)dlsym(handle, "crc32");
    if (!zlib.deflateInit2_ || !zlib.deflate || !zlib.deflateEnd || !zlib.deflateBound || !zlib.crc32) {
        snprintf(zlib_failure, sizeof zlib_failure, "libz.so.1 lacks a deflate or crc32 function");
    }
}

/// Opens zlib once, whichever thread asks first (trace pictures are drawn on a thread of their own while the script
/// thread may draw too); returns NULL with the reason in `error` when it cannot.
static const zlib_functions *zlib_open(char *error, size_t size) {
    pthread_once(&zlib_once, zlib_load);
    if (zlib_failure[0] != 0) {
        snprintf(error, size, "%s", zlib_failure);
        return NULL;
    }
    return &zlib;
}

static void put32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

/// Appends a chunk: length, type, data, CRC of type and data. `out` has room (the caller sized it).
static size_t put_chunk(const zlib_functions *z, unsigned char *out, const char *type, const unsigned char *data,
                        size_t length) {
    put32(out, (uint32_t)length);
    memcpy(out + 4, type, 4);
    if (length > 0 && data != out + 8) memmove(out + 8, data, length);
    uLong crc = z->crc32(0L, Z_NULL, 0);
    crc = z->crc32(crc, out + 4, (uInt)(length + 4));
    put32(out + 8 + length, (uint32_t)crc);
    return length + 12;
}

int ccairo_write_png(const unsigned char *pixels, int width, int height, int stride, unsigned char **png,
                     size_t *png_size, char *error, size_t size) {
    *png = NULL;
    *png_size = 0;
    if (width <= 0 || height <= 0 || stride < width * 4) {
        snprintf(error, size, "cannot encode a %dx%d surface with %d bytes a row", width, height, stride);
        return -1;
    }
    const zlib_functions *z = zlib_open(error, size);
    if (z == NULL) return -1;

    int opaque = 1;
    for (int y = 0; y < height && opaque; y++) {
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * (size_t)stride);
        for (int x = 0; x < width; x++) {
            if ((row[x] >> 24) != 0xff) { opaque = 0; break; }
        }
    }
    const size_t channels = opaque ? 3 : 4;
    const size_t row_bytes = (size_t)width * channels;
    const size_t raw_size = (row_bytes + 1) * (size_t)height;
    unsigned char *raw = malloc(raw_size);
    unsigned char *previous = calloc(row_bytes, 1);
    unsigned char *current = malloc(row_bytes);
    if (raw == NULL || previous == NULL || current == NULL) {
        free(raw); free(previous); free(current);
        snprintf(error, size, "out of memory encoding a %dx%d PNG", width, height);
        return -1;
    }
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * (size_t)stride);
        unsigned char *c = current;
        for (int x = 0; x < width; x++) {
            uint32_t p = row[x];
            uint32_t a = p >> 24, r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
            if (!opaque && a != 0 && a != 0xff) { // cairo's colours are premultiplied by alpha, PNG's are not
                r = (r * 255 + a / 2) / a;
                g = (g * 255 + a / 2) / a;
                b = (b * 255 + a / 2) / a;
            }
            *c++ = (unsigned char)r;
            *c++ = (unsigned char)g;
            *c++ = (unsigned char)b;
            if (!opaque) *c++ = (unsigned char)a;
        }
        unsigned char *line = raw + (size_t)y * (row_bytes + 1);
        line[0] = 2; // Up: each byte minus the one above it
        for (size_t i = 0; i < row_bytes; i++) line[1 + i] = (unsigned char)(current[i] - previous[i]);
        unsigned char *swap = previous;
        previous = current;
        current = swap;
    }
    free(previous);
    free(current);

    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (z->deflateInit2_(&stream, 1, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, (int)sizeof(z_stream))
        != Z_OK) {
        free(raw);
        snprintf(error, size, "zlib could not start compressing");
        return -1;
    }
    const size_t bound = z->deflateBound(&stream, (uLong)raw_size);
    // signature 8, IHDR 25, IDAT 12 + data, IEND 12
    unsigned char *out = malloc(8 + 25 + 12 + bound + 12);
    if (out == NULL) {
        z->deflateEnd(&stream);
        free(raw);
        snprintf(error, size, "out of memory encoding a %dx%d PNG", width, height);
        return -1;
    }
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    memcpy(out, signature, 8);
    size_t at = 8;
    unsigned char header[13];
    put32(header, (uint32_t)width);
    put32(header + 4, (uint32_t)height);
    header[8] = 8;                // bits per channel
    header[9] = opaque ? 2 : 6;   // RGB or RGBA
    header[10] = 0;               // deflate
    header[11] = 0;               // adaptive filtering (each row names its filter)
    header[12] = 0;               // not interlaced
    at += put_chunk(z, out + at, "IHDR", header, 13);

    stream.next_in = raw;
    stream.avail_in = (uInt)raw_size;
    stream.next_out = out + at + 8;
    stream.avail_out = (uInt)bound;
    int status = z->deflate(&stream, Z_FINISH);
    size_t compressed = stream.total_out;
    z->deflateEnd(&stream);
    free(raw);
    if (status != Z_STREAM_END) {
        free(out);
        snprintf(error, size, "zlib could not compress the picture (status %d)", status);
        return -1;
    }
    at += put_chunk(z, out + at, "IDAT", out + at + 8, compressed);
    at += put_chunk(z, out + at, "IEND", NULL, 0);
    *png = out;
    *png_size = at;
    return 0;
}

void ccairo_free_png(unsigned char *png) {
    free(png);
}
