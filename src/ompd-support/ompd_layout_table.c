/* glass_ompd_layout: sizes and field offsets of the runtime structures libompd
 * reads (contract in src/ompd/glass_ompd_abi.h). Names live inside the entries,
 * so the table needs no relocation and reads the same in a core file. */
#include <stddef.h>

#include "../core/globals.h"
#include "../core/tasks/task.h"
#include "../core/threads/team.h"
#include "../core/threads/thread.h"
#include "../ompd/glass_ompd_abi.h"
#include "ompd_support.h"

typedef struct glass_thread glass_ompd_thread;
typedef struct glass_team glass_ompd_team;
typedef struct glass_task glass_ompd_task;
typedef struct glass_icvs glass_ompd_icvs;
typedef struct glass_frame glass_ompd_frame;
typedef struct glass_globals glass_ompd_globals;
typedef void *glass_ompd_pointer;

#define SIZE_ENTRY(s) {"sizeof." #s, 0, sizeof(glass_ompd_##s)},
#define FIELD_ENTRY(s, f) {#s "." #f, offsetof(glass_ompd_##s, f), sizeof(((glass_ompd_##s *)0)->f)},
#define COUNT(...) +1

#define NENTRIES (0 GLASS_OMPD_STRUCTS(COUNT) GLASS_OMPD_FIELDS(COUNT))

GLASS_EXPORT const struct {
    uint64_t magic, version, count;
    struct glass_ompd_layout_entry entries[NENTRIES];
} glass_ompd_layout = {
    GLASS_OMPD_LAYOUT_MAGIC,
    GLASS_OMPD_LAYOUT_VERSION,
    NENTRIES,
    {GLASS_OMPD_STRUCTS(SIZE_ENTRY) GLASS_OMPD_FIELDS(FIELD_ENTRY)},
};

/* libompd interprets these task.flags bits with its own copies of the values. */
_Static_assert(GLASS_OMPD_TASK_INITIAL == GLASS_TASK_INITIAL, "task flag values differ");
_Static_assert(GLASS_OMPD_TASK_IMPLICIT == GLASS_TASK_IMPLICIT, "task flag values differ");
_Static_assert(GLASS_OMPD_TASK_EXPLICIT == GLASS_TASK_EXPLICIT, "task flag values differ");
_Static_assert(GLASS_OMPD_TASK_FINAL == (unsigned)GLASS_TASK_FINAL, "task flag values differ");
