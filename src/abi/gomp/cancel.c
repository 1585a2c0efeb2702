/* GCC ABI: the cancel and cancellation point constructs. `which` is one of
 * GCC's GOMP_CANCEL_* values (libgomp.h): 1 parallel, 2 loop (for/do), 4
 * sections, 8 taskgroup. A true result sends the caller to the end of the
 * cancelled region. */
#include <stdbool.h>

#include "../../core/sync/cancel.h"
#include "../../core/runtime.h"
#include "../../ompt/events.h"
#include "gomp.h"

static bool construct_kind(int which, enum glass_cancel_kind *kind)
{
    switch (which) {
    case 1:
        *kind = GLASS_CANCEL_PARALLEL;
        return true;
    case 2:
        *kind = GLASS_CANCEL_LOOP;
        return true;
    case 4:
        *kind = GLASS_CANCEL_SECTIONS;
        return true;
    case 8:
        *kind = GLASS_CANCEL_TASKGROUP;
        return true;
    }
    glass_warn("cancellation requested for an unknown construct type %d; ignored", which);
    return false;
}

GLASS_EXPORT bool GOMP_cancellation_point(int which)
{
    GLASS_OMPT_ENTRY();
    enum glass_cancel_kind kind;
    if (!construct_kind(which, &kind))
        return false;
    return glass_cancellation_point_at(glass_self(), kind, __builtin_return_address(0));
}

/* do_cancel is false when the cancel construct's if clause evaluated to false:
 * the construct is then only a cancellation point (OpenMP 5.1, 2.20.1). */
GLASS_EXPORT bool GOMP_cancel(int which, bool do_cancel)
{
    GLASS_OMPT_ENTRY();
    enum glass_cancel_kind kind;
    if (!construct_kind(which, &kind))
        return false;
    struct glass_thread *self = glass_self();
    const void *codeptr = __builtin_return_address(0);
    return do_cancel ? glass_cancel_at(self, kind, codeptr) : glass_cancellation_point_at(self, kind, codeptr);
}
