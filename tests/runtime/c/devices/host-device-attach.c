// Attached pointers on a host device (separate memory): a pointer that a
// map clause attaches to the device copy of its array section (GCC's map
// kind attach, for s.p[:n] and for p[:n] with p mapped too) holds a device
// address on the device only. The host's pointer must come back unchanged
// when the storage holding it is copied back (the last detach gives the
// device copy its host value first), an attach inside a region that already
// attached it must not detach it at its end (attach counts), and target
// update or always must copy around it (5.1, 2.21.7.2). Each line compares
// with the host fallback, where every map clause is the identity.
// The device layer is the GCC ABI's:
// REQUIRES: gcc
// RUN: %omp-cc %s -o %t
// RUN: env GLASS_HOST_DEVICES=1 %run %t | FileCheck %s
// RUN: %run %t | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

#define N 8

struct holder {
    int before;
    int *p;
    int after;
};

int main(void)
{
    int *data = malloc(N * sizeof *data), *original = data;
    for (int i = 0; i < N; i++)
        data[i] = i;

    /* The pointer and its section, both tofrom: the pointer comes back as
     * the host's. */
    int *ptr = data;
#pragma omp target map(tofrom : ptr, ptr[0 : N])
    for (int i = 0; i < N; i++)
        ptr[i] += 100;
    // CHECK: pointer: same=1 data[3]=103
    printf("pointer: same=%d data[3]=%d\n", ptr == original, data[3]);

    /* A structure with a pointer member, tofrom. */
    struct holder s = {1, data, 2};
#pragma omp target map(tofrom : s, s.p[0 : N])
    {
        s.before = 10;
        s.after = 20;
        s.p[5] = -5;
    }
    // CHECK: struct: same=1 before=10 after=20 data[5]=-5
    printf("struct: same=%d before=%d after=%d data[5]=%d\n", s.p == original, s.before, s.after, data[5]);

    /* Nested: the region's attach and detach leave the enclosing data
     * region's attachment, which later regions and the final copy back use;
     * target update of the structure copies around the attached pointer. */
    int seen = 0;
#pragma omp target data map(tofrom : s, s.p[0 : N])
    {
#pragma omp target map(tofrom : s.p[0 : N])
        s.p[0] = 50;
        s.before = 11; /* on the host only, sent by the update */
#pragma omp target update to(s)
#pragma omp target map(from : seen)
        {
            seen = s.before;
            s.p[1] = 51;
        }
#pragma omp target update from(s)
    }
    // CHECK: nested: same=1 seen=11 data[0]=50 data[1]=51
    printf("nested: same=%d seen=%d data[0]=%d data[1]=%d\n", s.p == original, seen, data[0], data[1]);

    /* Enter and exit data: exit data's detach gives the pointer back before
     * the structure is copied back. */
#pragma omp target enter data map(to : s, s.p[0 : N])
#pragma omp target
    {
        s.p[2] = 52;
        s.after = 21;
    }
#pragma omp target exit data map(from : s, s.p[0 : N])
    // CHECK: enter-exit: same=1 after=21 data[2]=52
    printf("enter-exit: same=%d after=%d data[2]=%d\n", s.p == original, s.after, data[2]);

    free(data);
    return 0;
}
