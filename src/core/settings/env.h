/* What the environment parser hands on to the rest of initialization, and the
 * OMP_DISPLAY_ENV report (OpenMP 5.1, 6.12). */
#ifndef GLASS_CORE_ENV_H
#define GLASS_CORE_ENV_H

#include <stdbool.h>
#include <stdint.h>

#include "../places/places_parse.h"

/* The parsed OMP_PLACES, or NULL when it is unset or was invalid; *text
 * receives its value (for messages). Valid until glass_env_places_release. */
const struct glass_places_spec *glass_env_places(const char **text);
void glass_env_places_release(void);

/* Prints the device ICVs and the data-environment ICVs `icv` to stderr
 * between the BEGIN/END lines the specification gives; `verbose` adds the
 * Glass-specific settings. */
struct glass_icvs;
void glass_display_env(const struct glass_icvs *icv, bool verbose);

/* Name of a predefined allocator handle (1..8), NULL for any other. */
const char *glass_allocator_name(uintptr_t handle);

/* Spin count OMP_WAIT_POLICY=active stands for when GOMP_SPINCOUNT is unset
 * (libgomp's value: long enough to never sleep in practice). */
#define GLASS_SPIN_COUNT_ACTIVE 30000000000ULL
#define GLASS_SPIN_COUNT_DEFAULT 300000ULL

#endif
