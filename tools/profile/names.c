/* Names of call sites in the profile. Two constructs are two lines however
 * the line table names them: gcc -O2 can give two call sites one source line
 * (and a macro can put two constructs on one). Sites that share
 * "file.c:line (function)" are told apart by the column and discriminator,
 * and where those are missing or equal too, by their number among the
 * sites of that name, in address order, with the address. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"

struct site {
    const void *codeptr;
    char plain[256];
    char name[320];
};

static struct site *sites;
static size_t site_count, site_size;
static int named; /* the names are made: later sites are named on their own */

static struct site *find(const void *codeptr)
{
    for (size_t i = 0; i < site_count; i++)
        if (sites[i].codeptr == codeptr)
            return &sites[i];
    return NULL;
}

void profile_names_add(const void *codeptr)
{
    if (find(codeptr))
        return;
    if (site_count == site_size) {
        site_size = site_size ? 2 * site_size : 64;
        struct site *grown = realloc(sites, site_size * sizeof *grown);
        if (!grown)
            abort();
        sites = grown;
    }
    struct site *s = &sites[site_count++];
    s->codeptr = codeptr;
    tool_symbolize(codeptr, s->plain, sizeof s->plain);
    snprintf(s->name, sizeof s->name, "%s", s->plain);
    if (named) /* it may share a name now: say where it is */
        for (size_t i = 0; i + 1 < site_count; i++)
            if (!strcmp(sites[i].plain, s->plain)) {
                tool_symbolize_detailed(codeptr, s->name, sizeof s->name, 1);
                snprintf(s->name + strlen(s->name), sizeof s->name - strlen(s->name), " [call site %p]", codeptr);
                break;
            }
}

static int by_address(const void *a, const void *b)
{
    const struct site *x = *(const struct site *const *)a, *y = *(const struct site *const *)b;
    return (uintptr_t)x->codeptr < (uintptr_t)y->codeptr ? -1 : (uintptr_t)x->codeptr > (uintptr_t)y->codeptr;
}

/* Gives every group of sites that share a plain name its detailed names,
 * then numbers the ones still equal. */
static void make_names(void)
{
    named = 1;
    struct site **group = malloc((site_count ? site_count : 1) * sizeof *group);
    if (!group)
        abort();
    for (size_t i = 0; i < site_count; i++) {
        size_t n = 0;
        for (size_t k = 0; k < site_count; k++)
            if (!strcmp(sites[k].plain, sites[i].plain))
                group[n++] = &sites[k];
        if (n < 2 || group[0] != &sites[i])
            continue; /* alone, or the group was done at its first site */
        qsort(group, n, sizeof *group, by_address);
        for (size_t k = 0; k < n; k++)
            tool_symbolize_detailed(group[k]->codeptr, group[k]->name, sizeof group[k]->name, 1);
        /* Numbered by the detailed names alone, before any gets its number. */
        size_t *same = calloc(n, sizeof *same), *number = calloc(n, sizeof *number);
        if (!same || !number)
            abort();
        for (size_t k = 0; k < n; k++)
            for (size_t j = 0; j < n; j++)
                if (!strcmp(group[j]->name, group[k]->name)) {
                    same[k]++;
                    if (j <= k)
                        number[k]++;
                }
        for (size_t k = 0; k < n; k++) {
            if (same[k] < 2)
                continue;
            size_t used = strlen(group[k]->name);
            snprintf(group[k]->name + used, sizeof group[k]->name - used, " [call site %zu of %zu, %p]", number[k],
                     same[k], group[k]->codeptr);
        }
        free(same);
        free(number);
    }
    free(group);
}

const char *profile_name(const void *codeptr)
{
    if (!named)
        make_names();
    struct site *s = find(codeptr);
    if (!s) {
        profile_names_add(codeptr);
        s = find(codeptr);
    }
    return s->name;
}

void profile_names_end(void)
{
    free(sites);
    sites = NULL;
    site_count = site_size = 0;
    named = 0;
}
