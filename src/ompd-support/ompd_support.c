/* OMPD support in the runtime: ompd_dll_locations, the breakpoint functions,
 * the process record and the thread registry (OpenMP 5.1, 5.2 and 5.6). */
#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/globals.h"
#include "../core/runtime.h"
#include "../core/threads/thread.h"
#include "../ompd/glass_ompd_abi.h"
#include "ompd_support.h"

bool glass_ompd_enabled;
_Atomic bool glass_frames_wanted;

/* 5.2.3: the names a debugger tries, in order, to load the OMPD library. */
GLASS_EXPORT const char **ompd_dll_locations;
static const char *dll_locations[3];
static char dll_path[4096];

GLASS_EXPORT struct glass_ompd_process glass_ompd_process;

/* The registry's lock; the list itself is read by a debugger while the
 * process is stopped, without it. */
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

/* Keeps an empty function from being merged with another or removed: each has
 * its own address for a breakpoint. */
#define BREAKPOINT_BODY() __asm__ volatile("" ::: "memory")

/* 5.2.4: a debugger sets a breakpoint here to learn that ompd_dll_locations
 * is ready. */
GLASS_EXPORT __attribute__((noinline, used)) void ompd_dll_locations_valid(void)
{
    BREAKPOINT_BODY();
}

GLASS_EXPORT __attribute__((noinline, used)) void ompd_bp_parallel_begin(void) { BREAKPOINT_BODY(); }
GLASS_EXPORT __attribute__((noinline, used)) void ompd_bp_parallel_end(void) { BREAKPOINT_BODY(); }
GLASS_EXPORT __attribute__((noinline, used)) void ompd_bp_task_begin(void) { BREAKPOINT_BODY(); }
GLASS_EXPORT __attribute__((noinline, used)) void ompd_bp_task_end(void) { BREAKPOINT_BODY(); }
GLASS_EXPORT __attribute__((noinline, used)) void ompd_bp_thread_begin(void) { BREAKPOINT_BODY(); }
GLASS_EXPORT __attribute__((noinline, used)) void ompd_bp_thread_end(void) { BREAKPOINT_BODY(); }
/* Glass has no target devices (target regions run on the host): the device
 * breakpoints exist for debuggers that look them up, and are never reached. */
GLASS_EXPORT __attribute__((noinline, used)) void ompd_bp_device_begin(void) { BREAKPOINT_BODY(); }
GLASS_EXPORT __attribute__((noinline, used)) void ompd_bp_device_end(void) { BREAKPOINT_BODY(); }

/* libompd.so is built into, and installed in, the runtime's own directory. */
static void publish_dll_locations(void)
{
    unsigned n = 0;
    Dl_info info;
    if (dladdr((void *)&publish_dll_locations, &info) && info.dli_fname && strchr(info.dli_fname, '/')) {
        const char *slash = strrchr(info.dli_fname, '/');
        size_t dir_len = (size_t)(slash - info.dli_fname) + 1;
        char *resolved = NULL;
        if (info.dli_fname[0] != '/')
            resolved = realpath(info.dli_fname, NULL);
        if (resolved) {
            slash = strrchr(resolved, '/');
            dir_len = (size_t)(slash - resolved) + 1;
        }
        const char *dir = resolved ? resolved : info.dli_fname;
        if (dir_len + sizeof "libompd.so" <= sizeof dll_path) {
            memcpy(dll_path, dir, dir_len);
            memcpy(dll_path + dir_len, "libompd.so", sizeof "libompd.so");
            dll_locations[n++] = dll_path;
        }
        free(resolved);
    }
    dll_locations[n++] = "libompd.so";
    dll_locations[n] = NULL;
    ompd_dll_locations = dll_locations;
    ompd_dll_locations_valid();
}

void glass_ompd_initialize(void)
{
    glass_ompd_enabled = glass_globals.debug != 0;
    if (glass_ompd_enabled) {
        /* Before any OpenMP thread runs a task: frames are kept from the start. */
        atomic_store_explicit(&glass_frames_wanted, true, memory_order_relaxed);
        atomic_store_explicit(&glass_ompt_entry_watch, true, memory_order_relaxed);
    }
    glass_ompd_build_display_vars();
    glass_ompd_process.magic = GLASS_OMPD_PROCESS_MAGIC;
    glass_ompd_process.version = GLASS_OMPD_LAYOUT_VERSION;
    glass_ompd_process.enabled = glass_ompd_enabled;
    glass_ompd_process.globals = (uintptr_t)&glass_globals;
    glass_ompd_process.display_vars = (uintptr_t)glass_ompd_display_vars;
    glass_ompd_process.version_string = (uintptr_t)"Glass " GLASS_VERSION_STRING;
    publish_dll_locations();
    __atomic_store_n(&glass_ompd_process.initialized, 1, __ATOMIC_RELEASE);
}

/* Called with registry_lock held. */
static bool registered(const struct glass_thread *thread)
{
    for (uint64_t t = glass_ompd_process.threads; t; t = (uintptr_t)((struct glass_thread *)(uintptr_t)t)->ompd_next)
        if (t == (uintptr_t)thread)
            return true;
    return false;
}

static void register_thread(struct glass_thread *thread)
{
    pthread_mutex_lock(&registry_lock);
    if (!registered(thread)) {
        thread->ompd_next = (struct glass_thread *)(uintptr_t)glass_ompd_process.threads;
        __atomic_store_n(&glass_ompd_process.threads, (uintptr_t)thread, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&registry_lock);
}

/* A worker joins a team as soon as it is created, before its OS thread has
 * run: a debugger that stops then finds it (idle, no native ids yet) among
 * the team's members. */
void glass_ompd_thread_registers(struct glass_thread *thread)
{
    register_thread(thread);
}

void glass_ompd_thread_begins(struct glass_thread *self)
{
    self->tid = (int)gettid();
    self->pthread = pthread_self();
    register_thread(self);
    GLASS_OMPD_BP(thread_begin);
}

void glass_ompd_thread_ends(struct glass_thread *self)
{
    GLASS_OMPD_BP(thread_end);
    pthread_mutex_lock(&registry_lock);
    uint64_t *link = &glass_ompd_process.threads;
    while (*link && *link != (uintptr_t)self)
        link = (uint64_t *)&((struct glass_thread *)(uintptr_t)*link)->ompd_next;
    if (*link)
        __atomic_store_n(link, (uintptr_t)self->ompd_next, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&registry_lock);
}

/* After fork() only the forking thread exists in the child: the registry
 * keeps just its descriptor. */
static void registry_in_child(void)
{
    pthread_mutex_init(&registry_lock, NULL);
    struct glass_thread *self = glass_self_ptr;
    glass_ompd_process.threads = (uintptr_t)self;
    if (self) {
        self->ompd_next = NULL;
        self->tid = (int)gettid();
        self->pthread = pthread_self();
    }
}

__attribute__((constructor)) static void install_registry_fork_handler(void)
{
    pthread_atfork(NULL, NULL, registry_in_child);
}
