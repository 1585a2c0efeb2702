/* Thread binding: the proc_bind policies over the place partition (OpenMP 5.1,
 * 2.6.2) and pthread_setaffinity_np. Binding is only on when OMP_PROC_BIND or
 * OMP_PLACES asks for it; otherwise no thread is ever bound and a new team
 * costs one test of glass_affinity_active. */
#include "affinity.h"

#include <pthread.h>
#include <string.h>

#include "../settings/env.h"
#include "../globals.h"
#include "places.h"
#include "../runtime.h"
#include "../threads/team.h"

bool glass_affinity_active;
static bool binding; /* the place list is not empty */

/* No place list after all: bind-var false at every nesting level. */
static void binding_off(struct glass_globals *g)
{
    g->initial_icvs.bind = GLASS_BIND_FALSE;
    g->bind_list_len = 0;
}

void glass_affinity_init(void)
{
    struct glass_globals *g = &glass_globals;
    const char *text;
    const struct glass_places_spec *spec = glass_env_places(&text);
    glass_affinity_active = g->display_affinity;
    /* OMP_PROC_BIND=false turns binding off even with OMP_PLACES (as libgomp). */
    if (g->initial_icvs.bind == GLASS_BIND_FALSE) {
        glass_env_places_release();
        return;
    }
    struct glass_cpu_mask mask;
    if (!glass_cpu_mask_read(&mask)) {
        glass_warn("cannot read the process's CPU mask; threads are not bound");
        binding_off(g);
        glass_env_places_release();
        return;
    }
    struct glass_places_spec from_topology;
    const struct glass_places_spec *chosen = spec;
    bool topology = !spec || spec->kind != GLASS_PLACES_EXPLICIT;
    if (topology) {
        /* No OMP_PLACES: one place per hardware thread, as libgomp. */
        enum glass_places_kind kind = spec ? spec->kind : GLASS_PLACES_THREADS;
        if (!glass_places_from_topology(kind, spec ? spec->count : 0, &mask, &from_topology))
            glass_fatal("out of memory reading the CPU topology");
        chosen = &from_topology;
    }
    glass_places_build(chosen, &mask, topology ? NULL : text);
    if (topology)
        glass_places_spec_free(&from_topology);
    glass_env_places_release();
    CPU_FREE(mask.set);

    if (glass_places.count == 0) {
        glass_warn("OMP_PLACES=\"%s\" leaves no place this process may use; threads are not bound",
                   text ? text : "threads");
        binding_off(g);
        return;
    }
    g->initial_icvs.place_partition_first = 0;
    g->initial_icvs.place_partition_len = (int)glass_places.count;
    binding = true;
    glass_affinity_active = true;
}

/* Number of the group (of a split of `count` items into `groups` groups whose
 * sizes differ by at most one, larger ones first) that holds item `index`. */
static unsigned group_of(unsigned index, unsigned count, unsigned groups)
{
    unsigned base = count / groups, larger = count % groups;
    if (index < larger * (base + 1))
        return index / (base + 1);
    return larger + (index - larger * (base + 1)) / base;
}

/* First item of group `group` in the same split. */
static unsigned group_start(unsigned group, unsigned count, unsigned groups)
{
    unsigned base = count / groups, larger = count % groups;
    return group * base + (group < larger ? group : larger);
}

struct glass_binding glass_binding_for(int policy, int partition_first, int partition_len,
                                       int master_place, unsigned nthreads, unsigned num)
{
    struct glass_binding result = {master_place, partition_first, partition_len};
    if (partition_len <= 0 || nthreads == 0)
        return result;
    unsigned places = (unsigned)partition_len;
    int offset = master_place - partition_first;
    unsigned master = offset >= 0 && offset < partition_len ? (unsigned)offset : 0;
    if (policy == GLASS_BIND_PRIMARY) {
        result.place = partition_first + (int)master;
        return result;
    }
    if (policy != GLASS_BIND_SPREAD) { /* close, and true (libgomp's reading) */
        /* T <= P: consecutive places from the master's; T > P: groups of
         * consecutive threads share a place. */
        unsigned step = nthreads <= places ? num : group_of(num, nthreads, places);
        result.place = partition_first + (int)((master + step) % places);
        return result;
    }
    if (nthreads > places) {
        /* Groups of threads per place, each place its own subpartition. */
        unsigned place = (master + group_of(num, nthreads, places)) % places;
        result.place = partition_first + (int)place;
        result.partition_first = result.place;
        result.partition_len = 1;
        return result;
    }
    /* T <= P: T subpartitions of consecutive places; the master keeps its place
     * in the subpartition holding it, thread i takes the first place of the
     * i-th subpartition after that one. */
    unsigned master_group = group_of(master, places, nthreads);
    unsigned group = (master_group + num) % nthreads;
    unsigned start = group_start(group, places, nthreads);
    result.partition_first = partition_first + (int)start;
    result.partition_len = (int)(group_start(group + 1, places, nthreads) - start);
    result.place = num == 0 ? partition_first + (int)master : result.partition_first;
    return result;
}

static void bind_to(struct glass_thread *self, int place)
{
    if (place == self->place || place < 0 || (unsigned)place >= glass_places.count)
        return;
    int err = pthread_setaffinity_np(pthread_self(), glass_places.mask_size, glass_places.masks[place]);
    if (err) {
        glass_warn("cannot bind thread %u to place %d: %s", self->num, place, strerror(err));
        return;
    }
    self->place = place;
}

int glass_affinity_current_place(struct glass_thread *self)
{
    if (binding && self->place < 0 && !self->is_worker) {
        const struct glass_icvs *icv = &self->task->icv;
        if (icv->place_partition_len > 0)
            bind_to(self, icv->place_partition_first);
    }
    return self->place;
}

/* Binding and partition of member `num` of `team`. */
static struct glass_binding member_binding(const struct glass_team *team, unsigned num)
{
    const struct glass_icvs *parent = &team->child_icvs; /* the parent's partition, copied */
    return glass_binding_for(team->proc_bind, parent->place_partition_first,
                             parent->place_partition_len, team->members[0]->place, team->nthreads,
                             num);
}

static bool team_binds(const struct glass_team *team)
{
    return binding && team->proc_bind != GLASS_BIND_FALSE && team->child_icvs.place_partition_len > 0;
}

/* OMP_DISPLAY_AFFINITY (6.13): all members display when what any of them
 * shows changed, each at the place it is about to take. (libomp 14 displays
 * only the members whose place changed; 6.13 asks for all of them.) */
static void decide_display(struct glass_team *team, bool binds)
{
    struct glass_thread *master = team->members[0];
    bool changed = false;
    for (unsigned num = 0; num < team->nthreads; num++) {
        int place = num == 0 ? master->place
                             : binds ? member_binding(team, num).place : team->members[num]->place;
        changed |= glass_affinity_note_member(master, team, num, place);
    }
    team->display_affinity = changed;
    if (changed)
        glass_display_affinity_in(master, team, 0);
}

void glass_affinity_place_team(struct glass_team *team)
{
    if (!glass_affinity_active)
        return;
    struct glass_thread *master = team->members[0];
    /* A team of one keeps its master where it is, in the parent's partition. */
    bool binds = team->nthreads > 1 && team_binds(team);
    if (binds) {
        glass_affinity_current_place(master);
        struct glass_binding b = member_binding(team, 0);
        team->master_task.icv.place_partition_first = b.partition_first;
        team->master_task.icv.place_partition_len = b.partition_len;
    }
    if (glass_globals.display_affinity)
        decide_display(team, binds);
}

void glass_affinity_apply_slow(struct glass_thread *self)
{
    struct glass_team *team = self->team;
    if (team_binds(team)) {
        struct glass_binding b = member_binding(team, self->num);
        self->task->icv.place_partition_first = b.partition_first;
        self->task->icv.place_partition_len = b.partition_len;
        bind_to(self, b.place);
    }
    if (glass_globals.display_affinity && team->display_affinity)
        glass_display_affinity_in(self, team, self->num);
}
