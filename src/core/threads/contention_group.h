/* Running a region as a new contention group on the calling thread
 * (contention_group.c): a target region the host runs, or a league of teams
 * met outside an initial task. */
#ifndef GLASS_CORE_CONTENTION_GROUP_H
#define GLASS_CORE_CONTENTION_GROUP_H

struct glass_thread;

/* Runs fn(data) on this thread as the initial task of a new contention group
 * (level 0, a fresh data environment), then waits for the tasks it made.
 * thread_limit 0: no limit from the construct. device_num: the device-num
 * ICV of everything the group runs (omp_get_device_num), -1 for the host. */
void glass_contention_group_run(struct glass_thread *self, void (*fn)(void *), void *data, unsigned thread_limit,
                                int device_num);

#endif
