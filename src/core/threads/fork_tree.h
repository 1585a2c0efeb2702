/* The fork tree (GLASS_BARRIER=tree): which members a member starts. Member
 * num's subtree is the range of thread numbers [num, num + fanout^d), d the
 * number of trailing zero digits of num in base fanout (the master's covers
 * the team). It starts num + m * fanout^e for e = d-1 down to 0 and m =
 * 1..fanout-1, the largest subtrees first, and each started member does the
 * same for its own subtree. So siblings at the bottom are consecutive thread
 * numbers (neighbouring places under close binding), the master starts at
 * most (fanout-1) * log_fanout(threads) members, and the same ranges are the
 * barrier tree's nodes (barrier_tree.c). Pure, for pool.c and unit tests. */
#ifndef GLASS_CORE_FORK_TREE_H
#define GLASS_CORE_FORK_TREE_H

static inline void glass_fork_tree_children(unsigned num, unsigned nthreads, unsigned fanout,
                                            void (*start)(void *arg, unsigned child), void *arg)
{
    unsigned long long span = 1;
    while (span < nthreads && num % (span * fanout) == 0)
        span *= fanout;
    for (unsigned long long step = span / fanout; step > 0; step /= fanout)
        for (unsigned m = 1; m < fanout; m++) {
            unsigned long long child = num + m * step;
            if (child >= nthreads)
                break;
            start(arg, (unsigned)child);
        }
}

#endif
