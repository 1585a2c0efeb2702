/* `glass profile --html FILE`: the report as one self-contained HTML page (no
 * scripts, fonts or links to fetch): the text report, an SVG timeline with a
 * row per thread coloured by what the thread did, and per parallel region a
 * bar per thread splitting its time into work / barrier / lock / task / idle. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "profile.h"

#define TIMELINE_WIDTH 1000 /* pixel columns of the timeline */
#define LABEL_WIDTH 110
#define ROW_HEIGHT 18
#define BAR_WIDTH 600

static const char *const activity_class[ACT_COUNT] = {"idle", "serial", "work", "barrier", "lock", "task"};

static const char style[] =
    "body{font-family:sans-serif;margin:1.5em;color:#222}pre{background:#f6f6f6;padding:1em;overflow:auto}"
    "svg text{font-size:12px}.work{fill:#4caf50}.barrier{fill:#ff9800}.lock{fill:#e53935}.task{fill:#1e88e5}"
    ".idle{fill:#e0e0e0}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em}"
    "td{text-align:right}.legend span{display:inline-block;width:1em;height:1em;margin:0 .3em 0 1em;"
    "vertical-align:middle}";

static void escaped(FILE *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*s, out);
        }
    }
}

/* ---- the timeline ---- */

/* The activity that held most of each pixel column of one thread's row, or
 * ACT_IDLE where the thread was mostly outside work. */
static void columns_of(const struct profile_thread *t, uint64_t start, uint64_t span, enum profile_activity *column)
{
    static uint64_t ns[TIMELINE_WIDTH][ACT_COUNT];
    memset(ns, 0, sizeof ns);
    double per_column = (double)span / TIMELINE_WIDTH;
    for (unsigned s = 0; s < t->segment_count; s++) {
        const struct profile_segment *seg = &t->segments[s];
        if (seg->end <= start)
            continue;
        uint64_t from = seg->start > start ? seg->start - start : 0, to = seg->end - start;
        unsigned first = (unsigned)((double)from / per_column), last = (unsigned)((double)to / per_column);
        for (unsigned c = first; c <= last && c < TIMELINE_WIDTH; c++) {
            uint64_t lo = (uint64_t)(c * per_column), hi = (uint64_t)((c + 1) * per_column);
            uint64_t a = from > lo ? from : lo, b = to < hi ? to : hi;
            if (b > a)
                ns[c][seg->activity] += b - a;
        }
    }
    for (unsigned c = 0; c < TIMELINE_WIDTH; c++) {
        enum profile_activity best = ACT_IDLE;
        uint64_t busy = 0, best_ns = 0;
        for (int a = ACT_WORK; a < ACT_COUNT; a++) {
            busy += ns[c][a];
            if (ns[c][a] > best_ns) {
                best = (enum profile_activity)a;
                best_ns = ns[c][a];
            }
        }
        column[c] = 2 * busy >= (uint64_t)per_column ? best : ACT_IDLE;
    }
}

static void timeline(FILE *out, unsigned threads, uint64_t end)
{
    uint64_t span = end > profile_start_ns ? end - profile_start_ns : 1;
    unsigned height = threads * (ROW_HEIGHT + 4) + 24;
    fprintf(out, "<svg id=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%u\">\n",
            LABEL_WIDTH + TIMELINE_WIDTH + 10, height);
    enum profile_activity column[TIMELINE_WIDTH];
    uint64_t dropped = 0;
    for (unsigned i = 0; i < threads; i++) {
        const struct profile_thread *t = profile_threads[i];
        if (!t)
            continue;
        dropped += t->segments_dropped;
        unsigned y = i * (ROW_HEIGHT + 4);
        fprintf(out, "<g class=\"thread-row\" data-thread=\"%u\"><text x=\"0\" y=\"%u\">thread %u%s</text>\n", t->number,
                y + ROW_HEIGHT - 5, t->number, t->initial ? " (initial)" : "");
        fprintf(out, "<rect class=\"idle\" x=\"%d\" y=\"%u\" width=\"%d\" height=\"%d\"/>\n", LABEL_WIDTH, y,
                TIMELINE_WIDTH, ROW_HEIGHT);
        columns_of(t, profile_start_ns, span, column);
        for (unsigned c = 0; c < TIMELINE_WIDTH;) {
            unsigned run = c;
            while (run < TIMELINE_WIDTH && column[run] == column[c])
                run++;
            if (column[c] != ACT_IDLE)
                fprintf(out, "<rect class=\"%s\" x=\"%u\" y=\"%u\" width=\"%u\" height=\"%d\"/>\n",
                        activity_class[column[c]], LABEL_WIDTH + c, y, run - c, ROW_HEIGHT);
            c = run;
        }
        fputs("</g>\n", out);
    }
    /* Each time label sits where its time is drawn: the first starts there,
     * the last ends there (so it stays inside the svg), the others centre on it. */
    unsigned axis = threads * (ROW_HEIGHT + 4) + 14;
    static const char *const anchor[] = {"start", "middle", "middle", "middle", "end"};
    for (int tick = 0; tick <= 4; tick++)
        fprintf(out, "<text x=\"%d\" y=\"%u\" text-anchor=\"%s\">%.3f s</text>\n",
                LABEL_WIDTH + tick * TIMELINE_WIDTH / 4, axis, anchor[tick], (double)span / 1e9 * tick / 4);
    fputs("</svg>\n", out);
    if (dropped)
        fprintf(out, "<p>(the timeline keeps %d changes per thread: %llu later ones are not drawn)</p>\n",
                PROFILE_SEGMENTS, (unsigned long long)dropped);
}

/* ---- per-region bars ---- */

struct html_region {
    char where[256];
    uint64_t calls, total_ns;
    unsigned indices;
    uint64_t (*ns)[ACT_COUNT]; /* per thread index */
};

static struct html_region *regions_by_location(unsigned threads, size_t *count)
{
    struct html_region *all = NULL;
    *count = 0;
    for (unsigned i = 0; i < threads; i++) {
        const struct profile_thread *t = profile_threads[i];
        for (unsigned s = 0; t && s < PROFILE_REGION_SLOTS; s++) {
            const struct region_slot *slot = &t->regions[s];
            if (!slot->codeptr)
                continue;
            char where[256];
            tool_symbolize(slot->codeptr, where, sizeof where);
            size_t k = 0;
            while (k < *count && strcmp(all[k].where, where))
                k++;
            if (k == *count) {
                struct html_region *grown = realloc(all, (*count + 1) * sizeof *all);
                if (!grown)
                    abort();
                all = grown;
                memset(&all[k], 0, sizeof all[k]);
                snprintf(all[k].where, sizeof all[k].where, "%s", where);
                (*count)++;
            }
            struct html_region *r = &all[k];
            r->calls += slot->calls;
            r->total_ns += slot->total_ns;
            if (slot->index >= r->indices) {
                uint64_t(*grown)[ACT_COUNT] = realloc(r->ns, (slot->index + 1) * sizeof *grown);
                if (!grown)
                    abort();
                memset(grown + r->indices, 0, (slot->index + 1 - r->indices) * sizeof *grown);
                r->ns = grown;
                r->indices = slot->index + 1;
            }
            for (int a = 0; a < ACT_COUNT; a++)
                r->ns[slot->index][a] += slot->ns[a];
        }
    }
    return all;
}

static int by_total(const void *a, const void *b)
{
    const struct html_region *x = a, *y = b;
    return (x->total_ns < y->total_ns) - (x->total_ns > y->total_ns);
}

static void region_bars(FILE *out, const struct html_region *r, size_t rank)
{
    fputs("<h3>", out);
    fprintf(out, "#%zu ", rank);
    escaped(out, r->where);
    fprintf(out, "</h3>\n<p>calls=%llu total=%.3f s</p>\n", (unsigned long long)r->calls, (double)r->total_ns / 1e9);
    fprintf(out, "<svg class=\"region-bars\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%u\">\n",
            LABEL_WIDTH + BAR_WIDTH + 10, r->indices * (ROW_HEIGHT + 4));
    static const enum profile_activity shown[] = {ACT_WORK, ACT_BARRIER, ACT_LOCK, ACT_TASK};
    for (unsigned i = 0; i < r->indices; i++) {
        unsigned y = i * (ROW_HEIGHT + 4);
        uint64_t busy = 0;
        for (size_t k = 0; k < sizeof shown / sizeof *shown; k++)
            busy += r->ns[i][shown[k]];
        uint64_t whole = r->total_ns > busy ? r->total_ns : busy;
        fprintf(out, "<g class=\"bar\" data-thread=\"%u\"><text x=\"0\" y=\"%u\">thread %u</text>\n", i,
                y + ROW_HEIGHT - 5, i);
        double x = LABEL_WIDTH;
        for (size_t k = 0; k <= sizeof shown / sizeof *shown; k++) {
            int idle = k == sizeof shown / sizeof *shown;
            uint64_t ns = idle ? whole - busy : r->ns[i][shown[k]];
            double width = whole ? (double)BAR_WIDTH * (double)ns / (double)whole : 0.0;
            fprintf(out,
                    "<rect class=\"%s\" x=\"%.1f\" y=\"%u\" width=\"%.1f\" height=\"%d\"><title>thread %u %s "
                    "%.3f ms</title></rect>\n",
                    idle ? "idle" : activity_class[shown[k]], x, y, width, ROW_HEIGHT, i,
                    idle ? "idle" : activity_class[shown[k]], (double)ns / 1e6);
            x += width;
        }
        fputs("</g>\n", out);
    }
    fputs("</svg>\n", out);
}

int profile_report_html(const char *path, const char *text)
{
    FILE *out = fopen(path, "w");
    if (!out)
        return -1;
    unsigned threads = profile_thread_count < PROFILE_MAX_THREADS ? profile_thread_count : PROFILE_MAX_THREADS;
    uint64_t end = profile_now();
    fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>glass profile, pid %d"
                 "</title>\n<style>%s</style></head><body>\n",
            (int)getpid(), style);
    fprintf(out, "<h1>glass profile</h1>\n<p>pid %d, %.3f s, %u threads</p>\n", (int)getpid(),
            (double)(end - profile_start_ns) / 1e9, threads);
    fputs("<p class=\"legend\"><span class=\"work\" style=\"background:#4caf50\"></span>work"
          "<span style=\"background:#ff9800\"></span>barrier / taskwait"
          "<span style=\"background:#e53935\"></span>lock / critical wait"
          "<span style=\"background:#1e88e5\"></span>explicit tasks"
          "<span style=\"background:#e0e0e0\"></span>idle / serial</p>\n",
          out);
    fputs("<h2>Timeline</h2>\n", out);
    timeline(out, threads, end);
    size_t count;
    struct html_region *regions = regions_by_location(threads, &count);
    qsort(regions, count, sizeof *regions, by_total);
    fputs("<h2>Parallel regions: time per thread</h2>\n", out);
    for (size_t i = 0; i < count; i++) {
        region_bars(out, &regions[i], i + 1);
        free(regions[i].ns);
    }
    free(regions);
    profile_html_targets(out);
    fputs("<h2>Report</h2>\n<pre>", out);
    escaped(out, text ? text : "");
    fputs("</pre>\n</body></html>\n", out);
    int failed = ferror(out);
    return fclose(out) != 0 || failed ? -1 : 0;
}
