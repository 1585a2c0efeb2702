/* LLVM's Archer (libarcher.so), the data-race detector that pairs
 * ThreadSanitizer with an OMPT tool describing OpenMP's synchronization.
 *
 * Two things make it work on Glass as on libomp:
 * - Loading. libomp tries libarcher.so when discovery found no tool, and
 *   Archer's users are told that compiling with -fsanitize=thread is all it
 *   takes. Glass does the same, but only when the process runs on TSan (its
 *   runtime defines __tsan_init): Archer declines in any other process, so
 *   there the library is not even opened.
 * - Archer of LLVM 14 (Debian 12, Ubuntu 22.04) dereferences the
 *   parallel_data of the initial-task-end event, which OpenMP 5.1 (4.5.2.11)
 *   says is NULL and Glass passes as NULL to every other tool. A tool whose
 *   initializer lives in an object named libarcher* gets the region the
 *   initial task began with instead, as libomp gives every tool
 *   (docs/ompt-libomp19-differences.md says why this one exception). */
#include <dlfcn.h>
#include <stdbool.h>
#include <string.h>

#include "ompt_internal.h"

#define ARCHER_LIBRARY "libarcher.so"

const char *glass_ompt_archer_library(void)
{
    return ARCHER_LIBRARY;
}

bool glass_ompt_process_uses_tsan(void)
{
    return dlsym(RTLD_DEFAULT, "__tsan_init") != NULL;
}

bool glass_ompt_tool_is_archer(const ompt_start_tool_result_t *tool)
{
    Dl_info info;
    if (!tool->initialize || !dladdr((const void *)tool->initialize, &info) || !info.dli_fname)
        return false;
    const char *slash = strrchr(info.dli_fname, '/');
    const char *name = slash ? slash + 1 : info.dli_fname;
    return strncmp(name, "libarcher", strlen("libarcher")) == 0;
}
