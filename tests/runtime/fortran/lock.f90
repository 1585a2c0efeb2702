! The Fortran lock routines: a counter protected by omp_set_lock and
! omp_test_lock reaches the exact total, omp_test_lock fails while another
! thread holds the lock, omp_test_nest_lock returns the nesting depth and
! fails for another thread until the owner has unset the lock completely.
! REQUIRES: gfortran, gcc
! RUN: %gfortran-omp %s -o %t
! RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
! CHECK: threads=1 total=10000 nest_total=20000 held_test=F free_test=T depths=1,2,3 other_nest=0,1
! CHECK: threads=2 total=20000 nest_total=40000 held_test=F free_test=T depths=1,2,3 other_nest=0,1
! CHECK: threads=4 total=40000 nest_total=80000 held_test=F free_test=T depths=1,2,3 other_nest=0,1
! CHECK: threads=8 total=80000 nest_total=160000 held_test=F free_test=T depths=1,2,3 other_nest=0,1
program locks
  use omp_lib
  implicit none
  integer, parameter :: iterations = 10000
  integer(omp_lock_kind) :: lck
  integer(omp_nest_lock_kind) :: nlck
  integer :: expected, team, i, step, d1, d2, d3, other_held, other_free
  integer(8) :: total, nest_total
  logical :: held_test, free_test
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) expected
  team = 0
  total = 0
  nest_total = 0
  call omp_init_lock(lck)
  call omp_init_nest_lock(nlck)

  !$omp parallel private(i) shared(total, nest_total, team)
  if (omp_get_thread_num() == 0) team = omp_get_num_threads()
  do i = 1, iterations
    if (mod(i, 2) == 0) then
      call omp_set_lock(lck)
    else
      do while (.not. omp_test_lock(lck))
      end do
    end if
    total = total + 1
    call omp_unset_lock(lck)

    call omp_set_nest_lock(nlck)
    call omp_set_nest_lock(nlck)
    nest_total = nest_total + 2
    call omp_unset_nest_lock(nlck)
    call omp_unset_nest_lock(nlck)
  end do
  !$omp end parallel

  ! Depths seen by the owner.
  d1 = omp_test_nest_lock(nlck)
  call omp_set_nest_lock(nlck)
  d2 = 2
  d3 = omp_test_nest_lock(nlck)

  ! Thread 1 tests both locks while thread 0 (the owner of the nest lock,
  ! through the initial task) holds the simple lock.
  step = 0
  !$omp parallel num_threads(2) shared(step, held_test, free_test, other_held, other_free)
  if (omp_get_thread_num() == 0) then
    call omp_set_lock(lck)
    !$omp atomic write
    step = 1
    do
      !$omp atomic read
      i = step
      if (i == 2) exit
    end do
    call omp_unset_lock(lck)
  else
    do
      !$omp atomic read
      i = step
      if (i == 1) exit
    end do
    held_test = omp_test_lock(lck)
    other_held = omp_test_nest_lock(nlck)
    !$omp atomic write
    step = 2
  end if
  !$omp barrier
  if (omp_get_thread_num() == 1) then
    free_test = omp_test_lock(lck)
    if (free_test) call omp_unset_lock(lck)
  end if
  !$omp end parallel

  call omp_unset_nest_lock(nlck)
  call omp_unset_nest_lock(nlck)
  call omp_unset_nest_lock(nlck)
  !$omp parallel num_threads(2) shared(other_free)
  if (omp_get_thread_num() == 1) then
    other_free = omp_test_nest_lock(nlck)
    if (other_free > 0) call omp_unset_nest_lock(nlck)
  end if
  !$omp end parallel

  call omp_destroy_lock(lck)
  call omp_destroy_nest_lock(nlck)
  if (team /= expected) stop 2
  write (*, '(a,i0,a,i0,a,i0,a,l1,a,l1,a,i0,a,i0,a,i0,a,i0,a,i0)') 'threads=', team, ' total=', total, &
    ' nest_total=', nest_total, ' held_test=', held_test, ' free_test=', free_test, &
    ' depths=', d1, ',', d2, ',', d3, ' other_nest=', other_held, ',', other_free
end program
