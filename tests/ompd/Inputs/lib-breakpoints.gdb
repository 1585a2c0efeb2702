# Counts the OMPD breakpoint functions' hits (tests/ompd/lib-breakpoints.c).
dprintf ompd_bp_parallel_begin,"bp parallel_begin\n"
dprintf ompd_bp_parallel_end,"bp parallel_end\n"
dprintf ompd_bp_task_begin,"bp task_begin\n"
dprintf ompd_bp_task_end,"bp task_end\n"
dprintf ompd_bp_thread_begin,"bp thread_begin\n"
dprintf ompd_bp_thread_end,"bp thread_end\n"
dprintf ompd_bp_device_begin,"bp device_begin\n"
dprintf ompd_bp_device_end,"bp device_end\n"
run
