! Fortran worksharing loops: !$omp do with each schedule kind, the combined
! !$omp parallel do, and reductions with +, *, max, min, .and., .or.; every
! iteration must run exactly once and static schedules must hand out the
! iterations the specification prescribes (OpenMP 5.1, 2.11.4).
! REQUIRES: gfortran, gcc
! RUN: %gfortran-omp %s -o %t
! RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
! CHECK: threads=1 static=500500 blocks=T static3=500500 cyclic=T dynamic=500500 guided=500500 runtime=500500 once=T
! CHECK-NEXT: threads=1 max=1000 min=1 prod=3628800 and=T or=T combined=500500
! CHECK: threads=2 static=500500 blocks=T static3=500500 cyclic=T dynamic=500500 guided=500500 runtime=500500 once=T
! CHECK-NEXT: threads=2 max=1000 min=1 prod=3628800 and=T or=T combined=500500
! CHECK: threads=4 static=500500 blocks=T static3=500500 cyclic=T dynamic=500500 guided=500500 runtime=500500 once=T
! CHECK-NEXT: threads=4 max=1000 min=1 prod=3628800 and=T or=T combined=500500
! CHECK: threads=8 static=500500 blocks=T static3=500500 cyclic=T dynamic=500500 guided=500500 runtime=500500 once=T
! CHECK-NEXT: threads=8 max=1000 min=1 prod=3628800 and=T or=T combined=500500
program loop_schedules
  use omp_lib
  implicit none
  integer, parameter :: n = 1000
  integer :: i, expected, team
  integer :: owner(n), hits(n), owner3(n)
  integer(8) :: s_static, s_static3, s_dynamic, s_guided, s_runtime, s_combined, prod
  integer :: biggest, smallest
  logical :: all_positive, any_large, blocks, cyclic, once
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) expected
  s_static = 0; s_static3 = 0; s_dynamic = 0; s_guided = 0; s_runtime = 0
  s_combined = 0; prod = 1
  biggest = -huge(0); smallest = huge(0)
  all_positive = .true.; any_large = .false.
  hits = 0; team = 0

  !$omp parallel private(i)
  if (omp_get_thread_num() == 0) team = omp_get_num_threads()

  !$omp do schedule(static) reduction(+:s_static)
  do i = 1, n
    s_static = s_static + i
    owner(i) = omp_get_thread_num()
  end do
  !$omp end do

  !$omp do schedule(static, 3) reduction(+:s_static3)
  do i = 1, n
    s_static3 = s_static3 + i
    owner3(i) = omp_get_thread_num()
  end do
  !$omp end do

  !$omp do schedule(dynamic, 7) reduction(+:s_dynamic)
  do i = 1, n
    s_dynamic = s_dynamic + i
    !$omp atomic
    hits(i) = hits(i) + 1
  end do
  !$omp end do

  !$omp do schedule(guided) reduction(+:s_guided)
  do i = 1, n
    s_guided = s_guided + i
    !$omp atomic
    hits(i) = hits(i) + 1
  end do
  !$omp end do nowait

  !$omp do schedule(runtime) reduction(+:s_runtime)
  do i = 1, n
    s_runtime = s_runtime + i
  end do
  !$omp end do

  !$omp do reduction(max:biggest) reduction(min:smallest) reduction(.and.:all_positive) &
  !$omp&   reduction(.or.:any_large)
  do i = 1, n
    biggest = max(biggest, i)
    smallest = min(smallest, i)
    all_positive = all_positive .and. i > 0
    any_large = any_large .or. i > 999
  end do
  !$omp end do

  !$omp do reduction(*:prod)
  do i = 1, 10
    prod = prod * i
  end do
  !$omp end do
  !$omp end parallel

  !$omp parallel do schedule(dynamic) reduction(+:s_combined)
  do i = 1, n
    s_combined = s_combined + i
  end do
  !$omp end parallel do

  ! static without a chunk: one contiguous block per thread, in thread order.
  blocks = all(owner(2:n) >= owner(1:n-1)) .and. owner(1) == 0 .and. owner(n) == team - 1
  ! static with chunk 3: chunks dealt round-robin in thread order.
  cyclic = .true.
  do i = 1, n
    if (owner3(i) /= mod((i - 1) / 3, team)) cyclic = .false.
  end do
  once = all(hits == 2)
  if (team /= expected) stop 1

  write (*, '(a,i0,a,i0,a,l1,a,i0,a,l1,a,i0,a,i0,a,i0,a,l1)') 'threads=', team, &
    ' static=', s_static, ' blocks=', blocks, ' static3=', s_static3, ' cyclic=', cyclic, &
    ' dynamic=', s_dynamic, ' guided=', s_guided, ' runtime=', s_runtime, ' once=', once
  write (*, '(a,i0,a,i0,a,i0,a,i0,a,l1,a,l1,a,i0)') 'threads=', team, ' max=', biggest, &
    ' min=', smallest, ' prod=', prod, ' and=', all_positive, ' or=', any_large, &
    ' combined=', s_combined
end program loop_schedules
