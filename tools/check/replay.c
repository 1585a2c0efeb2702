/* glass-check-replay: feeds the rule engine of glass check a written event
 * stream, so that tests can prove each rule catches what it should: a stream
 * that a correct runtime could give, then the same with one event removed,
 * swapped or repeated (tests/check/). Not installed.
 *
 *   glass-check-replay FILE     (or - for stdin)
 *
 * Prints the report glass check would print; exits 0 when it found no
 * violation, 1 when it found some, 2 when the stream cannot be read.
 *
 * One event per line: THREAD EVENT KEY=VALUE... ('#' starts a comment).
 * THREAD is a small number (the threads are numbered in order of first
 * appearance, as the tool numbers them). Objects (task, parallel, thread and
 * target data, host_op_id locations) are named by any word: the same word is
 * the same ompt_data_t; "none" is NULL. Numbers may be decimal or 0x-hex.
 *
 *   thread_begin type=initial|worker|other data=D  |  thread_end data=D
 *   parallel_begin task=T parallel=P [n=N] [code=C] [enter=A] [enterflags=F]
 *   parallel_end parallel=P task=T [code=C]
 *   implicit_task_begin parallel=P task=T n=N index=I [initial]
 *   implicit_task_end task=T [initial]
 *   task_create task=T new=T2 [deps] [target] [enter=A] [code=C]   (target: a
 *       target task, flags ompt_task_target; else an explicit task)
 *   task_schedule prior=T status=complete|yield|cancel|detach|early_fulfill|
 *                 late_fulfill|switch|taskwait_complete [next=T2]
 *   dependences task=T [n=N]   |   task_dependence src=T sink=T2
 *   sync_region_begin|end, sync_region_wait_begin|end, reduction_begin|end:
 *       kind=barrier_explicit|barrier_implicit_parallel|barrier_implicit_workshare|
 *            barrier_implementation|barrier_teams|taskwait|taskgroup|reduction
 *       parallel=P task=T [code=C]
 *   work_begin|end kind=loop|sections|single_executor|single_other|workshare|
 *       distribute|taskloop|scope parallel=P task=T [code=C]
 *   dispatch parallel=P task=T [kind=iteration|section]
 *   masked_begin|end parallel=P task=T [code=C]
 *   mutex_acquire|mutex_acquired|mutex_released kind=lock|test_lock|nest_lock|
 *       test_nest_lock|critical|atomic|ordered wait=W [code=C]
 *   nest_lock_begin|end wait=W  |  flush data=D  |  cancel task=T flags=F
 *   target_begin|end target=X [id=N]  |  target_data_op_begin|end op=H [id=N]
 *   target_submit_begin|end op=H [id=N]      (id: the runtime's target_id or
 *       host_op_id, which ompt_get_target_info would give; records name it)
 *   device_initialize|device_finalize|device_load|device_unload device=N
 *   exit                      the thread calls exit()
 *   finalize
 * device tracing (device_tracing_rules.h), with a fake device whose records the stream writes:
 *   trace_start device=N [advance=stuck]   tracing runs on the device (stuck:
 *       its advance_buffer_cursor never moves on)
 *   buffer_request device=N buffer=B [bytes=N]   the tool hands buffer B out
 *   record buffer=B type=target|data_op|kernel|map|other [id=N]
 *       [endpoint=begin|end] [time=T] [end=E]    the device writes a record
 *       into B (not an event)
 *   record buffer=B type=task_create task=T2 [from=T] [flags=F] [deps]
 *   record buffer=B type=dependences task=T2 [n=N]
 *       a target task's records: the ids are the values the tool holds in
 *       T2's (and T's) ompt_data_t when the record is written; flags default
 *       to ompt_task_target; n (the count) to 1
 *   buffer_complete device=N buffer=B [bytes=N] [owned=0|1] [begin=C]
 *       B comes back (bytes: those written, unless given; owned: 1); B names
 *       a buffer never handed out if no buffer_request named it. The fake
 *       advance_buffer_cursor walks the records written, whatever the bytes.
 * and what the runtime's inquiry entry points answer on that thread from then
 * on (a stream that never sets them has no such entry points):
 *   query [task=T] [parallel=P] [size=N] [index=I] [flags=F] [state=S] [threaddata=D]
 *   frame level=L [enter=A] [enterflags=F] [exit=A] [exitflags=F]
 *   stack lo=A hi=A */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "rules.h"
#include "device_tracing_rules.h"

#define MAX_THREADS 64
#define MAX_OBJECTS 4096
#define MAX_FIELDS 16

struct replay_thread {
    int used;
    struct check_thread state;
    ompt_data_t *task, *parallel, *thread_data;
    int size, index, flags, state_value;
    int levels; /* frame levels set */
    ompt_frame_t frames[CHECK_FRAME_LEVELS];
};

static struct replay_thread threads[MAX_THREADS];
static struct replay_thread *running;
static struct {
    char name[32];
    ompt_data_t data;
} objects[MAX_OBJECTS];
static int object_count;
static const char *file_name;
static int line_number;

/* The trace buffers a stream names, and what the fake device wrote in them. */
#define MAX_BUFFERS 64
#define BUFFER_BYTES 4096
static struct {
    char name[32];
    char *memory;
    size_t size, used;
} buffers[MAX_BUFFERS];
static int buffer_count;
static int advance_stuck;

static void fail(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fprintf(stderr, "glass-check-replay: %s:%d: ", file_name, line_number);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(2);
}

/* ---- the fake inquiry entry points --------------------------------------------- */

static int fake_task_info(int level, int *flags, ompt_data_t **task, ompt_frame_t **frame, ompt_data_t **parallel,
                          int *thread_num)
{
    struct replay_thread *r = running;
    if (level < 0 || (level > 0 && level >= r->levels) || (level == 0 && !r->task && !r->levels))
        return 0;
    if (flags)
        *flags = level == 0 ? r->flags : ompt_task_implicit;
    if (task)
        *task = level == 0 ? r->task : NULL;
    if (parallel)
        *parallel = level == 0 ? r->parallel : NULL;
    if (thread_num)
        *thread_num = level == 0 ? r->index : 0;
    if (frame)
        *frame = &r->frames[level];
    return 2;
}

static int fake_parallel_info(int level, ompt_data_t **parallel, int *size)
{
    if (level != 0 || !running->parallel)
        return 0;
    if (parallel)
        *parallel = running->parallel;
    if (size)
        *size = running->size;
    return 2;
}

static int fake_state(ompt_wait_id_t *wait_id)
{
    if (wait_id)
        *wait_id = 0;
    return running->state_value;
}

static ompt_data_t *fake_thread_data(void)
{
    return running->thread_data;
}

/* ---- the fake device's record entry points ----------------------------------- */

static int fake_advance(ompt_device_t *device, ompt_buffer_t *buffer, size_t size, ompt_buffer_cursor_t current,
                        ompt_buffer_cursor_t *next)
{
    (void)device, (void)size; /* the bytes handed back are the checker's to judge */
    if (advance_stuck) {
        *next = current;
        return 1;
    }
    for (int i = 0; i < buffer_count; i++)
        if (buffers[i].memory == buffer && current + 2 * sizeof(ompt_record_ompt_t) <= buffers[i].used) {
            *next = current + sizeof(ompt_record_ompt_t);
            return 1;
        }
    return 0;
}

static ompt_record_t fake_record_type(ompt_buffer_t *buffer, ompt_buffer_cursor_t current)
{
    (void)buffer, (void)current;
    return ompt_record_ompt;
}

static ompt_record_ompt_t *fake_record(ompt_buffer_t *buffer, ompt_buffer_cursor_t current)
{
    return (ompt_record_ompt_t *)((char *)buffer + current);
}

/* ---- reading the stream --------------------------------------------------------- */

struct fields {
    int count;
    char *key[MAX_FIELDS];
    char *value[MAX_FIELDS]; /* NULL for a bare word such as "initial" */
    int used[MAX_FIELDS];
};

static char *field(struct fields *f, const char *key)
{
    for (int i = 0; i < f->count; i++)
        if (!strcmp(f->key[i], key)) {
            f->used[i] = 1;
            return f->value[i] ? f->value[i] : (char *)"";
        }
    return NULL;
}

static char *required(struct fields *f, const char *key)
{
    char *value = field(f, key);
    if (!value || !*value)
        fail("this event needs %s=", key);
    return value;
}

static uint64_t number(const char *text, const char *what)
{
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 0);
    if (errno || *end || !*text)
        fail("%s: '%s' is not a number", what, text);
    return value;
}

static uint64_t number_or(struct fields *f, const char *key, uint64_t otherwise)
{
    char *value = field(f, key);
    return value && *value ? number(value, key) : otherwise;
}

static ompt_data_t *object(const char *name)
{
    if (!name || !strcmp(name, "none"))
        return NULL;
    for (int i = 0; i < object_count; i++)
        if (!strcmp(objects[i].name, name))
            return &objects[i].data;
    if (object_count == MAX_OBJECTS || strlen(name) >= sizeof objects[0].name)
        fail("too many objects, or a name longer than 31 characters: %s", name);
    snprintf(objects[object_count].name, sizeof objects[0].name, "%s", name);
    return &objects[object_count++].data;
}

static ompt_data_t *object_field(struct fields *f, const char *key)
{
    return object(required(f, key));
}

static int choose(const char *value, const char *const names[], const int values[], int count, const char *what)
{
    for (int i = 0; i < count; i++)
        if (!strcmp(value, names[i]))
            return values[i];
    fail("unknown %s '%s'", what, value);
    return 0;
}

#define CHOOSE(value, names, values, what) choose(value, names, values, (int)(sizeof values / sizeof *values), what)

/* A named trace buffer, made at its first mention with `bytes` of memory. */
static int buffer_index(const char *name, size_t bytes)
{
    for (int i = 0; i < buffer_count; i++)
        if (!strcmp(buffers[i].name, name))
            return i;
    if (buffer_count == MAX_BUFFERS || strlen(name) >= sizeof buffers[0].name)
        fail("too many buffers, or a name longer than 31 characters: %s", name);
    snprintf(buffers[buffer_count].name, sizeof buffers[0].name, "%s", name);
    if (!(buffers[buffer_count].memory = calloc(1, bytes)))
        fail("out of memory");
    buffers[buffer_count].size = bytes;
    return buffer_count++;
}

static void write_record(struct fields *f)
{
    int b = buffer_index(required(f, "buffer"), BUFFER_BYTES);
    if (buffers[b].used + sizeof(ompt_record_ompt_t) > buffers[b].size)
        fail("buffer %s is full", buffers[b].name);
    ompt_record_ompt_t *r = (ompt_record_ompt_t *)(buffers[b].memory + buffers[b].used);
    buffers[b].used += sizeof *r;
    static const char *const names[] = {"target", "data_op", "kernel", "map", "task_create", "dependences", "other"};
    static const int values[] = {ompt_callback_target,   ompt_callback_target_data_op, ompt_callback_target_submit,
                                 ompt_callback_target_map, ompt_callback_task_create,  ompt_callback_dependences,
                                 ompt_callback_parallel_begin};
    r->type = (ompt_callbacks_t)CHOOSE(required(f, "type"), names, values, "record type");
    r->time = number_or(f, "time", 1);
    uint64_t id = number_or(f, "id", 0), end = number_or(f, "end", r->time);
    char *endpoint = field(f, "endpoint");
    switch ((int)r->type) {
    case ompt_callback_target:
        r->target_id = r->record.target.target_id = id;
        r->record.target.endpoint = endpoint && !strcmp(endpoint, "end") ? ompt_scope_end : ompt_scope_begin;
        break;
    case ompt_callback_target_data_op:
        r->record.target_data_op.host_op_id = id;
        r->record.target_data_op.end_time = end;
        break;
    case ompt_callback_target_submit:
        r->record.target_kernel.host_op_id = id;
        r->record.target_kernel.end_time = end;
        break;
    case ompt_callback_target_map:
        r->target_id = r->record.target_map.target_id = id;
        break;
    case ompt_callback_task_create: {
        ompt_data_t *from = object(field(f, "from"));
        r->record.task_create.encountering_task_id = from ? from->value : 0;
        r->record.task_create.new_task_id = object_field(f, "task")->value;
        r->record.task_create.flags = (int)number_or(f, "flags", ompt_task_target);
        r->record.task_create.has_dependences = field(f, "deps") != NULL;
        break;
    }
    case ompt_callback_dependences:
        r->record.dependences.task_id = object_field(f, "task")->value;
        r->record.dependences.ndeps = (int)number_or(f, "n", 1);
        break;
    }
}

static int sync_kind(struct fields *f)
{
    static const char *const names[] = {"barrier_explicit", "barrier_implicit_parallel", "barrier_implicit_workshare",
                                        "barrier_implementation", "barrier_teams", "taskwait", "taskgroup",
                                        "reduction"};
    static const int values[] = {ompt_sync_region_barrier_explicit, ompt_sync_region_barrier_implicit_parallel,
                                 ompt_sync_region_barrier_implicit_workshare, ompt_sync_region_barrier_implementation,
                                 ompt_sync_region_barrier_teams, ompt_sync_region_taskwait,
                                 ompt_sync_region_taskgroup, ompt_sync_region_reduction};
    return CHOOSE(required(f, "kind"), names, values, "sync region kind");
}

static int mutex_kind(struct fields *f)
{
    static const char *const names[] = {"lock", "test_lock", "nest_lock", "test_nest_lock", "critical", "atomic",
                                        "ordered"};
    static const int values[] = {ompt_mutex_lock, ompt_mutex_test_lock, ompt_mutex_nest_lock,
                                 ompt_mutex_test_nest_lock, ompt_mutex_critical, ompt_mutex_atomic,
                                 ompt_mutex_ordered};
    return CHOOSE(required(f, "kind"), names, values, "mutex kind");
}

static ompt_scope_endpoint_t endpoint_of(const char *event)
{
    size_t length = strlen(event);
    return length > 4 && !strcmp(event + length - 4, "_end") ? ompt_scope_end : ompt_scope_begin;
}

static int is(const char *event, const char *prefix)
{
    size_t length = strlen(prefix);
    return !strncmp(event, prefix, length) && (!strcmp(event + length, "_begin") || !strcmp(event + length, "_end"));
}

static const void *code(struct fields *f)
{
    return (const void *)(uintptr_t)number_or(f, "code", 0);
}

/* A frame for parallel_begin and task_create: enter set unless enter=0. */
static ompt_frame_t encountering_frame(struct fields *f)
{
    ompt_frame_t frame = {{0}, {0}, 0, 0};
    frame.enter_frame.ptr = (void *)(uintptr_t)number_or(f, "enter", 0x1000);
    frame.enter_frame_flags = (int)number_or(f, "enterflags", ompt_frame_application | ompt_frame_cfa);
    return frame;
}

static void replay_event(struct check_thread *t, const char *event, struct fields *f)
{
    if (!strcmp(event, "thread_begin")) {
        static const char *const names[] = {"initial", "worker", "other", "unknown"};
        static const int values[] = {ompt_thread_initial, ompt_thread_worker, ompt_thread_other, ompt_thread_unknown};
        check_thread_begin(t, CHOOSE(required(f, "type"), names, values, "thread type"), object_field(f, "data"));
    } else if (!strcmp(event, "thread_end")) {
        check_thread_end(t, object_field(f, "data"));
    } else if (!strcmp(event, "parallel_begin")) {
        ompt_frame_t frame = encountering_frame(f);
        check_parallel_begin(t, object_field(f, "task"), &frame, object_field(f, "parallel"),
                             (unsigned)number_or(f, "n", 2), ompt_parallel_team | ompt_parallel_invoker_program,
                             code(f));
    } else if (!strcmp(event, "parallel_end")) {
        check_parallel_end(t, object_field(f, "parallel"), object_field(f, "task"),
                           ompt_parallel_team | ompt_parallel_invoker_program, code(f));
    } else if (!strcmp(event, "implicit_task_begin")) {
        int initial = field(f, "initial") != NULL;
        check_implicit_task(t, ompt_scope_begin, object(field(f, "parallel")), object_field(f, "task"),
                            (unsigned)number_or(f, "n", 1), (unsigned)number_or(f, "index", initial ? 1 : 0),
                            initial ? ompt_task_initial : ompt_task_implicit);
    } else if (!strcmp(event, "implicit_task_end")) {
        int initial = field(f, "initial") != NULL;
        check_implicit_task(t, ompt_scope_end, NULL, object_field(f, "task"), 0, (unsigned)number_or(f, "index", 0),
                            initial ? ompt_task_initial : ompt_task_implicit);
    } else if (!strcmp(event, "task_create")) {
        ompt_frame_t frame = encountering_frame(f);
        check_task_create(t, object_field(f, "task"), &frame, object_field(f, "new"),
                          field(f, "target") ? ompt_task_target : ompt_task_explicit, field(f, "deps") != NULL,
                          code(f));
    } else if (!strcmp(event, "task_schedule")) {
        static const char *const names[] = {"complete", "yield", "cancel", "detach", "early_fulfill",
                                            "late_fulfill", "switch", "taskwait_complete"};
        static const int values[] = {ompt_task_complete, ompt_task_yield, ompt_task_cancel,
                                     ompt_task_detach, ompt_task_early_fulfill, ompt_task_late_fulfill,
                                     ompt_task_switch, ompt_taskwait_complete};
        check_task_schedule(t, object(field(f, "prior")),
                            (ompt_task_status_t)CHOOSE(required(f, "status"), names, values, "task status"),
                            object(field(f, "next")));
    } else if (!strcmp(event, "dependences")) {
        check_dependences(t, object_field(f, "task"), (int)number_or(f, "n", 1));
    } else if (!strcmp(event, "task_dependence")) {
        check_task_dependence(t, object_field(f, "src"), object_field(f, "sink"));
    } else if (is(event, "sync_region")) {
        check_sync_region(t, sync_kind(f), endpoint_of(event), object(field(f, "parallel")), object_field(f, "task"),
                          code(f));
    } else if (is(event, "sync_region_wait")) {
        check_sync_region_wait(t, sync_kind(f), endpoint_of(event), object(field(f, "parallel")),
                               object_field(f, "task"), code(f));
    } else if (is(event, "reduction")) {
        check_reduction(t, ompt_sync_region_reduction, endpoint_of(event), object(field(f, "parallel")),
                        object_field(f, "task"), code(f));
    } else if (is(event, "work")) {
        static const char *const names[] = {"loop", "sections", "single_executor", "single_other", "workshare",
                                            "distribute", "taskloop", "scope"};
        static const int values[] = {ompt_work_loop, ompt_work_sections, ompt_work_single_executor,
                                     ompt_work_single_other, ompt_work_workshare, ompt_work_distribute,
                                     ompt_work_taskloop, ompt_work_scope};
        check_work(t, (ompt_work_t)CHOOSE(required(f, "kind"), names, values, "work kind"), endpoint_of(event),
                   object(field(f, "parallel")), object_field(f, "task"), code(f));
    } else if (!strcmp(event, "dispatch")) {
        static const char *const names[] = {"iteration", "section"};
        static const int values[] = {ompt_dispatch_iteration, ompt_dispatch_section};
        char *kind = field(f, "kind");
        check_dispatch(t, object(field(f, "parallel")), object_field(f, "task"),
                       (ompt_dispatch_t)(kind ? CHOOSE(kind, names, values, "dispatch kind") : ompt_dispatch_iteration));
    } else if (is(event, "masked")) {
        check_masked(t, endpoint_of(event), object(field(f, "parallel")), object_field(f, "task"), code(f));
    } else if (!strcmp(event, "mutex_acquire")) {
        check_mutex_acquire(t, (ompt_mutex_t)mutex_kind(f), number(required(f, "wait"), "wait"), code(f));
    } else if (!strcmp(event, "mutex_acquired")) {
        check_mutex_acquired(t, (ompt_mutex_t)mutex_kind(f), number(required(f, "wait"), "wait"), code(f));
    } else if (!strcmp(event, "mutex_released")) {
        check_mutex_released(t, (ompt_mutex_t)mutex_kind(f), number(required(f, "wait"), "wait"), code(f));
    } else if (is(event, "nest_lock")) {
        check_nest_lock(t, endpoint_of(event), number(required(f, "wait"), "wait"), code(f));
    } else if (!strcmp(event, "flush")) {
        check_flush(t, object_field(f, "data"), code(f));
    } else if (!strcmp(event, "cancel")) {
        check_cancel(t, object_field(f, "task"), (int)number(required(f, "flags"), "flags"), code(f));
    } else if (is(event, "target")) {
        check_target(t, endpoint_of(event), object_field(f, "target"), code(f), number_or(f, "id", 0));
    } else if (is(event, "target_data_op")) {
        check_target_data_op(t, endpoint_of(event), &object_field(f, "op")->value, code(f), number_or(f, "id", 0));
    } else if (is(event, "target_submit")) {
        check_target_submit(t, endpoint_of(event), &object_field(f, "op")->value, number_or(f, "id", 0));
    } else if (!strcmp(event, "trace_start")) {
        char *advance = field(f, "advance");
        if (advance && strcmp(advance, "stuck"))
            fail("advance takes only 'stuck'");
        advance_stuck = advance != NULL;
        struct check_trace_device entry = {NULL, fake_advance, fake_record_type, fake_record};
        check_trace_started((int)number(required(f, "device"), "device"), &entry);
    } else if (!strcmp(event, "buffer_request")) {
        size_t bytes = number_or(f, "bytes", BUFFER_BYTES);
        int b = buffer_index(required(f, "buffer"), bytes);
        check_trace_buffer_given(t, (int)number(required(f, "device"), "device"), buffers[b].memory,
                                 buffers[b].size);
    } else if (!strcmp(event, "buffer_complete")) {
        int b = buffer_index(required(f, "buffer"), BUFFER_BYTES);
        check_trace_buffer_complete(t, (int)number(required(f, "device"), "device"), buffers[b].memory,
                                    number_or(f, "bytes", buffers[b].used), number_or(f, "begin", 0),
                                    (int)number_or(f, "owned", 1));
    } else if (!strcmp(event, "device_initialize") || !strcmp(event, "device_finalize") ||
               !strcmp(event, "device_load") || !strcmp(event, "device_unload")) {
        check_device(t, event, (int)number(required(f, "device"), "device"));
    } else if (!strcmp(event, "exit")) {
        check_exit(t);
    } else if (!strcmp(event, "finalize")) {
        check_finalize();
    } else {
        fail("unknown event '%s'", event);
    }
}

/* The pseudo-events that set what the inquiry entry points answer. */
static int replay_setting(struct replay_thread *r, const char *event, struct fields *f)
{
    if (!strcmp(event, "query")) {
        char *value;
        if ((value = field(f, "task")))
            r->task = object(value);
        if ((value = field(f, "parallel")))
            r->parallel = object(value);
        if ((value = field(f, "threaddata")))
            r->thread_data = object(value);
        r->size = (int)number_or(f, "size", (uint64_t)r->size);
        r->index = (int)number_or(f, "index", (uint64_t)r->index);
        r->flags = (int)number_or(f, "flags", (uint64_t)r->flags);
        r->state_value = (int)number_or(f, "state", (uint64_t)r->state_value);
        return 1;
    }
    if (!strcmp(event, "frame")) {
        int level = (int)number(required(f, "level"), "level");
        if (level < 0 || level >= CHECK_FRAME_LEVELS)
            fail("frame level %d out of range", level);
        ompt_frame_t *frame = &r->frames[level];
        frame->enter_frame.ptr = (void *)(uintptr_t)number_or(f, "enter", 0);
        frame->exit_frame.ptr = (void *)(uintptr_t)number_or(f, "exit", 0);
        frame->enter_frame_flags = (int)number_or(f, "enterflags", 0);
        frame->exit_frame_flags = (int)number_or(f, "exitflags", 0);
        if (level >= r->levels)
            r->levels = level + 1;
        return 1;
    }
    if (!strcmp(event, "record")) {
        write_record(f);
        return 1;
    }
    if (!strcmp(event, "stack")) {
        r->state.stack_lo = number(required(f, "lo"), "lo");
        r->state.stack_hi = number(required(f, "hi"), "hi");
        return 1;
    }
    return 0;
}

static const char *show_address(const void *codeptr, char *buf, size_t size)
{
    snprintf(buf, size, "%p", codeptr);
    return buf;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: glass-check-replay FILE|-\n", stderr);
        return 2;
    }
    file_name = argv[1];
    FILE *in = strcmp(file_name, "-") ? fopen(file_name, "r") : stdin;
    if (!in) {
        fprintf(stderr, "glass-check-replay: cannot read %s: %s\n", file_name, strerror(errno));
        return 2;
    }
    /* Entry points the stream never sets up stay NULL: their rules are skipped. */
    char line[1024];
    while (fgets(line, sizeof line, in)) {
        line_number++;
        if (strstr(line, "query") || strstr(line, "frame "))
            check_queries.get_task_info = fake_task_info;
        if (strstr(line, "parallel=") && strstr(line, "query"))
            check_queries.get_parallel_info = fake_parallel_info;
        if (strstr(line, "state="))
            check_queries.get_state = fake_state;
        if (strstr(line, "threaddata="))
            check_queries.get_thread_data = fake_thread_data;
    }
    rewind(in);
    line_number = 0;
    uint64_t events = 0;
    while (fgets(line, sizeof line, in)) {
        line_number++;
        if (!strchr(line, '\n') && !feof(in))
            fail("line longer than %zu characters", sizeof line - 2);
        char *comment = strchr(line, '#');
        if (comment)
            *comment = '\0';
        char *words[MAX_FIELDS + 2];
        int count = 0;
        for (char *word = strtok(line, " \t\r\n"); word; word = strtok(NULL, " \t\r\n")) {
            if (count == MAX_FIELDS + 2)
                fail("more than %d fields", MAX_FIELDS);
            words[count++] = word;
        }
        if (!count)
            continue;
        if (count < 2)
            fail("expected THREAD EVENT KEY=VALUE...");
        uint64_t thread = number(words[0], "thread");
        if (thread >= MAX_THREADS)
            fail("thread %llu: at most %d threads", (unsigned long long)thread, MAX_THREADS);
        struct replay_thread *r = &threads[thread];
        if (!r->used) {
            r->used = 1;
            check_thread_init(&r->state);
        }
        running = r;
        struct fields f = {0};
        for (int i = 2; i < count; i++) {
            char *equals = strchr(words[i], '=');
            if (equals)
                *equals = '\0';
            f.key[f.count] = words[i];
            f.value[f.count] = equals ? equals + 1 : NULL;
            f.count++;
        }
        if (!replay_setting(r, words[1], &f)) {
            replay_event(&r->state, words[1], &f);
            events++;
        }
        for (int i = 0; i < f.count; i++)
            if (!f.used[i])
                fail("%s takes no '%s'", words[1], f.key[i]);
    }
    if (in != stdin)
        fclose(in);
    check_report(stdout, check_event_total(), check_thread_total(), show_address);
    check_trace_report(stdout);
    return check_violation_total() ? 1 : 0;
}
