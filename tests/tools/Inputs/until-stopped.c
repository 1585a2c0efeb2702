/* A program that runs until it is stopped, for the tests of what glass
 * profile and trace keep when a run is cut short:
 *   until-stopped [SECONDS]      parallel regions (and tasks) for SECONDS
 *                                (default 60); prints "running" once the
 *                                first region has run
 *   until-stopped crash REGIONS  REGIONS parallel regions, then a SIGSEGV
 *   until-stopped handler        as the first, with its own SIGTERM handler
 *                                (installed in main) that exits with 3
 *   until-stopped paced          as the first, a millisecond's sleep after
 *                                each region: its events fill a trace
 *                                buffer in minutes, not in a fraction of a
 *                                second, however late the stop comes */
#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int work(void)
{
    int sum = 0;
#pragma omp parallel reduction(+ : sum)
    {
#pragma omp single
        for (int i = 0; i < 4; i++) {
#pragma omp task
            {
                volatile int x = i;
                (void)x;
            }
        }
        sum += 1;
    }
    return sum;
}

static void on_term(int sig)
{
    (void)sig;
    static const char line[] = "program: its own SIGTERM handler\n";
    if (write(1, line, sizeof line - 1) < 0)
        _exit(4);
    exit(3);
}

int main(int argc, char **argv)
{
    if (argc > 2 && !strcmp(argv[1], "crash")) {
        long regions = atol(argv[2]);
        for (long i = 0; i < regions; i++)
            work();
        printf("crashing after %ld regions\n", regions);
        fflush(stdout);
        raise(SIGSEGV);
        return 1;
    }
    if (argc > 1 && !strcmp(argv[1], "handler"))
        signal(SIGTERM, on_term);
    int paced = argc > 1 && !strcmp(argv[1], "paced");
    double seconds = argc > 1 && strcmp(argv[1], "handler") && !paced ? atof(argv[1]) : 60;
    double start = omp_get_wtime();
    work();
    printf("running\n");
    fflush(stdout);
    long regions = 1;
    while (omp_get_wtime() - start < seconds) {
        regions += work() > 0;
        if (paced)
            usleep(1000);
    }
    printf("program: not stopped after %ld regions\n", regions);
    return 0;
}
