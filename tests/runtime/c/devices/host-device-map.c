// The data environment of a host device (GLASS_HOST_DEVICES=2: separate
// memory, real copies), checked value by value, against the same program on
// the host alone (no GLASS_HOST_DEVICES: libgomp's host fallback, where every
// map clause is the identity). Each line prints what the program saw; the
// DEV and HOST prefixes say what each run must see, so a mapping bug changes
// a line. Reference counts follow OpenMP 5.1, 2.21.7.1: a count changes at
// most once per construct, storage is copied back and freed when both the
// structured and the dynamic count reach 0, `always` copies whatever the
// count, and exit data's delete zeroes the dynamic count only.
// Clang without offload targets compiles target regions as host code (the
// device layer is the GCC ABI's):
// REQUIRES: gcc
// GCC 12's omp.h and libgomp predate omp_get_mapped_ptr (OpenMP 5.1): it is
// declared below and linked from Glass (-L%libdir).
// RUN: %omp-cc %s -L%libdir -o %t
// RUN: env GLASS_HOST_DEVICES=2 OMP_NUM_THREADS=4 %run %t | FileCheck %s --check-prefixes=CHECK,DEV,SHARED
// RUN: env OMP_NUM_THREADS=4 %run %t | FileCheck %s --check-prefixes=CHECK,HOST,SHARED
// DEV: devices=2
// HOST: devices=0
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 16

void *omp_get_mapped_ptr(const void *ptr, int device_num);

/* Declare target variables: the host device runs the host's code, which
 * reaches them by their host addresses, so they are shared with the host
 * (host_device.c's documented limit): a write in a region is seen by the
 * host without any map or update. */
#pragma omp declare target
int shared_global = 1;
#pragma omp end declare target

struct pair {
    int a;
    int gap[8];
    int b;
    int *p;
};

static void maps(void)
{
    int to[N], from[N], both[N], scratch[N];
    for (int i = 0; i < N; i++) {
        to[i] = i;
        from[i] = -1;
        both[i] = 10 * i;
        scratch[i] = 7;
    }
    uintptr_t host_to = (uintptr_t)to, dev_to = 0;
    int to_seen = 0, scratch_seen = 0;
#pragma omp target map(to : to) map(from : from) map(tofrom : both) map(alloc : scratch) \
    map(from : dev_to, to_seen, scratch_seen)
    {
        dev_to = (uintptr_t)to;
        to_seen = to[3];
        for (int i = 0; i < N; i++) {
            from[i] = to[i] + 1;
            both[i] += 1;
            to[i] = -5;      /* map(to:) does not come back */
            scratch[i] = -9; /* nor does map(alloc:) */
        }
        scratch_seen = scratch[0] == -9;
    }
    // DEV: maps: device-copy=1 to-seen=3 from=6 both=51 to-after=5 alloc-after=7 alloc-inside=1
    // HOST: maps: device-copy=0 to-seen=3 from=6 both=51 to-after=-5 alloc-after=-9 alloc-inside=1
    printf("maps: device-copy=%d to-seen=%d from=%d both=%d to-after=%d alloc-after=%d alloc-inside=%d\n",
           dev_to != host_to, to_seen, from[5], both[5], to[5], scratch[5], scratch_seen);
}

/* Aggregates a region uses without a clause are mapped tofrom (GCC marks
 * them implicit); an implicit map of an array of which a part is mapped
 * uses that part's storage (as libgomp). */
static void implicit_maps(void)
{
    int arr[4] = {1, 2, 3, 4};
    struct pair s = {1, {0}, 2, NULL};
#pragma omp target
    {
        arr[0] += 10;
        s.b += 10;
    }
    int scalar = 5;
#pragma omp target defaultmap(tofrom : scalar)
    scalar += 1;
    // CHECK: implicit: arr=11 s.b=12 defaultmap-scalar=6
    printf("implicit: arr=%d s.b=%d defaultmap-scalar=%d\n", arr[0], s.b, scalar);

    int big[100];
    for (int i = 0; i < 100; i++)
        big[i] = i;
    int inside;
#pragma omp target data map(tofrom : big[10 : 20])
    {
#pragma omp target
        big[15] += 1000;
        inside = big[15];
    }
    // DEV: implicit-around-part: inside=15 after=1015 outside=50
    // HOST: implicit-around-part: inside=1015 after=1015 outside=50
    printf("implicit-around-part: inside=%d after=%d outside=%d\n", inside, big[15], big[50]);
}

/* The bug a host device finds without a GPU: the result is computed on the
 * device but never copied back. */
static void missing_from(void)
{
    int *result = calloc(N, sizeof *result), sum = 0, sum_ok = 0;
#pragma omp target map(to : result[0 : N]) /* should be map(from:) */
    for (int i = 0; i < N; i++) {
        result[i] = i + 1;
        sum += i + 1; /* a scalar without a clause is firstprivate */
    }
    int wrong_last = result[N - 1], wrong_sum = sum;
#pragma omp target map(from : result[0 : N]) map(tofrom : sum_ok)
    for (int i = 0; i < N; i++) {
        result[i] = i + 1;
        sum_ok += i + 1;
    }
    // DEV: missing-from: result=0 sum=0 with-clause: result=16 sum=136
    // HOST: missing-from: result=16 sum=0 with-clause: result=16 sum=136
    printf("missing-from: result=%d sum=%d with-clause: result=%d sum=%d\n", wrong_last, wrong_sum,
           result[N - 1], sum_ok);
    free(result);
}

static void reference_counts(void)
{
    int dev = omp_get_default_device();

    /* target data + nested target with tofrom: no copy back until the data
     * region ends. */
    int x = 0, x_inside;
#pragma omp target data map(tofrom : x)
    {
#pragma omp target map(tofrom : x)
        x = 1;
        x_inside = x;
    }
    // DEV: nested: inside=0 after=1
    // HOST: nested: inside=1 after=1
    printf("nested: inside=%d after=%d\n", x_inside, x);

    /* enter data, then exit data from: copied back when the count reaches 0. */
    int y = 1;
#pragma omp target enter data map(to : y)
#pragma omp target map(tofrom : y) /* present: no copy either way (a scalar without a clause is firstprivate) */
    y += 1;
    int y_before_exit = y, y_present = omp_target_is_present(&y, dev);
#pragma omp target exit data map(from : y)
    // DEV: enter-exit: before-exit=1 present=1 after=2 present-after=0
    // HOST: enter-exit: before-exit=2 present=1 after=2 present-after=1
    printf("enter-exit: before-exit=%d present=%d after=%d present-after=%d\n", y_before_exit, y_present, y,
           omp_target_is_present(&y, dev));

    /* Two enter data: from at the first exit data leaves a count of 1 (no
     * copy); release at the second frees it without a copy. */
    int z = 1;
#pragma omp target enter data map(to : z)
#pragma omp target enter data map(to : z)
#pragma omp target map(tofrom : z)
    z = 2;
#pragma omp target exit data map(from : z)
    int z_first = z, z_present = omp_target_is_present(&z, dev);
#pragma omp target exit data map(release : z)
    // DEV: release: after-first=1 present=1 after-release=1 present-after=0
    // HOST: release: after-first=2 present=1 after-release=2 present-after=1
    printf("release: after-first=%d present=%d after-release=%d present-after=%d\n", z_first, z_present, z,
           omp_target_is_present(&z, dev));

    /* delete ends every dynamic reference at once. */
    int d = 1;
#pragma omp target enter data map(to : d)
#pragma omp target enter data map(to : d)
#pragma omp target enter data map(to : d)
#pragma omp target exit data map(delete : d)
    // DEV: delete: present-after=0
    // HOST: delete: present-after=1
    printf("delete: present-after=%d\n", omp_target_is_present(&d, dev));

    /* delete inside a target data region: the structured reference stays. */
    int w = 1, w_present;
#pragma omp target data map(tofrom : w)
    {
#pragma omp target enter data map(to : w)
#pragma omp target exit data map(delete : w)
        w_present = omp_target_is_present(&w, dev);
#pragma omp target map(tofrom : w)
        w = 5;
    }
    // CHECK: delete-in-data: present=1 after=5
    printf("delete-in-data: present=%d after=%d\n", w_present, w);

    /* always copies whatever the count. */
    int v = 1, v_no_always, v_always;
#pragma omp target data map(tofrom : v)
    {
        v = 7;
#pragma omp target map(tofrom : v) /* present: no copy either way */
        v *= 2;
        v_no_always = v;
#pragma omp target map(always, tofrom : v)
        v *= 3;
        v_always = v;
        v = 100; /* the data region's end copies the device's value back */
    }
    // DEV: always: no-always=7 always=21 after=21
    // HOST: always: no-always=14 always=42 after=100
    printf("always: no-always=%d always=%d after=%d\n", v_no_always, v_always, v);

    /* target update to and from. */
    int u[4] = {1, 2, 3, 4}, u_from;
#pragma omp target data map(alloc : u)
    {
#pragma omp target update to(u)
#pragma omp target
        u[0] = 10 * u[1];
        u_from = u[0];
#pragma omp target update from(u)
        u[2] = 30;
#pragma omp target update to(u[2 : 1])
#pragma omp target
        u[3] = u[2] + 1;
#pragma omp target update from(u[3 : 1])
    }
    // DEV: update: before-from=1 after=20,2,30,31
    // HOST: update: before-from=20 after=20,2,30,31
    printf("update: before-from=%d after=%d,%d,%d,%d\n", u_from, u[0], u[1], u[2], u[3]);
}

static void firstprivate_and_addresses(void)
{
    int value = 5, seen = 0;
    uintptr_t host_addr = (uintptr_t)&value, region_addr = 0;
#pragma omp target firstprivate(value) map(from : seen, region_addr)
    {
        value += 1;
        seen = value;
        region_addr = (uintptr_t)&value;
    }
    // CHECK: firstprivate: seen=6 host=5 own-copy=1
    printf("firstprivate: seen=%d host=%d own-copy=%d\n", seen, value, region_addr != host_addr);

    int dev = omp_get_default_device();
    int *p = malloc(N * sizeof *p), arr[N];
    void *host_p = p, *device_p = NULL, *mapped_p = NULL, *device_arr = NULL, *mapped_arr = NULL;
#pragma omp target data map(tofrom : p[0 : N]) map(tofrom : arr)
    {
        mapped_p = omp_get_mapped_ptr(host_p, dev);
        mapped_arr = omp_get_mapped_ptr(arr, dev);
#pragma omp target data use_device_ptr(p)
        device_p = p;
#pragma omp target data use_device_addr(arr)
        device_arr = &arr[0];
    }
    // DEV: use-device: ptr=mapped:1 host:0 addr=mapped:1 host:0
    // HOST: use-device: ptr=mapped:1 host:1 addr=mapped:1 host:1
    printf("use-device: ptr=mapped:%d host:%d addr=mapped:%d host:%d\n", device_p == mapped_p, device_p == host_p,
           device_arr == mapped_arr, device_arr == (void *)arr);
    free(p);
}

static void sections_and_structs(void)
{
    /* A pointer-based array section, the pointer used in the region. */
    int *p = malloc(N * sizeof *p);
    for (int i = 0; i < N; i++)
        p[i] = i;
    uintptr_t region_p = 0;
#pragma omp target map(tofrom : p[0 : N]) map(from : region_p)
    {
        region_p = (uintptr_t)p;
        for (int i = 0; i < N; i++)
            p[i] *= 2;
    }
    // DEV: pointer-section: p[7]=14 device-copy=1
    // HOST: pointer-section: p[7]=14 device-copy=0
    printf("pointer-section: p[7]=%d device-copy=%d\n", p[7], region_p != (uintptr_t)p);

    /* Zero-length array sections: a pointer into mapped storage gets its
     * device address; one into unmapped storage gets NULL on a device. */
    int buf[N] = {0}, *into = buf + 2, unmapped_storage[4], *outside = unmapped_storage;
    int buf_inside = -1, outside_null = -1;
#pragma omp target data map(tofrom : buf)
    {
#pragma omp target map(tofrom : into[0 : 0])
        into[1] = 9; /* buf[3] on the device */
        buf_inside = buf[3];
    }
#pragma omp target map(tofrom : outside[0 : 0]) map(from : outside_null)
    outside_null = outside == NULL;
    // DEV: zero-length: inside=0 after=9 unmapped-null=1
    // HOST: zero-length: inside=9 after=9 unmapped-null=0
    printf("zero-length: inside=%d after=%d unmapped-null=%d\n", buf_inside, buf[3], outside_null);

    /* Struct members as a group, and a pointer member's array section. */
    struct pair s = {1, {0}, 2, p};
    uintptr_t region_a = 0;
#pragma omp target map(tofrom : s.a, s.b) map(from : region_a)
    {
        s.a += 10;
        s.b += 20;
        region_a = (uintptr_t)&s.a;
    }
    // DEV: struct: a=11 b=22 device-copy=1
    // HOST: struct: a=11 b=22 device-copy=0
    printf("struct: a=%d b=%d device-copy=%d\n", s.a, s.b, region_a != (uintptr_t)&s.a);
#pragma omp target map(to : s) map(tofrom : s.p[0 : N])
    for (int i = 0; i < N; i++)
        s.p[i] += 1;
    // CHECK: struct-pointer-member: p[7]=15 p[15]=31
    printf("struct-pointer-member: p[7]=%d p[15]=%d\n", p[7], p[15]);
    free(p);

    /* declare target: shared with the host on a host device (the documented
     * limit) and on the host; a GPU has its own copy until the update. */
    shared_global = 1;
#pragma omp target
    shared_global = 2;
    int global_seen = shared_global;
#pragma omp target update from(shared_global)
    // SHARED: declare-target: seen=2 after-update=2
    // OWN-COPY: declare-target: seen=1 after-update=2
    printf("declare-target: seen=%d after-update=%d\n", global_seen, shared_global);
}

static void where_it_runs(void)
{
    int num = -9, initial = -9, par_num[2] = {-9, -9}, par_initial[2] = {-9, -9};
#pragma omp target device(1) map(from : num, initial, par_num, par_initial)
    {
        num = omp_get_device_num();
        initial = omp_is_initial_device();
#pragma omp parallel num_threads(2)
        {
            int t = omp_get_thread_num();
            par_num[t] = omp_get_device_num();
            par_initial[t] = omp_is_initial_device();
        }
    }
    // DEV: device: num=1 initial=0 parallel=1,1 initial=0,0 host=2 host-initial=1
    // HOST: device: num=0 initial=1 parallel=0,0 initial=1,1 host=0 host-initial=1
    printf("device: num=%d initial=%d parallel=%d,%d initial=%d,%d host=%d host-initial=%d\n", num, initial,
           par_num[0], par_num[1], par_initial[0], par_initial[1], omp_get_device_num(), omp_is_initial_device());

    int teams[3] = {0, 0, 0}, league = 0;
#pragma omp target teams num_teams(3) map(tofrom : teams, league)
    {
        teams[omp_get_team_num()] = 1 + omp_get_team_num();
        if (omp_get_team_num() == 0)
            league = omp_get_num_teams();
    }
    // CHECK: teams: league=3 seen=1,2,3
    printf("teams: league=%d seen=%d,%d,%d\n", league, teams[0], teams[1], teams[2]);
}

static void tasks(void)
{
    int a[N], v = 0, seen_by_task = -1, w = 0, e[N];
    for (int i = 0; i < N; i++)
        a[i] = e[i] = i;
#pragma omp parallel num_threads(4)
#pragma omp single
    {
#pragma omp target map(tofrom : a) nowait
        for (int i = 0; i < N; i++)
            a[i] += 100;
#pragma omp taskwait

        /* target depend(out) before a host task depend(in). */
#pragma omp target map(tofrom : v) depend(out : v) nowait
        v = 1;
#pragma omp task depend(in : v) shared(v, seen_by_task)
        seen_by_task = v;

        /* a host task depend(out) before a target depend(in). */
#pragma omp task depend(out : w) shared(w)
        w = 10;
#pragma omp target map(tofrom : w) depend(inout : w) nowait
        w += 1;

        /* enter data, region and exit data, each nowait, ordered by depend. */
#pragma omp target enter data map(to : e) nowait depend(out : e)
#pragma omp target depend(inout : e) nowait
        for (int i = 0; i < N; i++)
            e[i] *= 2;
#pragma omp target exit data map(from : e) nowait depend(in : e)
#pragma omp taskwait
    }
    // CHECK: tasks: nowait=105 depend-out-in=1 host-then-target=11 enter-exit-nowait=30
    printf("tasks: nowait=%d depend-out-in=%d host-then-target=%d enter-exit-nowait=%d\n", a[5], seen_by_task, w,
           e[15]);
}

int main(void)
{
    printf("devices=%d\n", omp_get_num_devices());
    maps();
    implicit_maps();
    missing_from();
    reference_counts();
    firstprivate_and_addresses();
    sections_and_structs();
    where_it_runs();
    tasks();
    return 0;
}
