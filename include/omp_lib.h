! omp_lib.h: the OpenMP 5.1 Fortran include file, as provided by Glass.
!
! Written from the OpenMP 5.1 specification (chapter 3). Kinds and
! named constants have gfortran's values. The file is valid both as
! fixed and as free source form: comments start in column 1, statements
! in column 7 and end by column 72, and a continued line has "&" in
! column 73 (past the end of a fixed-form line) and its continuation "&"
! in column 6.
!
! As the specification allows, routines are declared with EXTERNAL and
! their result types, like gfortran's omp_lib.h; the C-interoperable
! memory routines and omp_fulfill_event, which pass arguments by value,
! have explicit interfaces.

      integer omp_lock_kind, omp_nest_lock_kind, omp_sched_kind
      integer omp_proc_bind_kind, omp_sync_hint_kind
      integer omp_lock_hint_kind, omp_pause_resource_kind
      integer omp_allocator_handle_kind, omp_alloctrait_key_kind
      integer omp_alloctrait_val_kind, omp_memspace_handle_kind
      integer omp_depend_kind, omp_event_handle_kind
      integer omp_control_tool_kind, omp_control_tool_result_kind
      parameter (omp_lock_kind = 4)
      parameter (omp_nest_lock_kind = 8)
      parameter (omp_sched_kind = 4)
      parameter (omp_proc_bind_kind = 4)
      parameter (omp_sync_hint_kind = 4)
      parameter (omp_lock_hint_kind = omp_sync_hint_kind)
      parameter (omp_pause_resource_kind = 4)
      parameter (omp_allocator_handle_kind = 8)
      parameter (omp_alloctrait_key_kind = 4)
      parameter (omp_alloctrait_val_kind = 8)
      parameter (omp_memspace_handle_kind = 8)
      parameter (omp_depend_kind = 16)
      parameter (omp_event_handle_kind = 8)
      parameter (omp_control_tool_kind = 4)
      parameter (omp_control_tool_result_kind = 4)

      integer openmp_version
      parameter (openmp_version = 201511)

! Schedule kinds (3.2.11); omp_sched_monotonic is the bit pattern
! z'80000000'.
      integer(omp_sched_kind) omp_sched_static, omp_sched_dynamic
      integer(omp_sched_kind) omp_sched_guided, omp_sched_auto
      integer(omp_sched_kind) omp_sched_monotonic
      parameter (omp_sched_static = 1)
      parameter (omp_sched_dynamic = 2)
      parameter (omp_sched_guided = 3)
      parameter (omp_sched_auto = 4)
      parameter (omp_sched_monotonic =                                  &
     &           -huge(0_omp_sched_kind) - 1_omp_sched_kind)

! Thread affinity (2.6.2).
      integer(omp_proc_bind_kind) omp_proc_bind_false
      integer(omp_proc_bind_kind) omp_proc_bind_true
      integer(omp_proc_bind_kind) omp_proc_bind_primary
      integer(omp_proc_bind_kind) omp_proc_bind_master
      integer(omp_proc_bind_kind) omp_proc_bind_close
      integer(omp_proc_bind_kind) omp_proc_bind_spread
      parameter (omp_proc_bind_false = 0)
      parameter (omp_proc_bind_true = 1)
      parameter (omp_proc_bind_primary = 2)
      parameter (omp_proc_bind_master = omp_proc_bind_primary)
      parameter (omp_proc_bind_close = 3)
      parameter (omp_proc_bind_spread = 4)

! Synchronization hints (2.19.12) and their OpenMP 4.5 lock names.
      integer(omp_sync_hint_kind) omp_sync_hint_none
      integer(omp_sync_hint_kind) omp_sync_hint_uncontended
      integer(omp_sync_hint_kind) omp_sync_hint_contended
      integer(omp_sync_hint_kind) omp_sync_hint_nonspeculative
      integer(omp_sync_hint_kind) omp_sync_hint_speculative
      integer(omp_lock_hint_kind) omp_lock_hint_none
      integer(omp_lock_hint_kind) omp_lock_hint_uncontended
      integer(omp_lock_hint_kind) omp_lock_hint_contended
      integer(omp_lock_hint_kind) omp_lock_hint_nonspeculative
      integer(omp_lock_hint_kind) omp_lock_hint_speculative
      parameter (omp_sync_hint_none = 0)
      parameter (omp_sync_hint_uncontended = 1)
      parameter (omp_sync_hint_contended = 2)
      parameter (omp_sync_hint_nonspeculative = 4)
      parameter (omp_sync_hint_speculative = 8)
      parameter (omp_lock_hint_none = omp_sync_hint_none)
      parameter (omp_lock_hint_uncontended = omp_sync_hint_uncontended)
      parameter (omp_lock_hint_contended = omp_sync_hint_contended)
      parameter (omp_lock_hint_nonspeculative =                         &
     &           omp_sync_hint_nonspeculative)
      parameter (omp_lock_hint_speculative = omp_sync_hint_speculative)

! Resource relinquishing (3.6).
      integer(omp_pause_resource_kind) omp_pause_soft, omp_pause_hard
      parameter (omp_pause_soft = 1)
      parameter (omp_pause_hard = 2)

! Allocator trait keys and values (2.13.2).
      integer(omp_alloctrait_key_kind) omp_atk_sync_hint
      integer(omp_alloctrait_key_kind) omp_atk_alignment
      integer(omp_alloctrait_key_kind) omp_atk_access
      integer(omp_alloctrait_key_kind) omp_atk_pool_size
      integer(omp_alloctrait_key_kind) omp_atk_fallback
      integer(omp_alloctrait_key_kind) omp_atk_fb_data
      integer(omp_alloctrait_key_kind) omp_atk_pinned
      integer(omp_alloctrait_key_kind) omp_atk_partition
      parameter (omp_atk_sync_hint = 1)
      parameter (omp_atk_alignment = 2)
      parameter (omp_atk_access = 3)
      parameter (omp_atk_pool_size = 4)
      parameter (omp_atk_fallback = 5)
      parameter (omp_atk_fb_data = 6)
      parameter (omp_atk_pinned = 7)
      parameter (omp_atk_partition = 8)

      integer(omp_alloctrait_val_kind) omp_atv_default
      integer(omp_alloctrait_val_kind) omp_atv_false, omp_atv_true
      integer(omp_alloctrait_val_kind) omp_atv_contended
      integer(omp_alloctrait_val_kind) omp_atv_uncontended
      integer(omp_alloctrait_val_kind) omp_atv_serialized
      integer(omp_alloctrait_val_kind) omp_atv_sequential
      integer(omp_alloctrait_val_kind) omp_atv_private
      integer(omp_alloctrait_val_kind) omp_atv_all
      integer(omp_alloctrait_val_kind) omp_atv_thread
      integer(omp_alloctrait_val_kind) omp_atv_pteam
      integer(omp_alloctrait_val_kind) omp_atv_cgroup
      integer(omp_alloctrait_val_kind) omp_atv_default_mem_fb
      integer(omp_alloctrait_val_kind) omp_atv_null_fb
      integer(omp_alloctrait_val_kind) omp_atv_abort_fb
      integer(omp_alloctrait_val_kind) omp_atv_allocator_fb
      integer(omp_alloctrait_val_kind) omp_atv_environment
      integer(omp_alloctrait_val_kind) omp_atv_nearest
      integer(omp_alloctrait_val_kind) omp_atv_blocked
      integer(omp_alloctrait_val_kind) omp_atv_interleaved
      parameter (omp_atv_default = -1)
      parameter (omp_atv_false = 0)
      parameter (omp_atv_true = 1)
      parameter (omp_atv_contended = 3)
      parameter (omp_atv_uncontended = 4)
      parameter (omp_atv_serialized = 5)
      parameter (omp_atv_sequential = omp_atv_serialized)
      parameter (omp_atv_private = 6)
      parameter (omp_atv_all = 7)
      parameter (omp_atv_thread = 8)
      parameter (omp_atv_pteam = 9)
      parameter (omp_atv_cgroup = 10)
      parameter (omp_atv_default_mem_fb = 11)
      parameter (omp_atv_null_fb = 12)
      parameter (omp_atv_abort_fb = 13)
      parameter (omp_atv_allocator_fb = 14)
      parameter (omp_atv_environment = 15)
      parameter (omp_atv_nearest = 16)
      parameter (omp_atv_blocked = 17)
      parameter (omp_atv_interleaved = 18)

! Predefined allocators (2.13.3) and memory spaces (2.13.1).
      integer(omp_allocator_handle_kind) omp_null_allocator
      integer(omp_allocator_handle_kind) omp_default_mem_alloc
      integer(omp_allocator_handle_kind) omp_large_cap_mem_alloc
      integer(omp_allocator_handle_kind) omp_const_mem_alloc
      integer(omp_allocator_handle_kind) omp_high_bw_mem_alloc
      integer(omp_allocator_handle_kind) omp_low_lat_mem_alloc
      integer(omp_allocator_handle_kind) omp_cgroup_mem_alloc
      integer(omp_allocator_handle_kind) omp_pteam_mem_alloc
      integer(omp_allocator_handle_kind) omp_thread_mem_alloc
      parameter (omp_null_allocator = 0)
      parameter (omp_default_mem_alloc = 1)
      parameter (omp_large_cap_mem_alloc = 2)
      parameter (omp_const_mem_alloc = 3)
      parameter (omp_high_bw_mem_alloc = 4)
      parameter (omp_low_lat_mem_alloc = 5)
      parameter (omp_cgroup_mem_alloc = 6)
      parameter (omp_pteam_mem_alloc = 7)
      parameter (omp_thread_mem_alloc = 8)

      integer(omp_memspace_handle_kind) omp_default_mem_space
      integer(omp_memspace_handle_kind) omp_large_cap_mem_space
      integer(omp_memspace_handle_kind) omp_const_mem_space
      integer(omp_memspace_handle_kind) omp_high_bw_mem_space
      integer(omp_memspace_handle_kind) omp_low_lat_mem_space
      parameter (omp_default_mem_space = 0)
      parameter (omp_large_cap_mem_space = 1)
      parameter (omp_const_mem_space = 2)
      parameter (omp_high_bw_mem_space = 3)
      parameter (omp_low_lat_mem_space = 4)

! Same layout as the C omp_alloctrait_t. SEQUENCE makes the copies of
! this type in different program units one type.
      type omp_alloctrait
        sequence
        integer(omp_alloctrait_key_kind) key
        integer(omp_alloctrait_val_kind) value
      end type omp_alloctrait

! Tool control (3.14).
      integer(omp_control_tool_kind) omp_control_tool_start
      integer(omp_control_tool_kind) omp_control_tool_pause
      integer(omp_control_tool_kind) omp_control_tool_flush
      integer(omp_control_tool_kind) omp_control_tool_end
      integer(omp_control_tool_result_kind) omp_control_tool_notool
      integer(omp_control_tool_result_kind) omp_control_tool_nocallback
      integer(omp_control_tool_result_kind) omp_control_tool_success
      integer(omp_control_tool_result_kind) omp_control_tool_ignored
      parameter (omp_control_tool_start = 1)
      parameter (omp_control_tool_pause = 2)
      parameter (omp_control_tool_flush = 3)
      parameter (omp_control_tool_end = 4)
      parameter (omp_control_tool_notool = -2)
      parameter (omp_control_tool_nocallback = -1)
      parameter (omp_control_tool_success = 0)
      parameter (omp_control_tool_ignored = 1)

! 3.2 parallel region and thread team routines.
      external omp_set_num_threads, omp_set_dynamic, omp_set_nested
      external omp_set_schedule, omp_get_schedule
      external omp_set_max_active_levels
      external omp_get_num_threads, omp_get_max_threads
      external omp_get_thread_num, omp_get_num_procs
      external omp_in_parallel, omp_get_dynamic, omp_get_cancellation
      external omp_get_nested, omp_get_thread_limit
      external omp_get_supported_active_levels
      external omp_get_max_active_levels, omp_get_level
      external omp_get_ancestor_thread_num, omp_get_team_size
      external omp_get_active_level
      integer(4) omp_get_num_threads, omp_get_max_threads
      integer(4) omp_get_thread_num, omp_get_num_procs
      logical(4) omp_in_parallel, omp_get_dynamic, omp_get_cancellation
      logical(4) omp_get_nested
      integer(4) omp_get_thread_limit, omp_get_supported_active_levels
      integer(4) omp_get_max_active_levels, omp_get_level
      integer(4) omp_get_ancestor_thread_num, omp_get_team_size
      integer(4) omp_get_active_level

! 3.3 thread affinity routines.
      external omp_get_proc_bind, omp_get_num_places
      external omp_get_place_num_procs, omp_get_place_proc_ids
      external omp_get_place_num, omp_get_partition_num_places
      external omp_get_partition_place_nums
      external omp_set_affinity_format, omp_get_affinity_format
      external omp_display_affinity, omp_capture_affinity
      integer(omp_proc_bind_kind) omp_get_proc_bind
      integer(4) omp_get_num_places, omp_get_place_num_procs
      integer(4) omp_get_place_num, omp_get_partition_num_places
      integer(4) omp_get_affinity_format, omp_capture_affinity

! 3.4 teams region routines.
      external omp_get_num_teams, omp_get_team_num
      external omp_set_num_teams, omp_get_max_teams
      external omp_set_teams_thread_limit, omp_get_teams_thread_limit
      integer(4) omp_get_num_teams, omp_get_team_num
      integer(4) omp_get_max_teams, omp_get_teams_thread_limit

! 3.5 tasking, 3.6 resource relinquishing, 3.7 device information.
      external omp_get_max_task_priority, omp_in_final
      external omp_pause_resource, omp_pause_resource_all
      external omp_set_default_device, omp_get_default_device
      external omp_get_num_devices, omp_get_device_num
      external omp_is_initial_device, omp_get_initial_device
      integer(4) omp_get_max_task_priority
      logical(4) omp_in_final
      integer(4) omp_pause_resource, omp_pause_resource_all
      integer(4) omp_get_default_device, omp_get_num_devices
      integer(4) omp_get_device_num, omp_get_initial_device
      logical(4) omp_is_initial_device

! 3.9 lock routines.
      external omp_init_lock, omp_init_lock_with_hint
      external omp_destroy_lock, omp_set_lock, omp_unset_lock
      external omp_test_lock
      external omp_init_nest_lock, omp_init_nest_lock_with_hint
      external omp_destroy_nest_lock, omp_set_nest_lock
      external omp_unset_nest_lock, omp_test_nest_lock
      logical(4) omp_test_lock
      integer(4) omp_test_nest_lock

! 3.10 timing and 3.14 tool control routines.
      external omp_get_wtime, omp_get_wtick, omp_control_tool
      double precision omp_get_wtime, omp_get_wtick
      integer(omp_control_tool_result_kind) omp_control_tool

! 3.13 memory management and 3.15 environment display routines.
      external omp_init_allocator, omp_destroy_allocator
      external omp_set_default_allocator, omp_get_default_allocator
      external omp_display_env
      integer(omp_allocator_handle_kind) omp_init_allocator
      integer(omp_allocator_handle_kind) omp_get_default_allocator

! Routines that take arguments by value need explicit interfaces. The
! handles of the C-interoperable ones are declared with c_intptr_t, the
! kind omp_allocator_handle_kind stands for.
      interface
        subroutine omp_fulfill_event(event)
          import :: omp_event_handle_kind
          integer(omp_event_handle_kind), value :: event
        end subroutine omp_fulfill_event

        function omp_alloc(size, allocator) bind(c)
          use, intrinsic :: iso_c_binding, only: c_ptr, c_size_t,       &
     &        c_intptr_t
          type(c_ptr) :: omp_alloc
          integer(c_size_t), value :: size
          integer(c_intptr_t), value :: allocator
        end function omp_alloc

        function omp_aligned_alloc(alignment, size, allocator) bind(c)
          use, intrinsic :: iso_c_binding, only: c_ptr, c_size_t,       &
     &        c_intptr_t
          type(c_ptr) :: omp_aligned_alloc
          integer(c_size_t), value :: alignment, size
          integer(c_intptr_t), value :: allocator
        end function omp_aligned_alloc

        function omp_calloc(nmemb, size, allocator) bind(c)
          use, intrinsic :: iso_c_binding, only: c_ptr, c_size_t,       &
     &        c_intptr_t
          type(c_ptr) :: omp_calloc
          integer(c_size_t), value :: nmemb, size
          integer(c_intptr_t), value :: allocator
        end function omp_calloc

        function omp_aligned_calloc(alignment, nmemb, size, allocator)  &
     &      bind(c)
          use, intrinsic :: iso_c_binding, only: c_ptr, c_size_t,       &
     &        c_intptr_t
          type(c_ptr) :: omp_aligned_calloc
          integer(c_size_t), value :: alignment, nmemb, size
          integer(c_intptr_t), value :: allocator
        end function omp_aligned_calloc

        function omp_realloc(ptr, size, allocator, free_allocator)      &
     &      bind(c)
          use, intrinsic :: iso_c_binding, only: c_ptr, c_size_t,       &
     &        c_intptr_t
          type(c_ptr) :: omp_realloc
          type(c_ptr), value :: ptr
          integer(c_size_t), value :: size
          integer(c_intptr_t), value :: allocator
          integer(c_intptr_t), value :: free_allocator
        end function omp_realloc

        subroutine omp_free(ptr, allocator) bind(c)
          use, intrinsic :: iso_c_binding, only: c_ptr, c_intptr_t
          type(c_ptr), value :: ptr
          integer(c_intptr_t), value :: allocator
        end subroutine omp_free

! 3.8 device memory routines (without the asynchronous copies, whose
! depend-object argument has no C-interoperable kind).
        function omp_target_alloc(size, device_num) bind(c)
          use, intrinsic :: iso_c_binding, only: c_ptr, c_size_t, c_int
          type(c_ptr) :: omp_target_alloc
          integer(c_size_t), value :: size
          integer(c_int), value :: device_num
        end function omp_target_alloc

        subroutine omp_target_free(device_ptr, device_num) bind(c)
          use, intrinsic :: iso_c_binding, only: c_ptr, c_int
          type(c_ptr), value :: device_ptr
          integer(c_int), value :: device_num
        end subroutine omp_target_free

        function omp_target_is_present(ptr, device_num) bind(c)
          use, intrinsic :: iso_c_binding, only: c_ptr, c_int
          integer(c_int) :: omp_target_is_present
          type(c_ptr), value :: ptr
          integer(c_int), value :: device_num
        end function omp_target_is_present

        function omp_target_is_accessible(ptr, size, device_num)        &
     &      bind(c)
          use, intrinsic :: iso_c_binding, only: c_ptr, c_size_t, c_int
          integer(c_int) :: omp_target_is_accessible
          type(c_ptr), value :: ptr
          integer(c_size_t), value :: size
          integer(c_int), value :: device_num
        end function omp_target_is_accessible

        function omp_target_memcpy(dst, src, length, dst_offset,        &
     &      src_offset, dst_device_num, src_device_num) bind(c)
          use, intrinsic :: iso_c_binding, only: c_ptr, c_size_t, c_int
          integer(c_int) :: omp_target_memcpy
          type(c_ptr), value :: dst, src
          integer(c_size_t), value :: length, dst_offset, src_offset
          integer(c_int), value :: dst_device_num, src_device_num
        end function omp_target_memcpy

        function omp_target_memcpy_rect(dst, src, element_size,         &
     &      num_dims, volume, dst_offsets, src_offsets, dst_dimensions, &
     &      src_dimensions, dst_device_num, src_device_num) bind(c)
          use, intrinsic :: iso_c_binding, only: c_ptr, c_size_t, c_int
          integer(c_int) :: omp_target_memcpy_rect
          type(c_ptr), value :: dst, src
          integer(c_size_t), value :: element_size
          integer(c_int), value :: num_dims
          integer(c_int), value :: dst_device_num, src_device_num
          integer(c_size_t), intent(in) :: volume(*), dst_offsets(*)
          integer(c_size_t), intent(in) :: src_offsets(*)
          integer(c_size_t), intent(in) :: dst_dimensions(*)
          integer(c_size_t), intent(in) :: src_dimensions(*)
        end function omp_target_memcpy_rect

        function omp_target_associate_ptr(host_ptr, device_ptr, size,   &
     &      device_offset, device_num) bind(c)
          use, intrinsic :: iso_c_binding, only: c_ptr, c_size_t, c_int
          integer(c_int) :: omp_target_associate_ptr
          type(c_ptr), value :: host_ptr, device_ptr
          integer(c_size_t), value :: size, device_offset
          integer(c_int), value :: device_num
        end function omp_target_associate_ptr

        function omp_target_disassociate_ptr(ptr, device_num) bind(c)
          use, intrinsic :: iso_c_binding, only: c_ptr, c_int
          integer(c_int) :: omp_target_disassociate_ptr
          type(c_ptr), value :: ptr
          integer(c_int), value :: device_num
        end function omp_target_disassociate_ptr

        function omp_get_mapped_ptr(ptr, device_num) bind(c)
          use, intrinsic :: iso_c_binding, only: c_ptr, c_int
          type(c_ptr) :: omp_get_mapped_ptr
          type(c_ptr), value :: ptr
          integer(c_int), value :: device_num
        end function omp_get_mapped_ptr
      end interface
