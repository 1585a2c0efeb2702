/* What a test program linked with target_tool.c tells the tool. */
#ifndef TARGET_TOOL_H
#define TARGET_TOOL_H

#include <stddef.h>

/* The program's array `name` is [host, host + bytes): events on it name it. */
void target_tool_name(const void *host, size_t bytes, const char *name);
/* A "mark: what" line among the tool's, to place the events. */
void target_tool_mark(const char *what);

#endif
