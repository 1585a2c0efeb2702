/* The show and change functions the settings table (env.c) names: one of each
 * per setting that is displayed (settings_show.c) or that kmp_set_defaults may
 * change (settings_change.c). See settings.h for their contracts. */
#ifndef GLASS_CORE_SETTINGS_PARTS_H
#define GLASS_CORE_SETTINGS_PARTS_H

#include "settings.h"

#define GLASS_SHOW(name) bool glass_show_##name(struct glass_text *value, const struct glass_icvs *icv);
#define GLASS_CHANGE(name) bool glass_change_##name(const char *value);

GLASS_SHOW(openmp)
GLASS_SHOW(dynamic)
GLASS_SHOW(nested)
GLASS_SHOW(num_threads)
GLASS_SHOW(schedule)
GLASS_SHOW(proc_bind)
GLASS_SHOW(places)
GLASS_SHOW(stacksize)
GLASS_SHOW(wait_policy)
GLASS_SHOW(thread_limit)
GLASS_SHOW(max_active_levels)
GLASS_SHOW(num_teams)
GLASS_SHOW(teams_thread_limit)
GLASS_SHOW(cancellation)
GLASS_SHOW(default_device)
GLASS_SHOW(max_task_priority)
GLASS_SHOW(display_affinity)
GLASS_SHOW(affinity_format)
GLASS_SHOW(allocator)
GLASS_SHOW(target_offload)
GLASS_SHOW(debug)
GLASS_SHOW(spin_count)
GLASS_SHOW(num_procs)
GLASS_SHOW(barrier)
GLASS_SHOW(barrier_fanout)
GLASS_SHOW(version)
#ifdef GLASS_TEST_SETTING
GLASS_SHOW(test_setting)
#endif

GLASS_CHANGE(num_threads)
GLASS_CHANGE(dynamic)
GLASS_CHANGE(nested)
GLASS_CHANGE(max_active_levels)
GLASS_CHANGE(schedule)
GLASS_CHANGE(stacksize)
#ifdef GLASS_TEST_SETTING
GLASS_CHANGE(test_setting)
#endif

#undef GLASS_SHOW
#undef GLASS_CHANGE

#endif
