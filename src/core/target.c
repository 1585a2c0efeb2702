/* Target regions run by the host (OpenMP 5.1, 2.14.5): on the host itself
 * (no device, or the host fallback) with identity mappings, or on a host
 * device (src/device/host_device.c) with the device's copies. Either way the
 * region runs on the encountering thread. The host is the initial device,
 * numbered after the devices (3.7.7).
 *
 * A target region starts a new contention group: its initial task runs at
 * level 0 in an implicit team of one, with the device's initial data
 * environment, whatever parallel region encloses the construct (as libgomp's
 * host fallback does). The encountering thread borrows a separate set of team
 * descriptors for the region, so parallel regions inside it do not reuse the
 * descriptors of the regions it is nested in, and it gives back to the pool
 * any worker the region took. Contexts are kept per thread and per nesting
 * depth: team descriptors must outlive their regions (team.h). */
#include <stdlib.h>

#include "globals.h"
#include "runtime.h"
#include "task_internal.h"
#include "../ompt/events.h"
#include "../device/device.h"

struct target_context {
    struct glass_team *team;          /* implicit team of the region's initial task */
    struct glass_team **owned_teams;  /* the thread's team descriptors inside the region */
    unsigned owned_teams_len;
    struct target_context *inner;     /* context of a target region nested in this one */
};

static __thread struct target_context *outermost_context __attribute__((tls_model("initial-exec")));
static __thread unsigned target_depth __attribute__((tls_model("initial-exec")));

int glass_target_num_devices(void)
{
    return glass_device_initial_number();
}

int glass_target_initial_device(void)
{
    return glass_target_num_devices();
}

static struct target_context *new_context(void)
{
    struct target_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        glass_fatal("out of memory for a target region");
    ctx->team = glass_team_new();
    return ctx;
}

static struct target_context *context_at(unsigned depth)
{
    struct target_context **link = &outermost_context;
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

void glass_target_run(struct glass_thread *self, void (*fn)(void *), void *data, unsigned thread_limit,
                      int device_num)
{
    struct target_context *ctx = context_at(target_depth);
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
    target_depth++;
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

    target_depth--;
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
