// A structure element mapped while other elements of its structure are
// mapped without it (GCC's libgomp.c-c++-common/struct-elem-5.c): OpenMP 5.1
// (2.21.7.1) forbids it unless the element is present already. GCC maps the
// elements of one construct as one group, from the first to the end of the
// last, so the storage made for s.a and s.c spans s.b too; libgomp, whose
// storage does not, stops the program, and so does Glass on a host device,
// with a message naming the element and the group. Mapping the same
// elements again, one of them, a section inside one, or the whole
// structure first and then an element, stays allowed and keeps the values.
// The device layer is the GCC ABI's:
// REQUIRES: gcc
// RUN: %omp-cc %s -o %t
// RUN: env GLASS_HOST_DEVICES=1 %run %t | FileCheck %s --check-prefix=OK
// RUN: %run %t | FileCheck %s --check-prefix=OK
// RUN: %not --crash env GLASS_HOST_DEVICES=1 %run %t partial > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=PARTIAL < %t.out
// RUN: %not --crash env GLASS_HOST_DEVICES=1 %run %t partial-region > %t.region 2>&1
// RUN: FileCheck %s --check-prefix=PARTIAL < %t.region
// Without a device nothing is mapped, so nothing is diagnosed:
// RUN: %run %t partial | FileCheck %s --check-prefix=HOST-PARTIAL
// OK: same elements: a=11 c=13
// OK-NEXT: one element: a=21 c=13
// OK-NEXT: section of an element: arr=1,102,103,4
// OK-NEXT: whole then element: b=32
// OK-NEXT: done
// PARTIAL: glass: map clause on device 0: structure element [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}) (4 bytes) is mapped while other elements of its structure are mapped without it (2 elements mapped together in [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}})): map the elements together, or the whole structure
// PARTIAL-NOT: reached
// HOST-PARTIAL: reached
#include <stdio.h>
#include <string.h>

struct S {
    int a, b, c;
    int arr[4];
};

int main(int argc, char **argv)
{
    struct S s = {1, 2, 3, {1, 2, 3, 4}};
    if (argc > 1 && !strcmp(argv[1], "partial")) {
        // struct-elem-5.c's program.
#pragma omp target data map(alloc : s.a, s.c)
        {
#pragma omp target enter data map(alloc : s.b)
        }
        printf("reached\n");
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "partial-region")) {
#pragma omp target data map(to : s.a, s.c)
        {
#pragma omp target map(tofrom : s.b)
            s.b++;
        }
        printf("reached\n");
        return 0;
    }

#pragma omp target data map(tofrom : s.a, s.c)
    {
#pragma omp target map(tofrom : s.a, s.c)
        {
            s.a += 10;
            s.c += 10;
        }
    }
    printf("same elements: a=%d c=%d\n", s.a, s.c);

#pragma omp target data map(tofrom : s.a, s.c)
    {
#pragma omp target map(tofrom : s.a)
        s.a += 10;
    }
    printf("one element: a=%d c=%d\n", s.a, s.c);

#pragma omp target data map(tofrom : s.a, s.arr)
    {
#pragma omp target map(tofrom : s.arr[1:2])
        {
            s.arr[1] += 100;
            s.arr[2] += 100;
        }
    }
    printf("section of an element: arr=%d,%d,%d,%d\n", s.arr[0], s.arr[1], s.arr[2], s.arr[3]);

#pragma omp target data map(tofrom : s)
    {
#pragma omp target map(tofrom : s.b)
        s.b += 30;
    }
    printf("whole then element: b=%d\n", s.b);
    printf("done\n");
    return 0;
}
