! Fortran bindings of the places and affinity routines: place queries with
! 32- and 64-bit arguments, and the affinity format routines with Fortran
! strings (lengths passed separately, results padded with blanks).
! REQUIRES: gfortran, gcc
! RUN: %gfortran-omp %s -o %t
! RUN: OMP_PLACES="{0},{1}" OMP_PROC_BIND=spread OMP_NUM_THREADS=2 taskset -c 0,1 %run %t 2>&1 | FileCheck %s
! CHECK: places 2 procs 1 1 ids 0 1 ids8 1
! CHECK-NEXT: initial place 0 partition 2: 0 1 partition8 0 1
! CHECK-DAG: thread 0 place 0 partition 1: 0
! CHECK-DAG: thread 1 place 1 partition 1: 1
! CHECK: format length 9 [T%n of %N   ]
! CHECK-NEXT: captured 7 [T0 of 1  ]
! CHECK-NEXT: cut 7 [T0 ]
! CHECK-NEXT: L0 n0 display
! CHECK-NEXT: T0 of 1
program api_affinity
  use omp_lib
  implicit none
  integer :: ids(2), nums(4), len, i
  integer(8) :: ids8(2), nums8(4), place8
  character(len=12) :: format
  character(len=9) :: captured
  character(len=3) :: small

  call omp_get_place_proc_ids(0, ids(1:1))
  call omp_get_place_proc_ids(1, ids(2:2))
  place8 = 1_8
  call omp_get_place_proc_ids(place8, ids8)
  write (*, '(a,i0,a,i0,1x,i0,a,i0,1x,i0,a,i0)') 'places ', omp_get_num_places(), ' procs ', &
       omp_get_place_num_procs(0), omp_get_place_num_procs(place8), ' ids ', ids(1), ids(2), &
       ' ids8 ', ids8(1)
  call omp_get_partition_place_nums(nums)
  call omp_get_partition_place_nums(nums8)
  write (*, '(a,i0,a,i0,a,i0,1x,i0,a,i0,1x,i0)') 'initial place ', omp_get_place_num(), &
       ' partition ', omp_get_partition_num_places(), ': ', nums(1), nums(2), ' partition8 ', &
       nums8(1), nums8(2)
!$omp parallel private(nums)
  call omp_get_partition_place_nums(nums)
!$omp critical
  write (*, '(a,i0,a,i0,a,i0,a,i0)') 'thread ', omp_get_thread_num(), ' place ', &
       omp_get_place_num(), ' partition ', omp_get_partition_num_places(), ': ', nums(1)
!$omp end critical
!$omp end parallel

  call omp_set_affinity_format('T%n of %N')
  len = omp_get_affinity_format(format)
  write (*, '(a,i0,a,a,a)') 'format length ', len, ' [', format, ']'
  len = omp_capture_affinity(captured, '')
  write (*, '(a,i0,a,a,a)') 'captured ', len, ' [', captured, ']'
  len = omp_capture_affinity(small, 'T%n of %N')
  write (*, '(a,i0,a,a,a)') 'cut ', len, ' [', small, ']'
  flush (6)
  call omp_display_affinity('L%L n%n display')
  call omp_display_affinity('')
  i = 0
end program api_affinity
