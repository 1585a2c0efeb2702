/* A program without OpenMP: `glass run` warns and still runs it. */
#include <stdio.h>

int main(void)
{
    puts("plain program ran");
    return 0;
}
