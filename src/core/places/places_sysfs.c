/* The abstract place names (threads, cores, ll_caches, numa_domains, sockets)
 * from the CPU topology Linux publishes in sysfs. Each processor the process
 * may use belongs to exactly one place; places are ordered by their lowest
 * processor, and with `threads` the hardware threads of one core are adjacent
 * so that the close policy fills a core before moving on. Where sysfs says
 * nothing, a processor is its own core and all processors share one socket. */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "places.h"

#define SYSFS_CPU "/sys/devices/system/cpu"

/* Marks in `group` every CPU (<= max_cpu) of a sysfs list such as "0-3,8". */
static bool read_cpu_list(const char *path, unsigned char *group, int max_cpu)
{
    FILE *file = fopen(path, "r");
    if (!file)
        return false;
    char text[4096];
    bool ok = fgets(text, sizeof text, file) != NULL;
    fclose(file);
    if (!ok)
        return false;
    const char *p = text;
    while (isdigit((unsigned char)*p)) {
        char *end;
        long low = strtol(p, &end, 10), high = low;
        p = end;
        if (*p == '-') {
            high = strtol(p + 1, &end, 10);
            p = end;
        }
        for (long cpu = low; cpu <= high && cpu <= max_cpu; cpu++)
            if (cpu >= 0)
                group[cpu] = 1;
        if (*p == ',')
            p++;
    }
    return true;
}

/* Highest-level data or unified cache of `cpu`: its shared_cpu_list. */
static bool read_last_level_cache(int cpu, unsigned char *group, int max_cpu)
{
    char path[128];
    int best_level = -1, best_index = -1;
    for (int index = 0; index < 16; index++) {
        snprintf(path, sizeof path, SYSFS_CPU "/cpu%d/cache/index%d/type", cpu, index);
        FILE *file = fopen(path, "r");
        if (!file)
            break;
        char type[32] = "";
        if (!fgets(type, sizeof type, file))
            type[0] = '\0';
        fclose(file);
        if (strncmp(type, "Instruction", 11) == 0)
            continue;
        snprintf(path, sizeof path, SYSFS_CPU "/cpu%d/cache/index%d/level", cpu, index);
        file = fopen(path, "r");
        int level = -1;
        if (file) {
            if (fscanf(file, "%d", &level) != 1)
                level = -1;
            fclose(file);
        }
        if (level > best_level) {
            best_level = level;
            best_index = index;
        }
    }
    if (best_index < 0)
        return false;
    snprintf(path, sizeof path, SYSFS_CPU "/cpu%d/cache/index%d/shared_cpu_list", cpu, best_index);
    return read_cpu_list(path, group, max_cpu);
}

/* The NUMA node of `cpu` appears as a "nodeN" entry in its sysfs directory. */
static bool read_numa_node(int cpu, unsigned char *group, int max_cpu)
{
    char path[128];
    snprintf(path, sizeof path, SYSFS_CPU "/cpu%d", cpu);
    DIR *dir = opendir(path);
    if (!dir)
        return false;
    int node = -1;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL)
        if (strncmp(entry->d_name, "node", 4) == 0 && isdigit((unsigned char)entry->d_name[4]))
            node = atoi(entry->d_name + 4);
    closedir(dir);
    if (node < 0)
        return false;
    snprintf(path, sizeof path, "/sys/devices/system/node/node%d/cpulist", node);
    return read_cpu_list(path, group, max_cpu);
}

/* Marks the CPUs that share `cpu`'s place of the given kind. */
static void read_group(enum glass_places_kind kind, int cpu, unsigned char *group, int max_cpu)
{
    char path[128];
    bool found = false;
    switch (kind) {
    case GLASS_PLACES_THREADS:
    case GLASS_PLACES_CORES:
        snprintf(path, sizeof path, SYSFS_CPU "/cpu%d/topology/core_cpus_list", cpu);
        found = read_cpu_list(path, group, max_cpu);
        if (!found) {
            snprintf(path, sizeof path, SYSFS_CPU "/cpu%d/topology/thread_siblings_list", cpu);
            found = read_cpu_list(path, group, max_cpu);
        }
        break;
    case GLASS_PLACES_SOCKETS:
        snprintf(path, sizeof path, SYSFS_CPU "/cpu%d/topology/package_cpus_list", cpu);
        found = read_cpu_list(path, group, max_cpu);
        if (!found) {
            snprintf(path, sizeof path, SYSFS_CPU "/cpu%d/topology/core_siblings_list", cpu);
            found = read_cpu_list(path, group, max_cpu);
        }
        if (!found)
            memset(group, 1, (size_t)max_cpu + 1);
        break;
    case GLASS_PLACES_LL_CACHES:
        found = read_last_level_cache(cpu, group, max_cpu);
        break;
    case GLASS_PLACES_NUMA_DOMAINS:
        found = read_numa_node(cpu, group, max_cpu);
        if (!found)
            memset(group, 1, (size_t)max_cpu + 1);
        break;
    case GLASS_PLACES_EXPLICIT:
        break;
    }
    group[cpu] = 1;
}

bool glass_places_from_topology(enum glass_places_kind kind, unsigned count,
                                const struct glass_cpu_mask *mask, struct glass_places_spec *spec)
{
    int max_cpu = mask->max_cpu;
    unsigned ncpus = (unsigned)CPU_COUNT_S(mask->size, mask->set);
    unsigned char *assigned = calloc((size_t)max_cpu + 1, 1);
    unsigned char *group = malloc((size_t)max_cpu + 1);
    unsigned *first = malloc((ncpus + 1) * sizeof *first);
    unsigned *cpus = malloc((ncpus ? ncpus : 1) * sizeof *cpus);
    if (!assigned || !group || !first || !cpus) {
        free(assigned);
        free(group);
        free(first);
        free(cpus);
        return false;
    }
    unsigned nplaces = 0, used = 0;
    for (int cpu = 0; cpu <= max_cpu && (count == 0 || nplaces < count); cpu++) {
        if (!CPU_ISSET_S((size_t)cpu, mask->size, mask->set) || assigned[cpu])
            continue;
        memset(group, 0, (size_t)max_cpu + 1);
        read_group(kind, cpu, group, max_cpu);
        bool one_per_cpu = kind == GLASS_PLACES_THREADS;
        if (!one_per_cpu)
            first[nplaces++] = used;
        for (int member = 0; member <= max_cpu; member++) {
            if (!group[member] || assigned[member] || !CPU_ISSET_S((size_t)member, mask->size, mask->set))
                continue;
            if (one_per_cpu) {
                if (count && nplaces == count)
                    break;
                first[nplaces++] = used;
            }
            assigned[member] = 1;
            cpus[used++] = (unsigned)member;
        }
    }
    first[nplaces] = used;
    free(assigned);
    free(group);
    *spec = (struct glass_places_spec){
        .kind = GLASS_PLACES_EXPLICIT, .nplaces = nplaces, .first = first, .cpus = cpus};
    return true;
}
