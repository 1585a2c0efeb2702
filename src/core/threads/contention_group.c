/* A region run as a new contention group on the calling thread (OpenMP 5.1,
 * 1.2.5 and 2.14.5): a target region the host runs, on the host itself (no
 * device, the host fallback) or on a host device, and a league of teams met
 * outside an initial task (teams.c). The caller passes the device-num ICV
 * the group runs with; who owns that number is the caller's business: the
 * core knows nothing of devices (the device layer calls it, never the
 * reverse).
 *
 * The group's initial task runs at level 0 in an implicit team of one, with
 * the initial data environment, whatever parallel region encloses the
 * construct (as libgomp's host fallback does). The encountering thread
 * borrows a separate set of team descriptors for the group, so parallel
 * regions inside it do not reuse the descriptors of the regions it is nested
 * in, and it gives back to the pool any worker the group took. Contexts are
 * kept per thread and per nesting depth: team descriptors must outlive their
 * regions (team.h). */
#include <stdlib.h>

#include "contention_group.h"
#include "../globals.h"
#include "../runtime.h"
#include "../tasks/task_internal.h"
#include "../../ompt/events.h"

struct group_context {
    struct glass_team *team;          /* implicit team of the region's initial task */
    struct glass_team **owned_teams;  /* the thread's team descriptors inside the region */
    unsigned owned_teams_len;
    struct group_context *inner;      /* context of a group nested in this one */
};

static __thread struct group_context *outermost_context __attribute__((tls_model("initial-exec")));
static __thread unsigned group_depth __attribute__((tls_model("initial-exec")));

static struct group_context *new_context(void)
{
    struct group_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        glass_fatal("out of memory for a target region");
    ctx->team = glass_team_new();
    return ctx;
}

static struct group_context *context_at(unsigned depth)
{
    struct group_context **link = &outermost_context;
    for (unsigned i = 0;; i++) {
        if (!*link)
            *link = new_context();
        if (i == depth)
            return *link;
        link = &(*link)->inner;
    }
}

static void prepare_team(struct glass_team *team, struct glass_thread *self, unsigned thread_limit, int device_num)
{
    team->nthreads = 1;
    team->level = 0;
    team->active_level = 0;
    team->parent = NULL;
    team->parent_thread_num = 0;
    team->encountering_task = self->task;
    team->child_icvs = glass_globals.initial_icvs;
    if (thread_limit)
        team->child_icvs.thread_limit = thread_limit;
    team->child_icvs.device_num = device_num;
    team->proc_bind = team->child_icvs.bind;
    team->fn = NULL;
    team->data = NULL;
    team->codeptr = NULL;
    atomic_store_explicit(&team->cancelled, 0, memory_order_relaxed);
    glass_barrier_init(&team->barrier, 1, 0);
    glass_barrier_init(&team->join, 1, 0);
    glass_ws_ring_init(&team->ws, 1);
    team->members[0] = self;
    team->league_size = 0;
    team->league_num = 0;
    glass_team_ws_reductions_reset(&team->tasking); /* the new initial task counts from 0 */

    /* The region's initial task (OpenMP 5.1, 1.2.5); keeps its dependence map. */
    struct glass_depend_map *map = team->master_task.depend_map;
    team->master_task = (struct glass_task){
        .team = team,
        .icv = team->child_icvs,
        .flags = GLASS_TASK_INITIAL,
        .frame = GLASS_FRAME_UNSET,
        .depend_map = map,
    };
}

static bool no_active_task(void *arg)
{
    return !atomic_load_explicit(&((struct glass_team *)arg)->tasking.active, memory_order_seq_cst);
}

void glass_contention_group_run(struct glass_thread *self, void (*fn)(void *), void *data, unsigned thread_limit,
                                int device_num)
{
    struct group_context *ctx = context_at(group_depth);
    struct glass_team *team = ctx->team;
    struct {
        struct glass_team *team;
        struct glass_task *task;
        unsigned num;
        int state;
        struct glass_team **owned_teams;
        unsigned owned_teams_len;
        struct glass_thread **hot_workers;
        unsigned hot_nworkers;
    } saved = {self->team,        self->task,      self->num,         atomic_load(&self->state),
               self->owned_teams, self->owned_teams_len, self->hot_workers, self->hot_nworkers};

    prepare_team(team, self, thread_limit, device_num);
    self->owned_teams = ctx->owned_teams;
    self->owned_teams_len = ctx->owned_teams_len;
    self->hot_workers = NULL;
    self->hot_nworkers = 0;
    self->team = team;
    self->task = &team->master_task;
    self->num = 0;
    glass_set_state(self, GLASS_STATE_WORK_SERIAL);
    group_depth++;
    /* Tools see the region's initial task begin and end, so that the tasks
     * it makes have a known parent and scheduling point. */
    bool announced = GLASS_OMPT_ACTIVE();
    if (announced)
        glass_ompt_initial_task_begin(team, &team->master_task);

    fn(data);
    /* The region ends when its tasks have completed. */
    if (!no_active_task(team))
        glass_task_wait_for(self, NULL, no_active_task, team, GLASS_STATE_WAIT_BARRIER_IMPLICIT_PARALLEL);
    if (announced)
        glass_ompt_implicit_task_ends(&team->master_task, 1);

    group_depth--;
    ctx->owned_teams = self->owned_teams;
    ctx->owned_teams_len = self->owned_teams_len;
    for (unsigned i = 0; i < self->hot_nworkers; i++)
        glass_pool_give_back(self->hot_workers[i]);
    free(self->hot_workers);
    self->owned_teams = saved.owned_teams;
    self->owned_teams_len = saved.owned_teams_len;
    self->hot_workers = saved.hot_workers;
    self->hot_nworkers = saved.hot_nworkers;
    self->team = saved.team;
    self->task = saved.task;
    self->num = saved.num;
    glass_set_state(self, saved.state);
}
