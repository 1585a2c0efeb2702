! Fortran bindings of the thread, timing, ICV, nesting, device and teams
! routines (omp_lib, gfortran's calling convention: arguments by reference,
! 64-bit integer arguments through the _8_ entry points).
! REQUIRES: gfortran, gcc
! RUN: %gfortran-omp %s -o %t
! RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done 2>&1 | FileCheck %s
! CHECK: threads=1 sum=0 max=1 procs-ok=T in-parallel=F level=0 active=0 wtime-ok=T
! CHECK-NEXT: dynamic F T nested F T 255 schedule 3 7 2 1 limit 2147483647 levels 4 4 supported 255
! CHECK-NEXT: ancestors 0 0 sizes 1 1 bad -1 -1 cancellation F proc-bind 0 priority 0
! CHECK-NEXT: devices 0 0 0 T default 3 3 teams 1 0 max-teams 5 5 teams-limit 6 6 pause 0 0 -1
! CHECK: threads=2 sum=1
! CHECK: threads=4 sum=6
! CHECK: threads=8 sum=28
program api_icv
  use omp_lib
  implicit none
  integer :: expected, team, total, kind_out, chunk_out
  integer(kind=omp_sched_kind) :: sched
  integer(8) :: chunk8, level8, device8
  character(len=16) :: arg
  real(8) :: t0, t1
  logical :: dyn_before, dyn_after, nested_before, nested_after

  call get_command_argument(1, arg)
  read (arg, *) expected
  team = 0
  total = 0
  t0 = omp_get_wtime()
!$omp parallel reduction(+:total)
  total = total + omp_get_thread_num()
!$omp master
  team = omp_get_num_threads()
!$omp end master
!$omp end parallel
  t1 = omp_get_wtime()
  if (team /= expected) stop 1
  write (*, '(a,i0,a,i0,a,i0,a,l1,a,l1,a,i0,a,i0,a,l1)') 'threads=', team, ' sum=', total, &
       ' max=', omp_get_max_threads(), ' procs-ok=', omp_get_num_procs() >= 1, &
       ' in-parallel=', omp_in_parallel(), ' level=', omp_get_level(), &
       ' active=', omp_get_active_level(), ' wtime-ok=', t1 >= t0 .and. omp_get_wtick() > 0
  if (expected /= 1) stop

  dyn_before = omp_get_dynamic()
  call omp_set_dynamic(.true.)
  dyn_after = omp_get_dynamic()
  nested_before = omp_get_nested()
  call omp_set_nested(.true.)
  nested_after = omp_get_nested()
  call omp_set_schedule(omp_sched_guided, 7)
  call omp_get_schedule(sched, chunk_out)
  kind_out = sched
  chunk8 = -3_8
  call omp_set_schedule(omp_sched_dynamic, chunk8)
  call omp_get_schedule(sched, chunk8)
  write (*, '(a,l1,1x,l1,a,l1,1x,l1,1x,i0,a,i0,1x,i0,1x,i0,1x,i0,a,i0)', advance='no') 'dynamic ', &
       dyn_before, dyn_after, ' nested ', nested_before, nested_after, omp_get_max_active_levels(), &
       ' schedule ', kind_out, chunk_out, sched, chunk8, ' limit ', omp_get_thread_limit()
  call omp_set_max_active_levels(4)
  team = omp_get_max_active_levels()
  level8 = 4_8
  call omp_set_max_active_levels(level8)
  write (*, '(a,i0,1x,i0,a,i0)') ' levels ', team, omp_get_max_active_levels(), &
       ' supported ', omp_get_supported_active_levels()

  level8 = 0_8
  write (*, '(a,i0,1x,i0,a,i0,1x,i0,a,i0,1x,i0,a,l1,a,i0,a,i0)') 'ancestors ', &
       omp_get_ancestor_thread_num(0), omp_get_ancestor_thread_num(level8), ' sizes ', &
       omp_get_team_size(0), omp_get_team_size(level8), ' bad ', omp_get_ancestor_thread_num(1), &
       omp_get_team_size(-1), ' cancellation ', omp_get_cancellation(), ' proc-bind ', &
       omp_get_proc_bind(), ' priority ', omp_get_max_task_priority()

  call omp_set_default_device(3)
  team = omp_get_default_device()
  device8 = 3_8
  call omp_set_default_device(device8)
  call omp_set_num_teams(5)
  call omp_set_teams_thread_limit(6)
  write (*, '(a,i0,1x,i0,1x,i0,1x,l1,a,i0,1x,i0,a,i0,1x,i0,a,i0,1x,i0,a,i0,1x,i0,a,i0,1x,i0,1x,i0)') &
       'devices ', omp_get_num_devices(), omp_get_initial_device(), omp_get_device_num(), &
       omp_is_initial_device(), ' default ', team, omp_get_default_device(), ' teams ', &
       omp_get_num_teams(), omp_get_team_num(), ' max-teams ', omp_get_max_teams(), 5, &
       ' teams-limit ', omp_get_teams_thread_limit(), 6, ' pause ', &
       omp_pause_resource(omp_pause_soft, omp_get_initial_device()), &
       omp_pause_resource_all(omp_pause_hard), omp_pause_resource(omp_pause_soft, 9)
end program api_icv
