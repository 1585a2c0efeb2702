// The affinity format (OpenMP 5.1, 6.14) through omp_capture_affinity: every
// field by short and long name, with the size, '.' (right-justify) and "0."
// (zero padding) modifiers, %%, unknown fields ("undefined"), truncation and
// the returned lengths, checked by each thread of a sequential part, a team
// of two, a nested team and a team of one against values the test computes
// itself (printf for the padding, omp_get_* for the values, the CPU mask for
// %A). And OMP_DISPLAY_AFFINITY (6.13): a team of one displays, a region whose
// team did not change displays nothing, a team change displays every member.
// RUN: %omp-cc %s -o %t
// RUN: %run %t capture 2>&1 | FileCheck %s --check-prefix=CAPTURE
// RUN: OMP_PLACES="{0},{1}" OMP_PROC_BIND=close taskset -c 0,1 %run %t capture 2>&1 | FileCheck %s --check-prefix=CAPTURE
// RUN: OMP_DISPLAY_AFFINITY=true OMP_AFFINITY_FORMAT="show L%L n%n N%N a%a %{thread_num}|%.3N|%0.3a|%3n|%z|%%%%" %run %t display 2>&1 | FileCheck %s --check-prefix=DISPLAY --match-full-lines --strict-whitespace
// RUN: OMP_DISPLAY_AFFINITY=true OMP_AFFINITY_FORMAT="place n%n %A" OMP_PLACES="{0},{1}" taskset -c 0,1 %run %t places 2>&1 | FileCheck %s --check-prefix=PLACES --match-full-lines
// RUN: OMP_DISPLAY_AFFINITY=true %run %t one 2>&1 | FileCheck %s --check-prefix=DEFAULT
// CAPTURE-NOT: FAIL
// CAPTURE: capture: 5 parts, {{[0-9]+}} checks, 0 failures
// DISPLAY-NOT: show
// DISPLAY:one thread
// DISPLAY-NEXT:show L1 n0 N1 a0 0|  1|000|0  |undefined|%
// DISPLAY-NEXT:one thread again
// DISPLAY-NEXT:two threads
// DISPLAY-DAG:show L1 n0 N2 a0 0|  2|000|0  |undefined|%
// DISPLAY-DAG:show L1 n1 N2 a0 1|  2|000|1  |undefined|%
// DISPLAY-NEXT:two threads again
// DISPLAY-NEXT:one thread after two
// DISPLAY-NEXT:show L1 n0 N1 a0 0|  1|000|0  |undefined|%
// DISPLAY-NEXT:nested one-thread teams
// DISPLAY-DAG:show L1 n0 N2 a0 0|  2|000|0  |undefined|%
// DISPLAY-DAG:show L1 n1 N2 a0 1|  2|000|1  |undefined|%
// DISPLAY-DAG:show L2 n0 N1 a0 0|  1|000|0  |undefined|%
// DISPLAY-DAG:show L2 n0 N1 a1 0|  1|001|0  |undefined|%
// DISPLAY-NEXT:nested again
// DISPLAY-DAG:show L1 n0 N2 a0 0|  2|000|0  |undefined|%
// DISPLAY-DAG:show L1 n1 N2 a0 1|  2|000|1  |undefined|%
// DISPLAY-DAG:show L2 n0 N1 a0 0|  1|000|0  |undefined|%
// DISPLAY-DAG:show L2 n0 N1 a1 0|  1|001|0  |undefined|%
// DISPLAY-NEXT:if false
// DISPLAY-NEXT:show L1 n0 N1 a0 0|  1|000|0  |undefined|%
// DISPLAY-NEXT:end
// DISPLAY-NOT: show
// PLACES-NOT: place
// PLACES:close
// PLACES-DAG:place n0 0
// PLACES-DAG:place n1 1
// PLACES-NEXT:master
// PLACES-DAG:place n0 0
// PLACES-DAG:place n1 0
// PLACES-NEXT:master again
// PLACES-NEXT:end
// DEFAULT: OMP: pid {{[0-9]+}} tid {{[0-9]+}} thread 0 bound to OS proc set {{{[0-9,-]+}}}
// DEFAULT-NEXT: default format [OMP: pid %P tid %i thread %n bound to OS proc set {%A}] 54
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int checks, failures;

/* What omp_capture_affinity must give for `format`: `expected_format`
 * formatted by printf, whose padding rules are those of 6.14. */
static void check(const char *format, const char *expected_format, ...)
{
    char expected[512], got[512];
    va_list args;
    va_start(args, expected_format);
    vsnprintf(expected, sizeof expected, expected_format, args);
    va_end(args);
    size_t length = omp_capture_affinity(got, sizeof got, format);
    int ok = strcmp(got, expected) == 0 && length == strlen(expected);
    /* The length without a buffer, and a cut copy. */
    char small[6];
    memset(small, 'X', sizeof small);
    ok &= omp_capture_affinity(NULL, 0, format) == length;
    ok &= omp_capture_affinity(small, sizeof small, format) == length;
    ok &= strncmp(small, expected, sizeof small - 1) == 0 && small[length < 5 ? length : 5] == '\0';
#pragma omp atomic
    checks++;
    if (!ok) {
#pragma omp atomic
        failures++;
#pragma omp critical
        printf("FAIL thread %d level %d: \"%s\" gave [%s] %zu, expected [%s] %zu\n", omp_get_thread_num(),
               omp_get_level(), format, got, length, expected, strlen(expected));
    }
}

/* The CPUs this thread may run on, as runs "0-3,6": what %A shows. */
static void cpu_list(char *buffer, size_t size)
{
    cpu_set_t set;
    size_t used = 0;
    buffer[0] = '\0';
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return;
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (!CPU_ISSET(cpu, &set))
            continue;
        int last = cpu;
        while (last + 1 < CPU_SETSIZE && CPU_ISSET(last + 1, &set))
            last++;
        if (last == cpu)
            used += (size_t)snprintf(buffer + used, size - used, "%s%d", used ? "," : "", cpu);
        else
            used += (size_t)snprintf(buffer + used, size - used, "%s%d-%d", used ? "," : "", cpu, last);
        cpu = last;
    }
}

/* Every check, for the calling thread where it is. */
static void check_all(void)
{
    int t = omp_get_team_num(), T = omp_get_num_teams(), L = omp_get_level();
    int n = omp_get_thread_num(), N = omp_get_num_threads();
    int a = omp_get_ancestor_thread_num(L - 1);
    long P = (long)getpid(), i = (long)gettid();
    char H[256], A[1024];
    gethostname(H, sizeof H);
    H[sizeof H - 1] = '\0';
    cpu_list(A, sizeof A);

    check("%t/%T %L %n/%N %a %P %i %H %A", "%d/%d %d %d/%d %d %ld %ld %s %s", t, T, L, n, N, a, P, i, H, A);
    check("%{team_num}/%{num_teams} %{nesting_level} %{thread_num}/%{num_threads} %{ancestor_tnum} "
          "%{process_id} %{native_thread_id} %{host} %{thread_affinity}",
          "%d/%d %d %d/%d %d %ld %ld %s %s", t, T, L, n, N, a, P, i, H, A);
    /* size alone: left-justified, spaces after. */
    check("%4t|%4T|%4L|%4n|%4N|%4a|%12P|%12i|%40H|%12A|", "%-4d|%-4d|%-4d|%-4d|%-4d|%-4d|%-12ld|%-12ld|%-40s|%-12s|",
          t, T, L, n, N, a, P, i, H, A);
    /* '.': right-justified, spaces before. */
    check("%.4t|%.4T|%.4L|%.4n|%.4N|%.4a|%.12P|%.12i|%.40H|%.12A|", "%4d|%4d|%4d|%4d|%4d|%4d|%12ld|%12ld|%40s|%12s|",
          t, T, L, n, N, a, P, i, H, A);
    /* "0.": zeros after the sign for numbers; text is padded with spaces. */
    check("%0.4t|%0.4T|%0.4L|%0.4n|%0.4N|%0.4a|%0.12P|%0.12i|%0.40H|%0.12A|",
          "%04d|%04d|%04d|%04d|%04d|%04d|%012ld|%012ld|%40s|%12s|", t, T, L, n, N, a, P, i, H, A);
    check("%0.3{ancestor_tnum}|%.3{thread_num}|%3{num_threads}|%0.2{nesting_level}", "%03d|%3d|%-3d|%02d", a, n, N, L);
    /* A size smaller than the value cuts nothing; a size of several digits. */
    check("%1P|%.1i|%0.1n|%.15n|", "%ld|%ld|%d|%15d|", P, i, n, n);
    /* %% and text around the fields are copied. */
    check("100%% of %%n is %n%%", "100%% of %%n is %d%%", n);
    check("%%%%%n", "%%%%%d", n);
    /* Fields of unknown type print "undefined" (6.14), with no padding. */
    check("[%z][%5q][%0.5Z][%{bogus}][%{THREAD_NUM}][%{thread_num][%]",
          "[undefined][undefined][undefined][undefined][undefined][undefined][undefined");
    check("%{n} %-n %5%", "undefined undefinedn undefined");
    check("%n%", "%dundefined", n);
    /* NULL or "" is affinity-format-var (capture() sets it). */
    check("", "ICV %d/%d|%3d|", n, N, L);
    check(NULL, "ICV %d/%d|%3d|", n, N, L);
}

/* Counts the teams whose thread 0 ran the checks. */
static int parts;

static void check_team(void)
{
    check_all();
    if (omp_get_thread_num() == 0) {
#pragma omp atomic
        parts++;
    }
}

static void capture(void)
{
    omp_set_affinity_format("ICV %n/%N|%.3L|");
    char format[8];
    size_t length = omp_get_affinity_format(format, sizeof format);
    if (length != strlen("ICV %n/%N|%.3L|") || strcmp(format, "ICV %n/") != 0)
        printf("FAIL omp_get_affinity_format: [%s] %zu\n", format, length);
    if (omp_get_affinity_format(NULL, 0) != length)
        printf("FAIL omp_get_affinity_format(NULL, 0)\n");
    check_team();
#pragma omp parallel num_threads(2)
    {
        check_team();
#pragma omp parallel num_threads(2)
        check_team();
    }
#pragma omp parallel num_threads(1)
    check_team();
    printf("capture: %d parts, %d checks, %d failures\n", parts, checks, failures);
}

static int work; /* keeps the compiler from removing empty regions */

static void marker(const char *text)
{
    printf("%s\n", text);
    fflush(stdout);
}

static void display(void)
{
    marker("one thread");
#pragma omp parallel num_threads(1)
#pragma omp atomic
    work++;
    marker("one thread again");
#pragma omp parallel num_threads(1)
#pragma omp atomic
    work++;
    marker("two threads");
#pragma omp parallel num_threads(2)
#pragma omp atomic
    work++;
    marker("two threads again");
#pragma omp parallel num_threads(2)
#pragma omp atomic
    work++;
    marker("one thread after two");
#pragma omp parallel num_threads(1)
#pragma omp atomic
    work++;
    /* Nesting is off (max-active-levels-var 1): the inner teams have one thread. */
    for (int round = 0; round < 2; round++) {
        marker(round == 0 ? "nested one-thread teams" : "nested again");
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(2)
#pragma omp atomic
        work++;
    }
    /* Clang's __kmpc_serialized_parallel, GCC's GOMP_parallel with if false. */
    marker("if false");
#pragma omp parallel if (work < 0)
#pragma omp atomic
    work++;
    marker("end");
}

/* Only thread 1 moves (place 1, then 0 with master, 5.1 primary): both threads display. */
static void places(void)
{
    marker("close");
#pragma omp parallel num_threads(2) proc_bind(close)
#pragma omp atomic
    work++;
    marker("master");
#pragma omp parallel num_threads(2) proc_bind(master)
#pragma omp atomic
    work++;
    marker("master again");
#pragma omp parallel num_threads(2) proc_bind(master)
#pragma omp atomic
    work++;
    marker("end");
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return 1;
    if (strcmp(argv[1], "capture") == 0) {
        omp_set_max_active_levels(2);
        capture();
    } else if (strcmp(argv[1], "display") == 0) {
        display();
    } else if (strcmp(argv[1], "places") == 0) {
        places();
    } else {
#pragma omp parallel num_threads(1)
#pragma omp atomic
        work++;
        char format[128];
        size_t length = omp_get_affinity_format(format, sizeof format);
        printf("default format [%s] %zu\n", format, length);
    }
    return 0;
}
