/* Clang ABI: atomic operations on 1-, 2-, 4- and 8-byte integers
 * (fixed1 .. fixed8; the "u" forms are the operations whose result depends
 * on signedness). Lock-free (atomic.h). */
#include "atomic.h"

/* Every operation on a signed integer type; UT is wide enough for the
 * arithmetic after integer promotion. */
#define FIXED_OPS(tn, T, UT)                                                                           \
    KMP_OP(tn, add, T, UT, E_ADD, LOCKFREE)                                                            \
    KMP_OP(tn, sub, T, UT, E_SUB, LOCKFREE)                                                            \
    KMP_OP(tn, mul, T, UT, E_MUL, LOCKFREE)                                                            \
    KMP_OP(tn, div, T, UT, E_DIV, LOCKFREE)                                                            \
    KMP_OP(tn, andb, T, UT, E_ANDB, LOCKFREE)                                                          \
    KMP_OP(tn, orb, T, UT, E_ORB, LOCKFREE)                                                            \
    KMP_OP(tn, xor, T, UT, E_XOR, LOCKFREE)                                                            \
    KMP_OP(tn, shl, T, UT, E_SHL, LOCKFREE)                                                            \
    KMP_OP(tn, shr, T, UT, E_SHR, LOCKFREE)                                                            \
    KMP_OP(tn, andl, T, UT, E_ANDL, LOCKFREE)                                                          \
    KMP_OP(tn, orl, T, UT, E_ORL, LOCKFREE)                                                            \
    KMP_OP(tn, max, T, UT, E_MAX, LOCKFREE)                                                            \
    KMP_OP(tn, min, T, UT, E_MIN, LOCKFREE)                                                            \
    KMP_OP(tn, eqv, T, UT, E_EQV, LOCKFREE)                                                            \
    KMP_OP(tn, neqv, T, UT, E_NEQV, LOCKFREE)                                                          \
    KMP_OP_REV(tn, sub, T, UT, R_SUB, LOCKFREE)                                                        \
    KMP_OP_REV(tn, div, T, UT, R_DIV, LOCKFREE)                                                        \
    KMP_OP_REV(tn, shl, T, UT, R_SHL, LOCKFREE)                                                        \
    KMP_OP_REV(tn, shr, T, UT, R_SHR, LOCKFREE)                                                        \
    KMP_UPDATE(tn##_mul_float8, T, double, UT, E_MUL_WIDE, LOCKFREE)                                   \
    KMP_UPDATE(tn##_div_float8, T, double, UT, E_DIV_WIDE, LOCKFREE)                                   \
    KMP_READ_WRITE_SWAP_LOCKFREE(tn, T)

#define UNSIGNED_OPS(tn, T, UT)                                                                        \
    KMP_OP(tn, div, T, UT, E_DIV, LOCKFREE)                                                            \
    KMP_OP(tn, shr, T, UT, E_SHR, LOCKFREE)                                                            \
    KMP_OP_REV(tn, div, T, UT, R_DIV, LOCKFREE)                                                        \
    KMP_OP_REV(tn, shr, T, UT, R_SHR, LOCKFREE)

/* char is signed on the platforms libomp's fixed1 routines are built for. */
FIXED_OPS(fixed1, int8_t, unsigned)
FIXED_OPS(fixed2, int16_t, unsigned)
FIXED_OPS(fixed4, int32_t, uint32_t)
FIXED_OPS(fixed8, int64_t, uint64_t)
UNSIGNED_OPS(fixed1u, uint8_t, unsigned)
UNSIGNED_OPS(fixed2u, uint16_t, unsigned)
UNSIGNED_OPS(fixed4u, uint32_t, uint32_t)
UNSIGNED_OPS(fixed8u, uint64_t, uint64_t)

/* OpenMP 5.1 atomic compare: x = x == e ? d : x, reporting whether x was
 * replaced (bool_) or x's old value (val_); the _cpt forms also capture:
 * bool_: the old value into *pv when not replaced; val_: x's new value. */
#define COMPARE_SWAP(n, T)                                                                             \
    GLASS_EXPORT bool __kmpc_atomic_bool_##n##_cas(struct kmp_ident *loc, int gtid, T *x, T e, T d)    \
    {                                                                                                  \
        (void)loc, (void)gtid;                                                                         \
        return __atomic_compare_exchange_n(x, &e, d, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);       \
    }                                                                                                  \
    GLASS_EXPORT T __kmpc_atomic_val_##n##_cas(struct kmp_ident *loc, int gtid, T *x, T e, T d)        \
    {                                                                                                  \
        (void)loc, (void)gtid;                                                                         \
        __atomic_compare_exchange_n(x, &e, d, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);              \
        return e; /* on success e already equals the old value */                                      \
    }                                                                                                  \
    GLASS_EXPORT bool __kmpc_atomic_bool_##n##_cas_cpt(struct kmp_ident *loc, int gtid, T *x, T e, T d, \
                                                       T *pv)                                          \
    {                                                                                                  \
        (void)loc, (void)gtid;                                                                         \
        if (__atomic_compare_exchange_n(x, &e, d, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))          \
            return true;                                                                               \
        *pv = e;                                                                                       \
        return false;                                                                                  \
    }                                                                                                  \
    GLASS_EXPORT T __kmpc_atomic_val_##n##_cas_cpt(struct kmp_ident *loc, int gtid, T *x, T e, T d,    \
                                                   T *pv)                                              \
    {                                                                                                  \
        (void)loc, (void)gtid;                                                                         \
        bool replaced = __atomic_compare_exchange_n(x, &e, d, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE); \
        *pv = replaced ? d : e;                                                                        \
        return e;                                                                                      \
    }

COMPARE_SWAP(1, int8_t)
COMPARE_SWAP(2, int16_t)
COMPARE_SWAP(4, int32_t)
COMPARE_SWAP(8, int64_t)
