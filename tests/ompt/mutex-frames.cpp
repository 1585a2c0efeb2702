// The enter frame while the runtime reports a lock's or a critical
// construct's mutex events (OpenMP 5.1, 4.4.4.28: set while the task is in
// the runtime, cleared before control returns to it). In each mutex callback
// the current task's enter frame lies between the callback's own frame and
// the frame of the function that set the lock or entered the construct, with
// the flags application|cfa; back in that function it is NULL again. Three
// ways in, which take different paths through the entry points' watched
// halves:
// - a thread of a team, with its number (the common case; the two threads
//   contend for the lock, so one of them waits);
// - a thread the program created, whose first OpenMP call is omp_set_lock
//   (no descriptor, no number yet);
// - a task's firstprivate copy constructor: GCC's ABI has the runtime call
//   it inside GOMP_task, whose enter frame the encountering task keeps
//   meanwhile; the lock and the critical constructs in it leave that outer
//   frame as it is, and it is still set, unchanged, after them. (Clang's
//   code copies after the runtime returned: no outer frame there.)
// RUN: %ompt-cxx %s %ompt-link -lpthread -o %t
// RUN: %run %t > %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,%ompt-prefix < %t.out
// RUN: %not grep WRONG %t.out
#include <omp-tools.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>

#include "frame_flags.h"

static ompt_get_task_info_t get_task_info;

/* What the program expects of the next mutex callbacks on this thread: the
 * frame address of the function that calls the runtime (the enter frame
 * lies below it), or, for an operation nested in an outer runtime entry,
 * the outer enter frame itself (`outer`). */
static __thread const char *caller_frame;
static __thread void *outer;
static __thread int callbacks_seen;
static int wrong;

static void *current_enter_frame(int *flags)
{
    ompt_frame_t *frame = NULL;
    if (get_task_info(0, NULL, NULL, &frame, NULL, NULL) != 2 || !frame)
        return NULL;
    if (flags)
        *flags = frame->enter_frame_flags;
    return frame->enter_frame.ptr;
}

static void check_in_callback(const char *event)
{
    const char *own = (const char *)__builtin_frame_address(0);
    int flags = 0;
    char *enter = (char *)current_enter_frame(&flags);
    callbacks_seen++;
    if (outer) {
        if (enter != outer) {
            printf("WRONG: %s: enter frame %p, not the outer entry's %p\n", event, (void *)enter, outer);
            __atomic_store_n(&wrong, 1, __ATOMIC_RELAXED);
        }
        return;
    }
    if (!enter || enter <= own || enter > caller_frame || flags != (ompt_frame_application | ompt_frame_cfa)) {
        printf("WRONG: %s: enter frame %p (flags 0x%x), not between the callback's frame %p and the "
               "caller's %p\n",
               event, (void *)enter, (unsigned)flags, (const void *)own, (const void *)caller_frame);
        __atomic_store_n(&wrong, 1, __ATOMIC_RELAXED);
    }
}

static void on_mutex_acquire(ompt_mutex_t kind, unsigned hint, unsigned impl, ompt_wait_id_t wait_id,
                             const void *codeptr)
{
    (void)kind, (void)hint, (void)impl, (void)wait_id, (void)codeptr;
    check_in_callback("mutex_acquire");
}

static void on_mutex(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr)
{
    (void)kind, (void)wait_id, (void)codeptr;
    check_in_callback("mutex_acquired/released");
}

static int initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data)
{
    (void)initial_device_num, (void)tool_data;
    frame_flags_init(lookup);
    get_task_info = (ompt_get_task_info_t)lookup("ompt_get_task_info");
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    set_callback(ompt_callback_mutex_acquire, (ompt_callback_t)on_mutex_acquire);
    set_callback(ompt_callback_mutex_acquired, (ompt_callback_t)on_mutex);
    set_callback(ompt_callback_mutex_released, (ompt_callback_t)on_mutex);
    return 1;
}

static void finalize(ompt_data_t *tool_data)
{
    (void)tool_data;
}

extern "C" ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
    (void)omp_version, (void)runtime_version;
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};
    return &result;
}

/* One counter per mutex: each is updated only under its own. */
static omp_lock_t lock;
static int under_lock, under_unnamed, under_named;

/* Back in user code after an operation: no enter frame, or the outer one. */
static void check_after(const char *what)
{
    void *enter = current_enter_frame(NULL);
    if (enter != outer) {
        printf("WRONG: after %s: enter frame %p, expected %p\n", what, enter, outer);
        __atomic_store_n(&wrong, 1, __ATOMIC_RELAXED);
    }
}

/* noinline, with work after each operation: every entry point is called
 * from this frame, never tail-called. */
static __attribute__((noinline)) void operations(void)
{
    caller_frame = (const char *)__builtin_frame_address(0);
    omp_set_lock(&lock);
    check_after("omp_set_lock");
    under_lock++;
    omp_unset_lock(&lock);
    check_after("omp_unset_lock");
#pragma omp critical
    {
        check_after("entering critical");
        under_unnamed++;
    }
    check_after("critical");
#pragma omp critical(named)
    under_named++;
    check_after("named critical");
}

/* Its copy constructor (one copy: the task's) runs the operations with the
 * enter frame it finds as the expected outer one. */
static int copy_callbacks;
static void *copy_outer;

struct Copied {
    int unused = 0;
    Copied() = default;
    Copied(const Copied &other) : unused(other.unused)
    {
        outer = current_enter_frame(NULL);
        callbacks_seen = 0;
        operations();
        copy_callbacks = callbacks_seen;
        copy_outer = outer;
        outer = NULL;
    }
};

static void *user_thread(void *arg)
{
    (void)arg;
    operations();
    printf("user thread: %d callbacks\n", callbacks_seen);
    return NULL;
}

int main(void)
{
    omp_init_lock(&lock);
    int seen = 0;
#pragma omp parallel num_threads(2) reduction(+ : seen)
    {
        operations();
        seen += callbacks_seen == 9;
    }
    printf("team: %d threads saw 9 callbacks each\n", seen);

    pthread_t thread;
    pthread_create(&thread, NULL, user_thread, NULL);
    pthread_join(thread, NULL);

#pragma omp parallel num_threads(2)
#pragma omp single
    {
        Copied original;
#pragma omp task firstprivate(original)
        original.unused++;
    }
    printf("copy constructor: %d callbacks, %s\n", copy_callbacks,
           copy_outer ? "inside the runtime" : "in user code");

    omp_destroy_lock(&lock);
    printf("counters %d %d %d, %s\n", under_lock, under_unnamed, under_named,
           __atomic_load_n(&wrong, __ATOMIC_RELAXED) ? "WRONG" : "frames ok");
    return 0;
}

// CHECK: team: 2 threads saw 9 callbacks each
// CHECK-NEXT: user thread: 9 callbacks
// GCC-NEXT: copy constructor: 9 callbacks, inside the runtime
// CLANG-NEXT: copy constructor: 9 callbacks, in user code
// CHECK-NEXT: counters 4 4 4, frames ok
