// num_threads lists and the strict modifier (OpenMP 6.0) as libomp 19
// receives them: __kmpc_push_num_threads_list (the first item sizes the
// region, the others become the nthreads-var of its implicit tasks, level by
// level, the last one staying in force), __kmpc_push_num_threads_strict and
// __kmpc_push_num_threads_list_strict (a team smaller than asked for is an
// error directive: a warning with the clause's message, or the runtime's own
// naming both numbers; severity fatal ends the program). Called directly:
// clang 19 does not parse these clauses yet.
// REQUIRES: clang
// RUN: %omp-cc %s -L%libdir -o %t
// RUN: OMP_NUM_THREADS=4 %run %t list 2>&1 | FileCheck %s --check-prefix=LIST
// LIST: level1 n=3 max=2
// LIST-NEXT: level2 n=2 max=1
// LIST-NEXT: level3 n=1 max=1
// LIST-NEXT: level4 n=1 max=1
// LIST-NEXT: worker nested n=3
// LIST-NEXT: task in region max=3
// LIST-NEXT: set inside n=5
// LIST-NEXT: after n=4 max=4
// LIST-NEXT: short list n=2 inner=4
// RUN: OMP_NUM_THREADS=4 OMP_THREAD_LIMIT=3 %run %t strict 2>&1 | FileCheck %s --check-prefix=STRICT
// STRICT: strict fits n=3
// STRICT-NEXT: warning: error directive encountered: user message: too many
// STRICT-NEXT: strict short n=3
// STRICT-NEXT: warning: error directive encountered: num_threads(strict: 5) cannot be honoured: the team has 3 threads
// STRICT-NEXT: strict default message n=3
// STRICT-NEXT: warning: error directive encountered: list message
// STRICT-NEXT: list strict n=3
// STRICT-NEXT: strict then plain n=3
// STRICT-NEXT: if false n=1
// STRICT-NEXT: done
// RUN: %not env OMP_NUM_THREADS=4 OMP_THREAD_LIMIT=2 %run %t fatal > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=FATAL < %t.out
// FATAL: error: error directive encountered: fatal message
// FATAL-NOT: not reached
#include <omp.h>
#include <stdio.h>
#include <string.h>

typedef struct ident ident_t;
extern int __kmpc_global_thread_num(ident_t *);
extern void __kmpc_push_num_threads_list(ident_t *, int, unsigned, int *);
extern void __kmpc_push_num_threads_strict(ident_t *, int, int, int, const char *);
extern void __kmpc_push_num_threads_list_strict(ident_t *, int, unsigned, int *, int, const char *);

enum { WARNING = 1, FATAL = 2 };

static int gtid(void)
{
    return __kmpc_global_thread_num(NULL);
}

static void report(const char *what)
{
#pragma omp single
    printf("%s n=%d\n", what, omp_get_num_threads());
}

static void list(void)
{
    omp_set_max_active_levels(8);
    int items[] = {3, 2, 1};
    __kmpc_push_num_threads_list(NULL, gtid(), 3, items);
#pragma omp parallel
    {
#pragma omp single
        printf("level1 n=%d max=%d\n", omp_get_num_threads(), omp_get_max_threads());
        if (omp_get_thread_num() == 0) {
#pragma omp parallel
            {
#pragma omp single
                printf("level2 n=%d max=%d\n", omp_get_num_threads(), omp_get_max_threads());
                if (omp_get_thread_num() == 0)
#pragma omp parallel
                {
#pragma omp single
                    printf("level3 n=%d max=%d\n", omp_get_num_threads(), omp_get_max_threads());
#pragma omp parallel
#pragma omp single
                    printf("level4 n=%d max=%d\n", omp_get_num_threads(), omp_get_max_threads());
                }
            }
        }
    }
    int pair[] = {2, 3};
    __kmpc_push_num_threads_list(NULL, gtid(), 2, pair);
#pragma omp parallel
    if (omp_get_thread_num() == 1) {
#pragma omp parallel
        report("worker nested");
#pragma omp task
        printf("task in region max=%d\n", omp_get_max_threads());
#pragma omp taskwait
    }
    __kmpc_push_num_threads_list(NULL, gtid(), 2, pair);
#pragma omp parallel
    if (omp_get_thread_num() == 0) {
        omp_set_num_threads(5);
#pragma omp parallel
        report("set inside");
    }
#pragma omp parallel
#pragma omp single
    printf("after n=%d max=%d\n", omp_get_num_threads(), omp_get_max_threads());
    /* A one-item list is a plain num_threads clause. */
    int one[] = {2};
    int inner = 0, n = 0;
    __kmpc_push_num_threads_list(NULL, gtid(), 1, one);
#pragma omp parallel
    if (omp_get_thread_num() == 0) {
        inner = omp_get_max_threads();
        n = omp_get_num_threads();
    }
    printf("short list n=%d inner=%d\n", n, inner);
}

static void strict(void)
{
    __kmpc_push_num_threads_strict(NULL, gtid(), 3, WARNING, "must not be shown");
#pragma omp parallel
    report("strict fits");
    fflush(stdout);
    __kmpc_push_num_threads_strict(NULL, gtid(), 5, WARNING, "user message: too many");
#pragma omp parallel
    report("strict short");
    fflush(stdout);
    __kmpc_push_num_threads_strict(NULL, gtid(), 5, WARNING, NULL);
#pragma omp parallel
    report("strict default message");
    fflush(stdout);
    int items[] = {6, 2};
    __kmpc_push_num_threads_list_strict(NULL, gtid(), 2, items, WARNING, "list message");
#pragma omp parallel
    report("list strict");
    fflush(stdout);
    /* The modifier belongs to one construct only. */
    __kmpc_push_num_threads_strict(NULL, gtid(), 2, WARNING, "used up");
#pragma omp parallel
    ;
#pragma omp parallel num_threads(5)
    report("strict then plain");
    /* An if clause that is false asks for one thread: no error. */
    int no = 0;
    __kmpc_push_num_threads_strict(NULL, gtid(), 3, FATAL, "if false is not a shortfall");
#pragma omp parallel if (no)
    report("if false");
    printf("done\n");
}

static void fatal(void)
{
    __kmpc_push_num_threads_strict(NULL, gtid(), 4, FATAL, "fatal message");
#pragma omp parallel
    report("not reached");
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    (void)argc;
    if (!strcmp(argv[1], "list"))
        list();
    else if (!strcmp(argv[1], "strict"))
        strict();
    else
        fatal();
    return 0;
}
