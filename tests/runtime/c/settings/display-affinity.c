// OMP_DISPLAY_AFFINITY, OMP_AFFINITY_FORMAT and the affinity format routines
// (OpenMP 5.1, 6.13, 6.14, 3.3.7-3.3.10): every thread of a region prints its
// line (stdout, as libomp) at the first region and again only when what the
// fields show changes; fields, widths and the 0/. flags expand as specified.
// A format with nonconforming fields is kept, with a warning naming the field
// (tests/runtime/c/threads/affinity-format.c checks every field for every thread).
// RUN: %omp-cc %s -o %t
// RUN: OMP_DISPLAY_AFFINITY=true OMP_AFFINITY_FORMAT="thread %n of %N level %L ancestor %a team %{team_num} of %{num_teams} host %H pid %P tid %i cpus %A" OMP_PLACES="{0},{1}" OMP_PROC_BIND=close OMP_NUM_THREADS=2 taskset -c 0,1 %run %t regions 2>&1 | FileCheck %s --check-prefix=DISPLAY
// RUN: OMP_DISPLAY_AFFINITY=TRUE OMP_NUM_THREADS=2 taskset -c 0,1 %run %t regions 2>&1 | FileCheck %s --check-prefix=DEFAULTFMT
// RUN: OMP_DISPLAY_AFFINITY=false OMP_NUM_THREADS=2 %run %t regions 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: OMP_NUM_THREADS=2 %run %t regions 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: OMP_PLACES="{0},{1}" OMP_PROC_BIND=close taskset -c 0,1 %run %t capture 2>&1 | FileCheck %s --strict-whitespace --check-prefix=CAPTURE
// RUN: for v in "%q" "%0n" "%.n" "%{bogus}" "%{thread_num" "%" "%.05n" "%99999n"; do OMP_AFFINITY_FORMAT="$v" %run %t format; done 2>&1 | FileCheck %s --check-prefix=BADFMT
// RUN: OMP_DISPLAY_AFFINITY=yes %run %t format 2>&1 | FileCheck %s --check-prefix=BADFLAG
// DISPLAY-DAG: thread 0 of 2 level 1 ancestor 0 team 0 of 1 host {{.+}} pid {{[0-9]+}} tid {{[0-9]+}} cpus 0{{$}}
// DISPLAY-DAG: thread 1 of 2 level 1 ancestor 0 team 0 of 1 host {{.+}} pid {{[0-9]+}} tid {{[0-9]+}} cpus 1{{$}}
// DISPLAY: region 1 done
// DISPLAY-NOT: thread
// DISPLAY: region 2 done
// DISPLAY-DAG: thread 0 of 3 level 1
// DISPLAY-DAG: thread 1 of 3 level 1
// DISPLAY-DAG: thread 2 of 3 level 1
// DISPLAY: region 3 done
// DEFAULTFMT-DAG: OMP: pid {{[0-9]+}} tid {{[0-9]+}} thread 0 bound to OS proc set {0-1}{{$}}
// DEFAULTFMT-DAG: OMP: pid {{[0-9]+}} tid {{[0-9]+}} thread 1 bound to OS proc set {0-1}{{$}}
// DEFAULTFMT: region 1 done
// DEFAULTFMT-NOT: OMP:
// DEFAULTFMT: region 2 done
// OFF-NOT: OMP:
// OFF: region 1 done
// OFF-NOT: OMP:
// OFF: region 3 done
// CAPTURE: [0    |] 6
// CAPTURE-NEXT: [    0|] 6
// CAPTURE-NEXT: [00000|] 6
// CAPTURE-NEXT: [-01|] 4
// CAPTURE-NEXT: [0|1|0|-1|100%|undefined] 23
// CAPTURE-NEXT: [0/1 L0 n0 N1 a-1] 16
// CAPTURE-NEXT: [level 0 thread ] 33
// CAPTURE-NEXT: ["abc"] 5
// CAPTURE-NEXT: [n=0 N=1 L=0] 11
// CAPTURE-NEXT: format length 14: n=
// CAPTURE-NEXT: t1 cpus [1 ] [   1]
// CAPTURE-NEXT: display: n=0 N=1 L=0
// CAPTURE-NEXT: display: explicit 0
// BADFMT: glass: OMP_AFFINITY_FORMAT="%q": "%q" (character 1): unknown field type (expected one of t T L n N a H P i A, a {long_name}, or %% for a percent sign); it prints "undefined"
// BADFMT-NEXT: format=%q
// BADFMT-NEXT: glass: OMP_AFFINITY_FORMAT="%0n": "%0n" (character 1): the 0 modifier is not followed by '.' and is ignored
// BADFMT-NEXT: format=%0n
// BADFMT-NEXT: glass: OMP_AFFINITY_FORMAT="%.n": "%.n" (character 1): the 0 or . modifier has no size after it and is ignored
// BADFMT-NEXT: format=%.n
// BADFMT-NEXT: glass: OMP_AFFINITY_FORMAT="%{bogus}": "%{bogus}" (character 1): unknown field name (expected team_num, num_teams, nesting_level, thread_num, num_threads, ancestor_tnum, host, process_id, native_thread_id or thread_affinity); it prints "undefined"
// BADFMT-NEXT: format=%{bogus}
// BADFMT-NEXT: glass: OMP_AFFINITY_FORMAT="%{thread_num": "%{thread_num" (character 1): the long name has no closing '}'; it prints "undefined"
// BADFMT-NEXT: format=%{thread_num
// BADFMT-NEXT: glass: OMP_AFFINITY_FORMAT="%": "%" (character 1): '%' ends the format without a field type; it prints "undefined"
// BADFMT-NEXT: format=%
// BADFMT-NEXT: glass: OMP_AFFINITY_FORMAT="%.05n": "%.05n" (character 1): the size starts with 0, which pads with zeros
// BADFMT-NEXT: format=%.05n
// BADFMT-NEXT: glass: OMP_AFFINITY_FORMAT="%99999n": "%99999n" (character 1): the size is larger than 4096 and is cut to it
// BADFMT-NEXT: format=%99999n
// BADFLAG: glass: OMP_DISPLAY_AFFINITY="yes" is invalid: expected true or false; using the default
#include <omp.h>
#include <stdio.h>
#include <string.h>

static int work; /* keeps the compiler from removing empty regions */

static void regions(void)
{
#pragma omp parallel
#pragma omp atomic
    work++;
    fprintf(stderr, "region 1 done\n");
    /* Same team, same places: nothing changed, nothing printed. */
#pragma omp parallel
#pragma omp atomic
    work++;
    fprintf(stderr, "region 2 done\n");
#pragma omp parallel num_threads(3)
#pragma omp atomic
    work++;
    fprintf(stderr, "region 3 done\n");
    if (work != 7)
        fprintf(stderr, "wrong team sizes\n");
}

static void show(const char *format)
{
    char buffer[64];
    size_t n = omp_capture_affinity(buffer, sizeof buffer, format);
    printf("[%s] %zu\n", buffer, n);
}

static void capture(void)
{
    show("%5n|");
    show("%.5n|");
    show("%0.5n|");
    show("%0.3a|");
    show("%{thread_num}|%{num_threads}|%{team_num}|%{ancestor_tnum}|100%%|%q");
    show("%t/%T L%L n%n N%N a%a");
    /* Cut to the buffer, but the full length is returned. The initial thread
     * is not bound before its first region: %A shows its whole mask. */
    char small[16];
    size_t n = omp_capture_affinity(small, sizeof small, "level %L thread %n of %N on %A here");
    printf("[%s] %zu\n", small, n);
    if (omp_capture_affinity(NULL, 0, "abc") != 3)
        printf("wrong length without a buffer\n");
    show("\"abc\"");
    omp_set_affinity_format("n=%n N=%N L=%L");
    show(NULL);
    char format[3];
    n = omp_get_affinity_format(format, sizeof format);
    printf("format length %zu: %s\n", n, format);
    char a[8], b[8];
#pragma omp parallel num_threads(2)
    if (omp_get_thread_num() == 1) {
        omp_capture_affinity(a, sizeof a, "%2A");
        omp_capture_affinity(b, sizeof b, "%.4A");
        printf("t1 cpus [%s] [%s]\n", a, b);
    }
    printf("display: ");
    omp_display_affinity(NULL);
    printf("display: ");
    omp_display_affinity("explicit %n");
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return 1;
    if (strcmp(argv[1], "regions") == 0)
        regions();
    else if (strcmp(argv[1], "capture") == 0)
        capture();
    else {
        char format[256];
        omp_get_affinity_format(format, sizeof format);
        printf("format=%s\n", format);
    }
    return 0;
}
