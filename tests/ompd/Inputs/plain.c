/* A program without OpenMP, for the "core of a non-OpenMP program" test. */
#include <stdio.h>

__attribute__((noinline)) void glass_test_stop(void)
{
    __asm__ volatile("" ::: "memory");
}

int main(void)
{
    glass_test_stop();
    puts("plain");
    return 0;
}
