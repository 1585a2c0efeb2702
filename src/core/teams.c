/* The teams construct on the host (OpenMP 5.1, 2.7). The league's teams do
 * not synchronize with each other, so they run one after another on the
 * encountering thread, each as that thread's team `league_num` of
 * `league_size`. The numbers live in the outermost team of the contention
 * group (the initial thread's implicit team, or a target region's), where
 * omp_get_num_teams and omp_get_team_num find them from any nesting level. */
#include <limits.h>

#include "globals.h"
#include "task_internal.h"
#include "../ompt/events.h"

static struct glass_team *outermost(struct glass_team *team)
{
    while (team->parent)
        team = team->parent;
    return team;
}

unsigned glass_league_size(struct glass_thread *self)
{
    unsigned size = outermost(self->team)->league_size;
    return size ? size : 1;
}

unsigned glass_league_num(struct glass_thread *self)
{
    return outermost(self->team)->league_num;
}

static unsigned league_size(unsigned num_teams)
{
    if (num_teams)
        return num_teams;
    /* nteams-var, else one team: more would only run one after another. */
    return glass_globals.num_teams > 0 ? (unsigned)glass_globals.num_teams : 1;
}

static unsigned team_thread_limit(unsigned thread_limit)
{
    if (!thread_limit && glass_globals.teams_thread_limit > 0)
        thread_limit = (unsigned)glass_globals.teams_thread_limit;
    return thread_limit;
}

/* OMPT frames (5.1 4.4.4.28): each team's region is user code the runtime
 * calls on the encountering task, which then leaves the runtime: its enter
 * frame (set by the entry point that started the league) is put aside and
 * its exit frame is this runtime function's frame (an ABI that calls the
 * region through a trampoline of its own may set a deeper one). Both are
 * restored when the region returns to the runtime. */
struct teams_frames {
    void *enter;
    int enter_flags;
};

static void teams_region_calls_user_code(struct glass_task *task, struct teams_frames *saved, void *runtime_frame)
{
    saved->enter = task->frame.enter_frame.ptr;
    saved->enter_flags = task->frame.enter_frame_flags;
    glass_ompt_clear_enter_frame(task);
    glass_ompt_set_exit_frame(task, runtime_frame, GLASS_FRAME_FLAGS_RUNTIME);
}

static void teams_region_returned(struct glass_task *task, const struct teams_frames *saved)
{
    glass_ompt_set_exit_frame(task, NULL, GLASS_FRAME_FLAGS_RUNTIME);
    task->frame.enter_frame_flags = saved->enter_flags;
    atomic_signal_fence(memory_order_release);
    task->frame.enter_frame.ptr = saved->enter;
}

static bool no_active_task(void *arg)
{
    return !atomic_load_explicit(&((struct glass_team *)arg)->tasking.active, memory_order_seq_cst);
}

/* The end of each team's region: its tasks complete (a detached task may
 * still wait for its event). */
static void finish_team(struct glass_thread *self)
{
    if (!no_active_task(self->team))
        glass_task_wait_for(self, NULL, no_active_task, self->team, GLASS_STATE_WAIT_BARRIER_TEAMS);
}

void glass_teams_run(struct glass_thread *self, void (*fn)(void *), void *data, unsigned num_teams,
                     unsigned thread_limit)
{
    struct glass_team *root = outermost(self->team);
    struct glass_icvs *icv = &self->task->icv;
    unsigned saved_limit = icv->thread_limit;
    thread_limit = team_thread_limit(thread_limit);
    if (thread_limit)
        icv->thread_limit = thread_limit;
    root->league_size = league_size(num_teams);
    for (root->league_num = 0; root->league_num < root->league_size; root->league_num++) {
        struct teams_frames saved;
        bool framed = GLASS_OMPT_ACTIVE();
        if (framed)
            teams_region_calls_user_code(self->task, &saved, __builtin_frame_address(0));
        fn(data);
        if (framed)
            teams_region_returned(self->task, &saved);
        finish_team(self);
    }
    root->league_size = 0;
    root->league_num = 0;
    icv->thread_limit = saved_limit;
}

bool glass_teams_step(struct glass_thread *self, unsigned num_teams, unsigned thread_limit, bool first)
{
    struct glass_team *root = outermost(self->team);
    if (first) {
        thread_limit = team_thread_limit(thread_limit);
        if (thread_limit)
            self->task->icv.thread_limit = thread_limit;
        root->league_size = league_size(num_teams);
        root->league_num = 0;
        return true;
    }
    finish_team(self);
    if (root->league_num + 1 < root->league_size) {
        root->league_num++;
        return true;
    }
    root->league_size = 0;
    root->league_num = 0;
    return false;
}
