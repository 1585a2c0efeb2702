// A program that used OpenMP forks; the child runs parallel regions again on
// fresh worker threads (no hang), and the parent keeps its team.
// RUN: %omp-cc %s -o %t
// RUN: for n in 2 4; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// CHECK: parent=2 child=2 parent-after=2
// CHECK: parent=4 child=4 parent-after=4
#include <omp.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static int team_size(void)
{
    int n = 0;
#pragma omp parallel
    {
#pragma omp atomic
        n++;
    }
    return n;
}

int main(void)
{
    int parent = team_size();
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0)
        _exit(team_size() == parent ? 0 : 1);
    int status = 0;
    waitpid(pid, &status, 0);
    int child = WIFEXITED(status) && WEXITSTATUS(status) == 0 ? parent : -1;
    printf("parent=%d child=%d parent-after=%d\n", parent, child, team_size());
    return 0;
}
