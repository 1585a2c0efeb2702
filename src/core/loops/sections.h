/* The sections construct: each structured block runs once, handed out to the
 * team's threads like the iterations of a dynamic loop with chunks of one. */
#ifndef GLASS_CORE_SECTIONS_H
#define GLASS_CORE_SECTIONS_H

#include <stddef.h>

struct glass_thread;
struct glass_team;

/* Enter a sections construct of `count` sections and get the first section
 * for the calling thread (1-based, 0: none left). `mem`, when not NULL,
 * receives team-shared zeroed scratch of mem_size bytes. `codeptr` is the
 * user's call site (OMPT work and section dispatch events; NULL: unknown). */
unsigned glass_sections_start(struct glass_thread *self, unsigned count, size_t mem_size, void **mem,
                              const void *codeptr);
unsigned glass_sections_next(struct glass_thread *self, const void *codeptr);

/* Combined parallel sections: set up the team's first construct. */
void glass_sections_prepare(struct glass_team *team, unsigned count);

#endif
