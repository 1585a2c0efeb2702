#include <omp.h>
#include <stdio.h>

int main(void)
{
    omp_lock_t lock;
    omp_nest_lock_t nest;
    omp_init_lock(&lock);
    omp_init_nest_lock(&nest);
    omp_set_lock(&lock);
    omp_unset_lock(&lock);
    omp_set_nest_lock(&nest);
    omp_set_nest_lock(&nest);
    int depth = omp_test_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
    omp_destroy_nest_lock(&nest);
    omp_destroy_lock(&lock);
    if (depth != 3)
        return 1;
    puts("versioned symbols resolved");
    return 0;
}
