#include "icv.h"

#include "globals.h"

void glass_icvs_for_child(const struct glass_icvs *parent, struct glass_icvs *child)
{
    *child = *parent;
    /* Each nested level takes the next element of a list ICV; once the list is
     * exhausted the last element stays in force (OpenMP 5.1, 2.4.2). */
    if (parent->nthreads_next < glass_globals.nthreads_list_len) {
        child->nthreads = glass_globals.nthreads_list[parent->nthreads_next];
        child->nthreads_next = parent->nthreads_next + 1;
    }
    if (parent->bind_next < glass_globals.bind_list_len) {
        child->bind = glass_globals.bind_list[parent->bind_next];
        child->bind_next = parent->bind_next + 1;
    }
}
