/* A test tool for the OMPT target and device events, linked into the test
 * program. It registers either the EMI callbacks (TARGET_TOOL_FORM=emi, the
 * default) or the plain ones (TARGET_TOOL_FORM=plain), with the device
 * events in both, and checks as the events come:
 *   - device_initialize before device_load and before any data operation on
 *     the device; device_unload (same module) before device_finalize, both
 *     before the tool's finalize;
 *   - every data operation, submit and map event inside a target construct
 *     of the same thread (target begin ... end), naming that construct: EMI,
 *     the value the tool put in target_data at begin; plain, the target_id
 *     of its begin (non-zero, the same at begin and end);
 *   - EMI: begin/end pairs of data operations and submits keep the
 *     host_op_id the tool set at begin; plain: every host_op_id is non-zero
 *     and seen once (one callback per operation);
 *   - ompt_get_target_info in a data operation gives the construct's device,
 *     target id and host_op_id;
 *   - the thread's state in a data operation (both ends of an EMI one) is
 *     wait_target_update in an update construct, else wait_target_map
 *     (OpenMP 5.1, 4.4.4.27); the finalizer prints how many of each;
 *   - in a target region, no transfer to the device after the submit and no
 *     transfer from it before;
 *   - every alloc has its delete, at the same device address; transfers
 *     stay inside allocated device memory;
 *   - host addresses and byte counts are those of arrays the program named
 *     (target_tool_name): each line names the array instead of printing its
 *     address.
 *   - the frame-flag rule (frame_flags.h) on the thread's task frames at
 *     every event, which aborts when broken.
 * A broken rule prints an "ERROR:" line; the finalizer prints the count. */
#define _GNU_SOURCE
#include <inttypes.h>
#include <omp-tools.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "frame_flags.h"
#include "target_tool.h"

#define MAX_DEVICES 8
#define MAX_NAMES 64
#define MAX_ALLOCS 256
#define MAX_OPS 4096

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int emi = 1;
static int errors;

static ompt_get_target_info_t get_target_info;
static ompt_get_num_devices_t get_num_devices;
static ompt_get_state_t get_state;
static int in_map_state, in_update_state;

/* ---- output ------------------------------------------------------------ */

static void vsay(const char *fmt, va_list ap)
{
    char line[512];
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    if (n > (int)sizeof line - 2)
        n = (int)sizeof line - 2;
    line[n++] = '\n';
    if (write(1, line, (size_t)n) < 0)
        abort();
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay(fmt, ap);
    va_end(ap);
}

/* With `lock` held. */
static void error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void error(const char *fmt, ...)
{
    char message[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    errors++;
    say("ERROR: %s", message);
}

void target_tool_mark(const char *what)
{
    pthread_mutex_lock(&lock);
    say("mark: %s", what);
    pthread_mutex_unlock(&lock);
}

/* ---- the program's arrays -------------------------------------------------- */

static struct {
    const char *name;
    const char *start;
    size_t bytes;
} names[MAX_NAMES];
static int nnames;

void target_tool_name(const void *host, size_t bytes, const char *name)
{
    pthread_mutex_lock(&lock);
    if (nnames < MAX_NAMES)
        names[nnames++] = (typeof(names[0])){name, host, bytes};
    pthread_mutex_unlock(&lock);
}

/* The name of the array at `host` when it starts there and is `bytes` long,
 * else an ERROR and "?". */
static const char *name_of(const void *host, size_t bytes, const char *what)
{
    for (int i = 0; i < nnames; i++)
        if (names[i].start == host && names[i].bytes == bytes)
            return names[i].name;
    error("%s: host address %p, %zu bytes is no array of the program", what, host, bytes);
    return "?";
}

/* ---- devices --------------------------------------------------------------- */

static struct {
    int initialized, loaded, unloaded, finalized;
    uint64_t module;
} devices[MAX_DEVICES];

static int device_ok(int device, const char *what)
{
    if (device < 0 || device >= MAX_DEVICES) {
        error("%s: device %d out of range", what, device);
        return 0;
    }
    return 1;
}

static void on_device_initialize(int device, const char *type, ompt_device_t *handle, ompt_function_lookup_t lookup,
                                 const char *documentation)
{
    frame_flags_check_tasks(NULL, "device_initialize");
    (void)handle, (void)documentation;
    pthread_mutex_lock(&lock);
    if (device_ok(device, "device_initialize")) {
        if (devices[device].initialized)
            error("device_initialize: device %d initialized twice", device);
        devices[device].initialized = 1;
    }
    if (!lookup)
        error("device_initialize: no lookup function");
    say("device_initialize: device=%d type=%s", device, type ? type : "(null)");
    pthread_mutex_unlock(&lock);
}

static void on_device_load(int device, const char *file, int64_t offset, void *vma, size_t bytes, void *host,
                           void *device_addr, uint64_t module)
{
    frame_flags_check_tasks(NULL, "device_load");
    (void)offset, (void)vma, (void)bytes, (void)host, (void)device_addr;
    pthread_mutex_lock(&lock);
    char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    self[len > 0 ? len : 0] = '\0';
    if (device_ok(device, "device_load")) {
        if (!devices[device].initialized)
            error("device_load: device %d before its device_initialize", device);
        devices[device].loaded = 1;
        devices[device].module = module;
    }
    say("device_load: device=%d file=%s", device, file && !strcmp(file, self) ? "the-program" : "OTHER");
    pthread_mutex_unlock(&lock);
}

static void on_device_unload(int device, uint64_t module)
{
    frame_flags_check_tasks(NULL, "device_unload");
    pthread_mutex_lock(&lock);
    if (device_ok(device, "device_unload")) {
        if (!devices[device].loaded || devices[device].module != module)
            error("device_unload: device %d module %" PRIu64 " was not loaded", device, module);
        if (devices[device].finalized)
            error("device_unload: device %d after its device_finalize", device);
        devices[device].unloaded = 1;
    }
    say("device_unload: device=%d", device);
    pthread_mutex_unlock(&lock);
}

static void on_device_finalize(int device)
{
    frame_flags_check_tasks(NULL, "device_finalize");
    pthread_mutex_lock(&lock);
    if (device_ok(device, "device_finalize")) {
        if (!devices[device].initialized)
            error("device_finalize: device %d was not initialized", device);
        devices[device].finalized = 1;
    }
    say("device_finalize: device=%d", device);
    pthread_mutex_unlock(&lock);
}

/* ---- constructs ------------------------------------------------------------- */

/* The thread's constructs, innermost last (a construct's events all come on
 * the thread that began it). */
struct construct {
    uint64_t id;     /* EMI: what the tool put in target_data; plain: target_id */
    int kind, device;
    int submitted;
};
static __thread struct construct stack[8];
static __thread int depth;
static __thread uint64_t pending_op; /* EMI: the host_op_id the tool set at the begin of the thread's operation */
static uint64_t next_id = 1000;

static const char *kind_name(int kind)
{
    switch (kind) {
    case ompt_target: return "target";
    case ompt_target_enter_data: return "enter_data";
    case ompt_target_exit_data: return "exit_data";
    case ompt_target_update: return "update";
    case ompt_target_nowait: return "target_nowait";
    case ompt_target_enter_data_nowait: return "enter_data_nowait";
    case ompt_target_exit_data_nowait: return "exit_data_nowait";
    case ompt_target_update_nowait: return "update_nowait";
    default: return "UNKNOWN";
    }
}

static int is_nowait(int kind)
{
    return kind >= ompt_target_nowait && kind <= ompt_target_update_nowait;
}

static int reported_devices = 0;

static void target_begin(int kind, int device, ompt_data_t *task, ompt_data_t *target_task, uint64_t id)
{
    if (!reported_devices) {
        reported_devices = 1;
        say("num_devices=%d", get_num_devices ? get_num_devices() : -1);
    }
    if (!task)
        error("target begin: no task data");
    if (emi && is_nowait(kind) && !target_task)
        error("target begin %s: no target task data", kind_name(kind));
    if (depth == (int)(sizeof stack / sizeof stack[0])) {
        error("target begin: constructs nested too deep");
        return;
    }
    stack[depth++] = (struct construct){id, kind, device, 0};
    say("target begin: kind=%s device=%d", kind_name(kind), device);
}

static void target_end(int kind, int device, uint64_t id)
{
    if (!depth || stack[depth - 1].id != id)
        error("target end: %s with id %" PRIu64 ", not the thread's current construct (%" PRIu64 ")",
              kind_name(kind), id, depth ? stack[depth - 1].id : 0);
    else if (stack[depth - 1].kind != kind || stack[depth - 1].device != device)
        error("target end: kind %s device %d, begun as kind %s device %d", kind_name(kind), device,
              kind_name(stack[depth - 1].kind), stack[depth - 1].device);
    if (depth)
        depth--;
    say("target end: kind=%s device=%d", kind_name(kind), device);
}

/* The construct `id` names, which must be the thread's current one. */
static struct construct *current(uint64_t id, const char *what)
{
    if (!depth) {
        error("%s outside any target construct", what);
        return NULL;
    }
    if (stack[depth - 1].id != id) {
        error("%s names construct %" PRIu64 ", not the thread's current one (%" PRIu64 ")", what, id,
              stack[depth - 1].id);
        return NULL;
    }
    return &stack[depth - 1];
}

static void on_target_emi(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device, ompt_data_t *task,
                          ompt_data_t *target_task, ompt_data_t *target_data, const void *codeptr)
{
    frame_flags_check_tasks(NULL, "target_emi");
    (void)codeptr;
    pthread_mutex_lock(&lock);
    if (endpoint == ompt_scope_begin) {
        if (target_data->value)
            error("target_emi begin: target_data is %" PRIu64 ", not 0", target_data->value);
        target_data->value = ++next_id;
        target_begin(kind, device, task, target_task, target_data->value);
    } else {
        target_end(kind, device, target_data->value);
    }
    pthread_mutex_unlock(&lock);
}

static void on_target(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device, ompt_data_t *task,
                      ompt_id_t target_id, const void *codeptr)
{
    frame_flags_check_tasks(NULL, "target");
    (void)codeptr;
    pthread_mutex_lock(&lock);
    if (!target_id)
        error("target: target_id 0");
    if (endpoint == ompt_scope_begin)
        target_begin(kind, device, task, NULL, target_id);
    else
        target_end(kind, device, target_id);
    pthread_mutex_unlock(&lock);
}

/* ---- data operations ----------------------------------------------------------- */

static struct {
    int device;
    const char *start;
    size_t bytes;
    const char *name;
    const void *host;
} allocs[MAX_ALLOCS];
static int nallocs;

static int alloc_at(int device, const void *address, size_t bytes)
{
    for (int i = 0; i < nallocs; i++)
        if (allocs[i].device == device && (const char *)address >= allocs[i].start &&
            (const char *)address + bytes <= allocs[i].start + allocs[i].bytes)
            return i;
    return -1;
}

static uint64_t seen_ops[MAX_OPS];
static int nseen_ops;

/* Plain form: each host operation is reported once. */
static void seen_once(uint64_t host_op_id, const char *what)
{
    if (!host_op_id)
        error("%s: host_op_id 0", what);
    for (int i = 0; i < nseen_ops; i++)
        if (seen_ops[i] == host_op_id) {
            error("%s: host_op_id %" PRIu64 " reported twice", what, host_op_id);
            return;
        }
    if (nseen_ops < MAX_OPS)
        seen_ops[nseen_ops++] = host_op_id;
}

static void check_target_info(struct construct *c, uint64_t target_id, uint64_t host_op_id, const char *what)
{
    uint64_t device = 99;
    ompt_id_t info_target = 0, info_op = 0;
    if (!get_target_info || !get_target_info(&device, &info_target, &info_op)) {
        error("%s: ompt_get_target_info says no construct", what);
        return;
    }
    if ((int)device != c->device)
        error("%s: ompt_get_target_info device %" PRIu64 ", the construct's is %d", what, device, c->device);
    if (info_op != host_op_id)
        error("%s: ompt_get_target_info host_op_id %" PRIu64 ", the callback's is %" PRIu64, what, info_op,
              host_op_id);
    if (target_id && info_target != target_id)
        error("%s: ompt_get_target_info target_id %" PRIu64 ", the callback's is %" PRIu64, what, info_target,
              target_id);
}

static int is_update(int kind)
{
    return kind == ompt_target_update || kind == ompt_target_update_nowait;
}

static void check_state(struct construct *c, const char *what)
{
    int want = is_update(c->kind) ? ompt_state_wait_target_update : ompt_state_wait_target_map;
    int state = get_state ? get_state(NULL) : -1;
    if (state != want)
        error("%s in %s: state 0x%x, not 0x%x", what, kind_name(c->kind), state, want);
}

/* One completed data operation, either form. */
static void data_op(struct construct *c, ompt_target_data_op_t optype, void *src, int src_device, void *dest,
                    int dest_device, size_t bytes)
{
    int host = get_num_devices(); /* the initial device */
    check_state(c, "data operation");
    if (is_update(c->kind))
        in_update_state++;
    else
        in_map_state++;
    switch (optype) {
    case ompt_target_data_alloc: {
        const char *name = name_of(src, bytes, "alloc");
        if (src_device != host || dest_device != c->device || !dest)
            error("alloc %s: devices %d -> %d, device address %p", name, src_device, dest_device, dest);
        if (dest_device >= 0 && dest_device < MAX_DEVICES && !devices[dest_device].initialized)
            error("alloc %s on device %d before its device_initialize", name, dest_device);
        if (nallocs < MAX_ALLOCS)
            allocs[nallocs++] = (typeof(allocs[0])){dest_device, dest, bytes, name, src};
        say("data_op: alloc %s bytes=%zu", name, bytes);
        break;
    }
    case ompt_target_data_transfer_to_device:
    case ompt_target_data_transfer_from_device: {
        int to = optype == ompt_target_data_transfer_to_device;
        void *host_addr = to ? src : dest, *device_addr = to ? dest : src;
        int from_dev = to ? host : c->device, to_dev = to ? c->device : host;
        const char *name = name_of(host_addr, bytes, to ? "transfer_to" : "transfer_from");
        if (src_device != from_dev || dest_device != to_dev)
            error("transfer %s: devices %d -> %d", name, src_device, dest_device);
        if (alloc_at(c->device, device_addr, bytes) < 0)
            error("transfer %s: device address %p (%zu bytes) is not allocated", name, device_addr, bytes);
        if (c->kind == ompt_target || c->kind == ompt_target_nowait) {
            if (to && c->submitted)
                error("transfer_to %s after the region's submit", name);
            if (!to && !c->submitted)
                error("transfer_from %s before the region's submit", name);
        }
        say("data_op: %s %s bytes=%zu", to ? "to" : "from", name, bytes);
        break;
    }
    case ompt_target_data_delete: {
        int i = alloc_at(c->device, dest, 0);
        if (i < 0 || allocs[i].start != (const char *)dest) {
            error("delete: device address %p is no allocation's start", dest);
            say("data_op: delete ?");
            break;
        }
        if (src != allocs[i].host)
            error("delete %s: host address %p is not the allocation's", allocs[i].name, src);
        say("data_op: delete %s", allocs[i].name);
        allocs[i] = allocs[--nallocs];
        break;
    }
    default:
        say("data_op: optype=%d bytes=%zu", (int)optype, bytes);
        break;
    }
}

static void on_target_data_op_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task,
                                  ompt_data_t *target_data, ompt_id_t *host_op_id, ompt_target_data_op_t optype,
                                  void *src, int src_device, void *dest, int dest_device, size_t bytes,
                                  const void *codeptr)
{
    frame_flags_check_tasks(NULL, "target_data_op_emi");
    (void)target_task, (void)codeptr;
    pthread_mutex_lock(&lock);
    struct construct *c = current(target_data->value, "target_data_op_emi");
    if (c && endpoint == ompt_scope_begin) {
        check_target_info(c, 0, *host_op_id, "target_data_op_emi begin");
        check_state(c, "target_data_op_emi begin");
        *host_op_id = pending_op = ++next_id;
    } else if (c) {
        if (*host_op_id != pending_op)
            error("target_data_op_emi end: host_op_id %" PRIu64 " is not what the tool set at begin", *host_op_id);
        data_op(c, optype, src, src_device, dest, dest_device, bytes);
    }
    pthread_mutex_unlock(&lock);
}

static void on_target_data_op(ompt_id_t target_id, ompt_id_t host_op_id, ompt_target_data_op_t optype, void *src,
                              int src_device, void *dest, int dest_device, size_t bytes, const void *codeptr)
{
    frame_flags_check_tasks(NULL, "target_data_op");
    (void)codeptr;
    pthread_mutex_lock(&lock);
    struct construct *c = current(target_id, "target_data_op");
    seen_once(host_op_id, "target_data_op");
    if (c) {
        check_target_info(c, target_id, host_op_id, "target_data_op");
        data_op(c, optype, src, src_device, dest, dest_device, bytes);
    }
    pthread_mutex_unlock(&lock);
}

/* ---- submit and map --------------------------------------------------------------- */

static void submit(struct construct *c, unsigned teams)
{
    if (c->kind != ompt_target && c->kind != ompt_target_nowait)
        error("submit in a %s construct", kind_name(c->kind));
    if (c->submitted)
        error("a second submit in one target region");
    c->submitted = 1;
    say("submit: teams=%u", teams);
}

static void on_target_submit_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_data, ompt_id_t *host_op_id,
                                 unsigned int teams)
{
    frame_flags_check_tasks(NULL, "target_submit_emi");
    pthread_mutex_lock(&lock);
    struct construct *c = current(target_data->value, "target_submit_emi");
    if (c && endpoint == ompt_scope_begin) {
        *host_op_id = pending_op = ++next_id;
        submit(c, teams);
    } else if (c && *host_op_id != pending_op) {
        error("target_submit_emi end: host_op_id %" PRIu64 " is not what the tool set at begin", *host_op_id);
    }
    pthread_mutex_unlock(&lock);
}

static void on_target_submit(ompt_id_t target_id, ompt_id_t host_op_id, unsigned int teams)
{
    frame_flags_check_tasks(NULL, "target_submit");
    pthread_mutex_lock(&lock);
    struct construct *c = current(target_id, "target_submit");
    seen_once(host_op_id, "target_submit");
    if (c)
        submit(c, teams);
    pthread_mutex_unlock(&lock);
}

static void map(struct construct *c, unsigned nitems, void **host, void **device, size_t *bytes, unsigned *flags)
{
    if (c->submitted)
        error("target_map after the region's submit");
    for (unsigned i = 0; i < nitems; i++) {
        const char *name = name_of(host[i], bytes[i], "target_map");
        if (bytes[i] && alloc_at(c->device, device[i], bytes[i]) < 0)
            error("target_map %s: device address %p is not allocated", name, device[i]);
        char f[64] = "";
        static const char *const flag_names[] = {"to", "from", "alloc", "release", "delete", "implicit"};
        for (int b = 0; b < 6; b++)
            if (flags[i] & (1u << b))
                snprintf(f + strlen(f), sizeof f - strlen(f), "%s%s", *f ? "," : "", flag_names[b]);
        say("map: %s bytes=%zu flags=%s", name, bytes[i], f);
    }
}

static void on_target_map_emi(ompt_data_t *target_data, unsigned int nitems, void **host, void **device,
                              size_t *bytes, unsigned int *flags, const void *codeptr)
{
    frame_flags_check_tasks(NULL, "target_map_emi");
    (void)codeptr;
    pthread_mutex_lock(&lock);
    struct construct *c = current(target_data->value, "target_map_emi");
    if (c)
        map(c, nitems, host, device, bytes, flags);
    pthread_mutex_unlock(&lock);
}

static void on_target_map(ompt_id_t target_id, unsigned int nitems, void **host, void **device, size_t *bytes,
                          unsigned int *flags, const void *codeptr)
{
    frame_flags_check_tasks(NULL, "target_map");
    (void)codeptr;
    pthread_mutex_lock(&lock);
    struct construct *c = current(target_id, "target_map");
    if (c)
        map(c, nitems, host, device, bytes, flags);
    pthread_mutex_unlock(&lock);
}

/* ---- start and end --------------------------------------------------------------- */

static int initialize(ompt_function_lookup_t lookup, int initial_device, ompt_data_t *tool_data)
{
    (void)initial_device, (void)tool_data;
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    get_target_info = (ompt_get_target_info_t)lookup("ompt_get_target_info");
    get_num_devices = (ompt_get_num_devices_t)lookup("ompt_get_num_devices");
    frame_flags_init(lookup);
    get_state = (ompt_get_state_t)lookup("ompt_get_state");
    const char *form = getenv("TARGET_TOOL_FORM");
    emi = !form || strcmp(form, "plain") != 0;
#define REGISTER(event, fn)                                                                  \
    do {                                                                                     \
        int result = set_callback(event, (ompt_callback_t)fn);                               \
        if (result != ompt_set_always)                                                       \
            say("ERROR: set_callback(%s) = %d, not ompt_set_always", #event, result), errors++; \
    } while (0)
    REGISTER(ompt_callback_device_initialize, on_device_initialize);
    REGISTER(ompt_callback_device_load, on_device_load);
    REGISTER(ompt_callback_device_unload, on_device_unload);
    REGISTER(ompt_callback_device_finalize, on_device_finalize);
    if (emi) {
        REGISTER(ompt_callback_target_emi, on_target_emi);
        REGISTER(ompt_callback_target_data_op_emi, on_target_data_op_emi);
        REGISTER(ompt_callback_target_submit_emi, on_target_submit_emi);
        REGISTER(ompt_callback_target_map_emi, on_target_map_emi);
    } else {
        REGISTER(ompt_callback_target, on_target);
        REGISTER(ompt_callback_target_data_op, on_target_data_op);
        REGISTER(ompt_callback_target_submit, on_target_submit);
        REGISTER(ompt_callback_target_map, on_target_map);
    }
    say("target tool: form=%s", emi ? "emi" : "plain");
    return 1;
}

static void finalize(ompt_data_t *tool_data)
{
    (void)tool_data;
    pthread_mutex_lock(&lock);
    for (int d = 0; d < MAX_DEVICES; d++)
        if (devices[d].initialized && (!devices[d].unloaded || !devices[d].finalized))
            error("device %d: no device_unload or device_finalize before the tool's finalize", d);
    for (int i = 0; i < nallocs; i++)
        error("alloc of %s on device %d (%zu bytes) was never deleted", allocs[i].name, allocs[i].device,
              allocs[i].bytes);
    say("target tool: data operations in wait_target_map=%d in wait_target_update=%d", in_map_state,
        in_update_state);
    say("target tool: finalize errors=%d", errors);
    pthread_mutex_unlock(&lock);
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
    (void)omp_version, (void)runtime_version;
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};
    return &result;
}
