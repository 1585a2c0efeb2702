/* Shared by the fuzz targets: the fuzzer's bytes as a NUL-terminated string,
 * the form in which getenv hands a value to the parsers. */
#ifndef GLASS_FUZZ_H
#define GLASS_FUZZ_H

#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static inline char *fuzz_string(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

/* Where glass_fatal (stubs.c) returns to instead of aborting, when a target
 * arms it around a call whose specified outcome may be a fatal error (an
 * allocator whose fallback is abort_fb running out of its pool). */
extern jmp_buf *fuzz_expected_fatal;

#endif
