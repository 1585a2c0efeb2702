/* Clang ABI: atomic operations on float (float4), double (float8), long
 * double (float10) and the complex types (cmplx4, cmplx8, cmplx10). float,
 * double and float _Complex fit a compare-and-swap; the others take the
 * atomic lock (atomic.h). */
#include "atomic.h"

#define REAL_OPS(tn, T, HOW)                                                                           \
    KMP_OP(tn, add, T, T, E_ADD, HOW)                                                                  \
    KMP_OP(tn, sub, T, T, E_SUB, HOW)                                                                  \
    KMP_OP(tn, mul, T, T, E_MUL, HOW)                                                                  \
    KMP_OP(tn, div, T, T, E_DIV, HOW)                                                                  \
    KMP_OP(tn, max, T, T, E_MAX, HOW)                                                                  \
    KMP_OP(tn, min, T, T, E_MIN, HOW)                                                                  \
    KMP_OP_REV(tn, sub, T, T, R_SUB, HOW)                                                              \
    KMP_OP_REV(tn, div, T, T, R_DIV, HOW)

REAL_OPS(float4, float, LOCKFREE)
KMP_READ_WRITE_SWAP_LOCKFREE(float4, float)
KMP_UPDATE(float4_add_float8, float, double, float, E_ADD_WIDE, LOCKFREE)
KMP_UPDATE(float4_sub_float8, float, double, float, E_SUB_WIDE, LOCKFREE)
KMP_UPDATE(float4_mul_float8, float, double, float, E_MUL_WIDE, LOCKFREE)
KMP_UPDATE(float4_div_float8, float, double, float, E_DIV_WIDE, LOCKFREE)

REAL_OPS(float8, double, LOCKFREE)
KMP_READ_WRITE_SWAP_LOCKFREE(float8, double)

REAL_OPS(float10, long double, LOCKED)
KMP_READ_WRITE_SWAP_LOCKED(float10, long double)

/* Complex: no max/min; float _Complex captures and swaps return through a
 * pointer. */
typedef float _Complex cmplx4;
typedef double _Complex cmplx8;
typedef long double _Complex cmplx10;

#define COMPLEX_OPS(tn, T, HOW)                                                                        \
    KMP_OP(tn, add, T, T, E_ADD, HOW)                                                                  \
    KMP_OP(tn, sub, T, T, E_SUB, HOW)                                                                  \
    KMP_OP(tn, mul, T, T, E_MUL, HOW)                                                                  \
    KMP_OP(tn, div, T, T, E_DIV, HOW)                                                                  \
    KMP_OP_REV(tn, sub, T, T, R_SUB, HOW)                                                              \
    KMP_OP_REV(tn, div, T, T, R_DIV, HOW)

COMPLEX_OPS(cmplx8, cmplx8, LOCKED)
KMP_READ_WRITE_SWAP_LOCKED(cmplx8, cmplx8)
COMPLEX_OPS(cmplx10, cmplx10, LOCKED)
KMP_READ_WRITE_SWAP_LOCKED(cmplx10, cmplx10)

KMP_UPDATE(cmplx4_add, cmplx4, cmplx4, cmplx4, E_ADD, LOCKFREE)
KMP_UPDATE(cmplx4_sub, cmplx4, cmplx4, cmplx4, E_SUB, LOCKFREE)
KMP_UPDATE(cmplx4_mul, cmplx4, cmplx4, cmplx4, E_MUL, LOCKFREE)
KMP_UPDATE(cmplx4_div, cmplx4, cmplx4, cmplx4, E_DIV, LOCKFREE)
KMP_UPDATE(cmplx4_sub_rev, cmplx4, cmplx4, cmplx4, R_SUB, LOCKFREE)
KMP_UPDATE(cmplx4_div_rev, cmplx4, cmplx4, cmplx4, R_DIV, LOCKFREE)
KMP_CAPTURE_OUT(cmplx4_add_cpt, cmplx4, cmplx4, E_ADD, LOCKFREE)
KMP_CAPTURE_OUT(cmplx4_sub_cpt, cmplx4, cmplx4, E_SUB, LOCKFREE)
KMP_CAPTURE_OUT(cmplx4_mul_cpt, cmplx4, cmplx4, E_MUL, LOCKFREE)
KMP_CAPTURE_OUT(cmplx4_div_cpt, cmplx4, cmplx4, E_DIV, LOCKFREE)
KMP_CAPTURE_OUT(cmplx4_sub_cpt_rev, cmplx4, cmplx4, R_SUB, LOCKFREE)
KMP_CAPTURE_OUT(cmplx4_div_cpt_rev, cmplx4, cmplx4, R_DIV, LOCKFREE)
KMP_UPDATE(cmplx4_add_cmplx8, cmplx4, cmplx8, cmplx4, E_ADD_WIDE, LOCKFREE)
KMP_UPDATE(cmplx4_sub_cmplx8, cmplx4, cmplx8, cmplx4, E_SUB_WIDE, LOCKFREE)
KMP_UPDATE(cmplx4_mul_cmplx8, cmplx4, cmplx8, cmplx4, E_MUL_WIDE, LOCKFREE)
KMP_UPDATE(cmplx4_div_cmplx8, cmplx4, cmplx8, cmplx4, E_DIV_WIDE, LOCKFREE)

GLASS_EXPORT cmplx4 __kmpc_atomic_cmplx4_rd(struct kmp_ident *loc, int gtid, cmplx4 *src)
{
    (void)loc, (void)gtid;
    cmplx4 value;
    __atomic_load(src, &value, __ATOMIC_ACQUIRE);
    return value;
}

GLASS_EXPORT void __kmpc_atomic_cmplx4_wr(struct kmp_ident *loc, int gtid, cmplx4 *lhs, cmplx4 rhs)
{
    (void)loc, (void)gtid;
    __atomic_store(lhs, &rhs, __ATOMIC_RELEASE);
}

GLASS_EXPORT void __kmpc_atomic_cmplx4_swp(struct kmp_ident *loc, int gtid, cmplx4 *lhs, cmplx4 rhs, cmplx4 *out)
{
    (void)loc, (void)gtid;
    __atomic_exchange(lhs, &rhs, out, __ATOMIC_ACQ_REL);
}
