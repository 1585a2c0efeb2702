/* Clang ABI: the lock routines' runtime entry points (libomp's __kmpc_*_lock,
 * which some compilers call for the omp_*_lock routines), on the lock
 * variable in place. They are the user API routines under other names, so
 * they forward to those (api/locks.c), diagnostics included. */
#include "kmp.h"

void omp_init_lock(void *lock);
void omp_init_nest_lock(void *lock);
void omp_destroy_lock(void *lock);
void omp_destroy_nest_lock(void *lock);
void omp_set_lock(void *lock);
void omp_set_nest_lock(void *lock);
void omp_unset_lock(void *lock);
void omp_unset_nest_lock(void *lock);
int omp_test_lock(void *lock);
int omp_test_nest_lock(void *lock);

GLASS_EXPORT void __kmpc_init_lock(struct kmp_ident *loc, int32_t gtid, void **user_lock)
{
    (void)loc, (void)gtid;
    omp_init_lock(user_lock);
}

/* Hints may be ignored (OpenMP 5.1, 3.9.2). */
GLASS_EXPORT void __kmpc_init_lock_with_hint(struct kmp_ident *loc, int32_t gtid, void **user_lock, uintptr_t hint)
{
    (void)loc, (void)gtid, (void)hint;
    omp_init_lock(user_lock);
}

GLASS_EXPORT void __kmpc_init_nest_lock(struct kmp_ident *loc, int32_t gtid, void **user_lock)
{
    (void)loc, (void)gtid;
    omp_init_nest_lock(user_lock);
}

GLASS_EXPORT void __kmpc_init_nest_lock_with_hint(struct kmp_ident *loc, int32_t gtid, void **user_lock,
                                                  uintptr_t hint)
{
    (void)loc, (void)gtid, (void)hint;
    omp_init_nest_lock(user_lock);
}

GLASS_EXPORT void __kmpc_destroy_lock(struct kmp_ident *loc, int32_t gtid, void **user_lock)
{
    (void)loc, (void)gtid;
    omp_destroy_lock(user_lock);
}

GLASS_EXPORT void __kmpc_destroy_nest_lock(struct kmp_ident *loc, int32_t gtid, void **user_lock)
{
    (void)loc, (void)gtid;
    omp_destroy_nest_lock(user_lock);
}

GLASS_EXPORT void __kmpc_set_lock(struct kmp_ident *loc, int32_t gtid, void **user_lock)
{
    (void)loc, (void)gtid;
    omp_set_lock(user_lock);
}

GLASS_EXPORT void __kmpc_set_nest_lock(struct kmp_ident *loc, int32_t gtid, void **user_lock)
{
    (void)loc, (void)gtid;
    omp_set_nest_lock(user_lock);
}

GLASS_EXPORT void __kmpc_unset_lock(struct kmp_ident *loc, int32_t gtid, void **user_lock)
{
    (void)loc, (void)gtid;
    omp_unset_lock(user_lock);
}

GLASS_EXPORT void __kmpc_unset_nest_lock(struct kmp_ident *loc, int32_t gtid, void **user_lock)
{
    (void)loc, (void)gtid;
    omp_unset_nest_lock(user_lock);
}

GLASS_EXPORT int __kmpc_test_lock(struct kmp_ident *loc, int32_t gtid, void **user_lock)
{
    (void)loc, (void)gtid;
    return omp_test_lock(user_lock);
}

/* The nesting depth after the call, 0 when another task holds the lock. */
GLASS_EXPORT int __kmpc_test_nest_lock(struct kmp_ident *loc, int32_t gtid, void **user_lock)
{
    (void)loc, (void)gtid;
    return omp_test_nest_lock(user_lock);
}
