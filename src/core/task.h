/* A task: the implicit task of each thread in a team, the initial task, and (with
 * tasking) explicit tasks. Holds the data-environment ICVs and what OMPT and
 * OMPD read about the task. */
#ifndef GLASS_CORE_TASK_H
#define GLASS_CORE_TASK_H

#include <stdint.h>

#include "../ompt/hooks.h"
#include "icv.h"

struct glass_team;

/* Values of ompt_task_flag_t, so OMPT reports them unchanged. */
enum glass_task_flag {
    GLASS_TASK_INITIAL = 0x1,
    GLASS_TASK_IMPLICIT = 0x2,
    GLASS_TASK_EXPLICIT = 0x4,
    GLASS_TASK_TARGET = 0x8,
    GLASS_TASK_UNDEFERRED = 0x08000000,
    GLASS_TASK_UNTIED = 0x10000000,
    GLASS_TASK_FINAL = 0x20000000,
    GLASS_TASK_MERGEABLE = 0x40000000,
    GLASS_TASK_MERGED = (int)0x80000000u,
};

struct glass_task {
    struct glass_task *parent;  /* generating task; for an implicit task the encountering task */
    struct glass_team *team;    /* team the task binds to */
    struct glass_icvs icv;
    unsigned flags;             /* enum glass_task_flag */
    unsigned thread_num;        /* number of the executing thread in `team` */
    unsigned long ws_count;     /* worksharing constructs this implicit task has met */
    unsigned long single_count; /* single constructs this implicit task has met */
    glass_tool_data tool_data;  /* ompt_data_t of the task */
    struct glass_frame frame;   /* ompt_frame_t of the task */
};

#endif
