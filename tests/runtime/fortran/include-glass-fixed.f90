! Glass's omp_lib.h in a fixed-form program (the same file serves both
! source forms): continuation lines, constants and a parallel region.
! REQUIRES: gfortran, gcc
! RUN: %gfortran-omp -ffixed-form -Werror -I%srcroot/include %s -o %t
! RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
! CHECK: fixed: monotonic=-2147483648 atv_default=-1 tool_kind=4
! CHECK: fixed: threads=1 sum=0
! CHECK: fixed: threads=2 sum=1
! CHECK: fixed: threads=4 sum=6
! CHECK: fixed: threads=8 sum=28
      program include_glass_fixed
      implicit none
      include 'omp_lib.h'
      integer expected, team, total
      character*16 arg
      call get_command_argument(1, arg)
      read (arg, *) expected
      if (expected .eq. 1) then
        print '(a,i0,a,i0,a,i0)', 'fixed: monotonic=',
     &    omp_sched_monotonic, ' atv_default=', omp_atv_default,
     &    ' tool_kind=', omp_control_tool_kind
      end if
      team = 0
      total = 0
!$omp parallel reduction(+:total)
      if (omp_get_thread_num() .eq. 0) team = omp_get_num_threads()
      total = total + omp_get_thread_num()
!$omp end parallel
      if (team .ne. expected) stop 1
      print '(a,i0,a,i0)', 'fixed: threads=', team, ' sum=', total
      end program
