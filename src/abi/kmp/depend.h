/* Clang's description of one dependence (libomp's kmp_depend_info): the
 * depend clauses of a task, taskwait or target task come as arrays of them,
 * and a depobj is a pointer to such an array (depobj.c). */
#ifndef GLASS_ABI_KMP_DEPEND_H
#define GLASS_ABI_KMP_DEPEND_H

#include <stddef.h>
#include <stdint.h>

#include "../../core/tasks/tasking.h"

struct kmp_depend_info {
    intptr_t base_addr;
    size_t len;
    uint8_t flags;
};

/* The item's dependence type in the core's terms. */
enum glass_depend_kind kmp_depend_kind(const struct kmp_depend_info *item);

/* __kmpc_alloc / __kmpc_free (alloc.c) tell the depobj registry about the
 * blocks that may be depobj arrays (depobj.c). */
void kmp_depobj_note_alloc(void *block, size_t size, uintptr_t allocator);
void kmp_depobj_note_free(void *block);

#endif
