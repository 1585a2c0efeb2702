/* The runtime is built with hidden visibility; only what this macro marks (and
 * the version script names) is visible to programs. */
#ifndef GLASS_CORE_EXPORT_H
#define GLASS_CORE_EXPORT_H

#define GLASS_EXPORT __attribute__((visibility("default")))

/* For extern declarations of the runtime's own hot data: -fvisibility=hidden
 * applies to definitions only, and without this every access to a flag
 * declared elsewhere goes through the GOT (one more instruction on each
 * event point). */
#define GLASS_INTERNAL __attribute__((visibility("hidden")))

#endif
