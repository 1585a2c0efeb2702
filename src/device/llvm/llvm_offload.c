/* LLVM's libomptarget as the program's offload library (llvm_offload.h).
 *
 * LLVM's libomp answers omp_get_num_devices by looking libomptarget's
 * answer up at run time, and omp_get_initial_device and (on the host)
 * omp_get_device_num with that same number. Glass does the same, but finds
 * libomptarget by one of the entry points only it defines
 * (__tgt_register_lib) rather than by RTLD_NEXT: with Glass preloaded in
 * front of GCC's libgomp, the next omp_get_num_devices would be libgomp's.
 * The count function is then taken from that library itself, so whichever
 * runtime comes first in the search order, it is libomptarget's.
 *
 * Looked up once, on the first question about devices (device_table.c):
 * a program without libomptarget pays one failed dlsym. The count is asked
 * each time, since libomptarget adds devices as the program's images
 * register (in the program's constructors).
 *
 * libomptarget 18 and later also ask the host runtime, from a target task's
 * body, whether the task can be re-run to poll its asynchronous operations
 * (__kmpc_omp_has_task_team, src/abi/kmp/target_task.c); Glass polls them
 * with libomptarget's __tgt_target_nowait_query, as libomp does. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

#include "../../core/runtime.h"

#include "llvm_offload.h"

static int (*count_devices)(void);
static void (*nowait_query)(void **handle);
/* Its last answer: while the runtime loads or unloads, libomptarget may not
 * be set up yet or may be gone already (LLVM 19's depends on libomp, so it
 * is set up after Glass and taken down before). */
static _Atomic int last_count;
static pthread_once_t lookup_once = PTHREAD_ONCE_INIT;

/* Whether `fn` lies in this library (Glass defines omp_get_num_devices too). */
static bool defined_here(void *fn)
{
    Dl_info mine, theirs;
    return dladdr((void *)glass_llvm_offload_present, &mine) && dladdr(fn, &theirs) &&
           mine.dli_fbase == theirs.dli_fbase;
}

static void look_up(void)
{
    void *register_lib = dlsym(RTLD_DEFAULT, "__tgt_register_lib");
    Dl_info where;
    if (!register_lib || defined_here(register_lib) || !dladdr(register_lib, &where) || !where.dli_fname)
        return;
    /* Already loaded: NOLOAD only gives a handle on it (and keeps it). */
    void *library = dlopen(where.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
    if (!library)
        return;
    /* Newer libomptargets may export their own name for it, as LLVM's
     * libomp looks for first. */
    void *count = dlsym(library, "__tgt_get_num_devices");
    if (!count || defined_here(count))
        count = dlsym(library, "omp_get_num_devices");
    if (!count || defined_here(count)) {
        dlclose(library);
        return;
    }
    *(void **)&count_devices = count;
    void *query = dlsym(library, "__tgt_target_nowait_query");
    if (query && !defined_here(query))
        *(void **)&nowait_query = query;
}

bool glass_llvm_offload_present(void)
{
    pthread_once(&lookup_once, look_up);
    return count_devices != NULL;
}

int glass_llvm_offload_num_devices(void)
{
    if (!glass_llvm_offload_present())
        return 0;
    if (glass_loading() || glass_unloading())
        return atomic_load_explicit(&last_count, memory_order_relaxed);
    int n = count_devices();
    n = n > 0 ? n : 0;
    atomic_store_explicit(&last_count, n, memory_order_relaxed);
    return n;
}

bool glass_llvm_offload_can_query(void)
{
    return glass_llvm_offload_present() && nowait_query;
}

void glass_llvm_offload_query(void **handle)
{
    nowait_query(handle);
}
