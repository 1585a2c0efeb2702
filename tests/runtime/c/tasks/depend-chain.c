// Dependences whose result depends on the order: a chain of inout tasks on
// one variable applying x = 3x + i (mod a prime), a string built by inout
// tasks appending one character each, and a wavefront over a grid where
// cell (i, j) reads its upper and left neighbours (in) and writes itself
// (out), computing binomial coefficients.
// RUN: %omp-cc %s -o %t && for n in %threads; do OMP_NUM_THREADS=$n %run %t; done | FileCheck %s
// RUN: %omp-cxx %s -o %t.cxx && for n in %threads; do OMP_NUM_THREADS=$n %run %t.cxx; done | FileCheck %s
// CHECK-COUNT-4: chain=ok string=ok wavefront=705432 ok
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define STEPS 2000
#define PRIME 1000000007ull
#define GRID 12

int main(void)
{
    unsigned long long x = 1, expected = 1;
    for (int i = 0; i < STEPS; i++)
        expected = (expected * 3 + i) % PRIME;
    char text[STEPS + 1], expected_text[STEPS + 1];
    int length = 0;
    for (int i = 0; i < STEPS; i++)
        expected_text[i] = (char)('a' + (i * 7) % 26);
    expected_text[STEPS] = 0;
    unsigned long long grid[GRID][GRID];

#pragma omp parallel
#pragma omp single
    {
        for (int i = 0; i < STEPS; i++) {
#pragma omp task depend(inout : x) firstprivate(i) shared(x)
            x = (x * 3 + i) % PRIME;
#pragma omp task depend(inout : length) firstprivate(i) shared(text, length)
            text[length++] = (char)('a' + (i * 7) % 26);
        }
        for (int i = 0; i < GRID; i++)
            for (int j = 0; j < GRID; j++) {
                if (i == 0 || j == 0) {
#pragma omp task depend(out : grid[i][j]) firstprivate(i, j) shared(grid)
                    grid[i][j] = 1;
                } else {
#pragma omp task depend(in : grid[i - 1][j], grid[i][j - 1]) depend(out : grid[i][j]) firstprivate(i, j) \
    shared(grid)
                    grid[i][j] = grid[i - 1][j] + grid[i][j - 1];
                }
            }
#pragma omp taskwait
        text[length] = 0;
    }
    int ok = x == expected && strcmp(text, expected_text) == 0 && grid[GRID - 1][GRID - 1] == 705432;
    printf("chain=%s string=%s wavefront=%llu %s\n", x == expected ? "ok" : "WRONG",
           strcmp(text, expected_text) == 0 ? "ok" : "WRONG", grid[GRID - 1][GRID - 1], ok ? "ok" : "WRONG");
    return !ok;
}
