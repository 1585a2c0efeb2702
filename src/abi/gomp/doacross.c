/* GCC ABI: depend(source) and depend(sink: ...) in ordered(n) loops. GCC
 * passes 0-based logical iteration numbers, outermost first, and only calls
 * the wait for sink vectors inside the iteration space. Each call is one
 * iteration vector, which a tool sees as one dependences event of the
 * implicit task (also in a team of one, where there is nothing to wait for). */
#include <stdarg.h>

#include "../../core/loops/doacross.h"
#include "../../core/export.h"
#include "../../core/threads/thread.h"
#include "../../ompt/events.h"

static void post_vector(struct glass_thread *self, const uint64_t *iteration, unsigned dims)
{
    if (GLASS_OMPT_ON(dependences))
        glass_ompt_report_doacross(self->task, GLASS_DEPENDENCE_SOURCE, iteration, dims);
    glass_doacross_post(self, iteration);
}

static void wait_vector(struct glass_thread *self, const uint64_t *iteration, unsigned dims)
{
    if (GLASS_OMPT_ON(dependences))
        glass_ompt_report_doacross(self->task, GLASS_DEPENDENCE_SINK, iteration, dims);
    glass_doacross_wait(self, iteration);
}

GLASS_EXPORT void GOMP_doacross_post(long *counts)
{
    GLASS_OMPT_ENTRY();
    struct glass_thread *self = glass_self();
    unsigned dims = glass_doacross_loop_dims(self);
    if (!dims)
        return;
    uint64_t iteration[dims];
    for (unsigned d = 0; d < dims; d++)
        iteration[d] = (uint64_t)counts[d];
    post_vector(self, iteration, dims);
}

GLASS_EXPORT void GOMP_doacross_wait(long first, ...)
{
    GLASS_OMPT_ENTRY();
    struct glass_thread *self = glass_self();
    unsigned dims = glass_doacross_loop_dims(self);
    if (!dims)
        return;
    uint64_t iteration[dims];
    iteration[0] = (uint64_t)first;
    va_list ap;
    va_start(ap, first);
    for (unsigned d = 1; d < dims; d++)
        iteration[d] = (uint64_t)va_arg(ap, long);
    va_end(ap);
    wait_vector(self, iteration, dims);
}

GLASS_EXPORT void GOMP_doacross_ull_post(unsigned long long *counts)
{
    GLASS_OMPT_ENTRY();
    struct glass_thread *self = glass_self();
    unsigned dims = glass_doacross_loop_dims(self);
    if (!dims)
        return;
    uint64_t iteration[dims];
    for (unsigned d = 0; d < dims; d++)
        iteration[d] = counts[d];
    post_vector(self, iteration, dims);
}

GLASS_EXPORT void GOMP_doacross_ull_wait(unsigned long long first, ...)
{
    GLASS_OMPT_ENTRY();
    struct glass_thread *self = glass_self();
    unsigned dims = glass_doacross_loop_dims(self);
    if (!dims)
        return;
    uint64_t iteration[dims];
    iteration[0] = first;
    va_list ap;
    va_start(ap, first);
    for (unsigned d = 1; d < dims; d++)
        iteration[d] = va_arg(ap, unsigned long long);
    va_end(ap);
    wait_vector(self, iteration, dims);
}
