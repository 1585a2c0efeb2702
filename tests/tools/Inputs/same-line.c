/* Two parallel loops on one source line (a macro puts them there): a static
 * one called 3 times and a dynamic one called 5 times. A profile must report
 * them as two regions however the line table names their call sites. Line
 * numbers are checked by the tests: keep them. */
#include <stdio.h>

static double a[1000], b[1000];

#define TWO_LOOPS(k)                                                                                     \
    if ((k) < 3) {                                                                                       \
        _Pragma("omp parallel for schedule(static)") for (int i = 0; i < 1000; i++) a[i] += (k);     \
    }                                                                                                    \
    _Pragma("omp parallel for schedule(dynamic)") for (int i = 0; i < 1000; i++) b[i] += (k);

int main(void)
{
    for (int k = 0; k < 5; k++) {
        TWO_LOOPS(k)
    }
    printf("same-line: a[0]=%g (expected 3) b[0]=%g (expected 10)\n", a[0], b[0]);
    return a[0] == 3.0 && b[0] == 10.0 ? 0 : 1;
}
