#include "icv.h"

#include "../globals.h"

void glass_icvs_for_child(const struct glass_icvs *parent, struct glass_icvs *child)
{
    *child = *parent;
    /* Each nested level takes the next element of a list ICV; once the list is
     * exhausted the last element stays in force (OpenMP 5.1, 2.4.2). */
    const unsigned *nthreads_list = parent->nthreads_list ? parent->nthreads_list : glass_globals.nthreads_list;
    unsigned nthreads_len = parent->nthreads_list ? parent->nthreads_list_len : glass_globals.nthreads_list_len;
    if (parent->nthreads_next < nthreads_len) {
        child->nthreads = nthreads_list[parent->nthreads_next];
        child->nthreads_next = parent->nthreads_next + 1;
    }
    if (parent->bind_next < glass_globals.bind_list_len) {
        child->bind = glass_globals.bind_list[parent->bind_next];
        child->bind_next = parent->bind_next + 1;
    }
}
