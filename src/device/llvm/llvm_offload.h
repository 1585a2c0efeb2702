/* LLVM's offload library (libomptarget), when the program loaded it: a
 * clang program built with -fopenmp-targets=... calls libomptarget directly
 * for its target constructs and device memory routines, and libomptarget
 * numbers the devices. The routines that answer for the host runtime
 * (omp_get_num_devices, omp_get_initial_device, omp_get_device_num) must then
 * give libomptarget's numbering, as LLVM's own libomp does. */
#ifndef GLASS_DEVICE_LLVM_OFFLOAD_H
#define GLASS_DEVICE_LLVM_OFFLOAD_H

#include <stdbool.h>

/* Whether libomptarget was loaded when this was first asked (looked up once;
 * a libomptarget dlopen'ed later is not seen). */
bool glass_llvm_offload_present(void);
/* libomptarget's device count: the devices it has registered so far (0
 * without libomptarget). While the runtime loads or unloads, the last count
 * it gave (0 before any): libomptarget may not be set up yet, or gone. */
int glass_llvm_offload_num_devices(void);

/* Asynchronous target tasks (libomptarget 18 and later): a target task's
 * body may leave its operations running and an async handle in the task;
 * the task is then done only when __tgt_target_nowait_query, asked until
 * it clears the handle, says so. Whether this libomptarget offers that: */
bool glass_llvm_offload_can_query(void);
/* Asks once whether the operations behind `*handle` are done (then it is
 * set to NULL). Only when glass_llvm_offload_can_query(). */
void glass_llvm_offload_query(void **handle);

#endif
