// Sections handed out one at a time (libomp 16+: __kmpc_sections_init,
// __kmpc_next_section, __kmpc_end_sections), as compilers other than Clang's
// default code generation emit them: every section runs exactly once,
// whatever the team size, over consecutive constructs with and without a
// barrier, with a nested team running its own sections inside a section; a
// team of one is told to run the sections itself (init returns 0).
// REQUIRES: clang
// RUN: %omp-cc %s -L%libdir -o %t
// RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
// CHECK: threads=1 serial=ok rounds=ok nested=ok
// CHECK: threads=2 serial=ok rounds=ok nested=ok
// CHECK: threads=4 serial=ok rounds=ok nested=ok
// CHECK: threads=8 serial=ok rounds=ok nested=ok
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

typedef struct ident ident_t;
extern int __kmpc_global_thread_num(ident_t *);
extern int __kmpc_sections_init(ident_t *, int);
extern int __kmpc_next_section(ident_t *, int, int);
extern void __kmpc_end_sections(ident_t *, int);
extern void __kmpc_barrier(ident_t *, int);

enum { SECTIONS = 7, ROUNDS = 40 };
static atomic_int ran[ROUNDS][SECTIONS];
static atomic_int nested_ran[SECTIONS];

/* What a compiler emits for one sections construct. */
static void sections(int count, atomic_int *counters, int nowait, void (*body)(int))
{
    int gtid = __kmpc_global_thread_num(NULL);
    if (__kmpc_sections_init(NULL, gtid)) {
        for (int s; (s = __kmpc_next_section(NULL, gtid, count)) < count;) {
            atomic_fetch_add(&counters[s], 1);
            if (body)
                body(s);
        }
    } else {
        for (int s = 0; s < count; s++) {
            atomic_fetch_add(&counters[s], 1);
            if (body)
                body(s);
        }
    }
    __kmpc_end_sections(NULL, gtid);
    if (!nowait)
        __kmpc_barrier(NULL, gtid);
}

static void nested_body(int s)
{
    if (s != 3)
        return;
#pragma omp parallel num_threads(3)
    sections(SECTIONS, nested_ran, 0, NULL);
}

static int all_once(atomic_int *counters, int expected)
{
    for (int s = 0; s < SECTIONS; s++)
        if (atomic_load(&counters[s]) != expected)
            return 0;
    return 1;
}

int main(int argc, char **argv)
{
    (void)argc;
    /* Outside any region: a team of one. */
    static atomic_int serial_ran[SECTIONS];
    int active = __kmpc_sections_init(NULL, __kmpc_global_thread_num(NULL));
    __kmpc_end_sections(NULL, __kmpc_global_thread_num(NULL));
    sections(SECTIONS, serial_ran, 0, NULL);
    const char *serial = !active && all_once(serial_ran, 1) ? "ok" : "wrong";

    omp_set_max_active_levels(2);
#pragma omp parallel
    for (int r = 0; r < ROUNDS; r++)
        sections(SECTIONS, ran[r], r % 2, r == ROUNDS - 1 ? nested_body : NULL);
    int rounds_ok = 1;
    for (int r = 0; r < ROUNDS; r++)
        rounds_ok &= all_once(ran[r], 1);
    printf("threads=%s serial=%s rounds=%s nested=%s\n", argv[1], serial, rounds_ok ? "ok" : "wrong",
           all_once(nested_ran, 1) ? "ok" : "wrong");
    return 0;
}
