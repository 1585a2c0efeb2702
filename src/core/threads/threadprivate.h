/* threadprivate variables whose copies the runtime keeps (OpenMP 5.1,
 * 2.21.2), for compilers that do not put them in thread-local storage (Clang
 * with -fno-openmp-use-tls; GCC always uses TLS). A variable is known by the
 * address of its original.
 *
 * The program's initial thread (the one running main) uses the original
 * itself; any other thread gets its copy the first time it asks, made by the
 * registered constructor or else as a copy of the variable's initial value
 * (its contents when the runtime first saw it: at registration or at the
 * first lookup by any thread). Registered destructors run on a thread's copies
 * when the thread exits, and on the pool workers' copies at process exit. */
#ifndef GLASS_CORE_THREADPRIVATE_H
#define GLASS_CORE_THREADPRIVATE_H

#include <stddef.h>

struct glass_threadprivate_ops {
    /* For arrays of C++ objects the vector forms take the element count;
     * vector_length 0 marks a scalar variable. */
    void *(*ctor)(void *copy);
    void *(*cctor)(void *copy, void *original);
    void (*dtor)(void *copy);
    void *(*ctor_vec)(void *copy, size_t length);
    void *(*cctor_vec)(void *copy, void *original, size_t length);
    void (*dtor_vec)(void *copy, size_t length);
    size_t vector_length;
};

void glass_threadprivate_register(void *original, const struct glass_threadprivate_ops *ops);

/* The calling thread's copy of the variable of `size` bytes at `original`. */
void *glass_threadprivate_get(void *original, size_t size);

#endif
