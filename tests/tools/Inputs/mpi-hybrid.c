/* A hybrid MPI + OpenMP program for `mpirun -np 2 glass trace`: each rank runs
 * 2 parallel regions (OMP_NUM_THREADS=2) and the ranks sum their results with
 * MPI_Allreduce outside them (MPI_THREAD_FUNNELED). */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int provided, rank, size;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long local = 0;
#pragma omp parallel reduction(+ : local)
    local += rank + 1;
#pragma omp parallel reduction(+ : local)
    local += rank + 1;
    long total = 0;
    MPI_Allreduce(&local, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    /* Each rank r adds (r + 1) per thread per region. */
    long expected = 0;
    for (int r = 0; r < size; r++)
        expected += 2L * omp_get_max_threads() * (r + 1);
    if (rank == 0)
        printf("mpi: ranks=%d total=%ld (expected %ld)\n", size, total, expected);
    MPI_Finalize();
    return total == expected ? 0 : 1;
}
