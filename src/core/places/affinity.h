/* Places and thread binding (OMP_PLACES, OMP_PROC_BIND, proc_bind) and the
 * display of thread affinity (OMP_DISPLAY_AFFINITY, OMP_AFFINITY_FORMAT). */
#ifndef GLASS_CORE_AFFINITY_H
#define GLASS_CORE_AFFINITY_H

#include <stdbool.h>
#include <stddef.h>

struct glass_team;
struct glass_thread;

/* True when a new team has affinity work to do: binding its threads or
 * displaying their affinity. When false (no OMP_PROC_BIND, no OMP_PLACES, no
 * OMP_DISPLAY_AFFINITY) every entry point below returns at once. */
extern bool glass_affinity_active;

/* Reads the place list (OMP_PLACES, the process's CPU mask, the topology) at
 * initialization, after the environment has been parsed. */
void glass_affinity_init(void);

/* Called by the master of every new team, after the members are chosen and
 * before any worker starts. A team of more than one thread: binds the master
 * if it is not bound yet and sets the place partition of its implicit task
 * (OpenMP 5.1, 2.6.2). Any team: decides whether its members display their
 * affinity (OMP_DISPLAY_AFFINITY) and displays the master's. */
void glass_affinity_place_team(struct glass_team *team);

/* Called by every worker as it starts its implicit task: binds the thread to
 * its place (if it changed), sets its task's place partition, displays its
 * affinity if the master decided so. */
void glass_affinity_apply_slow(struct glass_thread *self);

static inline void glass_affinity_apply(struct glass_thread *self)
{
    if (__builtin_expect(glass_affinity_active, 0))
        glass_affinity_apply_slow(self);
}

/* Place the calling thread is bound to, or -1. With binding on, an initial
 * thread that is not bound yet is bound first to the first place of its
 * partition (so queries agree with where the thread then runs). */
int glass_affinity_current_place(struct glass_thread *self);

/* Where thread `num` of a team of `nthreads` goes, for a policy (enum
 * glass_proc_bind), the parent's place partition and the master's place
 * (absolute place numbers). Pure (OpenMP 5.1, 2.6.2). */
struct glass_binding {
    int place;
    int partition_first;
    int partition_len;
};
struct glass_binding glass_binding_for(int policy, int partition_first, int partition_len,
                                       int master_place, unsigned nthreads, unsigned num);

/* omp_capture_affinity / omp_display_affinity for the calling thread; an empty
 * or NULL format means affinity-format-var (the format: affinity_format.h).
 * Display writes one line to stdout. */
size_t glass_capture_affinity(struct glass_thread *self, char *buffer, size_t size,
                              const char *format);
void glass_display_affinity(struct glass_thread *self, const char *format);

/* OMP_DISPLAY_AFFINITY, for the master of a new team before any worker
 * starts: records what member `num` (at `place`) is about to show, and
 * returns true when that differs from what it last showed. */
bool glass_affinity_note_member(struct glass_thread *encountering, const struct glass_team *team,
                                unsigned num, int place);

/* Displays the line of the calling thread as member `num` of `team`, which
 * it may not have joined yet, in affinity-format-var. */
void glass_display_affinity_in(struct glass_thread *self, const struct glass_team *team, unsigned num);

#endif
