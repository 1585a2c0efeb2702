// __kmpc_copyprivate_light (libomp 16+), the copyprivate broadcast that
// OpenMPIRBuilder emits: the thread that ran the single region passes its
// data, the others NULL, and all get the single thread's pointer; they copy
// inline and the program ends the construct with its own barrier. Checked
// over many constructs in a row, each broadcasting a different value from
// the single thread's stack.
// REQUIRES: clang
// RUN: %omp-cc %s -L%libdir -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 copies=ok
// CHECK: threads=2 copies=ok
// CHECK: threads=4 copies=ok
// CHECK: threads=8 copies=ok
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

typedef struct ident ident_t;
extern int __kmpc_global_thread_num(ident_t *);
extern int __kmpc_single(ident_t *, int);
extern void __kmpc_end_single(ident_t *, int);
extern void *__kmpc_copyprivate_light(ident_t *, int, void *);
extern void __kmpc_barrier(ident_t *, int);

enum { ROUNDS = 200 };
static atomic_int wrong;

int main(int argc, char **argv)
{
    (void)argc;
#pragma omp parallel
    {
        int gtid = __kmpc_global_thread_num(NULL);
        for (int r = 0; r < ROUNDS; r++) {
            long mine = -1;  /* the private copy */
            long source = 0; /* the single thread's value, on its stack */
            void *data = NULL;
            if (__kmpc_single(NULL, gtid)) {
                source = 1000L * r + omp_get_thread_num();
                mine = source;
                data = &source;
                __kmpc_end_single(NULL, gtid);
            }
            long *broadcast = __kmpc_copyprivate_light(NULL, gtid, data);
            if (!data)
                mine = *broadcast;
            __kmpc_barrier(NULL, gtid); /* source stays valid until here */
            if (mine / 1000 != r || mine % 1000 >= omp_get_num_threads())
                atomic_fetch_add(&wrong, 1);
        }
    }
    printf("threads=%s copies=%s\n", argv[1], atomic_load(&wrong) ? "wrong" : "ok");
    return 0;
}
