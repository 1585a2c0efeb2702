/* Names for the numbers glass check's messages carry: thread states, sync
 * region, work and mutex kinds (from <omp-tools.h>), and the checklist tags
 * its rules cite (C-01, E-13, ...), each with a line saying what it is. */
#ifndef GLASS_CHECK_NAMES_H
#define GLASS_CHECK_NAMES_H

#include <stddef.h>
#include <stdio.h>

/* "ompt_state_work_parallel"; "an unknown state" for a value not in 5.1. */
const char *check_state_name(int state);
/* "barrier_implicit_parallel", "loop", "critical"; "unknown" otherwise. */
const char *check_sync_kind_name(int kind);
const char *check_work_kind_name(int kind);
const char *check_mutex_kind_name(int kind);

/* What a checklist tag stands for, or NULL for an unknown tag. */
const char *check_tag_meaning(const char *tag);

/* Writes "    TAG: meaning" for each tag in `text`, once each. */
void check_explain_tags(FILE *out, const char *text);

#endif
