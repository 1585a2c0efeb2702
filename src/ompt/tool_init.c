/* Tool discovery and start-up (OpenMP 5.1, 4.2.1 - 4.2.3): OMP_TOOL,
 * ompt_start_tool found in the address space, then each entry of
 * OMP_TOOL_LIBRARIES left to right, then, as libomp does, LLVM's Archer in
 * a ThreadSanitizer program (archer.c); the tool's initializer, and the log
 * that OMP_TOOL_VERBOSE_INIT asks for. With GLASS_OMPT_ALL_TOOLS=true (a Glass
 * extension) every tool that accepts is started, in that order, not only the
 * first (tool_list.c).
 *
 * The tool variables are entries of the settings table (src/core/settings/env.c),
 * which reads them with secure_getenv, so a setuid program never loads a
 * library its caller names; glass_setting_text gives their values here. */
#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../core/settings/env_parse.h"
#include "../core/export.h"
#include "../core/runtime.h"
#include "../core/settings/settings.h"
#include "../core/threads/thread.h"
#include "dispatch_fence.h"
#include "events.h"
#include "ompt_internal.h"
#include "../device/device.h"

/* What the runtime says to ompt_start_tool about itself: immutable, and
 * unique to this build. */
static const char runtime_version[] = "Glass " GLASS_VERSION_STRING " (OpenMP 5.1, GCC and LLVM ABIs)";

/* The runtime's own ompt_start_tool: weak, so that a tool linked into the
 * program (or preloaded) replaces it, and exported, so that an executable
 * linked against Glass exports its own definition to the dynamic linker.
 * Discovery skips it by address. */
static ompt_start_tool_result_t *no_tool(unsigned int omp_version, const char *version)
{
    (void)omp_version, (void)version;
    return NULL;
}
GLASS_EXPORT ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *version)
    __attribute__((weak, alias("no_tool")));

typedef ompt_start_tool_result_t *(*start_tool_fn)(unsigned int, const char *);

/* ---- OMP_TOOL_VERBOSE_INIT --------------------------------------------------- */

static FILE *log_stream; /* NULL: not logging */

static void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void note(const char *fmt, ...)
{
    if (!log_stream)
        return;
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fprintf(log_stream, "glass ompt: %s\n", line);
    fflush(log_stream);
}

/* An OMP_TOOL_LIBRARIES entry that is not a tool: in the log, and, since
 * the user named it, in a warning even without the log (4.2.2 only says the
 * search goes on), unless the log already went to stderr. */
static void library_skipped(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void library_skipped(const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    note("%s", line);
    if (log_stream != stderr)
        glass_warn("%s (OMP_TOOL_VERBOSE_INIT=stderr logs the whole tool search)", line);
}

/* Keywords are case-insensitive; anything else names a file (5.1 6.20). */
static void open_log(void)
{
    const char *value = glass_setting_text("OMP_TOOL_VERBOSE_INIT");
    if (!value || !*value || strcasecmp(value, "disabled") == 0)
        return;
    if (strcasecmp(value, "stdout") == 0) {
        log_stream = stdout;
    } else if (strcasecmp(value, "stderr") == 0) {
        log_stream = stderr;
    } else {
        log_stream = fopen(value, "w");
        if (!log_stream) {
            int error = errno;
            log_stream = stderr;
            note("cannot open OMP_TOOL_VERBOSE_INIT file \"%s\" (%s); logging to stderr", value,
                 strerror(error));
        }
    }
}

static void close_log(void)
{
    if (log_stream && log_stream != stdout && log_stream != stderr)
        fclose(log_stream);
    log_stream = NULL;
}

/* ---- Discovery ------------------------------------------------------------- */

static const char *object_of(const void *address)
{
    Dl_info info;
    if (dladdr(address, &info) && info.dli_fname && *info.dli_fname)
        return info.dli_fname;
    return "(unknown object)";
}

/* What discovery found: the first tool that accepts, or with
 * GLASS_OMPT_ALL_TOOLS every one, up to GLASS_OMPT_MAX_TOOLS, in the order
 * found; `where` names each in the log. */
struct discovery {
    bool all;
    int count;
    ompt_start_tool_result_t *tools[GLASS_OMPT_MAX_TOOLS];
    char where[GLASS_OMPT_MAX_TOOLS][512];
};

static bool discovery_done(const struct discovery *found)
{
    return found->count == (found->all ? GLASS_OMPT_MAX_TOOLS : 1);
}

static void try_start(struct discovery *found, start_tool_fn start, const char *where)
{
    ompt_start_tool_result_t *result = start(GLASS_OMPT_OPENMP_VERSION, runtime_version);
    if (!result) {
        note("%s: ompt_start_tool returned NULL: the tool declined", where);
        return;
    }
    note("%s: ompt_start_tool returned a tool: using it", where);
    found->tools[found->count] = result;
    snprintf(found->where[found->count], sizeof found->where[0], "%s", where);
    found->count++;
}

/* 4.2.2: a tool's ompt_start_tool already in the process (in the executable or
 * in a library loaded with it, LD_PRELOAD included). RTLD_DEFAULT finds the
 * first definition in search order; when that is ours, RTLD_NEXT finds one in
 * a library searched after the runtime. */
static void search_address_space(struct discovery *found)
{
    start_tool_fn own = no_tool;
    start_tool_fn start = (start_tool_fn)dlsym(RTLD_DEFAULT, "ompt_start_tool");
    if (start == own)
        start = (start_tool_fn)dlsym(RTLD_NEXT, "ompt_start_tool");
    if (!start || start == own) {
        note("address space: no ompt_start_tool other than the runtime's own");
        return;
    }
    char where[512];
    snprintf(where, sizeof where, "address space: %s", object_of((const void *)start));
    try_start(found, start, where);
}

/* Whether search_address_space would find a tool (without starting it). */
static bool tool_in_address_space(void)
{
    start_tool_fn own = no_tool;
    start_tool_fn start = (start_tool_fn)dlsym(RTLD_DEFAULT, "ompt_start_tool");
    if (start == own)
        start = (start_tool_fn)dlsym(RTLD_NEXT, "ompt_start_tool");
    return start && start != own;
}

/* One entry of OMP_TOOL_LIBRARIES. A library that does not give a tool is
 * unloaded again. */
static void try_library(struct discovery *found, const char *path)
{
    char where[512];
    snprintf(where, sizeof where, "OMP_TOOL_LIBRARIES: %s", path);
    void *handle = dlopen(path, RTLD_LAZY | RTLD_LOCAL);
    if (!handle) {
        const char *error = dlerror();
        library_skipped("%s: cannot be loaded (%s): skipped", where, error ? error : "unknown error");
        return;
    }
    dlerror();
    start_tool_fn start = (start_tool_fn)dlsym(handle, "ompt_start_tool");
    if (!start || start == no_tool) {
        library_skipped("%s: loaded, but it defines no ompt_start_tool: skipped", where);
        dlclose(handle);
        return;
    }
    int before = found->count;
    try_start(found, start, where);
    if (found->count == before)
        dlclose(handle);
}

/* Entries are separated by ':' and tried left to right; the first that gives
 * a tool ends the search (4.2.2), unless every tool is wanted. */
static void search_libraries(struct discovery *found)
{
    const char *list = glass_setting_text("OMP_TOOL_LIBRARIES");
    if (!list || !*list) {
        note("OMP_TOOL_LIBRARIES is not set");
        return;
    }
    note("OMP_TOOL_LIBRARIES=\"%s\"", list);
    char *copy = strdup(list);
    if (!copy)
        return;
    char *rest = copy;
    for (char *entry; !discovery_done(found) && (entry = strsep(&rest, ":")) != NULL;)
        if (*entry)
            try_library(found, entry);
    while (rest && *rest == ':')
        rest++;
    if (found->all && rest && *rest)
        glass_warn("GLASS_OMPT_ALL_TOOLS: at most %d tools run at once; OMP_TOOL_LIBRARIES entries from "
                   "\"%s\" on were not tried",
                   GLASS_OMPT_MAX_TOOLS, rest);
    free(copy);
}

/* The last resort, as libomp has it: LLVM's Archer (archer.c), found by the
 * dynamic linker's search, when no tool was found otherwise. Archer declines
 * unless the process runs on ThreadSanitizer, so in any other process it is
 * not opened at all: no cost, and nothing said outside the log. */
static void try_archer(struct discovery *found)
{
    const char *library = glass_ompt_archer_library();
    if (!glass_ompt_process_uses_tsan()) {
        note("%s: not tried, the program does not run on ThreadSanitizer", library);
        return;
    }
    char where[512];
    snprintf(where, sizeof where, "ThreadSanitizer program: %s", library);
    void *handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
    if (!handle) {
        const char *error = dlerror();
        note("%s: cannot be loaded (%s)", where, error ? error : "unknown error");
        return;
    }
    start_tool_fn start = (start_tool_fn)dlsym(handle, "ompt_start_tool");
    int before = found->count;
    if (start && start != no_tool)
        try_start(found, start, where);
    else
        note("%s: loaded, but it defines no ompt_start_tool", where);
    if (found->count == before)
        dlclose(handle);
}

/* GLASS_OMPT_ALL_TOOLS (a Glass extension): true starts every tool that
 * accepts, each with its own callbacks, data and finalizer; false or unset
 * keeps the specification's rule (the first tool that accepts). */
static bool all_tools_wanted(void)
{
    const char *value = glass_setting_text("GLASS_OMPT_ALL_TOOLS");
    if (!value)
        return false;
    bool all;
    if (!glass_parse_bool(value, &all)) {
        glass_warn("GLASS_OMPT_ALL_TOOLS=\"%s\" is invalid: expected \"true\" or \"false\"; only the first "
                   "tool that accepts is started",
                   value);
        return false;
    }
    note("GLASS_OMPT_ALL_TOOLS=\"%s\": %s", value,
         all ? "every tool that accepts is started" : "the first tool that accepts is started");
    return all;
}

/* OMP_TOOL (tool-var, 5.1 6.18): enabled (the default) or disabled, in any
 * case and with surrounding blanks. 5.1 leaves another value unspecified: it
 * gets one "glass:" line and the default, as every other invalid setting
 * does (src/core/settings/env.c), not an abort that would end the program. */
static bool tool_enabled(void)
{
    const char *value = glass_setting_text("OMP_TOOL");
    if (!value) {
        note("OMP_TOOL is not set: enabled");
        return true;
    }
    const char *start = value;
    while (isspace((unsigned char)*start))
        start++;
    size_t len = strlen(start);
    while (len && isspace((unsigned char)start[len - 1]))
        len--;
    if (len == 7 && strncasecmp(start, "enabled", 7) == 0) {
        note("OMP_TOOL=\"%s\": enabled", value);
        return true;
    }
    if (len == 8 && strncasecmp(start, "disabled", 8) == 0) {
        note("OMP_TOOL=\"%s\": disabled, no tool is searched for", value);
        return false;
    }
    glass_warn("OMP_TOOL=\"%s\" is invalid: expected \"enabled\" or \"disabled\"; using the default, "
               "enabled", value);
    note("OMP_TOOL=\"%s\" is invalid: enabled, the default", value);
    return true;
}

/* 4.2.3: the initializer runs before any OpenMP event; the host is the
 * initial device, numbered after the devices (src/device/). The tool's
 * index is given first: the entry points its lookup hands out (which it may
 * call in the initializer) act for it. An initializer that returns 0 drops
 * the tool: what it registered is forgotten and its finalizer never runs. */
static bool initialize(ompt_start_tool_result_t *tool, const char *where, bool several)
{
    if (!tool->initialize) {
        if (several)
            note("%s: the tool gives no initializer: not started", where);
        else
            note("the tool gives no initializer: the OMPT interface is inactive");
        return false;
    }
    int index = glass_ompt_tool_add(tool);
    if (glass_ompt_tool_is_archer(tool)) {
        glass_ompt_tool_set_initial_region_at_end(index, true);
        note("%s: LLVM's Archer: its initial-task-end events name the initial task's region", where);
    }
    glass_ompt_tool_set_active(index, true);
    int ok = tool->initialize(glass_ompt_lookup_for(index), glass_device_initial_number_now(), &tool->tool_data);
    if (!ok) {
        if (several)
            note("%s: the tool's initializer returned 0: the tool is dropped", where);
        else
            note("the tool's initializer returned 0: the OMPT interface is inactive");
        glass_ompt_tool_end(index);
        glass_ompt_tool_declined(index);
        glass_ompt_forget_callbacks(index);
        return false;
    }
    if (several)
        note("%s: the tool's initializer returned %d: tool %d is active", where, ok, index + 1);
    else
        note("the tool's initializer returned %d: the OMPT interface is active", ok);
    return true;
}

static void discover_and_initialize(void)
{
    open_log();
    note("tool discovery in %s", runtime_version);
    struct discovery found = {.all = false, .count = 0};
    if (tool_enabled()) {
        found.all = all_tools_wanted();
        search_address_space(&found);
        if (!discovery_done(&found))
            search_libraries(&found);
        if (!found.count)
            try_archer(&found);
    }
    if (!found.count) {
        note("no tool: the OMPT interface is inactive");
        close_log();
        glass_ompt_disable_all(false);
        return;
    }
    int started = 0;
    for (int i = 0; i < found.count; i++)
        started += initialize(found.tools[i], found.where[i], found.all);
    if (!started) {
        if (found.all)
            note("no tool's initializer accepted: the OMPT interface is inactive");
        glass_ompt_disable_all(true);
        close_log();
        return;
    }
    if (found.all)
        note("%d of %d tools active: the OMPT interface is active", started, found.count);
    close_log();
    glass_ompt_dispatch_fence_prepare();
    glass_ompt_enable_registered();
    /* A thread that became an OpenMP thread while an initializer ran (it
     * called an OpenMP routine) begins now, before any other event; any
     * other thread begins when its descriptor is created. */
    struct glass_thread *self = glass_self_ptr;
    if (self)
        glass_ompt_thread_starts(self, self->is_worker ? GLASS_THREAD_WORKER : GLASS_THREAD_INITIAL);
    else if (glass_loading())
        /* Started while the runtime loads: the loading thread is the initial
         * thread, and it begins now (descriptor, thread_begin, the initial
         * task's implicit_task begin), so that the tool sees it before main
         * runs, not at the program's first OpenMP call, where the descriptor
         * would otherwise be made. */
        (void)glass_self();
}

/* The runtime's constructor (init.c) initializes it while the program is
 * being loaded, before the program's own constructors have run. A tool named
 * by OMP_TOOL_LIBRARIES starts then: dlopen runs its constructors, and it
 * sees the runtime from its start, whichever OpenMP routine the program calls
 * first (omp_alloc or omp_init_lock as much as a parallel region). A tool
 * linked into the program (or a C++ tool's static objects) would not be
 * ready: when the address space has one, discovery skips that first
 * glass_initialize and happens at the next, the program's first use of
 * OpenMP, as with LLVM's libomp. This constructor runs before the runtime's
 * (one with a priority runs before those without). */
static bool skip_load_time_start;
/* Set while a start skipped at load waits for the program's first use of
 * OpenMP (glass_ompt_start_deferred). */
static _Atomic bool start_deferred;

__attribute__((constructor(101))) static void defer_start_past_loading(void)
{
    skip_load_time_start = true;
}

/* Once, after the rest of the runtime is initialized (so the initializer may
 * use any entry point); a thread that calls back in from the tool's start-up
 * (an OpenMP routine in the initializer) goes on without waiting for itself. */
static pthread_mutex_t start_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic bool started;
static __thread bool starting_here __attribute__((tls_model("initial-exec")));

void glass_ompt_initialize(void)
{
    if (__builtin_expect(atomic_load_explicit(&started, memory_order_acquire), 1) || starting_here)
        return;
    if (skip_load_time_start) {
        /* Constructors run on one thread: no race. */
        skip_load_time_start = false;
        if (tool_in_address_space()) {
            atomic_store_explicit(&start_deferred, true, memory_order_relaxed);
            return;
        }
    }
    bool started_here = false;
    pthread_mutex_lock(&start_lock);
    if (!atomic_load_explicit(&started, memory_order_relaxed)) {
        starting_here = true;
        discover_and_initialize();
        starting_here = false;
        atomic_store_explicit(&started, true, memory_order_release);
        atomic_store_explicit(&start_deferred, false, memory_order_relaxed);
        started_here = true;
    }
    pthread_mutex_unlock(&start_lock);
    /* A connector that came while the start was deferred (libomptarget's,
     * from its constructor) is connected now that the tools are known. */
    if (started_here)
        glass_ompt_connect_pending_offload();
}

bool glass_ompt_start_deferred(void)
{
    return atomic_load_explicit(&start_deferred, memory_order_relaxed) &&
           !atomic_load_explicit(&started, memory_order_acquire);
}
