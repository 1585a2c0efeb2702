/* Sections as a loop over section numbers (OpenMP 5.1, 2.10.1: the way
 * sections are scheduled is implementation defined). */
#include "sections.h"

#include "../../ompt/events.h"
#include "loop.h"

static struct glass_loop_spec sections_spec(unsigned count)
{
    return (struct glass_loop_spec){
        .count = count,
        .start = 1,
        .incr = 1,
        .end = (uint64_t)count + 1,
        .sched = GLASS_SCHED_DYNAMIC,
        .chunk = 1,
        .sections = true,
    };
}

/* A section starts: OMPT identifies it by the call site that handed it out
 * (5.1 4.5.2.6). */
unsigned glass_sections_next(struct glass_thread *self, const void *codeptr)
{
    uint64_t lo, hi;
    if (!glass_loop_next(self, &lo, &hi))
        return 0;
    GLASS_OMPT_EMIT(dispatch, &self->team->tool_data, &self->task->tool_data, GLASS_DISPATCH_SECTION,
                    (glass_tool_data){.ptr = (void *)codeptr});
    return (unsigned)lo + 1;
}

unsigned glass_sections_start(struct glass_thread *self, unsigned count, size_t mem_size, void **mem,
                              const void *codeptr)
{
    struct glass_loop_spec spec = sections_spec(count);
    spec.mem_size = mem_size;
    spec.codeptr = codeptr;
    glass_loop_start(self, &spec, mem);
    return glass_sections_next(self, codeptr);
}

void glass_sections_prepare(struct glass_team *team, unsigned count)
{
    struct glass_loop_spec spec = sections_spec(count);
    glass_loop_prepare(team, &spec);
}
