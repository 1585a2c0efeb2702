/* The runtime is built with hidden visibility; only what this macro marks (and
 * the version script names) is visible to programs. */
#ifndef GLASS_CORE_EXPORT_H
#define GLASS_CORE_EXPORT_H

#define GLASS_EXPORT __attribute__((visibility("default")))

#endif
