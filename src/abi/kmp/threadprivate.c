/* Clang ABI: threadprivate variables when Clang does not use thread-local
 * storage for them (-fno-openmp-use-tls): the compiled code asks the runtime
 * for the calling thread's copy on each use. C++ variables with constructors
 * or destructors are registered first. The copies live in the core
 * (threadprivate.h), which is also each thread's cache, so the compiler's
 * per-variable cache pointer is not needed. copyin is compiled inline. */
#include "../../core/threads/threadprivate.h"
#include "kmp.h"

typedef void *(*kmp_ctor)(void *);
typedef void *(*kmp_cctor)(void *, void *);
typedef void (*kmp_dtor)(void *);
typedef void *(*kmp_ctor_vec)(void *, size_t);
typedef void *(*kmp_cctor_vec)(void *, void *, size_t);
typedef void (*kmp_dtor_vec)(void *, size_t);

GLASS_EXPORT void *__kmpc_threadprivate(struct kmp_ident *loc, int32_t gtid, void *data, size_t size)
{
    (void)loc, (void)gtid;
    return glass_threadprivate_get(data, size);
}

GLASS_EXPORT void *__kmpc_threadprivate_cached(struct kmp_ident *loc, int32_t gtid, void *data, size_t size,
                                               void ***cache)
{
    (void)loc, (void)gtid, (void)cache;
    return glass_threadprivate_get(data, size);
}

GLASS_EXPORT void __kmpc_threadprivate_register(struct kmp_ident *loc, void *data, kmp_ctor ctor, kmp_cctor cctor,
                                                kmp_dtor dtor)
{
    (void)loc;
    struct glass_threadprivate_ops ops = {.ctor = ctor, .cctor = cctor, .dtor = dtor};
    glass_threadprivate_register(data, &ops);
}

GLASS_EXPORT void __kmpc_threadprivate_register_vec(struct kmp_ident *loc, void *data, kmp_ctor_vec ctor,
                                                    kmp_cctor_vec cctor, kmp_dtor_vec dtor, size_t vector_length)
{
    (void)loc;
    struct glass_threadprivate_ops ops = {
        .ctor_vec = ctor,
        .cctor_vec = cctor,
        .dtor_vec = dtor,
        .vector_length = vector_length ? vector_length : 1,
    };
    glass_threadprivate_register(data, &ops);
}
