! Fortran arrays on a host device (GLASS_HOST_DEVICES=1, separate memory):
! GCC maps an allocatable or pointer array as its data, its descriptor
! ("to_pset", a pointer set) and the descriptor's data pointer (alloc or
! "always_pointer" pointer assignments). Checked: the region runs on the
! device and sees the values mapped to it, the host arrays keep their values
! until the data comes back (the device copy is separate), then get the
! device's; a pointer retargeted on the host to an array that is already
! mapped reaches that array's device copy (always_pointer rewrites the
! device descriptor); a 2-D allocatable with lower bound 0; enter data,
! target update from and exit data on an allocatable.
! Without host devices the region runs on the host in place (same values,
! copy-back earlier).
! REQUIRES: gfortran, gcc
! RUN: %gfortran-omp %s -o %t
! RUN: env GLASS_HOST_DEVICES=1 %run %t | FileCheck %s --check-prefixes=CHECK,DEV
! RUN: %run %t | FileCheck %s --check-prefixes=CHECK,HOST
! DEV: data: on_dev=T host a(3)=3.0 host p(3)=30.0
! HOST: data: on_dev=F host a(3)=103.0 host p(3)=1030.0
! CHECK: after data: a(3)=103.0 p(3)=1030.0 sums=1055.0,10550.0
! DEV: retarget: host t(2)=2.0 q-sum=55.0
! HOST: retarget: host t(2)=-2.0 q-sum=55.0
! CHECK: after retarget: t(2)=-2.0 t-sum=-55.0
! CHECK: always_pointer: t1-sum=10.0 t2-sum=70.0
! DEV: 2-d: host b(0,1)=1.0
! HOST: 2-d: host b(0,1)=-1.0
! CHECK: after 2-d: b(0,1)=-1.0 b(2,3)=-23.0
! DEV: enter: host c(4)=4.0 updated c(4)=8.0 device-kept=T
! HOST: enter: host c(4)=8.0 updated c(4)=8.0 device-kept=F
! DEV: exit: c(4)=8.0 present-after-exit=0
! Device 0 is the initial device without host devices: always present.
! HOST: exit: c(4)=8.0 present-after-exit=1
program target_host_device
  use omp_lib
  use iso_c_binding, only: c_loc
  implicit none
  integer, parameter :: n = 10
  real(8), allocatable :: a(:), b(:, :)
  real(8), allocatable, target :: c(:)
  real(8), pointer :: p(:), q(:)
  real(8), target :: t(n), t1(n), t2(n)
  integer :: i, j
  logical :: on_dev, kept
  real(8) :: qsum, c4

  allocate(a(n), p(n))
  do i = 1, n
    a(i) = i
    p(i) = 10 * i
  end do
  !$omp target data map(tofrom: a, p)
  !$omp target map(from: on_dev)
  on_dev = .not. omp_is_initial_device()
  do i = 1, n
    a(i) = a(i) + 100
    p(i) = p(i) + 1000
  end do
  !$omp end target
  print '(a,l1,a,f0.1,a,f0.1)', 'data: on_dev=', on_dev, ' host a(3)=', a(3), ' host p(3)=', p(3)
  !$omp end target data
  print '(a,f0.1,a,f0.1,a,f0.1,a,f0.1)', 'after data: a(3)=', a(3), ' p(3)=', p(3), ' sums=', sum(a), ',', sum(p)
  deallocate(a, p)

  ! q points at t only after t is mapped: the region's always_pointer
  ! makes the device's q point at t's device copy.
  do i = 1, n
    t(i) = i
  end do
  !$omp target data map(tofrom: t)
  q => t
  !$omp target map(tofrom: q) map(from: qsum)
  qsum = sum(q)
  do i = 1, n
    q(i) = -q(i)
  end do
  !$omp end target
  print '(a,f0.1,a,f0.1)', 'retarget: host t(2)=', t(2), ' q-sum=', qsum
  !$omp end target data
  print '(a,f0.1,a,f0.1)', 'after retarget: t(2)=', t(2), ' t-sum=', sum(t)

  ! q's descriptor stays mapped while q is pointed elsewhere on the host:
  ! the next region's always_pointer must rewrite the device descriptor's
  ! data pointer to t2's device copy (else the region writes t1's).
  t1 = 1
  t2 = 2
  q => t1
  !$omp target data map(tofrom: t1, t2) map(to: q)
  q => t2
  !$omp target map(tofrom: q)
  q = 7
  !$omp end target
  !$omp end target data
  print '(a,f0.1,a,f0.1)', 'always_pointer: t1-sum=', sum(t1), ' t2-sum=', sum(t2)

  allocate(b(0:3, 0:4))
  do j = 0, 4
    do i = 0, 3
      b(i, j) = 10 * i + j
    end do
  end do
  !$omp target data map(tofrom: b)
  !$omp target
  do j = 0, 4
    do i = 0, 3
      b(i, j) = -b(i, j)
    end do
  end do
  !$omp end target
  print '(a,f0.1)', '2-d: host b(0,1)=', b(0, 1)
  !$omp end target data
  print '(a,f0.1,a,f0.1)', 'after 2-d: b(0,1)=', b(0, 1), ' b(2,3)=', b(2, 3)

  allocate(c(n))
  do i = 1, n
    c(i) = i
  end do
  !$omp target enter data map(to: c)
  !$omp target
  do i = 1, n
    c(i) = 2 * c(i)
  end do
  !$omp end target
  c4 = c(4)
  !$omp target update from(c)
  ! The host changes its copy; the device keeps its own until exit data.
  c(5) = 0
  !$omp target map(from: kept)
  kept = c(5) == 10
  !$omp end target
  print '(a,f0.1,a,f0.1,a,l1)', 'enter: host c(4)=', c4, ' updated c(4)=', c(4), ' device-kept=', kept
  !$omp target exit data map(from: c)
  print '(a,f0.1,a,i0)', 'exit: c(4)=', c(4), ' present-after-exit=', omp_target_is_present(c_loc(c), 0)
end program
