/* GCC ABI: parallel regions. GCC folds the if clause into num_threads (1 when
 * false) and passes the proc_bind clause in the low bits of flags. */
#include "../../core/team.h"
#include "gomp.h"

void GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads, unsigned flags)
{
    struct glass_parallel_args args = {
        .num_threads = num_threads,
        .proc_bind = (int)(flags & 7),
        .codeptr = __builtin_return_address(0),
    };
    glass_parallel(fn, data, &args);
}

void GOMP_parallel_start(void (*fn)(void *), void *data, unsigned num_threads)
{
    struct glass_parallel_args args = {
        .num_threads = num_threads,
        .codeptr = __builtin_return_address(0),
    };
    glass_parallel_begin(fn, data, &args);
}

void GOMP_parallel_end(void)
{
    glass_parallel_end();
}
