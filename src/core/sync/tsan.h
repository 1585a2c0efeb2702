/* ThreadSanitizer annotations, compiled in only by a TSan build
 * (-DGLASS_SANITIZE=thread defines GLASS_TSAN). TSan understands C11 atomic
 * operations and pthreads, but not atomic_thread_fence: where the runtime
 * publishes data through a fence and relaxed accesses, the two sides are
 * described to it as a release and an acquire on an address they share.
 * Without GLASS_TSAN every annotation compiles to nothing. */
#ifndef GLASS_CORE_TSAN_H
#define GLASS_CORE_TSAN_H

#ifdef GLASS_TSAN
void __tsan_acquire(void *addr);
void __tsan_release(void *addr);
#define glass_tsan_acquire(addr) __tsan_acquire((void *)(addr))
#define glass_tsan_release(addr) __tsan_release((void *)(addr))
/* Reads whose result is thrown away unless a later atomic operation proves
 * they saw a consistent state (a speculative check before an exchange). */
void AnnotateIgnoreReadsBegin(const char *file, int line);
void AnnotateIgnoreReadsEnd(const char *file, int line);
#define glass_tsan_ignore_reads_begin() AnnotateIgnoreReadsBegin(__FILE__, __LINE__)
#define glass_tsan_ignore_reads_end() AnnotateIgnoreReadsEnd(__FILE__, __LINE__)
#else
#define glass_tsan_acquire(addr) ((void)0)
#define glass_tsan_release(addr) ((void)0)
#define glass_tsan_ignore_reads_begin() ((void)0)
#define glass_tsan_ignore_reads_end() ((void)0)
#endif

/* Memory the runtime hands from one thread to another through its own pools
 * (task blocks freed by a thread that did not make them, task_alloc.c), in a
 * program built with -fsanitize=thread running on an uninstrumented runtime
 * (with LLVM's Archer): TSan sees the program's accesses to a block on both
 * sides but not the pool's atomics between them, so the hand-over is told to
 * it as a release by the giving thread and an acquire by the taking one, on
 * an address of the pool's. The functions are found in the TSan runtime when
 * the runtime loads (tsan_handover.c); in any other program they are NULL
 * and the test costs one load on the pool's cross-thread path. A TSan build
 * of the runtime sees its own atomics and needs no annotation. */
#ifdef GLASS_TSAN
#define glass_tsan_handover_release(addr) ((void)0)
#define glass_tsan_handover_acquire(addr) ((void)0)
#else
struct glass_tsan_handover {
    void (*release)(void *addr);
    void (*acquire)(void *addr);
};
extern struct glass_tsan_handover glass_tsan_handover;
#define glass_tsan_handover_release(addr)                                              \
    do {                                                                               \
        if (__builtin_expect(glass_tsan_handover.release != NULL, 0))                  \
            glass_tsan_handover.release((void *)(addr));                               \
    } while (0)
#define glass_tsan_handover_acquire(addr)                                              \
    do {                                                                               \
        if (__builtin_expect(glass_tsan_handover.acquire != NULL, 0))                  \
            glass_tsan_handover.acquire((void *)(addr));                               \
    } while (0)
#endif

#endif
