/* An in-process "debugger"'s side of OMPD (OpenMP 5.1, 5.4): the callbacks
 * libompd calls to reach the process, here the test program's own memory
 * (memcpy) and symbols (dlsym), with no threads of its own to name. Shared
 * by the tests that load Glass's libompd.so into the program they inspect.
 * `fail_reads` makes every memory read fail, for a test to see the code
 * come back. */
#ifndef GLASS_TEST_IN_PROCESS_CALLBACKS_H
#define GLASS_TEST_IN_PROCESS_CALLBACKS_H

#include <dlfcn.h>
#include <omp-tools.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct _ompd_aspace_cont {
    int unused;
};
static struct _ompd_aspace_cont process_context;
static int fail_reads __attribute__((unused)); /* set: read_memory fails */

static ompd_rc_t cb_alloc(ompd_size_t nbytes, void **ptr)
{
    *ptr = malloc(nbytes);
    return *ptr ? ompd_rc_ok : ompd_rc_nomem;
}
static ompd_rc_t cb_free(void *ptr)
{
    free(ptr);
    return ompd_rc_ok;
}
static ompd_rc_t cb_print(const char *string, int category)
{
    (void)category;
    fputs(string, stdout);
    return ompd_rc_ok;
}
static ompd_rc_t cb_sizeof(ompd_address_space_context_t *context, ompd_device_type_sizes_t *sizes)
{
    (void)context;
    *sizes = (ompd_device_type_sizes_t){sizeof(char), sizeof(short), sizeof(int), sizeof(long), sizeof(long long),
                                        sizeof(void *)};
    return ompd_rc_ok;
}
static ompd_rc_t cb_symbol(ompd_address_space_context_t *context, ompd_thread_context_t *thread,
                           const char *name, ompd_address_t *address, const char *file)
{
    (void)context, (void)thread, (void)file;
    void *where = dlsym(RTLD_DEFAULT, name);
    if (!where)
        return ompd_rc_error;
    *address = (ompd_address_t){ompd_segment_none, (uintptr_t)where};
    return ompd_rc_ok;
}
static ompd_rc_t cb_read(ompd_address_space_context_t *context, ompd_thread_context_t *thread,
                         const ompd_address_t *address, ompd_size_t nbytes, void *buffer)
{
    (void)context, (void)thread;
    if (fail_reads)
        return ompd_rc_device_read_error;
    memcpy(buffer, (const void *)(uintptr_t)address->address, nbytes);
    return ompd_rc_ok;
}
static ompd_rc_t cb_read_string(ompd_address_space_context_t *context, ompd_thread_context_t *thread,
                                const ompd_address_t *address, ompd_size_t nbytes, void *buffer)
{
    (void)context, (void)thread;
    const char *from = (const char *)(uintptr_t)address->address;
    size_t len = strnlen(from, nbytes);
    memcpy(buffer, from, len);
    if (len < nbytes)
        ((char *)buffer)[len] = '\0';
    return ompd_rc_ok;
}
static ompd_rc_t cb_write(ompd_address_space_context_t *context, ompd_thread_context_t *thread,
                          const ompd_address_t *address, ompd_size_t nbytes, const void *buffer)
{
    (void)context, (void)thread;
    memcpy((void *)(uintptr_t)address->address, buffer, nbytes);
    return ompd_rc_ok;
}
static ompd_rc_t cb_convert(ompd_address_space_context_t *context, const void *input, ompd_size_t unit_size,
                            ompd_size_t count, void *output)
{
    (void)context;
    memcpy(output, input, unit_size * count);
    return ompd_rc_ok;
}
static ompd_rc_t cb_thread_context(ompd_address_space_context_t *context, ompd_thread_id_t kind,
                                   ompd_size_t size, const void *id, ompd_thread_context_t **thread)
{
    (void)context, (void)kind, (void)size, (void)id, (void)thread;
    return ompd_rc_unsupported;
}

static const ompd_callbacks_t callbacks = {cb_alloc, cb_free,  cb_print,   cb_sizeof,  cb_symbol, cb_read,
                                           cb_write, cb_read_string, cb_convert, cb_convert, cb_thread_context};

#endif
