! Glass's omp_lib.h in a free-form program: gfortran's kinds and constant
! values (and the OpenMP 5.1 constants gfortran 12 lacks, which prove this is
! Glass's file), routines declared EXTERNAL with their types, and explicit
! interfaces for the bind(c) memory routines.
! REQUIRES: gfortran, gcc
! RUN: %gfortran-omp -Wextra -Werror -Wno-unused-parameter -I%srcroot/include %s -o %t
! RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
! CHECK: kinds: lock=4 nest=8 sched=4 bind=4 hint=4 pause=4 handle=8 key=4 value=8 memspace=8 depend=16 event=8
! CHECK-NEXT: values: version=201511 monotonic=-2147483648 primary=2 spread=4 speculative=8 hard=2
! CHECK-NEXT: allocators: thread=8 low_lat_space=4 partition=8 default=-1 interleaved=18 tool=4/-2
! CHECK-NEXT: threads=1 sum=0 aligned=T
! CHECK: threads=2 sum=1 aligned=T
! CHECK: threads=4 sum=6 aligned=T
! CHECK: threads=8 sum=28 aligned=T
program include_glass
  use, intrinsic :: iso_c_binding, only: c_ptr, c_size_t, c_intptr_t
  implicit none
  include 'omp_lib.h'
  type(omp_alloctrait) :: traits(1)
  integer(omp_allocator_handle_kind) :: wide
  integer :: expected, team, total, misaligned
  type(c_ptr) :: block
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) expected
  if (expected == 1) then
    print '(12(a,i0))', 'kinds: lock=', omp_lock_kind, ' nest=', omp_nest_lock_kind, &
      ' sched=', omp_sched_kind, ' bind=', omp_proc_bind_kind, ' hint=', omp_sync_hint_kind, &
      ' pause=', omp_pause_resource_kind, ' handle=', omp_allocator_handle_kind, &
      ' key=', omp_alloctrait_key_kind, ' value=', omp_alloctrait_val_kind, &
      ' memspace=', omp_memspace_handle_kind, ' depend=', omp_depend_kind, &
      ' event=', omp_event_handle_kind
    print '(6(a,i0))', 'values: version=', openmp_version, ' monotonic=', omp_sched_monotonic, &
      ' primary=', omp_proc_bind_primary, ' spread=', omp_proc_bind_spread, &
      ' speculative=', omp_sync_hint_speculative, ' hard=', omp_pause_hard
    print '(7(a,i0))', 'allocators: thread=', omp_thread_mem_alloc, &
      ' low_lat_space=', omp_low_lat_mem_space, ' partition=', omp_atk_partition, &
      ' default=', omp_atv_default, ' interleaved=', omp_atv_interleaved, &
      ' tool=', omp_control_tool_end, '/', omp_control_tool_notool
  end if

  traits(1) = omp_alloctrait(omp_atk_alignment, 128_omp_alloctrait_val_kind)
  wide = omp_init_allocator(omp_default_mem_space, 1, traits)
  team = 0; total = 0; misaligned = 0
  !$omp parallel private(block) reduction(+:total, misaligned)
  if (omp_get_thread_num() == 0) team = omp_get_num_threads()
  total = total + omp_get_thread_num()
  block = omp_alloc(64_c_size_t, wide)
  if (mod(transfer(block, 0_c_intptr_t), 128_c_intptr_t) /= 0) misaligned = misaligned + 1
  call omp_free(block, wide)
  !$omp end parallel
  call omp_destroy_allocator(wide)
  if (team /= expected) stop 1
  print '(a,i0,a,i0,a,l1)', 'threads=', team, ' sum=', total, ' aligned=', misaligned == 0
end program include_glass
