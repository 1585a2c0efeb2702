/* Finds ThreadSanitizer's release and acquire annotations when the program
 * runs on TSan (tsan.h says what for). Its runtime is part of the executable
 * and initialized before any library's constructor runs; in a program
 * without it both stay NULL. */
#ifndef GLASS_TSAN
#include <dlfcn.h>

#include "../export.h"
#include "tsan.h"

GLASS_INTERNAL struct glass_tsan_handover glass_tsan_handover;

__attribute__((constructor)) static void find_tsan_annotations(void)
{
    /* One look-up in a program without TSan. */
    void *release = dlsym(RTLD_DEFAULT, "__tsan_release");
    if (!release)
        return;
    void *acquire = dlsym(RTLD_DEFAULT, "__tsan_acquire");
    if (acquire) {
        glass_tsan_handover.release = (void (*)(void *))release;
        glass_tsan_handover.acquire = (void (*)(void *))acquire;
    }
}
#else
/* A TSan build sees the pools' atomics itself. */
typedef int glass_tsan_handover_unused;
#endif
