/* The teams construct on the host (OpenMP 5.1, 2.7). The league's teams do
 * not synchronize with each other, so they run one after another on the
 * encountering thread, each as that thread's team `league_num` of
 * `league_size`. The numbers live in the outermost team of the contention
 * group (the initial thread's implicit team, or a target region's), where
 * omp_get_num_teams and omp_get_team_num find them from any nesting level. */
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "contention_group.h"
#include "../globals.h"
#include "../tasks/task_internal.h"
#include "../../ompt/events.h"

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
 * calls on the encountering task, which then leaves the runtime. The enter
 * frame the entry point that started the league set is put aside for the
 * whole league: it is the encountering task's, not the teams' initial
 * tasks', which have none, in their barriers either (as libomp's). While a
 * team's region runs, the exit frame is this runtime function's frame (an
 * ABI that calls the region through a trampoline of its own may set a
 * deeper one). */
struct teams_frames {
    void *enter;
    int enter_flags;
};

static void league_frames_begin(struct glass_task *task, struct teams_frames *saved)
{
    saved->enter = task->frame.enter_frame.ptr;
    saved->enter_flags = task->frame.enter_frame_flags;
    glass_ompt_clear_enter_frame(task);
}

static void league_frames_end(struct glass_task *task, const struct teams_frames *saved)
{
    task->frame.enter_frame_flags = saved->enter_flags;
    atomic_signal_fence(memory_order_release);
    task->frame.enter_frame.ptr = saved->enter;
}

static bool no_active_task(void *arg)
{
    return !atomic_load_explicit(&((struct glass_team *)arg)->tasking.active, memory_order_seq_cst);
}

/* The end of each team's region, its barrier: its tasks complete (a
 * detached task may still wait for its event). `league`: the league's OMPT
 * events, NULL when they are not reported. */
static void finish_team(struct glass_thread *self, const struct glass_ompt_league *league)
{
    struct glass_ompt_wait wait;
    int previous = 0;
    if (league) {
        /* Reported as a wait, as in other barriers, even with no task. */
        previous = atomic_load_explicit(&self->state, memory_order_relaxed);
        glass_set_state(self, GLASS_STATE_WAIT_BARRIER_TEAMS);
        glass_ompt_team_barrier_begin(self, league, &wait);
    }
    if (!no_active_task(self->team))
        glass_task_wait_for(self, NULL, no_active_task, self->team, GLASS_STATE_WAIT_BARRIER_TEAMS);
    if (league) {
        glass_ompt_team_barrier_end(self, league, &wait);
        glass_set_state(self, previous);
    }
}

/* A team's own initial task: the encountering task's state, as its child,
 * with no children of its own yet (the encountering task's earlier children
 * keep counting on it) and no frame. */
static void team_task_from(struct glass_task *team_task, struct glass_task *encountering)
{
    memcpy(team_task, encountering, sizeof *team_task);
    team_task->parent = encountering;
    team_task->frame = GLASS_FRAME_UNSET;
    atomic_store_explicit(&team_task->kids, 0, memory_order_relaxed);
    team_task->kids_credits = 0;
}

/* The encountering task takes back what a team's own task changed: its
 * ICVs and its progress through worksharing constructs and task reductions
 * (the team's constructs are the encountering thread's, counted on), the
 * dependence map it may have made. Field by field: other threads write the
 * encountering task's children count meanwhile (an earlier child may
 * complete during the league). */
static void team_back_to(struct glass_task *encountering, const struct glass_task *team_task)
{
    encountering->icv = team_task->icv;
    encountering->ws_count = team_task->ws_count;
    encountering->single_count = team_task->single_count;
    encountering->lock_owner_id = team_task->lock_owner_id;
    encountering->ws = team_task->ws;
    encountering->ws_static_trip = team_task->ws_static_trip;
    encountering->ws_chunk_lo = team_task->ws_chunk_lo;
    encountering->ws_chunk_hi = team_task->ws_chunk_hi;
    encountering->ws_ordered_left = team_task->ws_ordered_left;
    encountering->ws_reduction_seq = team_task->ws_reduction_seq;
    encountering->depend_map = team_task->depend_map;
}

struct league_call {
    void (*fn)(void *);
    void *data;
    unsigned num_teams, thread_limit;
    const void *codeptr;
};

static void league_in_own_group(void *arg)
{
    /* The group's initial task is in the runtime from its start: its enter
     * frame (the league's parallel_begin names it) is set here. */
    GLASS_OMPT_ENTRY();
    struct league_call *call = arg;
    glass_teams_run(glass_self(), call->fn, call->data, call->num_teams, call->thread_limit, call->codeptr);
}

void glass_teams_run(struct glass_thread *self, void (*fn)(void *), void *data, unsigned num_teams,
                     unsigned thread_limit, const void *codeptr)
{
    /* A teams region is the child of a contention group's initial task
     * (OpenMP 5.1, 2.7). Clang without offload targets compiles a target
     * region as host code, so its `target teams` (with nowait: inside a
     * target task) reaches here from a parallel region or an explicit task;
     * the league then gets a contention group of its own on this thread, as
     * the target region would have given it (waiting for the enclosing
     * team's tasks instead deadlocked: the encountering task is one). */
    if (!(self->task->flags & GLASS_TASK_INITIAL)) {
        struct league_call call = {fn, data, num_teams, thread_limit, codeptr};
        glass_contention_group_run(self, league_in_own_group, &call, 0, self->task->icv.device_num);
        return;
    }
    struct glass_team *root = outermost(self->team);
    struct glass_icvs *icv = &self->task->icv;
    unsigned saved_limit = icv->thread_limit;
    thread_limit = team_thread_limit(thread_limit);
    if (thread_limit)
        icv->thread_limit = thread_limit;
    root->league_size = league_size(num_teams);
    struct glass_ompt_league events, *league = NULL;
    if (glass_ompt_league_observed(self)) {
        league = &events;
        glass_ompt_league_begin(self, league, root->league_size, codeptr);
    }
    /* With the league's events, each team's initial task is a task of its
     * own (a copy of the encountering one, whose child it is), so that the
     * teams' tasks and the encountering task, which stays live, never share
     * an ompt_data_t (5.1 4.4.4.4) and inquiries see the encountering task
     * one level up; what the team changed (its constructs' progress, ICVs)
     * goes back to the encountering task after it, as when the teams ran on
     * it directly. Without events they still do (nothing tells them apart). */
    struct glass_task *encountering = self->task;
    struct teams_frames saved = {NULL, 0};
    bool framed = GLASS_OMPT_ACTIVE() && !league;
    if (framed)
        league_frames_begin(self->task, &saved);
    for (root->league_num = 0; root->league_num < root->league_size; root->league_num++) {
        struct glass_task team_task;
        if (league) {
            team_task_from(&team_task, encountering);
            self->task = &team_task;
            glass_ompt_team_begin(self, league, root->league_num);
        }
        if (framed || league)
            glass_ompt_set_exit_frame(self->task, __builtin_frame_address(0), GLASS_FRAME_FLAGS_RUNTIME);
        fn(data);
        if (framed || league)
            glass_ompt_set_exit_frame(self->task, NULL, GLASS_FRAME_FLAGS_RUNTIME);
        finish_team(self, league);
        if (league) {
            /* The workers of regions nested in this team still follow
             * their ancestors, team_task among them, on their way out: it
             * is reused and then gone once they have left (parallel.c). */
            glass_owned_teams_wait_departed(self, self->team->level + 1);
            glass_ompt_team_end(self, root->league_num);
            team_back_to(encountering, &team_task);
            self->task = encountering;
        }
    }
    if (framed)
        league_frames_end(self->task, &saved);
    if (league)
        glass_ompt_league_end(self, league);
    root->league_size = 0;
    root->league_num = 0;
    icv->thread_limit = saved_limit;
}

/* A league GCC's code steps through (GOMP_teams4: one call per team): its
 * events and, as in glass_teams_run, each team's initial task a task of its
 * own, here kept between the calls. */
struct stepped_league {
    struct glass_ompt_league events;
    struct glass_task *encountering;
    struct glass_task team_task;
};

static struct stepped_league *stepped_of(struct glass_ompt_league *events)
{
    return (struct stepped_league *)((char *)events - offsetof(struct stepped_league, events));
}

static void stepped_team_begin(struct glass_thread *self, struct stepped_league *stepped, unsigned num)
{
    team_task_from(&stepped->team_task, stepped->encountering);
    self->task = &stepped->team_task;
    glass_ompt_team_begin(self, &stepped->events, num);
}

static void stepped_team_end(struct glass_thread *self, struct stepped_league *stepped, unsigned num)
{
    glass_owned_teams_wait_departed(self, self->team->level + 1);
    glass_ompt_team_end(self, num);
    team_back_to(stepped->encountering, &stepped->team_task);
    self->task = stepped->encountering;
}

bool glass_teams_step(struct glass_thread *self, unsigned num_teams, unsigned thread_limit, bool first,
                      const void *codeptr)
{
    struct glass_team *root = outermost(self->team);
    if (first) {
        thread_limit = team_thread_limit(thread_limit);
        if (thread_limit)
            self->task->icv.thread_limit = thread_limit;
        root->league_size = league_size(num_teams);
        root->league_num = 0;
        struct stepped_league *stepped = root->stepped_league;
        if (!stepped && glass_ompt_league_observed(self))
            stepped = root->stepped_league = malloc(sizeof *stepped);
        if (glass_ompt_league_observed(self) && stepped) {
            root->ompt_league = &stepped->events;
            stepped->encountering = self->task;
            glass_ompt_league_begin(self, &stepped->events, root->league_size, codeptr);
            stepped_team_begin(self, stepped, 0);
        }
        return true;
    }
    struct glass_ompt_league *league = root->ompt_league;
    struct stepped_league *stepped = league ? stepped_of(league) : NULL;
    finish_team(self, league);
    if (league)
        stepped_team_end(self, stepped, root->league_num);
    if (root->league_num + 1 < root->league_size) {
        root->league_num++;
        if (league)
            stepped_team_begin(self, stepped, root->league_num);
        return true;
    }
    if (league) {
        glass_ompt_league_end(self, league);
        root->ompt_league = NULL; /* its storage stays with the team (team.h) */
    }
    root->league_size = 0;
    root->league_num = 0;
    return false;
}
