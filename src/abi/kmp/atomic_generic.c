/* Clang ABI: atomic updates of any type of 1 to 32 bytes through a
 * compiler-made function f(result, x, operand) that computes the new value,
 * and the bracketing calls around hand-written atomic regions. */
#include "atomic.h"

typedef void (*kmp_combine)(void *result, void *lhs, void *rhs);

/* Sizes a compare-and-swap covers, when the object is naturally aligned. */
#define GENERIC_LOCKFREE(n, UT)                                                                        \
    GLASS_EXPORT void __kmpc_atomic_##n(struct kmp_ident *loc, int gtid, void *lhs, void *rhs, kmp_combine f) \
    {                                                                                                  \
        (void)loc, (void)gtid;                                                                         \
        if ((uintptr_t)lhs % sizeof(UT)) {                                                             \
            glass_atomic_enter();                                                                      \
            f(lhs, lhs, rhs);                                                                          \
            glass_atomic_exit();                                                                       \
            return;                                                                                    \
        }                                                                                              \
        UT old, new;                                                                                   \
        __atomic_load((UT *)lhs, &old, __ATOMIC_RELAXED);                                              \
        do                                                                                             \
            f(&new, &old, rhs);                                                                        \
        while (!__atomic_compare_exchange((UT *)lhs, &old, &new, false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)); \
    }

#define GENERIC_LOCKED(n)                                                                              \
    GLASS_EXPORT void __kmpc_atomic_##n(struct kmp_ident *loc, int gtid, void *lhs, void *rhs, kmp_combine f) \
    {                                                                                                  \
        (void)loc, (void)gtid;                                                                         \
        glass_atomic_enter();                                                                          \
        f(lhs, lhs, rhs);                                                                              \
        glass_atomic_exit();                                                                           \
    }

GENERIC_LOCKFREE(1, uint8_t)
GENERIC_LOCKFREE(2, uint16_t)
GENERIC_LOCKFREE(4, uint32_t)
GENERIC_LOCKFREE(8, uint64_t)
GENERIC_LOCKED(10)
GENERIC_LOCKED(16)
GENERIC_LOCKED(20)
GENERIC_LOCKED(32)

GLASS_EXPORT void __kmpc_atomic_start(void)
{
    glass_atomic_enter();
}

GLASS_EXPORT void __kmpc_atomic_end(void)
{
    glass_atomic_exit();
}
