#include <stdlib.h>

#include "../../ompt/events.h"
#include "../globals.h"
#include "../runtime.h"
#include "team.h"
#include "thread_id.h"

__thread struct glass_thread *glass_self_ptr __attribute__((tls_model("initial-exec")));

/* Key whose destructor frees an initial thread's descriptor when a user pthread
 * that used OpenMP exits. */
static pthread_key_t initial_thread_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

static void free_initial_thread(void *arg)
{
    struct glass_thread *self = arg;
    glass_ompt_thread_ends(self);
    glass_ompd_thread_ends(self);
    glass_owned_teams_free(self); /* the initial team included; waits for workers still leaving them */
    /* Hot workers go back to the pool for other threads to use. */
    for (unsigned i = 0; i < self->hot_nworkers; i++)
        glass_pool_give_back(self->hot_workers[i]);
    free(self->hot_workers);
    glass_self_ptr = NULL;
    glass_registered_self_ptr = NULL;
    free(self);
}

static void create_key(void)
{
    pthread_key_create(&initial_thread_key, free_initial_thread);
}

struct glass_thread *glass_thread_create_initial(void)
{
    glass_initialize();
    struct glass_thread *self = calloc(1, sizeof *self);
    if (!self)
        glass_fatal("out of memory creating the initial thread descriptor");
    struct glass_team *team = glass_team_new();

    /* The initial thread runs the initial task in an implicit team of one at
     * level 0 (OpenMP 5.1, 1.3). */
    team->nthreads = 1;
    team->members[0] = self;
    team->proc_bind = glass_globals.initial_icvs.bind;
    glass_barrier_init(&team->barrier, 1, 0);
    glass_barrier_init(&team->join, 1, 0);
    glass_ws_ring_init(&team->ws, 1);

    self->initial_task.team = team;
    self->initial_task.icv = glass_globals.initial_icvs;
    self->initial_task.flags = GLASS_TASK_INITIAL;
    self->initial_task.frame = GLASS_FRAME_UNSET;
    self->task = &self->initial_task;
    self->team = team;
    self->place = -1;
    atomic_store_explicit(&self->state, GLASS_STATE_WORK_SERIAL, memory_order_relaxed);

    if (!self->owned_teams_len) {
        self->owned_teams = calloc(4, sizeof *self->owned_teams);
        if (!self->owned_teams)
            glass_fatal("out of memory creating the initial thread descriptor");
        self->owned_teams_len = 4;
        self->owned_teams[0] = team;
    }
    glass_self_ptr = self;
    pthread_once(&key_once, create_key);
    pthread_setspecific(initial_thread_key, self);
    glass_ompd_thread_begins(self);
    glass_ompt_thread_starts(self, GLASS_THREAD_INITIAL);
    return self;
}
