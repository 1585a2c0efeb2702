// OMP_SCHEDULE: [monotonic:|nonmonotonic:]kind[,chunk], case-insensitive, white
// space allowed, read back with omp_get_schedule. Invalid values are reported
// and the default (dynamic, chunk 1) stays.
// RUN: %omp-cc %s -o %t
// RUN: OMP_SCHEDULE=static %run %t 1 0 0 | FileCheck %s --check-prefix=STATIC
// RUN: OMP_SCHEDULE="static,5" %run %t 1 5 0 | FileCheck %s --check-prefix=STATIC5
// RUN: OMP_SCHEDULE="DYNAMIC" %run %t 2 1 0 | FileCheck %s --check-prefix=DYNAMIC
// RUN: OMP_SCHEDULE=" Guided , 7 " %run %t 3 7 0 | FileCheck %s --check-prefix=GUIDED
// RUN: OMP_SCHEDULE="auto" %run %t 4 1 0 | FileCheck %s --check-prefix=AUTO
// RUN: OMP_SCHEDULE="monotonic:dynamic,4" %run %t 2 4 1 | FileCheck %s --check-prefix=MONO
// RUN: OMP_SCHEDULE="nonmonotonic : guided" %run %t 3 1 0 | FileCheck %s --check-prefix=NONMONO
// RUN: for v in "" "bogus" "static,-1" "dynamic,0" "guided,x" "static,4,5" "monotonic" "sometimes:static" "static,99999999999" "static;2"; do OMP_SCHEDULE="$v" %run %t 2 1 0; done 2>&1 | FileCheck %s --check-prefix=BAD
// STATIC: kind=static chunk=0 monotonic=0
// STATIC5: kind=static chunk=5 monotonic=0
// DYNAMIC: kind=dynamic chunk=1 monotonic=0
// GUIDED: kind=guided chunk=7 monotonic=0
// AUTO: kind=auto chunk=1 monotonic=0
// MONO: kind=dynamic chunk=4 monotonic=1
// NONMONO: kind=guided chunk=1 monotonic=0
// BAD: glass: OMP_SCHEDULE="" is invalid: expected [monotonic:|nonmonotonic:]static|dynamic|guided|auto[,positive chunk size]; using the default
// BAD-NEXT: kind=dynamic chunk=1 monotonic=0
// BAD-NEXT: glass: OMP_SCHEDULE="bogus" is invalid
// BAD-NEXT: kind=dynamic chunk=1
// BAD-NEXT: glass: OMP_SCHEDULE="static,-1" is invalid
// BAD-NEXT: kind=dynamic chunk=1
// BAD-NEXT: glass: OMP_SCHEDULE="dynamic,0" is invalid
// BAD-NEXT: kind=dynamic chunk=1
// BAD-NEXT: glass: OMP_SCHEDULE="guided,x" is invalid
// BAD-NEXT: kind=dynamic chunk=1
// BAD-NEXT: glass: OMP_SCHEDULE="static,4,5" is invalid
// BAD-NEXT: kind=dynamic chunk=1
// BAD-NEXT: glass: OMP_SCHEDULE="monotonic" is invalid
// BAD-NEXT: kind=dynamic chunk=1
// BAD-NEXT: glass: OMP_SCHEDULE="sometimes:static" is invalid
// BAD-NEXT: kind=dynamic chunk=1
// BAD-NEXT: glass: OMP_SCHEDULE="static,99999999999" is invalid
// BAD-NEXT: kind=dynamic chunk=1
// BAD-NEXT: glass: OMP_SCHEDULE="static;2" is invalid
// BAD-NEXT: kind=dynamic chunk=1
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static const char *kind_name(int kind)
{
    static const char *names[] = {"?", "static", "dynamic", "guided", "auto"};
    return kind >= 1 && kind <= 4 ? names[kind] : "?";
}

int main(int argc, char **argv)
{
    if (argc < 4)
        return 1;
    omp_sched_t kind;
    int chunk;
    omp_get_schedule(&kind, &chunk);
    int base = kind & ~omp_sched_monotonic, monotonic = (kind & omp_sched_monotonic) != 0;
    if (base != atoi(argv[1]) || chunk != atoi(argv[2]) || monotonic != atoi(argv[3])) {
        printf("FAIL: kind=%#x chunk=%d\n", (unsigned)kind, chunk);
        return 1;
    }
    /* Every implicit task starts with the same run-sched-var. */
    int mismatches = 0;
#pragma omp parallel num_threads(4) reduction(+ : mismatches)
    {
        omp_sched_t k;
        int c;
        omp_get_schedule(&k, &c);
        mismatches += k != kind || c != chunk;
    }
    if (mismatches)
        return 2;
    printf("kind=%s chunk=%d monotonic=%d\n", kind_name(base), chunk, monotonic);
    return 0;
}
