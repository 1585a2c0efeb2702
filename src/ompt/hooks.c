#include "hooks.h"

/* Stays false until tool discovery (issue "OMPT") finds a tool. */
bool glass_ompt_active;
