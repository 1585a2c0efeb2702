# LLVM's gdb OMPD plugin on a live run of plugin.c, stopped in the final task
# (plugin*.test). `ompd init` starts the program (its breakpoint on
# ompd_bp_thread_begin registers each thread as it starts).
set confirm off
set pagination off
set width 0
ompd init
break plugin_stop
continue
echo == threads\n
ompd threads
echo == parallel\n
ompd parallel
echo == icvs\n
ompd icvs
echo == frames\n
check-task-frames
echo == bt\n
ompd bt on
bt
echo == bt all\n
thread apply all bt
echo == bt continued\n
ompd bt on continued
thread apply all bt
ompd bt off
echo == api\n
ompdtestapi ompd_get_thread_handle
ompdtestapi ompd_get_curr_parallel_handle
ompdtestapi ompd_get_thread_in_parallel
ompdtestapi ompd_get_thread_id
ompdtestapi ompd_get_enclosing_parallel_handle
ompdtestapi ompd_parallel_handle_compare
ompdtestapi ompd_get_omp_version
ompdtestapi ompd_get_omp_version_string
ompdtestapi ompd_get_curr_task_handle
ompdtestapi ompd_get_task_parallel_handle
ompdtestapi ompd_get_generating_task_handle
ompdtestapi ompd_get_scheduling_task_handle
ompdtestapi ompd_get_task_in_parallel
ompdtestapi ompd_task_handle_compare
ompdtestapi ompd_get_task_function
ompdtestapi ompd_get_task_frame
ompdtestapi ompd_get_state
ompdtestapi ompd_get_display_control_vars
ompdtestapi ompd_get_icv_string_from_scope
echo == end\n
