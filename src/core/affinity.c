/* Minimal affinity: no places are defined yet, so no thread is bound. The place
 * list, the proc_bind policies and binding are the affinity work item. */
#include "affinity.h"

void glass_affinity_place_team(struct glass_team *team) { (void)team; }
void glass_affinity_apply(struct glass_thread *self) { (void)self; }
void glass_affinity_init(void) {}
