/* What the parsers' files refer to outside themselves, for the fuzz targets
 * (run.sh links with --unresolved-symbols=ignore-all for the functions no
 * target reaches; data and anything reachable is defined here). Diagnostics
 * are dropped and a fatal one aborts (unless a target armed fuzz_expected_fatal
 * around a call whose specified outcome is fatal), which the fuzzer reports as a crash: a
 * parser must refuse bad input, not die on it. A thread's state is never
 * needed by the pure parsers: the stubs that would create one abort. */
#include <stdarg.h>
#include <stdio.h>

#include "fuzz.h"
#include <stdlib.h>

#include "../../src/core/globals.h"
#include "../../src/core/places/places.h"
#include "../../src/core/runtime.h"
#include "../../src/core/threads/thread.h"

struct glass_globals glass_globals;
__thread struct glass_thread *glass_self_ptr __attribute__((tls_model("initial-exec")));

struct glass_thread *glass_thread_create_initial(void)
{
    abort();
}

bool glass_cpu_mask_read(struct glass_cpu_mask *mask)
{
    (void)mask;
    abort();
}

unsigned glass_place_cpus(unsigned place, const int **cpus)
{
    (void)place, (void)cpus;
    abort();
}

size_t glass_format_cpu_list(char *buffer, size_t size, const int *cpus, unsigned count)
{
    (void)buffer, (void)size, (void)cpus, (void)count;
    abort();
}

void glass_warn(const char *fmt, ...)
{
    (void)fmt;
}

jmp_buf *fuzz_expected_fatal;

_Noreturn void glass_fatal(const char *fmt, ...)
{
    if (fuzz_expected_fatal)
        longjmp(*fuzz_expected_fatal, 1);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}
