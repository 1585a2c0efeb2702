! OpenMP 5.0 and 5.1 features that gfortran 12 compiles, each checked by
! value on Glass: masked (the primary thread, and filter(1)), parallel masked
! and masked taskloop with a reduction, scope with a reduction and a private
! variable, the loop construct, host teams with the 5.1 teams ICV routines
! (omp_set_num_teams, omp_set_teams_thread_limit), proc_bind(primary),
! omp_display_env, and the error directive at execution: severity(warning)
! prints once per thread and goes on, severity(fatal) ends the program with
! the message.
! REQUIRES: gfortran, gcc
! RUN: %gfortran-omp %s -o %t
! RUN: for n in 1 2 4; do OMP_PLACES=threads %run %t $n; done 2> %t.err | FileCheck %s
! RUN: FileCheck %s --check-prefix=WARNING < %t.err
! RUN: %not %run %t 2 fatal > %t.fatal-out 2> %t.fatal-err
! RUN: FileCheck %s --check-prefix=FATAL < %t.fatal-err
! RUN: %not grep 'not reached' %t.fatal-out
! CHECK: threads=1 masked=0 filtered=-1 parallel-masked=1 scope=1 private=T
! CHECK-NEXT: threads=1 loop=10100 taskloop=5050 teams=6 max-teams=3 teams-limit=2 primary=T
! CHECK-NEXT: threads=2 masked=0 filtered=1 parallel-masked=1 scope=3 private=T
! CHECK-NEXT: threads=2 loop=10100 taskloop=5050 teams=6 max-teams=3 teams-limit=2 primary=T
! CHECK-NEXT: threads=4 masked=0 filtered=1 parallel-masked=1 scope=10 private=T
! CHECK-NEXT: threads=4 loop=10100 taskloop=5050 teams=6 max-teams=3 teams-limit=2 primary=T
! 1 + 2 + 4 threads each print the warning once.
! RUN: grep -c 'omp51: a warning at execution' %t.err | FileCheck %s --check-prefix=SEVEN
! SEVEN: 7
! WARNING: omp51: a warning at execution
! WARNING: OPENMP DISPLAY ENVIRONMENT BEGIN
! WARNING: OPENMP DISPLAY ENVIRONMENT END
! FATAL: omp51: fatal at execution
program omp51
  use omp_lib
  implicit none
  integer :: i, nthreads, masked_by, filtered_by, parallel_masked, scope_sum, loop_sum, taskloop_sum
  integer :: teams_sum, mine
  integer :: a(100), places(0:7)
  logical :: private_ok, primary_ok
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) nthreads
  call get_command_argument(2, arg)

  masked_by = -1
  filtered_by = -1
  parallel_masked = 0
  scope_sum = 0
  private_ok = .true.
  !$omp parallel num_threads(nthreads) shared(masked_by, filtered_by, scope_sum, private_ok)
    !$omp masked
      masked_by = omp_get_thread_num()
    !$omp end masked
    ! Only thread 1 runs it; with one thread nobody does.
    !$omp masked filter(1)
      filtered_by = omp_get_thread_num()
    !$omp end masked
    ! A scope is a worksharing region: the reduction combines every
    ! thread's value at its end, and `mine` is private inside it.
    !$omp scope reduction(+: scope_sum) private(mine)
      mine = omp_get_thread_num() + 1
      scope_sum = scope_sum + mine
      !$omp barrier
      if (mine /= omp_get_thread_num() + 1) then
        !$omp atomic write
        private_ok = .false.
      end if
    !$omp end scope
    if (arg == 'fatal') then
      !$omp error at(execution) severity(fatal) message("omp51: fatal at execution")
      print '(a)', 'not reached'
    end if
    !$omp error at(execution) severity(warning) message("omp51: a warning at execution")
  !$omp end parallel

  !$omp parallel masked num_threads(nthreads) shared(parallel_masked)
    parallel_masked = parallel_masked + 1
  !$omp end parallel masked

  a = 0
  !$omp parallel num_threads(nthreads)
    !$omp loop
    do i = 1, 100
      a(i) = 2 * i
    end do
  !$omp end parallel
  loop_sum = sum(a)

  taskloop_sum = 0
  !$omp parallel num_threads(nthreads)
    !$omp masked taskloop reduction(+: taskloop_sum) num_tasks(7)
    do i = 1, 100
      taskloop_sum = taskloop_sum + i
    end do
    !$omp end masked taskloop
  !$omp end parallel

  call omp_set_num_teams(3)
  call omp_set_teams_thread_limit(2)
  teams_sum = 0
  !$omp teams reduction(+: teams_sum)
    teams_sum = teams_sum + omp_get_team_num() + 1
  !$omp end teams

  ! With places (OMP_PLACES=threads in the RUN line), every thread of a
  ! proc_bind(primary) team is in the primary thread's place.
  places = -2
  !$omp parallel num_threads(nthreads) proc_bind(primary) shared(places)
    places(omp_get_thread_num()) = omp_get_place_num()
  !$omp end parallel
  primary_ok = all(places(0:nthreads - 1) == places(0)) .and. places(0) >= 0
  if (nthreads == 1) call omp_display_env(.false.)

  print '(a,i0,a,i0,a,i0,a,i0,a,i0,a,l1)', 'threads=', nthreads, ' masked=', masked_by, &
    ' filtered=', filtered_by, ' parallel-masked=', parallel_masked, ' scope=', scope_sum, &
    ' private=', private_ok
  print '(a,i0,a,i0,a,i0,a,i0,a,i0,a,i0,a,l1)', 'threads=', nthreads, ' loop=', loop_sum, &
    ' taskloop=', taskloop_sum, ' teams=', teams_sum, ' max-teams=', omp_get_max_teams(), &
    ' teams-limit=', omp_get_teams_thread_limit(), ' primary=', primary_ok
end program
