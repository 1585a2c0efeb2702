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
#else
#define glass_tsan_acquire(addr) ((void)0)
#define glass_tsan_release(addr) ((void)0)
#endif

#endif
