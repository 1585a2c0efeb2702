/* Clang ABI: sections handed out one at a time (libomp 16+'s
 * __kmpc_sections_init / __kmpc_next_section / __kmpc_end_sections, which
 * compilers other than Clang's default code generation emit; Clang itself
 * runs sections as a static loop, static_init.c).
 *
 * __kmpc_sections_init says whether the team shares the work (libomp: the
 * team is not serialized); if it does, each thread asks __kmpc_next_section
 * for section numbers (0-based) until it gets the number of sections, then
 * calls __kmpc_end_sections; the barrier, unless nowait, is a call of its
 * own. The number of sections is only known at the first
 * __kmpc_next_section, so that call starts the core's sections construct;
 * the call that finds none left ends it for the thread. Each thread keeps
 * the constructs it has begun and not ended (one per implicit task: a
 * section may run a nested region with a sections construct of its own). */
#include <stdlib.h>

#include "../../core/runtime.h"
#include "../../core/loops/sections.h"
#include "../../core/threads/team.h"
#include "../../ompt/events.h"
#include "kmp.h"

struct open_sections {
    struct glass_task *task;   /* implicit task that began the construct */
    bool started;              /* the core construct is entered */
    unsigned long construct;   /* its number in the task, once started */
};

static __thread struct open_sections *open_list;
static __thread unsigned nopen, open_capacity;

static struct open_sections *innermost(struct glass_thread *self)
{
    for (unsigned i = nopen; i-- > 0;)
        if (open_list[i].task == self->task)
            return &open_list[i];
    return NULL;
}

static struct open_sections *push(struct glass_thread *self)
{
    if (nopen == open_capacity) {
        unsigned capacity = open_capacity ? 2 * open_capacity : 4;
        struct open_sections *grown = realloc(open_list, capacity * sizeof *grown);
        if (!grown)
            glass_fatal("out of memory for the sections constructs of a thread");
        open_list = grown;
        open_capacity = capacity;
    }
    open_list[nopen] = (struct open_sections){.task = self->task};
    return &open_list[nopen++];
}

static void drop(struct open_sections *entry)
{
    unsigned index = (unsigned)(entry - open_list);
    for (unsigned i = index + 1; i < nopen; i++)
        open_list[i - 1] = open_list[i];
    nopen--;
}

/* Leaves the core construct if the thread is still in it, and forgets it. */
static void finish(struct glass_thread *self, struct open_sections *entry, const void *codeptr)
{
    if (entry->started && entry->construct == self->task->ws_count)
        glass_ws_leave_at(self, codeptr);
    drop(entry);
}

GLASS_EXPORT int32_t __kmpc_sections_init(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc;
    struct glass_thread *self = kmp_thread(gtid);
    if (self->team->nthreads == 1)
        return 0; /* the program runs every section itself */
    push(self);
    return 1;
}

GLASS_EXPORT int32_t __kmpc_next_section(struct kmp_ident *loc, int32_t gtid, int32_t number_of_sections)
{
    (void)loc;
    GLASS_OMPT_ENTRY();
    const void *codeptr = __builtin_return_address(0);
    struct glass_thread *self = kmp_thread(gtid);
    if (number_of_sections <= 0)
        return 0;
    struct open_sections *entry = innermost(self);
    /* Without __kmpc_sections_init (or in a team of one) the construct
     * starts here all the same. */
    if (!entry)
        entry = push(self);
    unsigned section;
    if (!entry->started) {
        section = glass_sections_start(self, (unsigned)number_of_sections, 0, NULL, codeptr);
        entry->started = true;
        entry->construct = self->task->ws_count;
    } else {
        section = glass_sections_next(self, codeptr);
    }
    if (section == 0) {
        finish(self, entry, codeptr);
        return number_of_sections;
    }
    return (int32_t)(section - 1);
}

GLASS_EXPORT void __kmpc_end_sections(struct kmp_ident *loc, int32_t gtid)
{
    (void)loc;
    GLASS_OMPT_ENTRY();
    struct glass_thread *self = kmp_thread(gtid);
    struct open_sections *entry = innermost(self);
    if (entry)
        finish(self, entry, __builtin_return_address(0));
}
