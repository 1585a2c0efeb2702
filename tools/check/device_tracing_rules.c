/* The device-tracing rules of glass check (device_tracing_rules.h). */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#include "rules.h"
#include "device_tracing_rules.h"

#define ID_WINDOW 32u /* the most id slots one lookup looks at */

struct device_state {
    int traced;    /* tracing started and the device not finalized since */
    int finalized; /* its device_finalize came (and no device_initialize since) */
    struct check_trace_device entry;
};

/* A buffer the tool handed out and the runtime has not handed back. */
struct buffer {
    char *address; /* NULL: a free slot */
    size_t bytes;
    int device_num;
    int pieces;   /* parts handed back with buffer_owned 0 */
    int reported; /* found still out at its device's device_finalize */
};

/* A target callback's id, waiting for its records: a target region's
 * target_id (begin and end records, map records), a data operation's or
 * kernel's host_op_id (one record), a target task's key (its task_create
 * record and one dependences record per dependence). `alias` is the same
 * operation's other id (the value the tool stored in host_op_id), removed
 * with it. Task keys are the tool's values, which may equal a runtime id:
 * a lookup for a task finds task entries only, and the others only theirs. */
struct id_entry {
    uint64_t id; /* 0: a free slot */
    uint64_t alias;
    unsigned kinds;
    int begun; /* its target begin record came, at begin_time */
    uint64_t begin_time;
    /* a target task: its task_create callback's values, its dependences
     * callback's count (-1 until it came), the records read so far */
    uint64_t encountering;
    int flags, has_dependences, ndeps;
    int created, dependences;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct device_state devices[CHECK_MAX_DEVICES];
static struct buffer buffers[CHECK_TRACE_BUFFERS];
static struct id_entry ids[CHECK_TRACE_IDS];
static unsigned unknown_kinds; /* kinds whose callbacks came without an id */
static uint64_t evicted;       /* ids dropped for room: a miss then proves nothing */
static uint64_t buffers_completed, records_read, records_matched;
static unsigned devices_traced;
static atomic_int active;

static const char *kind_name(unsigned kind)
{
    return kind == TRACE_TARGET ? "target" : kind == TRACE_DATA_OP ? "target_data_op" : "target_submit";
}

static unsigned thread_number(const struct check_thread *t)
{
    return t ? t->number : 0;
}

static void count_event(struct check_thread *t)
{
    if (t && t->number < CHECK_MAX_THREADS)
        t->events++;
}

/* ---- ids -------------------------------------------------------------------- */

static unsigned id_home(uint64_t id)
{
    return (unsigned)((id * 0x9E3779B97F4A7C15ull) >> 40) & (CHECK_TRACE_IDS - 1);
}

static int is_task(const struct id_entry *entry)
{
    return (entry->kinds & TRACE_TASK) != 0;
}

/* The entry of `id` among the tasks' (task) or the others' (!task). */
static struct id_entry *find_entry(uint64_t id, int task)
{
    for (unsigned i = 0, at = id_home(id); i < ID_WINDOW; i++, at = (at + 1) & (CHECK_TRACE_IDS - 1))
        if (ids[at].id == id && is_task(&ids[at]) == task)
            return &ids[at];
    return NULL;
}

static struct id_entry *find_id(uint64_t id)
{
    return find_entry(id, 0);
}

static struct id_entry *add_entry(uint64_t id, uint64_t alias, unsigned kind)
{
    struct id_entry *entry = find_entry(id, kind == TRACE_TASK);
    if (entry) {
        entry->kinds |= kind;
        return entry;
    }
    unsigned home = id_home(id);
    for (unsigned i = 0, at = home; i < ID_WINDOW; i++, at = (at + 1) & (CHECK_TRACE_IDS - 1))
        if (!ids[at].id) {
            ids[at] = (struct id_entry){.id = id, .alias = alias, .kinds = kind, .ndeps = -1};
            return &ids[at];
        }
    /* No room near its home: the oldest neighbour makes way. Bounded memory
     * at the price of not judging misses from now on. */
    evicted++;
    ids[home] = (struct id_entry){.id = id, .alias = alias, .kinds = kind, .ndeps = -1};
    return &ids[home];
}

static void add_id(uint64_t id, uint64_t alias, unsigned kind)
{
    add_entry(id, alias, kind);
}

static void remove_id(struct id_entry *entry)
{
    uint64_t alias = entry->alias;
    /* Later entries of the window stay findable: a removed slot is reused
     * by add_id, and find_id scans the whole window, not up to a gap. */
    entry->id = 0;
    if (alias && (entry = find_id(alias)) != NULL)
        entry->id = 0;
}

void check_trace_note_id(enum check_trace_kind kind, uint64_t id, uint64_t tool_value)
{
    pthread_mutex_lock(&lock);
    if (!id) {
        unknown_kinds |= kind;
    } else {
        add_id(id, tool_value != id ? tool_value : 0, kind);
        if (tool_value && tool_value != id)
            add_id(tool_value, id, kind);
    }
    pthread_mutex_unlock(&lock);
}

/* The entry a record's id names, checked against the record's kind; NULL
 * (after reporting what is wrong, if it can be judged) when there is none. */
static struct id_entry *match(struct check_thread *t, unsigned kind, uint64_t id, const char *record)
{
    struct id_entry *entry = id ? find_id(id) : NULL;
    if (!entry) {
        if (!(unknown_kinds & kind) && !evicted)
            check_violation(RULE_TRACE_RECORD_MATCH, thread_number(t), "buffer_complete", NULL,
                            "%s record with id %llu, which no %s callback of this run had", record,
                            (unsigned long long)id, kind_name(kind));
        return NULL;
    }
    if (!(entry->kinds & kind)) {
        check_violation(RULE_TRACE_RECORD_MATCH, thread_number(t), "buffer_complete", NULL,
                        "%s record with id %llu, which is a %s callback's", record, (unsigned long long)id,
                        kind_name(entry->kinds & TRACE_TARGET    ? TRACE_TARGET
                                  : entry->kinds & TRACE_DATA_OP ? TRACE_DATA_OP
                                                                 : TRACE_SUBMIT));
        return NULL;
    }
    records_matched++;
    return entry;
}

void check_trace_note_task(uint64_t task, uint64_t encountering, int flags, int has_dependences)
{
    if (!task)
        return;
    pthread_mutex_lock(&lock);
    struct id_entry *entry = add_entry(task, 0, TRACE_TASK);
    entry->encountering = encountering;
    entry->flags = flags;
    entry->has_dependences = has_dependences;
    pthread_mutex_unlock(&lock);
}

void check_trace_note_dependences(uint64_t task, int ndeps)
{
    pthread_mutex_lock(&lock);
    struct id_entry *entry = task ? find_entry(task, 1) : NULL;
    if (entry)
        entry->ndeps = ndeps;
    pthread_mutex_unlock(&lock);
}

/* ---- records ------------------------------------------------------------------ */

static void ends_after_start(struct check_thread *t, const char *record, uint64_t start, uint64_t end)
{
    if (end < start)
        check_violation(RULE_TRACE_RECORD_TIME, thread_number(t), "buffer_complete", NULL,
                        "%s record ends at %llu, before its start %llu", record, (unsigned long long)end,
                        (unsigned long long)start);
}

/* The task entry a task record names; NULL (after reporting it, when a
 * miss can be judged) when there is none. */
static struct id_entry *match_task(struct check_thread *t, uint64_t id, const char *record)
{
    struct id_entry *entry = find_entry(check_task_key(id), 1);
    if (!entry && !evicted)
        check_violation(RULE_TRACE_RECORD_MATCH, thread_number(t), "buffer_complete", NULL,
                        "%s record of task 0x%llx, which no target task's task_create callback of this run had",
                        record, (unsigned long long)id);
    return entry;
}

static void task_done(struct id_entry *entry)
{
    if (entry->created && (!entry->has_dependences || (entry->ndeps >= 0 && entry->dependences >= entry->ndeps)))
        remove_id(entry);
}

static void read_task_create(struct check_thread *t, const ompt_record_task_create_t *record)
{
    struct id_entry *entry = match_task(t, record->new_task_id, "task_create");
    if (!entry)
        return;
    if (entry->created)
        check_violation(RULE_TRACE_RECORD_MATCH, thread_number(t), "buffer_complete", NULL,
                        "a second task_create record of task 0x%llx", (unsigned long long)record->new_task_id);
    else if (record->flags != entry->flags || !record->has_dependences != !entry->has_dependences ||
             check_task_key(record->encountering_task_id) != entry->encountering)
        check_violation(RULE_TRACE_RECORD_MATCH, thread_number(t), "buffer_complete", NULL,
                        "task_create record of 0x%llx: flags 0x%x deps %d from 0x%llx, callback 0x%x %d 0x%llx",
                        (unsigned long long)record->new_task_id,
                        record->flags, record->has_dependences,
                        (unsigned long long)check_task_key(record->encountering_task_id), entry->flags,
                        entry->has_dependences, (unsigned long long)entry->encountering);
    else
        records_matched++;
    entry->created = 1;
    task_done(entry);
}

static void read_dependences(struct check_thread *t, const ompt_record_dependences_t *record)
{
    struct id_entry *entry = match_task(t, record->task_id, "dependences");
    if (!entry)
        return;
    entry->dependences++;
    if (!entry->created || !entry->has_dependences)
        check_violation(RULE_TRACE_RECORD_MATCH, thread_number(t), "buffer_complete", NULL,
                        "dependences record of task 0x%llx %s", (unsigned long long)record->task_id,
                        entry->created ? "whose task_create said it has none" : "before its task_create record");
    else if (entry->ndeps >= 0 && record->ndeps != entry->ndeps)
        check_violation(RULE_TRACE_RECORD_MATCH, thread_number(t), "buffer_complete", NULL,
                        "dependences record of task 0x%llx counts %d dependences; its callback listed %d",
                        (unsigned long long)record->task_id, record->ndeps, entry->ndeps);
    else if (entry->ndeps >= 0 && entry->dependences > entry->ndeps)
        check_violation(RULE_TRACE_RECORD_MATCH, thread_number(t), "buffer_complete", NULL,
                        "dependences record %d of task 0x%llx, whose callback listed %d dependences (one record "
                        "per dependence)", entry->dependences, (unsigned long long)record->task_id, entry->ndeps);
    else
        records_matched++;
    task_done(entry);
}

static void read_record(struct check_thread *t, const ompt_record_ompt_t *r)
{
    records_read++;
    struct id_entry *entry;
    switch ((int)r->type) {
    case ompt_callback_target: {
        const ompt_record_target_t *target = &r->record.target;
        uint64_t id = target->target_id ? target->target_id : r->target_id;
        if (!(entry = match(t, TRACE_TARGET, id, "target")))
            return;
        if (target->endpoint == ompt_scope_begin) {
            entry->begun = 1;
            entry->begin_time = r->time;
        } else {
            if (entry->begun)
                ends_after_start(t, "target end", entry->begin_time, r->time);
            remove_id(entry);
        }
        return;
    }
    case ompt_callback_target_data_op:
        ends_after_start(t, "target_data_op", r->time, r->record.target_data_op.end_time);
        if ((entry = match(t, TRACE_DATA_OP, r->record.target_data_op.host_op_id, "target_data_op")))
            remove_id(entry);
        return;
    case ompt_callback_target_submit:
        ends_after_start(t, "target_submit (kernel)", r->time, r->record.target_kernel.end_time);
        if ((entry = match(t, TRACE_SUBMIT, r->record.target_kernel.host_op_id, "target_submit (kernel)")))
            remove_id(entry);
        return;
    case ompt_callback_target_map: {
        uint64_t id = r->record.target_map.target_id ? r->record.target_map.target_id : r->target_id;
        match(t, TRACE_TARGET, id, "target_map");
        return;
    }
    case ompt_callback_task_create:
        read_task_create(t, &r->record.task_create);
        return;
    case ompt_callback_dependences:
        read_dependences(t, &r->record.dependences);
        return;
    default:
        check_violation(RULE_TRACE_RECORD_MATCH, thread_number(t), "buffer_complete", NULL,
                        "record of type %d: no callback of that type is traced", (int)r->type);
    }
}

/* Walks the records of [buffer, buffer + bytes) from `begin` with the
 * device's advance_buffer_cursor (4.6.2.9). Each record must lie inside the
 * range and not overlap the one before it; the walk must end (no more
 * records than the bytes can hold). Nothing outside the range is read. */
static void walk(struct check_thread *t, const struct check_trace_device *entry, char *buffer, size_t bytes,
                 ompt_buffer_cursor_t begin)
{
    if (bytes < sizeof(ompt_record_ompt_t) || !entry->get_record_ompt)
        return; /* no record fits: an empty buffer */
    size_t most = bytes / sizeof(ompt_record_ompt_t);
    const char *previous = NULL;
    ompt_buffer_cursor_t cursor = begin;
    for (size_t n = 0;; n++) {
        if (entry->get_record_type) {
            ompt_record_t type = entry->get_record_type(buffer, cursor);
            if (type != ompt_record_ompt) {
                check_violation(RULE_TRACE_CURSOR, thread_number(t), "buffer_complete", NULL,
                                "record %zu has record type %d; the tool asked for OMPT records only", n,
                                (int)type);
                return;
            }
        }
        const char *at = (const char *)entry->get_record_ompt(buffer, cursor);
        if (!at || at < buffer || at + sizeof(ompt_record_ompt_t) > buffer + bytes) {
            check_violation(RULE_TRACE_CURSOR, thread_number(t), "buffer_complete", NULL,
                            "record %zu at %p is not inside the %zu bytes handed back at %p", n, (const void *)at,
                            bytes, (void *)buffer);
            return;
        }
        if (previous && at < previous + sizeof(ompt_record_ompt_t) && previous < at + sizeof(ompt_record_ompt_t)) {
            check_violation(RULE_TRACE_CURSOR, thread_number(t), "buffer_complete", NULL,
                            "record %zu at %p overlaps the record before it at %p", n, (const void *)at,
                            (const void *)previous);
            return;
        }
        /* Records that lie inside and do not overlap cannot outnumber this;
         * the check only guarantees that the walk ends. */
        if (n == most) {
            check_violation(RULE_TRACE_CURSOR, thread_number(t), "buffer_complete", NULL,
                            "advance_buffer_cursor goes on past %zu records in %zu bytes", most, bytes);
            return;
        }
        read_record(t, (const ompt_record_ompt_t *)at);
        previous = at;
        ompt_buffer_cursor_t next = cursor;
        if (!entry->advance_cursor || !entry->advance_cursor(entry->device, buffer, bytes, cursor, &next))
            return;
        cursor = next;
    }
}

/* ---- buffers ------------------------------------------------------------------ */

static struct buffer *buffer_at(const char *address)
{
    for (unsigned i = 0; i < CHECK_TRACE_BUFFERS; i++)
        if (buffers[i].address == address)
            return &buffers[i];
    return NULL;
}

/* The outstanding buffer that [address, address + bytes) lies in. */
static struct buffer *buffer_holding(const char *address, size_t bytes)
{
    for (unsigned i = 0; i < CHECK_TRACE_BUFFERS; i++) {
        struct buffer *b = &buffers[i];
        if (b->address && address >= b->address && address + bytes <= b->address + b->bytes)
            return b;
    }
    return NULL;
}

static struct device_state *device_state(struct check_thread *t, int device_num, const char *event)
{
    if (device_num >= 0 && device_num < CHECK_MAX_DEVICES)
        return &devices[device_num];
    check_violation(RULE_CHECKER_CAPACITY, thread_number(t), event, NULL,
                    "device number %d beyond the %d the checker follows", device_num, CHECK_MAX_DEVICES);
    return NULL;
}

void check_trace_started(int device_num, const struct check_trace_device *entry_points)
{
    if (device_num < 0 || device_num >= CHECK_MAX_DEVICES)
        return;
    pthread_mutex_lock(&lock);
    struct device_state *d = &devices[device_num];
    d->traced = 1;
    d->finalized = 0;
    d->entry = *entry_points;
    devices_traced++;
    pthread_mutex_unlock(&lock);
    atomic_store(&active, 1);
}

int check_trace_active(void)
{
    return atomic_load_explicit(&active, memory_order_relaxed);
}

int check_trace_buffer_given(struct check_thread *t, int device_num, void *buffer, size_t bytes)
{
    const char *event = "buffer_request";
    count_event(t);
    pthread_mutex_lock(&lock);
    struct device_state *d = device_state(t, device_num, event);
    if (d && d->finalized)
        check_violation(RULE_TRACE_AFTER_DEVICE_FINALIZE, thread_number(t), event, NULL,
                        "buffer_request for device %d after its device_finalize", device_num);
    struct buffer *slot = buffer_at(NULL);
    if (slot)
        *slot = (struct buffer){buffer, bytes, device_num, 0, 0};
    else
        check_violation(RULE_CHECKER_CAPACITY, thread_number(t), event, NULL,
                        "more than %d trace buffers out at once; the device gets none", CHECK_TRACE_BUFFERS);
    pthread_mutex_unlock(&lock);
    return slot != NULL;
}

int check_trace_buffer_complete(struct check_thread *t, int device_num, void *buffer, size_t bytes,
                                ompt_buffer_cursor_t begin, int buffer_owned)
{
    const char *event = "buffer_complete";
    count_event(t);
    /* 5.1 4.5.2.24: "on a thread that is not an OpenMP primary or worker
     * thread" (nothing is said of buffer_request's thread). */
    if (t && t->begun && !t->ended && (t->type == ompt_thread_initial || t->type == ompt_thread_worker))
        check_violation(RULE_TRACE_COMPLETE_THREAD, t->number, event, NULL,
                        "buffer_complete for device %d on an OpenMP %s thread", device_num,
                        t->type == ompt_thread_initial ? "initial" : "worker");
    pthread_mutex_lock(&lock);
    buffers_completed++;
    struct device_state *d = device_state(t, device_num, event);
    if (d && d->finalized)
        check_violation(RULE_TRACE_AFTER_DEVICE_FINALIZE, thread_number(t), event, NULL,
                        "buffer_complete for device %d after its device_finalize", device_num);
    char *address = buffer;
    struct buffer *b = buffer_owned ? buffer_at(address) : buffer_holding(address, bytes);
    if (!address || !b) {
        check_violation(RULE_TRACE_BUFFER_ONCE, thread_number(t), event, NULL,
                        "buffer %p (%zu bytes, owned %d) was not handed out by buffer_request, or was completed "
                        "already", buffer, bytes, buffer_owned);
        pthread_mutex_unlock(&lock);
        return 0;
    }
    if (buffer_owned && b->device_num != device_num)
        check_violation(RULE_TRACE_BUFFER_ONCE, thread_number(t), event, NULL,
                        "buffer %p of device %d completed for device %d", buffer, b->device_num, device_num);
    size_t walkable = bytes;
    if (buffer_owned && bytes > b->bytes) {
        check_violation(RULE_TRACE_CURSOR, thread_number(t), event, NULL,
                        "buffer %p handed back with %zu bytes; it has %zu", buffer, bytes, b->bytes);
        walkable = b->bytes;
    }
    if (d)
        walk(t, &d->entry, address, walkable, begin);
    int free_it = 0;
    if (buffer_owned) {
        b->address = NULL;
        free_it = 1;
    } else {
        b->pieces++;
    }
    pthread_mutex_unlock(&lock);
    return free_it;
}

/* Buffers still out (of one device, or of all when device_num < 0) are
 * violations, each reported once. One handed back in pieces (buffer_owned
 * 0) counts as back. A late buffer_complete still finds its buffer. */
static void still_out(int device_num, unsigned thread, const char *event, const char *when)
{
    for (unsigned i = 0; i < CHECK_TRACE_BUFFERS; i++) {
        struct buffer *b = &buffers[i];
        if (!b->address || b->pieces || b->reported || (device_num >= 0 && b->device_num != device_num))
            continue;
        check_violation(RULE_TRACE_BUFFER_ONCE, thread, event, NULL,
                        "buffer %p of device %d (%zu bytes) not completed before %s", (void *)b->address,
                        b->device_num, b->bytes, when);
        b->reported = 1;
    }
}

void check_trace_device_finalize(struct check_thread *t, int device_num)
{
    if (device_num < 0 || device_num >= CHECK_MAX_DEVICES)
        return;
    pthread_mutex_lock(&lock);
    struct device_state *d = &devices[device_num];
    /* 4.5.2.20: tracing is stopped and flushed before device_finalize. */
    if (d->traced)
        still_out(device_num, thread_number(t), "device_finalize", "its device_finalize");
    d->traced = 0;
    d->finalized = 1;
    pthread_mutex_unlock(&lock);
}

void check_trace_finalize(void)
{
    pthread_mutex_lock(&lock);
    still_out(-1, 0, "finalize", "the tool's finalize");
    pthread_mutex_unlock(&lock);
}

void check_trace_report(FILE *out)
{
    pthread_mutex_lock(&lock);
    if (devices_traced)
        fprintf(out, "glass check: device tracing: %llu buffers, %llu records checked, %llu matched to callbacks "
                     "(%u devices)\n", (unsigned long long)buffers_completed, (unsigned long long)records_read,
                (unsigned long long)records_matched, devices_traced);
    pthread_mutex_unlock(&lock);
}

void check_trace_reset(void)
{
    pthread_mutex_lock(&lock);
    memset(devices, 0, sizeof devices);
    memset(buffers, 0, sizeof buffers);
    memset(ids, 0, sizeof ids);
    unknown_kinds = 0;
    evicted = 0;
    buffers_completed = records_read = records_matched = 0;
    devices_traced = 0;
    pthread_mutex_unlock(&lock);
    atomic_store(&active, 0);
}
