! Glass's own omp_lib module (built from include/omp_lib.f90 into the build's
! include directory): generic interfaces pick the integer(8) bindings, the
! constants match gfortran's, and the OpenMP 5.1 additions are present.
! REQUIRES: gfortran, gcc
! RUN: %gfortran-omp -I%libdir/../include %s -o %t
! RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
! CHECK: module: monotonic=-2147483648 tool=4 handle=8 threads8=3
! CHECK: module: threads=1 levels=1 sum=0 allocator=T
! CHECK: module: threads=2 levels=1 sum=1 allocator=T
! CHECK: module: threads=4 levels=1 sum=6 allocator=T
! CHECK: module: threads=8 levels=1 sum=28 allocator=T
program module_glass
  use, intrinsic :: iso_c_binding, only: c_ptr, c_size_t, c_intptr_t, c_associated
  use omp_lib
  implicit none
  integer :: expected, team, level, total, max_before
  integer(omp_allocator_handle_kind) :: custom
  type(omp_alloctrait) :: traits(2)
  type(c_ptr) :: p
  logical :: alloc_ok
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) expected
  if (expected == 1) then
    max_before = omp_get_max_threads()
    call omp_set_num_threads(3_8)           ! the integer(8) specific
    print '(4(a,i0))', 'module: monotonic=', omp_sched_monotonic, ' tool=', omp_control_tool_kind, &
      ' handle=', omp_allocator_handle_kind, ' threads8=', omp_get_max_threads()
    call omp_set_num_threads(max_before)
  end if

  traits(1) = omp_alloctrait(omp_atk_pool_size, 1048576_omp_alloctrait_val_kind)
  traits(2) = omp_alloctrait(omp_atk_fallback, omp_atv_null_fb)
  custom = omp_init_allocator(omp_default_mem_space, 2_8, traits)
  p = omp_alloc(100_c_size_t, custom)
  alloc_ok = c_associated(p)
  call omp_free(p, custom)
  call omp_destroy_allocator(custom)

  team = 0; total = 0; level = -1
  !$omp parallel reduction(+:total)
  if (omp_get_thread_num() == 0) then
    team = omp_get_num_threads()
    level = omp_get_level()
  end if
  total = total + omp_get_thread_num()
  !$omp end parallel
  if (team /= expected) stop 1
  print '(a,i0,a,i0,a,i0,a,l1)', 'module: threads=', team, ' levels=', level, ' sum=', total, &
    ' allocator=', alloc_ok
end program module_glass
