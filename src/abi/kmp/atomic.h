/* The __kmpc_atomic_* family: atomic updates, captures, reads, writes and
 * swaps on each type, for compilers that call the runtime instead of
 * emitting the instructions (libomp's kmp_atomic.h names them
 * __kmpc_atomic_<type>_<operation>[_rev][_cpt]).
 *
 * Types of 8 bytes or fewer are updated lock-free, with a compare-and-swap
 * loop on the object; larger ones (long double, double and long double
 * complex) under the core's atomic lock, the one GCC-compiled code takes for
 * the same types (GOMP_atomic_start), so both compilers' atomics on one
 * variable exclude each other.
 *
 * The macros below generate the entry points: an operation is an expression
 * macro E(T, UT, a, b) giving the new value from the old one (a) and the
 * operand (b). Integer arithmetic goes through the unsigned type UT, wide
 * enough not to overflow after promotion, so it wraps as the hardware does
 * instead of being undefined. */
#ifndef GLASS_ABI_KMP_ATOMIC_H
#define GLASS_ABI_KMP_ATOMIC_H

#include <complex.h>
#include <stdbool.h>
#include <stdint.h>

#include "../../core/sync/lock.h"
#include "kmp.h"

/* Operations. */
#define E_ADD(T, UT, a, b) ((T)((UT)(a) + (UT)(b)))
#define E_SUB(T, UT, a, b) ((T)((UT)(a) - (UT)(b)))
#define E_MUL(T, UT, a, b) ((T)((UT)(a) * (UT)(b)))
#define E_DIV(T, UT, a, b) ((T)((a) / (b)))
#define E_ANDB(T, UT, a, b) ((T)((a) & (b)))
#define E_ORB(T, UT, a, b) ((T)((a) | (b)))
#define E_XOR(T, UT, a, b) ((T)((a) ^ (b)))
#define E_SHL(T, UT, a, b) ((T)((UT)(a) << (b)))
#define E_SHR(T, UT, a, b) ((T)((a) >> (b)))
#define E_ANDL(T, UT, a, b) ((T)((a) && (b)))
#define E_ORL(T, UT, a, b) ((T)((a) || (b)))
#define E_MAX(T, UT, a, b) ((a) < (b) ? (b) : (a))
#define E_MIN(T, UT, a, b) ((b) < (a) ? (b) : (a))
#define E_EQV(T, UT, a, b) ((T)~((a) ^ (b)))
#define E_NEQV(T, UT, a, b) ((T)((a) ^ (b)))
/* The _rev forms: x = expr op x. */
#define R_SUB(T, UT, a, b) E_SUB(T, UT, b, a)
#define R_DIV(T, UT, a, b) E_DIV(T, UT, b, a)
#define R_SHL(T, UT, a, b) E_SHL(T, UT, b, a)
#define R_SHR(T, UT, a, b) E_SHR(T, UT, b, a)
/* Mixed types (an operand wider than x): computed in the operand's type. */
#define E_ADD_WIDE(T, UT, a, b) ((T)((a) + (b)))
#define E_SUB_WIDE(T, UT, a, b) ((T)((a) - (b)))
#define E_MUL_WIDE(T, UT, a, b) ((T)((a) * (b)))
#define E_DIV_WIDE(T, UT, a, b) ((T)((a) / (b)))

/* How: lock-free, or under the atomic lock. Both leave the old and the new
 * value in `old` and `new`. */
#define LOCKFREE(T, UT, lhs, rhs, E, old, new)                                                         \
    do {                                                                                               \
        __atomic_load(lhs, &old, __ATOMIC_RELAXED);                                                    \
        do                                                                                             \
            new = E(T, UT, old, rhs);                                                                  \
        while (!__atomic_compare_exchange(lhs, &old, &new, false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)); \
    } while (0)

#define LOCKED(T, UT, lhs, rhs, E, old, new)                                                           \
    do {                                                                                               \
        glass_atomic_enter();                                                                          \
        old = *(lhs);                                                                                  \
        new = E(T, UT, old, rhs);                                                                      \
        *(lhs) = new;                                                                                  \
        glass_atomic_exit();                                                                           \
    } while (0)

/* x op= rhs, and its capture: the new value when flag is set, else the old. */
#define KMP_UPDATE(name, T, RT, UT, E, HOW)                                                           \
    GLASS_EXPORT void __kmpc_atomic_##name(struct kmp_ident *loc, int gtid, T *lhs, RT rhs)            \
    {                                                                                                  \
        (void)loc, (void)gtid;                                                                         \
        T old, new;                                                                                    \
        HOW(T, UT, lhs, rhs, E, old, new);                                                             \
    }

#define KMP_CAPTURE(name, T, UT, E, HOW)                                                              \
    GLASS_EXPORT T __kmpc_atomic_##name(struct kmp_ident *loc, int gtid, T *lhs, T rhs, int flag)      \
    {                                                                                                  \
        (void)loc, (void)gtid;                                                                         \
        T old, new;                                                                                    \
        HOW(T, UT, lhs, rhs, E, old, new);                                                             \
        return flag ? new : old;                                                                       \
    }

/* float _Complex captures return through a pointer (libomp's workaround for
 * returning that type). */
#define KMP_CAPTURE_OUT(name, T, UT, E, HOW)                                                          \
    GLASS_EXPORT void __kmpc_atomic_##name(struct kmp_ident *loc, int gtid, T *lhs, T rhs, T *out,     \
                                           int flag)                                                   \
    {                                                                                                  \
        (void)loc, (void)gtid;                                                                         \
        T old, new;                                                                                    \
        HOW(T, UT, lhs, rhs, E, old, new);                                                             \
        *out = flag ? new : old;                                                                       \
    }

/* An operation with its capture, and the reversed pair. */
#define KMP_OP(tn, op, T, UT, E, HOW)                                                                  \
    KMP_UPDATE(tn##_##op, T, T, UT, E, HOW)                                                            \
    KMP_CAPTURE(tn##_##op##_cpt, T, UT, E, HOW)
#define KMP_OP_REV(tn, op, T, UT, R, HOW)                                                              \
    KMP_UPDATE(tn##_##op##_rev, T, T, UT, R, HOW)                                                      \
    KMP_CAPTURE(tn##_##op##_cpt_rev, T, UT, R, HOW)

/* read, write, and swap (capture-write: v = x; x = expr). */
#define KMP_READ_WRITE_SWAP_LOCKFREE(tn, T)                                                            \
    GLASS_EXPORT T __kmpc_atomic_##tn##_rd(struct kmp_ident *loc, int gtid, T *src)                    \
    {                                                                                                  \
        (void)loc, (void)gtid;                                                                         \
        T value;                                                                                       \
        __atomic_load(src, &value, __ATOMIC_ACQUIRE);                                                  \
        return value;                                                                                  \
    }                                                                                                  \
    GLASS_EXPORT void __kmpc_atomic_##tn##_wr(struct kmp_ident *loc, int gtid, T *lhs, T rhs)          \
    {                                                                                                  \
        (void)loc, (void)gtid;                                                                         \
        __atomic_store(lhs, &rhs, __ATOMIC_RELEASE);                                                   \
    }                                                                                                  \
    GLASS_EXPORT T __kmpc_atomic_##tn##_swp(struct kmp_ident *loc, int gtid, T *lhs, T rhs)            \
    {                                                                                                  \
        (void)loc, (void)gtid;                                                                         \
        T old;                                                                                         \
        __atomic_exchange(lhs, &rhs, &old, __ATOMIC_ACQ_REL);                                          \
        return old;                                                                                    \
    }

#define KMP_READ_WRITE_SWAP_LOCKED(tn, T)                                                              \
    GLASS_EXPORT T __kmpc_atomic_##tn##_rd(struct kmp_ident *loc, int gtid, T *src)                    \
    {                                                                                                  \
        (void)loc, (void)gtid;                                                                         \
        glass_atomic_enter();                                                                          \
        T value = *src;                                                                                \
        glass_atomic_exit();                                                                           \
        return value;                                                                                  \
    }                                                                                                  \
    GLASS_EXPORT void __kmpc_atomic_##tn##_wr(struct kmp_ident *loc, int gtid, T *lhs, T rhs)          \
    {                                                                                                  \
        (void)loc, (void)gtid;                                                                         \
        glass_atomic_enter();                                                                          \
        *lhs = rhs;                                                                                    \
        glass_atomic_exit();                                                                           \
    }                                                                                                  \
    GLASS_EXPORT T __kmpc_atomic_##tn##_swp(struct kmp_ident *loc, int gtid, T *lhs, T rhs)            \
    {                                                                                                  \
        (void)loc, (void)gtid;                                                                         \
        glass_atomic_enter();                                                                          \
        T old = *lhs;                                                                                  \
        *lhs = rhs;                                                                                    \
        glass_atomic_exit();                                                                           \
        return old;                                                                                    \
    }

#endif
