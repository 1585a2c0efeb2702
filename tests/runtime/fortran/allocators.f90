! The Fortran memory management routines: omp_init_allocator (default and
! integer(8) trait counts), omp_destroy_allocator, omp_set/get_default_allocator
! (bound to omp_*_ in the library) and the bind(c) allocation routines, with
! traits honoured: alignment, and pool_size with the null_fb fallback.
! REQUIRES: gfortran, gcc
! RUN: %gfortran-omp %s -o %t
! RUN: %run %t | FileCheck %s
! CHECK: init: ok invalid=null
! CHECK: aligned: 256=T omp_aligned_alloc=T
! CHECK: pool: blocks=3 then null
! CHECK: default: initial=1 set=T null-uses-default=T restored=1
! CHECK: calloc zero=T realloc keeps=T
program allocators
  use, intrinsic :: iso_c_binding
  use omp_lib
  implicit none
  type(omp_alloctrait) :: aligned_traits(1), pool_traits(2), bad_traits(1)
  integer(omp_allocator_handle_kind) :: aligned256, pool, bad
  type(c_ptr) :: p, q, blocks(8)
  integer(c_int), pointer :: values(:)
  integer :: i, nblocks
  logical :: zero, keeps

  aligned_traits(1) = omp_alloctrait(omp_atk_alignment, 256_omp_alloctrait_val_kind)
  aligned256 = omp_init_allocator(omp_default_mem_space, 1, aligned_traits)
  pool_traits(1) = omp_alloctrait(omp_atk_pool_size, 65536_omp_alloctrait_val_kind)
  pool_traits(2) = omp_alloctrait(omp_atk_fallback, omp_atv_null_fb)
  pool = omp_init_allocator(omp_default_mem_space, 2_8, pool_traits)
  bad_traits(1) = omp_alloctrait(omp_atk_alignment, 3_omp_alloctrait_val_kind)
  bad = omp_init_allocator(omp_default_mem_space, 1, bad_traits)
  if (aligned256 == omp_null_allocator .or. pool == omp_null_allocator) stop 1
  if (bad /= omp_null_allocator) stop 2
  print '(a)', 'init: ok invalid=null'

  p = omp_alloc(1000_c_size_t, aligned256)
  q = omp_aligned_alloc(4096_c_size_t, 4096_c_size_t, omp_default_mem_alloc)
  print '(a,l1,a,l1)', 'aligned: 256=', mod(transfer(p, 0_c_intptr_t), 256) == 0, &
    ' omp_aligned_alloc=', mod(transfer(q, 0_c_intptr_t), 4096) == 0
  call omp_free(p, aligned256)
  call omp_free(q, omp_null_allocator)

  nblocks = 0
  do i = 1, 8
    blocks(i) = omp_alloc(16384_c_size_t, pool)
    if (.not. c_associated(blocks(i))) exit
    nblocks = nblocks + 1
  end do
  print '(a,i0,a)', 'pool: blocks=', nblocks, ' then null'
  do i = 1, nblocks
    call omp_free(blocks(i), pool)
  end do

  i = int(omp_get_default_allocator())
  call omp_set_default_allocator(aligned256)
  p = omp_alloc(10_c_size_t, omp_null_allocator)
  write (*, '(a,i0,a,l1,a,l1)', advance='no') 'default: initial=', i, &
    ' set=', omp_get_default_allocator() == aligned256, &
    ' null-uses-default=', mod(transfer(p, 0_c_intptr_t), 256) == 0
  call omp_free(p, omp_null_allocator)
  call omp_set_default_allocator(omp_default_mem_alloc)
  print '(a,i0)', ' restored=', omp_get_default_allocator()

  p = omp_calloc(100_c_size_t, c_sizeof(0_c_int), omp_default_mem_alloc)
  call c_f_pointer(p, values, [100])
  zero = all(values == 0)
  values = [(i, i = 1, 100)]
  p = omp_realloc(p, 100000_c_size_t, aligned256, omp_null_allocator)
  call c_f_pointer(p, values, [100])
  keeps = all(values == [(i, i = 1, 100)]) .and. mod(transfer(p, 0_c_intptr_t), 256) == 0
  print '(a,l1,a,l1)', 'calloc zero=', zero, ' realloc keeps=', keeps
  call omp_free(p, omp_null_allocator)

  call omp_destroy_allocator(pool)
  call omp_destroy_allocator(aligned256)
end program allocators
