/* `glass profile --html FILE`: the report as one self-contained HTML page (no
 * scripts, fonts or links to fetch): the program, its arguments and the
 * runtime; an SVG timeline of the whole run with a lane naming the parallel
 * region running, a row per thread coloured by what the thread did and a
 * lane for device work; per parallel region its categories, its constructs
 * and a bar per thread, the bars' length scaled to the region's time; the
 * definitions; and the text report. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "profile.h"
#include "report.h"

#define TIMELINE_WIDTH 1000 /* pixel columns of the timeline */
#define LABEL_WIDTH 110
#define ROW_HEIGHT 18
#define ROW_GAP 4
#define BAR_WIDTH 600 /* the longest region's bars; the others in proportion */
#define MIN_BAR 40    /* so that a short region's split can still be seen */

static const char *const activity_class[ACT_COUNT] = {"idle", "serial", "work", "barrier", "lock", "task"};

/* Region stripes take these in turn; none is an activity's colour. */
static const char *const region_colour[] = {"#7e57c2", "#26a69a", "#8d6e63", "#ec407a", "#9ccc65", "#5c6bc0",
                                            "#ffca28", "#78909c"};
#define REGION_COLOURS (sizeof region_colour / sizeof *region_colour)

static const char style[] =
    "body{font-family:sans-serif;margin:1.5em;color:#222;max-width:1200px}pre{background:#f6f6f6;padding:1em;"
    "overflow:auto}svg text{font-size:12px}.work{fill:#4caf50}.barrier{fill:#ff9800}.lock{fill:#e53935}"
    ".task{fill:#1e88e5}.idle{fill:#e0e0e0}.device{fill:#6a1b9a}.lane{fill:#f4f4f4}table{border-collapse:collapse;"
    "margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .5em}td{text-align:right}td.where,td.what{text-align:left}"
    ".legend span{display:inline-block;width:1em;height:1em;margin:0 .3em 0 1em;vertical-align:middle}"
    "dt{font-weight:bold}dd{margin:0 0 .4em 1.5em}";

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

struct column {
    enum profile_activity activity; /* what held most of it; ACT_IDLE: mostly nothing */
    unsigned region;                /* the region most of it went to (timeline number) */
    int device;                     /* a device worked in it */
};

/* Each pixel column of one thread's row, from its downsampled timeline. */
static void columns_of(const struct profile_thread *t, uint64_t start, uint64_t span, struct column *column)
{
    double per_column = (double)span / TIMELINE_WIDTH;
    for (unsigned c = 0; c < TIMELINE_WIDTH; c++) {
        uint64_t lo = start + (uint64_t)(c * per_column), hi = start + (uint64_t)((c + 1) * per_column);
        uint64_t ns[ACT_COUNT], device;
        column[c].region = profile_timeline_read(t, lo, hi, ns, &device);
        enum profile_activity best = ACT_IDLE;
        uint64_t busy = 0, best_ns = 0;
        for (int a = ACT_WORK; a < ACT_COUNT; a++) {
            busy += ns[a];
            if (ns[a] > best_ns) {
                best = (enum profile_activity)a;
                best_ns = ns[a];
            }
        }
        column[c].activity = 2 * busy >= hi - lo ? best : ACT_IDLE;
        column[c].device = device > 0; /* short kernels and copies stay visible */
    }
}

/* Rects for the runs of equal columns; `same` and `draw` say what a run is. */
#define RUNS(column, same, draw)                                                                         \
    for (unsigned c_ = 0; c_ < TIMELINE_WIDTH;) {                                                        \
        unsigned run_ = c_;                                                                              \
        while (run_ < TIMELINE_WIDTH && same(column[run_], column[c_]))                                  \
            run_++;                                                                                      \
        draw(column[c_], c_, run_ - c_);                                                                 \
        c_ = run_;                                                                                       \
    }

#define SAME_ACTIVITY(a, b) ((a).activity == (b).activity)
#define SAME_REGION(a, b) ((a).region == (b).region)
#define SAME_DEVICE(a, b) ((a).device == (b).device)

static void timeline(FILE *out, unsigned threads, uint64_t end)
{
    uint64_t span = end > profile_start_ns ? end - profile_start_ns : 1;
    struct column *column = calloc(TIMELINE_WIDTH, sizeof *column), *regions = calloc(TIMELINE_WIDTH, sizeof *regions);
    struct column *device = calloc(TIMELINE_WIDTH, sizeof *device);
    if (!column || !regions || !device)
        abort();
    /* The region lane: the initial thread's, else any thread's region. */
    int any_device = 0;
    for (unsigned i = 0; i < threads; i++) {
        const struct profile_thread *t = profile_threads[i];
        if (!t)
            continue;
        columns_of(t, profile_start_ns, span, column);
        for (unsigned c = 0; c < TIMELINE_WIDTH; c++) {
            if (!regions[c].region)
                regions[c].region = column[c].region;
            device[c].device |= column[c].device;
            any_device |= column[c].device;
        }
    }
    unsigned rows = threads + 1 + (any_device ? 1 : 0);
    unsigned top = 16; /* the region numbers above the lane */
    unsigned height = top + rows * (ROW_HEIGHT + ROW_GAP) + 24;
    fprintf(out, "<svg id=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%u\">\n",
            LABEL_WIDTH + TIMELINE_WIDTH + 10, height);
    /* The region lane, its stripes numbered as the regions below are. */
    fprintf(out, "<g class=\"region-lane\"><text x=\"0\" y=\"%u\">regions</text>\n", top + ROW_HEIGHT - 5);
    fprintf(out, "<rect class=\"lane\" x=\"%d\" y=\"%u\" width=\"%d\" height=\"%d\"/>\n", LABEL_WIDTH, top,
            TIMELINE_WIDTH, ROW_HEIGHT);
    unsigned last_label_end = 0;
#define DRAW_REGION(col, at, width)                                                                        \
    if ((col).region) {                                                                                    \
        const char *name_ = profile_name(profile_timeline_region((col).region));                           \
        fprintf(out, "<rect class=\"region\" style=\"fill:%s\" x=\"%u\" y=\"%u\" width=\"%u\" height=\"%d\">"  \
                     "<title>region ", region_colour[((col).region - 1) % REGION_COLOURS], LABEL_WIDTH + (at),    \
                top, (width), ROW_HEIGHT);                                                                 \
        escaped(out, name_);                                                                               \
        fputs("</title></rect>\n", out);                                                                   \
        if ((width) >= 24 && LABEL_WIDTH + (at) >= last_label_end) {                                       \
            fprintf(out, "<text class=\"region-label\" x=\"%u\" y=\"%u\">R%u</text>\n", LABEL_WIDTH + (at), \
                    top - 4, (col).region);                                                                \
            last_label_end = LABEL_WIDTH + (at) + 40;                                                      \
        }                                                                                                  \
    }
    RUNS(regions, SAME_REGION, DRAW_REGION)
    fputs("</g>\n", out);
    for (unsigned i = 0; i < threads; i++) {
        const struct profile_thread *t = profile_threads[i];
        if (!t)
            continue;
        unsigned y = top + (i + 1) * (ROW_HEIGHT + ROW_GAP);
        fprintf(out, "<g class=\"thread-row\" data-thread=\"%u\"><text x=\"0\" y=\"%u\">thread %u%s</text>\n", t->number,
                y + ROW_HEIGHT - 5, t->number, t->initial ? " (initial)" : "");
        fprintf(out, "<rect class=\"idle\" x=\"%d\" y=\"%u\" width=\"%d\" height=\"%d\"/>\n", LABEL_WIDTH, y,
                TIMELINE_WIDTH, ROW_HEIGHT);
        columns_of(t, profile_start_ns, span, column);
#define DRAW_ACTIVITY(col, at, width)                                                                      \
    if ((col).activity != ACT_IDLE)                                                                        \
        fprintf(out, "<rect class=\"%s\" x=\"%u\" y=\"%u\" width=\"%u\" height=\"%d\"/>\n",                    \
                activity_class[(col).activity], LABEL_WIDTH + (at), y, (width), ROW_HEIGHT);
        RUNS(column, SAME_ACTIVITY, DRAW_ACTIVITY)
        fputs("</g>\n", out);
    }
    if (any_device) {
        unsigned y = top + (threads + 1) * (ROW_HEIGHT + ROW_GAP);
        fprintf(out, "<g class=\"device-lane\"><text x=\"0\" y=\"%u\">devices</text>\n", y + ROW_HEIGHT - 5);
        fprintf(out, "<rect class=\"lane\" x=\"%d\" y=\"%u\" width=\"%d\" height=\"%d\"/>\n", LABEL_WIDTH, y,
                TIMELINE_WIDTH, ROW_HEIGHT);
#define DRAW_DEVICE(col, at, width)                                                                        \
    if ((col).device)                                                                                      \
        fprintf(out, "<rect class=\"device\" x=\"%u\" y=\"%u\" width=\"%u\" height=\"%d\"/>\n", LABEL_WIDTH + (at), \
                y, (width), ROW_HEIGHT);
        RUNS(device, SAME_DEVICE, DRAW_DEVICE)
        fputs("</g>\n", out);
    }
    /* Each time label sits where its time is drawn: the first starts there,
     * the last ends there (so it stays inside the svg), the others centre on it. */
    unsigned axis = top + rows * (ROW_HEIGHT + ROW_GAP) + 14;
    static const char *const anchor[] = {"start", "middle", "middle", "middle", "end"};
    for (int tick = 0; tick <= 4; tick++)
        fprintf(out, "<text x=\"%d\" y=\"%u\" text-anchor=\"%s\">%.3f s</text>\n",
                LABEL_WIDTH + tick * TIMELINE_WIDTH / 4, axis, anchor[tick], (double)span / 1e9 * tick / 4);
    fputs("</svg>\n", out);
    free(column);
    free(regions);
    free(device);
}

/* ---- the regions ---- */

static void category_table(FILE *out, const struct region_total *r)
{
    uint64_t category[CAT_COUNT], team = 0;
    profile_region_categories(r, category);
    for (int c = 0; c < CAT_COUNT; c++)
        team += category[c];
    if (r->team_ns > team)
        team = r->team_ns;
    fputs("<table class=\"categories\"><tr><th>category</th><th>team time</th><th>share</th><th>potential gain</th>"
          "</tr>\n",
          out);
    for (int c = 0; c < CAT_COUNT; c++) {
        if (!category[c] && c > CAT_IMBALANCE)
            continue;
        fprintf(out, "<tr><td class=\"what\">%s</td><td>%.3f ms</td><td>%.1f%%</td><td>", profile_category_name[c],
                (double)category[c] / 1e6, team ? 100.0 * (double)category[c] / (double)team : 0.0);
        if (c >= CAT_IMBALANCE)
            fprintf(out, "%.3f ms", profile_gain(r, category[c]) * 1e3);
        fputs("</td></tr>\n", out);
    }
    fputs("</table>\n", out);
}

static void construct_table(FILE *out, const struct profile_totals *all, const struct region_total *r)
{
    fputs("<table class=\"constructs\"><tr><th>construct</th><th>where</th><th>category</th><th>calls or waits</th>"
          "<th>time</th><th>imbalance</th></tr>\n",
          out);
    for (size_t k = 0; k < all->construct_count; k++) {
        const struct construct_total *c = &all->constructs[k];
        if (c->region != r->codeptr)
            continue;
        char what[300];
        if (c->kind == K_CRITICAL || c->kind == K_LOCK)
            profile_lock_name(c->kind, c->wait_id, what, sizeof what);
        else
            snprintf(what, sizeof what, "%s", profile_kind_name(c->kind));
        uint64_t calls = 0;
        for (unsigned i = 0; i < c->call_indices; i++)
            calls = c->calls_by_index[i] > calls ? c->calls_by_index[i] : calls;
        enum profile_category category = profile_kind_category(c->kind);
        if (c->kind == K_TASK || category == CAT_LOCK || category == CAT_ATOMIC)
            calls = c->calls; /* tasks run, acquisitions: every thread's */
        fputs("<tr><td class=\"what\">", out);
        escaped(out, what);
        fputs("</td><td class=\"where\">", out);
        escaped(out, profile_name(c->codeptr));
        fprintf(out, "</td><td class=\"what\">%s</td><td>%llu</td><td>%.3f ms", profile_category_name[category],
                (unsigned long long)calls, (double)c->ns / 1e6);
        /* As in the text: the parts of a barrier's wait that were not imbalance, from 0.001 ms. */
        uint64_t late = c->late_waits < c->ns ? c->late_waits : c->ns, join = c->join_waits;
        if (late >= 1000)
            fprintf(out, "<br>of it late start %.3f ms", (double)late / 1e6);
        if (join >= 1000)
            fprintf(out, "<br>of it join %.3f ms", (double)join / 1e6);
        fputs("</td><td>", out);
        if (category == CAT_WORK && r->max_threads > 1)
            fprintf(out, "%.2f", profile_construct_imbalance(c, r->max_threads));
        fputs("</td></tr>\n", out);
    }
    fputs("</table>\n", out);
}

static void region_bars(FILE *out, const struct region_total *r, uint64_t longest)
{
    unsigned threads = r->ns_indices / ACT_COUNT;
    double width = longest ? (double)BAR_WIDTH * (double)r->total_ns / (double)longest : BAR_WIDTH;
    if (width < MIN_BAR)
        width = MIN_BAR;
    fprintf(out, "<svg class=\"region-bars\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%u\">\n",
            LABEL_WIDTH + BAR_WIDTH + 10, threads * (ROW_HEIGHT + ROW_GAP));
    static const enum profile_activity shown[] = {ACT_WORK, ACT_BARRIER, ACT_LOCK, ACT_TASK};
    for (unsigned i = 0; i < threads; i++) {
        const uint64_t *ns = &r->ns_by_index[i * ACT_COUNT];
        unsigned y = i * (ROW_HEIGHT + ROW_GAP);
        uint64_t busy = 0;
        for (size_t k = 0; k < sizeof shown / sizeof *shown; k++)
            busy += ns[shown[k]];
        uint64_t whole = r->total_ns > busy ? r->total_ns : busy;
        fprintf(out, "<g class=\"bar\" data-thread=\"%u\"><text x=\"0\" y=\"%u\">thread %u</text>\n", i,
                y + ROW_HEIGHT - 5, i);
        double x = LABEL_WIDTH;
        for (size_t k = 0; k <= sizeof shown / sizeof *shown; k++) {
            int idle = k == sizeof shown / sizeof *shown;
            uint64_t part = idle ? whole - busy : ns[shown[k]];
            double w = whole ? width * (double)part / (double)whole : 0.0;
            fprintf(out,
                    "<rect class=\"%s\" x=\"%.1f\" y=\"%u\" width=\"%.1f\" height=\"%d\"><title>thread %u %s "
                    "%.3f ms</title></rect>\n",
                    idle ? "idle" : activity_class[shown[k]], x, y, w, ROW_HEIGHT, i,
                    idle ? "idle" : activity_class[shown[k]], (double)part / 1e6);
            x += w;
        }
        fputs("</g>\n", out);
    }
    fputs("</svg>\n", out);
}

static void regions(FILE *out, const struct profile_totals *all)
{
    fputs("<h2>Parallel regions: time per thread, categories and constructs</h2>\n<p>Each region's bars are as long "
          "as its total time, the longest region's the full width (short ones at least a few pixels).</p>\n",
          out);
    uint64_t longest = all->region_count ? all->regions[0].total_ns : 0;
    for (size_t i = 0; i < all->region_count; i++) {
        const struct region_total *r = &all->regions[i];
        unsigned number = 0;
        for (unsigned n = 1; n <= profile_timeline_region_count(); n++)
            if (profile_timeline_region(n) == r->codeptr)
                number = n;
        fprintf(out, "<h3>#%zu ", i + 1);
        escaped(out, profile_name(r->codeptr));
        fputs("</h3>\n", out);
        fprintf(out, "<p>calls=%llu total=%.3f s threads=%u imbalance=%.2f", (unsigned long long)r->calls,
                (double)r->total_ns / 1e9, r->max_threads, profile_region_imbalance(r));
        if (number)
            fprintf(out, " (R%u in the timeline)", number);
        fputs("</p>\n", out);
        region_bars(out, r, longest);
        category_table(out, r);
        construct_table(out, all, r);
    }
}

int profile_report_html(const char *path, const char *text)
{
    FILE *out = fopen(path, "w");
    if (!out)
        return -1;
    unsigned threads = profile_threads_seen();
    uint64_t end = profile_now();
    struct profile_totals all;
    profile_totals_make(&all);
    fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>glass profile, pid %d: ",
            profile_pid ? profile_pid : (int)getpid());
    escaped(out, profile_command_line());
    fprintf(out, "</title>\n<style>%s</style></head><body>\n<h1>glass profile</h1>\n<p class=\"program\">Program: <code>",
            style);
    escaped(out, profile_command_line());
    fprintf(out, "</code>, pid %d, %.3f s, %u threads</p>\n<p class=\"runtime\">Runtime: ",
            profile_pid ? profile_pid : (int)getpid(),
            (double)(end - profile_start_ns) / 1e9, threads);
    escaped(out, profile_runtime_version[0] ? profile_runtime_version : "(not given)");
    fputs("; profiled by glass profile " GLASS_VERSION_STRING "</p>\n", out);
    profile_machine_report(out, threads, 1);
    fputs("<p class=\"legend\"><span style=\"background:#4caf50\"></span>work"
          "<span style=\"background:#ff9800\"></span>barrier / taskwait"
          "<span style=\"background:#e53935\"></span>lock / critical wait"
          "<span style=\"background:#1e88e5\"></span>explicit tasks"
          "<span style=\"background:#e0e0e0\"></span>idle / serial"
          "<span style=\"background:#6a1b9a\"></span>device (kernels, copies)</p>\n",
          out);
    fputs("<h2>Timeline</h2>\n<p>The whole run; each pixel column shows what held most of its time. The top lane "
          "names the parallel region running (R<i>n</i>, as in the regions below).</p>\n",
          out);
    timeline(out, threads, end);
    regions(out, &all);
    profile_totals_free(&all);
    profile_html_targets(out);
    fputs("<h2>What the numbers mean</h2>\n<dl>\n", out);
    for (int i = 0; profile_definitions[i]; i++) {
        const char *d = profile_definitions[i];
        const char *gap = strstr(d, "  ");
        fputs("<dt>", out);
        if (gap) {
            char term[64];
            snprintf(term, sizeof term, "%.*s", (int)(gap - d), d);
            escaped(out, term);
            while (*gap == ' ')
                gap++;
            fputs("</dt><dd>", out);
            escaped(out, gap);
        } else {
            fputs("</dt><dd>", out);
            escaped(out, d);
        }
        fputs("</dd>\n", out);
    }
    fputs("</dl>\n<h2>Report</h2>\n<pre>", out);
    escaped(out, text ? text : "");
    fputs("</pre>\n</body></html>\n", out);
    int failed = ferror(out);
    return fclose(out) != 0 || failed ? -1 : 0;
}
