// What Archer's users are told: compiling with -fsanitize=thread is all it
// takes. With no tool named, Glass loads libarcher.so in a ThreadSanitizer
// program (src/ompt/archer.c), so a correct program with one barrier gets no
// report, with no TSAN_OPTIONS either, and Archer registers its callbacks
// (sync_region answered always: no warning for it). OMP_TOOL=disabled keeps
// it out, and TSan then sees the barrier's threads unordered. A program that
// does not run on TSan does not even open the library, and prints nothing.
// RUN: %archer-cc %s -o %t
// RUN: %archer-run-plain %t 2>&1 | FileCheck --check-prefix=ALONE %s
// RUN: env OMP_TOOL_VERBOSE_INIT=stderr %archer-run-plain %t 2>&1 | FileCheck --check-prefix=LOG %s
// RUN: %not env OMP_TOOL=disabled %archer-run %t 2>&1 | FileCheck --check-prefix=DISABLED %s
// RUN: %archer-cc -fno-sanitize=thread %s -o %t.plain
// RUN: env OMP_TOOL_VERBOSE_INIT=stdout %archer-run-plain %t.plain 2>&1 | FileCheck --check-prefix=PLAIN-LOG %s
// RUN: test "$(%archer-run-plain %t.plain 2>&1)" = "sum=6 archer=absent"
// ALONE-NOT: ThreadSanitizer
// ALONE-NOT: 'sync_region'
// ALONE: sum=6 archer=loaded
// LOG: glass ompt: ThreadSanitizer program: libarcher.so: ompt_start_tool returned a tool: using it
// LOG: glass ompt: the tool's initializer returned 1: the OMPT interface is active
// DISABLED: WARNING: ThreadSanitizer: data race
// DISABLED: sum=6 archer=absent
// PLAIN-LOG: glass ompt: libarcher.so: not tried, the program does not run on ThreadSanitizer
// PLAIN-LOG: glass ompt: no tool: the OMPT interface is inactive
// PLAIN-LOG: sum=6 archer=absent
#include <omp.h>
#include <stdio.h>
#include <string.h>

int slots[4], seen[4];

/* Whether libarcher.so is mapped into the process. */
static const char *archer_state(void)
{
    FILE *maps = fopen("/proc/self/maps", "r");
    char line[512];
    int found = 0;
    while (maps && fgets(line, sizeof line, maps))
        found |= strstr(line, "libarcher") != NULL;
    if (maps)
        fclose(maps);
    return found ? "loaded" : "absent";
}

int main(void)
{
#pragma omp parallel num_threads(4)
    {
        int me = omp_get_thread_num();
        slots[me] = me;
#pragma omp barrier
        seen[me] = slots[(me + 1) % 4];
    }
    printf("sum=%d archer=%s\n", seen[0] + seen[1] + seen[2] + seen[3], archer_state());
    return 0;
}
