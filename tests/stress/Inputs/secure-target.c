/* Reports whether it runs in secure-execution mode and which runtime it
 * uses, then runs a parallel region. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>
#include <sys/auxv.h>
#include <unistd.h>

int main(void)
{
    Dl_info info;
    int sum = 0;
    dladdr((void *)omp_get_num_threads, &info);
    printf("secure=%lu euid=%d runtime=%s\n", getauxval(AT_SECURE), (int)geteuid(), info.dli_fname);
#pragma omp parallel num_threads(2) reduction(+ : sum)
    sum += 1;
    printf("program: sum=%d\n", sum);
    return sum != 2;
}
