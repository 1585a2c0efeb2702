// Clang ABI atomics: the __kmpc_atomic_* entry points (Clang emits the
// instructions itself, other compilers call these): what each form computes
// (update, reversed, capture of the old or new value, read, write, swap,
// compare-and-swap, mixed operand types, the generic callback form) and that
// concurrent updates are not lost, lock-free types and locked ones (long
// double, double complex) alike.
// REQUIRES: clang
// RUN: %omp-cc %s -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: forms: fixed=ok unsigned=ok float=ok complex=ok cas=ok generic=ok
// CHECK: threads=1 concurrent: fixed1=ok fixed4=ok fixed8=ok float8=ok float10=ok cmplx8=ok generic=ok
// CHECK: threads=2 concurrent: fixed1=ok fixed4=ok fixed8=ok float8=ok float10=ok cmplx8=ok generic=ok
// CHECK: threads=4 concurrent: fixed1=ok fixed4=ok fixed8=ok float8=ok float10=ok cmplx8=ok generic=ok
// CHECK: threads=8 concurrent: fixed1=ok fixed4=ok fixed8=ok float8=ok float10=ok cmplx8=ok generic=ok
#include <complex.h>
#include <omp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct ident {
    int reserved_1, flags, reserved_2, reserved_3;
    const char *psource;
} ident;
static ident loc = {0, 2, 0, 0, ";clang-atomic.c;main;1;1;;"};
extern int __kmpc_global_thread_num(ident *);
/* Every call names its location and the calling thread's global id, as
 * compiled code does. */
#define AT &loc, __kmpc_global_thread_num(&loc)
#define DECLARE_UPDATE(name, T, RT) extern void __kmpc_atomic_##name(ident *, int, T *, RT);
#define DECLARE_CAPTURE(name, T) extern T __kmpc_atomic_##name(ident *, int, T *, T, int);
DECLARE_UPDATE(fixed1_add, signed char, signed char)
DECLARE_UPDATE(fixed4_add, int, int)
DECLARE_UPDATE(fixed4_sub_rev, int, int)
DECLARE_UPDATE(fixed4_shl, int, int)
DECLARE_UPDATE(fixed4_max, int, int)
DECLARE_UPDATE(fixed4_eqv, int, int)
DECLARE_UPDATE(fixed4_andl, int, int)
DECLARE_UPDATE(fixed4_mul_float8, int, double)
DECLARE_UPDATE(fixed8_add, long long, long long)
DECLARE_UPDATE(fixed8_div_rev, long long, long long)
DECLARE_UPDATE(fixed4u_shr, unsigned, unsigned)
DECLARE_UPDATE(fixed4u_div_rev, unsigned, unsigned)
DECLARE_UPDATE(float8_add, double, double)
DECLARE_UPDATE(float8_min, double, double)
DECLARE_UPDATE(float4_add_float8, float, double)
DECLARE_UPDATE(float10_add, long double, long double)
DECLARE_UPDATE(float10_sub_rev, long double, long double)
DECLARE_UPDATE(cmplx8_add, double _Complex, double _Complex)
DECLARE_UPDATE(cmplx8_mul, double _Complex, double _Complex)
DECLARE_UPDATE(cmplx4_add_cmplx8, float _Complex, double _Complex)
DECLARE_CAPTURE(fixed2_sub_cpt, short)
DECLARE_CAPTURE(fixed2_sub_cpt_rev, short)
DECLARE_CAPTURE(fixed8_xor_cpt, long long)
DECLARE_CAPTURE(fixed1u_div_cpt, unsigned char)
DECLARE_CAPTURE(float4_div_cpt_rev, float)
DECLARE_CAPTURE(float10_max_cpt, long double)
DECLARE_CAPTURE(cmplx10_sub_cpt, long double _Complex)
extern void __kmpc_atomic_cmplx4_mul_cpt(ident *, int, float _Complex *, float _Complex, float _Complex *, int);
extern void __kmpc_atomic_cmplx4_swp(ident *, int, float _Complex *, float _Complex, float _Complex *);
extern float _Complex __kmpc_atomic_cmplx4_rd(ident *, int, float _Complex *);
extern int __kmpc_atomic_fixed4_rd(ident *, int, int *);
extern void __kmpc_atomic_fixed4_wr(ident *, int, int *, int);
extern long double __kmpc_atomic_float10_swp(ident *, int, long double *, long double);
extern double _Complex __kmpc_atomic_cmplx8_rd(ident *, int, double _Complex *);
extern bool __kmpc_atomic_bool_4_cas(ident *, int, int *, int, int);
extern int __kmpc_atomic_val_4_cas(ident *, int, int *, int, int);
extern bool __kmpc_atomic_bool_8_cas_cpt(ident *, int, long long *, long long, long long, long long *);
extern short __kmpc_atomic_val_2_cas_cpt(ident *, int, short *, short, short, short *);
extern void __kmpc_atomic_4(ident *, int, void *, void *, void (*)(void *, void *, void *));
extern void __kmpc_atomic_16(ident *, int, void *, void *, void (*)(void *, void *, void *));
extern void __kmpc_atomic_start(void);
extern void __kmpc_atomic_end(void);

/* result = lhs * 3 + rhs, on 4-byte integers and on 16-byte structs. */
static void times3_plus(void *result, void *lhs, void *rhs)
{
    *(int *)result = *(int *)lhs * 3 + *(int *)rhs;
}

struct quad {
    long a, b;
};

static void quad_add(void *result, void *lhs, void *rhs)
{
    struct quad *r = result, *l = lhs, *x = rhs;
    r->a = l->a + x->a;
    r->b = l->b + x->b;
}

static const char *verdict(int ok)
{
    return ok ? "ok" : "FAILED";
}

static int forms_fixed(void)
{
    int ok = 1;
    signed char c = 120;
    __kmpc_atomic_fixed1_add(AT, &c, 10); /* wraps */
    ok &= c == (signed char)130;
    int i = 10;
    __kmpc_atomic_fixed4_sub_rev(AT, &i, 3); /* i = 3 - i */
    ok &= i == -7;
    __kmpc_atomic_fixed4_shl(AT, &i, 2);
    ok &= i == -28;
    __kmpc_atomic_fixed4_max(AT, &i, 5);
    ok &= i == 5;
    __kmpc_atomic_fixed4_max(AT, &i, -5);
    ok &= i == 5;
    __kmpc_atomic_fixed4_eqv(AT, &i, 5); /* ~(5 ^ 5) */
    ok &= i == -1;
    __kmpc_atomic_fixed4_andl(AT, &i, 0);
    ok &= i == 0;
    i = 7;
    __kmpc_atomic_fixed4_mul_float8(AT, &i, 1.5);
    ok &= i == 10;
    long long l = 4;
    __kmpc_atomic_fixed8_div_rev(AT, &l, 100); /* l = 100 / l */
    ok &= l == 25;
    short s = 10;
    ok &= __kmpc_atomic_fixed2_sub_cpt(AT, &s, 3, 1) == 7 && s == 7;  /* new value */
    ok &= __kmpc_atomic_fixed2_sub_cpt(AT, &s, 3, 0) == 7 && s == 4;  /* old value */
    ok &= __kmpc_atomic_fixed2_sub_cpt_rev(AT, &s, 10, 1) == 6 && s == 6;
    ok &= __kmpc_atomic_fixed8_xor_cpt(AT, &l, 1, 0) == 25 && l == 24;
    __kmpc_atomic_fixed4_wr(AT, &i, 77);
    ok &= __kmpc_atomic_fixed4_rd(AT, &i) == 77;
    return ok;
}

static int forms_unsigned(void)
{
    int ok = 1;
    unsigned u = 0x80000000u;
    __kmpc_atomic_fixed4u_shr(AT, &u, 4); /* logical shift */
    ok &= u == 0x08000000u;
    unsigned v = 3;
    __kmpc_atomic_fixed4u_div_rev(AT, &v, 4000000000u);
    ok &= v == 1333333333u;
    unsigned char b = 200;
    ok &= __kmpc_atomic_fixed1u_div_cpt(AT, &b, 3, 1) == 66;
    return ok;
}

static int forms_float(void)
{
    int ok = 1;
    double d = 1.0;
    __kmpc_atomic_float8_add(AT, &d, 0.5);
    __kmpc_atomic_float8_min(AT, &d, -2.0);
    ok &= d == -2.0;
    float f = 1.0f;
    __kmpc_atomic_float4_add_float8(AT, &f, 0.25);
    ok &= f == 1.25f;
    ok &= __kmpc_atomic_float4_div_cpt_rev(AT, &f, 5.0f, 1) == 4.0f && f == 4.0f;
    long double x = 2.0L;
    __kmpc_atomic_float10_add(AT, &x, 0.5L);
    __kmpc_atomic_float10_sub_rev(AT, &x, 10.0L); /* x = 10 - x */
    ok &= x == 7.5L;
    ok &= __kmpc_atomic_float10_max_cpt(AT, &x, 9.0L, 0) == 7.5L && x == 9.0L;
    ok &= __kmpc_atomic_float10_swp(AT, &x, 1.0L) == 9.0L && x == 1.0L;
    return ok;
}

static int forms_complex(void)
{
    int ok = 1;
    double _Complex z = 1.0 + 2.0 * I;
    __kmpc_atomic_cmplx8_mul(AT, &z, 0.0 + 1.0 * I); /* (1+2i) i = -2+i */
    __kmpc_atomic_cmplx8_add(AT, &z, 2.0);
    ok &= z == 0.0 + 1.0 * I && __kmpc_atomic_cmplx8_rd(AT, &z) == z;
    float _Complex w = 2.0f, out;
    __kmpc_atomic_cmplx4_mul_cpt(AT, &w, 3.0f * I, &out, 1);
    ok &= out == 6.0f * I && w == 6.0f * I;
    __kmpc_atomic_cmplx4_add_cmplx8(AT, &w, 1.0);
    __kmpc_atomic_cmplx4_swp(AT, &w, 5.0f, &out);
    ok &= out == 1.0f + 6.0f * I && __kmpc_atomic_cmplx4_rd(AT, &w) == 5.0f;
    long double _Complex q = 3.0L;
    ok &= __kmpc_atomic_cmplx10_sub_cpt(AT, &q, 1.0L * I, 1) == 3.0L - 1.0L * I;
    return ok;
}

static int forms_cas(void)
{
    int ok = 1;
    int x = 5;
    ok &= !__kmpc_atomic_bool_4_cas(AT, &x, 4, 9) && x == 5;
    ok &= __kmpc_atomic_bool_4_cas(AT, &x, 5, 9) && x == 9;
    ok &= __kmpc_atomic_val_4_cas(AT, &x, 1, 2) == 9 && x == 9;
    long long l = 10, v = 0;
    ok &= !__kmpc_atomic_bool_8_cas_cpt(AT, &l, 11, 12, &v) && v == 10;
    v = 0;
    ok &= __kmpc_atomic_bool_8_cas_cpt(AT, &l, 10, 12, &v) && v == 0 && l == 12;
    short s = 3, sv = 0;
    ok &= __kmpc_atomic_val_2_cas_cpt(AT, &s, 3, 8, &sv) == 3 && sv == 8 && s == 8;
    ok &= __kmpc_atomic_val_2_cas_cpt(AT, &s, 3, 9, &sv) == 8 && sv == 8 && s == 8;
    return ok;
}

static int forms_generic(void)
{
    int x = 2, y = 1;
    __kmpc_atomic_4(AT, &x, &y, times3_plus);
    struct quad q = {1, 2}, add = {10, 20};
    __kmpc_atomic_16(AT, &q, &add, quad_add);
    return x == 7 && q.a == 11 && q.b == 22;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    if (n == 1)
        printf("forms: fixed=%s unsigned=%s float=%s complex=%s cas=%s generic=%s\n", verdict(forms_fixed()),
               verdict(forms_unsigned()), verdict(forms_float()), verdict(forms_complex()), verdict(forms_cas()),
               verdict(forms_generic()));

    enum { ROUNDS = 2000 };
    signed char c = 0;
    int i = 0;
    long long l = 0;
    double d = 0;
    long double x = 0;
    double _Complex z = 0;
    struct quad q = {0, 0}, one = {1, -1};
    int crit = 0;
#pragma omp parallel
    for (int r = 0; r < ROUNDS; r++) {
        __kmpc_atomic_fixed1_add(AT, &c, 1);
        __kmpc_atomic_fixed4_add(AT, &i, 3);
        __kmpc_atomic_fixed8_add(AT, &l, 1LL << 33);
        __kmpc_atomic_float8_add(AT, &d, 0.5);
        __kmpc_atomic_float10_add(AT, &x, 0.25L);
        __kmpc_atomic_cmplx8_add(AT, &z, 1.0 * I);
        __kmpc_atomic_16(AT, &q, &one, quad_add);
        __kmpc_atomic_start();
        crit++;
        __kmpc_atomic_end();
    }
    long total = (long)ROUNDS * n;
    printf("threads=%d concurrent: fixed1=%s fixed4=%s fixed8=%s float8=%s float10=%s cmplx8=%s generic=%s\n", n,
           verdict(c == (signed char)total), verdict(i == 3 * total), verdict(l == total << 33),
           verdict(d == 0.5 * total), verdict(x == 0.25L * total), verdict(z == total * 1.0 * I),
           verdict(q.a == total && q.b == -total && crit == total));
    return 0;
}
