/* Displaying thread affinity: omp_capture_affinity, omp_display_affinity
 * (OpenMP 5.1, 3.3.10-3.3.11) and OMP_DISPLAY_AFFINITY (6.13), over the
 * format of affinity_format.c.
 *
 * OMP_DISPLAY_AFFINITY: every thread of a parallel region, a team of one
 * included, shows its line when the region begins if what the fields show
 * changed for any thread of the team since that thread last showed it; then
 * all of them show theirs (6.13). The master decides for the whole team before
 * any worker starts (glass_affinity_note_member), so no thread reads another's
 * state while that one runs.
 *
 * Lines go to stdout, as libomp writes them (libgomp writes to stderr; the
 * specification names no stream), one write each so that the lines of several
 * threads do not interleave. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "affinity.h"
#include "affinity_format.h"
#include "../globals.h"
#include "places.h"
#include "../tasks/tasking.h"
#include "../threads/team.h"

/* The processors the calling thread may run on: its place, or its CPU mask
 * when it is not bound. */
static void describe_affinity(struct glass_thread *self, char *buffer, size_t size)
{
    const int *cpus;
    unsigned count = self->place >= 0 ? glass_place_cpus((unsigned)self->place, &cpus) : 0;
    if (count) {
        glass_format_cpu_list(buffer, size, cpus, count);
        return;
    }
    struct glass_cpu_mask mask;
    buffer[0] = '\0';
    if (!glass_cpu_mask_read(&mask))
        return;
    int *list = malloc(((size_t)mask.max_cpu + 1) * sizeof *list);
    if (list) {
        unsigned n = 0;
        for (int cpu = 0; cpu <= mask.max_cpu; cpu++)
            if (CPU_ISSET_S((size_t)cpu, mask.size, mask.set))
                list[n++] = cpu;
        glass_format_cpu_list(buffer, size, list, n);
        free(list);
    }
    CPU_FREE(mask.set);
}

/* The fields that change between regions, for member `num` of `team`, whose
 * encountering thread is `encountering` (the league is the same for all). */
static struct glass_affinity_shown fields_of(struct glass_thread *encountering,
                                             const struct glass_team *team, unsigned num, int place)
{
    return (struct glass_affinity_shown){
        .valid = true,
        .team_num = (int)glass_league_num(encountering),
        .num_teams = (int)glass_league_size(encountering),
        .level = (int)team->level,
        .thread_num = (int)num,
        .num_threads = (int)team->nthreads,
        /* omp_get_ancestor_thread_num(omp_get_level() - 1): -1 outside any region. */
        .ancestor_thread_num = team->level > 0 ? (int)team->parent_thread_num : -1,
        .place = place,
    };
}

static void collect(struct glass_thread *self, const struct glass_team *team, unsigned num,
                    struct glass_affinity_info *info, char *host, size_t host_size, char *affinity,
                    size_t affinity_size)
{
    if (gethostname(host, host_size) != 0)
        host[0] = '\0';
    host[host_size - 1] = '\0';
    describe_affinity(self, affinity, affinity_size);
    struct glass_affinity_shown fields = fields_of(self, team, num, self->place);
    *info = (struct glass_affinity_info){
        .team_num = fields.team_num,
        .num_teams = fields.num_teams,
        .level = fields.level,
        .thread_num = fields.thread_num,
        .num_threads = fields.num_threads,
        .ancestor_thread_num = fields.ancestor_thread_num,
        .process_id = (long)getpid(),
        .native_thread_id = (long)gettid(),
        .host = host,
        .affinity = affinity,
    };
}

/* A NULL or empty format means affinity-format-var (3.3.10, 3.3.11). */
static const char *chosen_format(const char *format)
{
    return format && *format ? format : glass_globals.affinity_format;
}

static size_t capture(struct glass_thread *self, const struct glass_team *team, unsigned num,
                      char *buffer, size_t size, const char *format)
{
    struct glass_affinity_info info;
    char host[256], affinity[4096];
    collect(self, team, num, &info, host, sizeof host, affinity, sizeof affinity);
    return glass_affinity_format(buffer, size, chosen_format(format), &info);
}

size_t glass_capture_affinity(struct glass_thread *self, char *buffer, size_t size,
                              const char *format)
{
    return capture(self, self->team, self->num, buffer, size, format);
}

static void display(struct glass_thread *self, const struct glass_team *team, unsigned num,
                    const char *format)
{
    char line[1024];
    size_t len = capture(self, team, num, line, sizeof line - 1, format);
    char *text = line;
    if (len >= sizeof line - 1) {
        text = malloc(len + 2);
        if (!text)
            return;
        capture(self, team, num, text, len + 1, format);
    }
    text[len] = '\n';
    fwrite(text, 1, len + 1, stdout);
    fflush(stdout);
    if (text != line)
        free(text);
}

void glass_display_affinity(struct glass_thread *self, const char *format)
{
    display(self, self->team, self->num, format);
}

static bool same_fields(const struct glass_affinity_shown *a, const struct glass_affinity_shown *b)
{
    return a->valid == b->valid && a->team_num == b->team_num && a->num_teams == b->num_teams &&
           a->level == b->level && a->thread_num == b->thread_num &&
           a->num_threads == b->num_threads && a->ancestor_thread_num == b->ancestor_thread_num &&
           a->place == b->place;
}

bool glass_affinity_note_member(struct glass_thread *encountering, const struct glass_team *team,
                                unsigned num, int place)
{
    struct glass_thread *member = team->members[num];
    struct glass_affinity_shown now = fields_of(encountering, team, num, place);
    if (same_fields(&member->affinity_shown, &now))
        return false;
    member->affinity_shown = now;
    return true;
}

void glass_display_affinity_in(struct glass_thread *self, const struct glass_team *team, unsigned num)
{
    display(self, team, num, NULL);
}
