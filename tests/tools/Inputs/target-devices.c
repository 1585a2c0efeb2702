/* The program the device views of `glass trace` and `glass profile` are
 * tested on (gcc-compiled, on GLASS_HOST_DEVICES=1), with the device work the
 * tests count:
 *   line 27, 4 times: a target construct with 3 teams that maps a (8000
 *     bytes) to, b (2000 bytes) from and c (1200 bytes) tofrom the device:
 *     per call 9200 bytes to the device, 3200 from it, 3 allocations and 3
 *     deletions, one kernel;
 *   line 41, by each of 2 threads twice: a target construct (1 team) that
 *     maps the thread's own d (512 bytes) tofrom.
 * It checks its answers, so a device that computed nothing fails the test. */
#include <stdio.h>

#define A 1000 /* doubles: 8000 bytes */
#define B 500  /* floats: 2000 bytes */
#define C 300  /* ints: 1200 bytes */
#define D 64   /* doubles: 512 bytes */

int main(void)
{
    static double a[A];
    static float b[B];
    static int c[C];
    int wrong = 0;
    for (int i = 0; i < A; i++)
        a[i] = i;
    for (int round = 0; round < 4; round++) {
#pragma omp target teams num_teams(3) map(to : a) map(from : b) map(tofrom : c)
#pragma omp distribute
        for (int i = 0; i < B; i++) {
            b[i] = (float)(2 * a[i]);
            if (i < C)
                c[i] += 1;
        }
    }
    for (int i = 0; i < B; i++)
        wrong += b[i] != 2.0f * i || (i < C && c[i] != 4);
#pragma omp parallel num_threads(2) reduction(+ : wrong)
    {
        double d[D] = {0};
        for (int k = 0; k < 2; k++) {
#pragma omp target map(tofrom : d)
            for (int i = 0; i < D; i++)
                d[i] += i;
        }
        for (int i = 0; i < D; i++)
            wrong += d[i] != 2.0 * i;
    }
    printf("program: %s\n", wrong ? "WRONG" : "right");
    return wrong != 0;
}
