! Fortran sections, single with copyprivate, master and barrier: each
! section runs once, the single thread's private value reaches every thread,
! only thread 0 runs master, and a barrier orders writes before reads.
! REQUIRES: gfortran, gcc
! RUN: %gfortran-omp %s -o %t
! RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
! CHECK: threads=1 sections=111 each-once=T copyprivate=1/1 master=1 by=0 barrier=T singles=20
! CHECK: threads=2 sections=111 each-once=T copyprivate=2/2 master=1 by=0 barrier=T singles=20
! CHECK: threads=4 sections=111 each-once=T copyprivate=4/4 master=1 by=0 barrier=T singles=20
! CHECK: threads=8 sections=111 each-once=T copyprivate=8/8 master=1 by=0 barrier=T singles=20
program sections_single
  use omp_lib
  implicit none
  integer :: expected, team, section_sum, copied, master_runs, master_by, singles
  integer :: section_runs(3), slot(0:63), seen_ok, round
  integer :: private_value, me
  logical :: barrier_ok
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) expected
  section_sum = 0; section_runs = 0; copied = 0; master_runs = 0; master_by = -1
  singles = 0; slot = -1; seen_ok = 0; team = 0

  !$omp parallel private(private_value, me, round) reduction(+:copied, seen_ok)
  me = omp_get_thread_num()
  if (me == 0) team = omp_get_num_threads()

  !$omp sections reduction(+:section_sum)
  !$omp section
  section_sum = section_sum + 1
  !$omp atomic
  section_runs(1) = section_runs(1) + 1
  !$omp section
  section_sum = section_sum + 10
  !$omp atomic
  section_runs(2) = section_runs(2) + 1
  !$omp section
  section_sum = section_sum + 100
  !$omp atomic
  section_runs(3) = section_runs(3) + 1
  !$omp end sections

  private_value = -1
  !$omp single
  private_value = 4242
  !$omp end single copyprivate(private_value)
  if (private_value == 4242) copied = copied + 1

  !$omp master
  master_runs = master_runs + 1
  master_by = omp_get_thread_num()
  !$omp end master

  ! Everyone writes its slot, waits, then reads every other slot.
  slot(me) = me * 3
  !$omp barrier
  if (all(slot(0:omp_get_num_threads() - 1) == [(3 * round, round = 0, omp_get_num_threads() - 1)])) &
    seen_ok = seen_ok + 1
  !$omp barrier

  ! Consecutive single constructs: each is executed by exactly one thread.
  do round = 1, 20
    !$omp single
    singles = singles + 1
    !$omp end single
  end do
  !$omp end parallel

  barrier_ok = seen_ok == team
  if (team /= expected) stop 1
  write (*, '(a,i0,a,i0,a,l1,a,i0,a,i0,a,i0,a,i0,a,l1,a,i0)') 'threads=', team, &
    ' sections=', section_sum, ' each-once=', all(section_runs == 1), &
    ' copyprivate=', copied, '/', team, ' master=', master_runs, ' by=', master_by, &
    ' barrier=', barrier_ok, ' singles=', singles
end program sections_single
