/* glass: runs a program on the Glass runtime.
 *
 *   glass run [--] PROG ARGS...      PROG with libgomp.so.1 / libomp.so.5 resolved to Glass
 *   glass profile [-o FILE] [--html FILE] [--] PROG ARGS...
 *                                    the same, with the profiling tool loaded
 *   glass trace [-o DIR] [--format perfetto,json,otf2] [--] PROG ARGS...
 *                                    the same, with the tracing tool loaded
 *   glass trace --recover DIR        a cut-short run's trace from its spilled events (cli/recover.c)
 *   glass check [-o FILE] [--] PROG ARGS...
 *                                    the same, with the checking tool loaded (cli/check.c)
 *   glass debug PROGRAM [CORE] [-- GDB-ARGS...]
 *                                    gdb with the OMPD extension (cli/debug.c)
 *   glass report [-o FILE] [--html FILE] DIR
 *                                    the profile of a trace folder (cli/report.c)
 *
 * run execs the program; profile, trace and check run it as a child and
 * wait (cli/supervise.c), to say afterwards what became of the tools'
 * outputs (cli/outcome.c).
 *
 * The library directory is found relative to this executable, so the same
 * binary works from the build tree (build/bin, build/lib) and from an install
 * (PREFIX/bin, PREFIX/<libdir>). */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"   /* glass check: waits for the program */
#include "debug.h"   /* glass debug (OMPD) */
#include "formats.h" /* glass trace --format (tools/trace/formats.h) */
#include "outcome.h" /* what glass says once the program has ended */
#include "output_claim.h" /* which outputs are glass's (tools/common) */
#include "outputs.h" /* where the tools will write, checked first */
#include "program.h" /* what the program's file says: OpenMP or not, which compiler */
#include "recover.h" /* glass trace --recover */
#include "report.h"  /* glass report: the profile of a trace folder */
#include "supervise.h" /* the program as glass's child */
#include "version.h" /* glass --version */

static const char usage[] =
    "usage: glass <command> [options] [--] PROGRAM [ARGS...]\n"
    "\n"
    "Run OpenMP programs (built by gcc, g++, gfortran or clang, unchanged) on Glass.\n"
    "\n"
    "commands:\n"
    "  run       run PROGRAM with Glass as its OpenMP runtime\n"
    "  profile   run PROGRAM on Glass and print a profile when it exits: per parallel\n"
    "            region (by source line) calls, time, work / barrier / lock / task split,\n"
    "            load imbalance, tasks, and the most contended locks and criticals\n"
    "            -o FILE, --output FILE   write the profile to FILE instead of stderr\n"
    "            --html FILE              also write it as a self-contained HTML page with\n"
    "                                     a timeline of the threads and per-region bars\n"
    "  trace     run PROGRAM on Glass and record every OpenMP event into a trace,\n"
    "            written when it exits; it says at start what it will write, and where\n"
    "            -o DIR, --output DIR     the trace directory (default\n"
    "                                     glass-trace-<program>-<pid>; under MPI, one\n"
    "                                     DIR/rank-N per rank)\n"
    "            --format LIST            what to write, a comma list of:\n"
    "                perfetto   Perfetto's protobuf trace, DIR/trace.pftrace (open it\n"
    "                           in ui.perfetto.dev)\n"
    "                json       Chrome/Perfetto JSON, DIR/trace.json (larger; for\n"
    "                           chrome://tracing and scripts)\n"
    "                otf2       an OTF2 archive, DIR/traces.otf2 (otf2-print, Vampir);\n"
    "                           only if Glass was built with the OTF2 library\n"
    "                both       otf2,perfetto (the default of earlier versions)\n"
    "                default: perfetto, plus otf2 when Glass has it; the variable\n"
    "                GLASS_TRACE_FORMAT is read when --format is not given\n"
    "            GLASS_TRACE_BUFFER=BYTES  events kept in memory per thread before they\n"
    "                                     are spilled to DIR (default 1M)\n"
    "            --recover DIR            write the trace of a run that ended without it\n"
    "                                     (a crash, SIGKILL) from the events it had spilled\n"
    "                                     to DIR; glass names DIR when that happens\n"
    "            on SIGTERM, SIGINT, SIGHUP or SIGXCPU (a job's time limit) profile and\n"
    "            trace write what they recorded, then the program ends as the signal says\n"
    "            several processes under one profile -o FILE or trace -o DIR (a script\n"
    "            running programs): the first gets FILE or DIR, each other one its own\n"
    "            FILE-PROGRAM-PID (before the extension) or DIR-PROGRAM-PID, said when made;\n"
    "            under MPI each rank's profile is FILE-rank-N\n"
    "            the events are kept in DIR/events for glass report (32 bytes each;\n"
    "            GLASS_TRACE_EVENTS=off: not kept)\n"
    "  check     run PROGRAM on Glass and check every OpenMP event against the OpenMP\n"
    "            5.1 tool rules (begin/end pairs, ordering, ids, inquiries, frames, wait\n"
    "            states); at exit, each violated rule once with its count and first\n"
    "            occurrence, or \"no violations\". Exit status: the program's if it\n"
    "            failed, else 3 if a rule was violated, else 0\n"
    "            -o FILE, --output FILE   write the report to FILE instead of stderr\n"
    "            GLASS_CHECK_VERBOSE=N    also print the first N violations of each rule\n"
    "  profile and check also take --trace DIR: the same run is traced into DIR as by\n"
    "            glass trace -o DIR (both tools at once: GLASS_OMPT_ALL_TOOLS=true)\n"
    "  run, profile, trace and check take --host-devices N: N offload devices that are\n"
    "            the host with separate memory (GLASS_HOST_DEVICES=N): target regions of\n"
    "            gcc-compiled programs run on device copies of their mapped data, so a\n"
    "            missing or wrong map clause gives the wrong answer as on a GPU (for a\n"
    "            clang-compiled program glass says why it does nothing)\n"
    "  report    glass report [-o FILE] [--html FILE] DIR: the profile of a run traced by\n"
    "            glass trace -o DIR, offline: the text report (stdout or FILE) and with\n"
    "            --html the same self-contained page as glass profile --html\n"
    "  profile, trace and check run the tools OMP_TOOL_LIBRARIES lists beside their own\n"
    "            (GLASS_OMPT_ALL_TOOLS=true, said in one line)\n"
    "  debug     glass debug PROGRAM [CORE] [-- GDB-ARGS...]: gdb with the OMPD commands\n"
    "            (ompd init, threads, parallel, tasks, icvs, bt) on PROGRAM\n"
    "            run on Glass with OMP_DEBUG=enabled, or on its core file CORE\n"
    "\n"
    "options:\n"
    "  -h, --help      this help\n"
    "  -V, --version   the Glass version and the optional parts it was built with\n"
    "\n"
    "PROGRAM is looked up in PATH. A program that links neither libgomp nor libomp\n"
    "(a script, or a program that starts OpenMP programs) still runs, with a warning:\n"
    "the environment reaches the OpenMP programs it starts.\n"
    "\n"
    "Under MPI, put glass after the launcher: mpirun -np 4 glass trace ./app.\n"
    "\n";

static const char *program_name = "glass";
static int host_devices_option; /* --host-devices was given */

static _Noreturn void die(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static _Noreturn void die(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", program_name);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(status);
}

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The directory holding libglass.so: <exe dir>/../<libdir> when installed,
 * <exe dir>/../lib in the build tree. */
static void find_lib_dir(char *dir, size_t size)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        die(1, "cannot find my own executable (%s)", strerror(errno));
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    *slash = '\0';
    const char *candidates[] = {"/../" GLASS_INSTALL_LIBDIR, "/../lib"};
    for (size_t i = 0; i < sizeof candidates / sizeof *candidates; i++) {
        char lib[PATH_MAX + 64];
        snprintf(lib, sizeof lib, "%s%s/libglass.so", exe, candidates[i]);
        char resolved[PATH_MAX];
        if (is_file(lib) && realpath(lib, resolved)) {
            *strrchr(resolved, '/') = '\0';
            snprintf(dir, size, "%s", resolved);
            return;
        }
    }
    die(1, "cannot find libglass.so next to %s (looked in ../" GLASS_INSTALL_LIBDIR " and ../lib)", exe);
}

static void prepend_path(const char *variable, const char *dir)
{
    const char *old = getenv(variable);
    if (!old || !*old) {
        setenv(variable, dir, 1);
        return;
    }
    size_t len = strlen(dir) + strlen(old) + 2;
    char *value = malloc(len);
    if (!value)
        die(1, "%s", "out of memory");
    snprintf(value, len, "%s:%s", dir, old);
    setenv(variable, value, 1);
    free(value);
}

/* The files and the trace directory the tools will write (outputs.h),
 * set from the options and checked once the program is found. */
static struct {
    const char *file, *html; /* profile or check -o, profile --html */
    const char *signature;   /* what the file's text holds: "glass profile", "glass check" */
    const char *dir;         /* the trace directory, NULL: the tool's default */
    int tracing, profiling;
    const char *made_dir;    /* `dir`, when glass made it for the run */
} planned;

/* A file an option names is written only if it is new, empty, or an output
 * of glass already: never over the program or anything else of the user's.
 * Then it must be writable. */
static void check_output_file(const char *path, const char *option)
{
    const char *foreign = tool_output_foreign(path, planned.signature);
    if (foreign) {
        struct stat st;
        int exists = stat(path, &st) == 0;
        int program = exists && S_ISREG(st.st_mode) && (st.st_mode & 0111);
        fprintf(stderr, "%s: not overwriting %s: %s; give %s a new file name%s%s%s%s\n", program_name, path, foreign,
                option, !strcmp(option, "--html") ? " (e.g. --html profile.html)" : "",
                exists && S_ISREG(st.st_mode) ? ", or remove " : "", exists && S_ISREG(st.st_mode) ? path : "",
                exists && S_ISREG(st.st_mode) ? " first if it may go" : "");
        if (program)
            fprintf(stderr, "%s: %s takes the file to write, before the program: glass %s %s FILE [--] PROGRAM\n",
                    program_name, option, planned.profiling ? "profile" : "check", option);
        exit(2);
    }
    const char *reason = glass_cli_file_unwritable(path);
    if (reason) {
        fprintf(stderr, "%s: cannot write %s: %s\n", program_name, path, reason);
        exit(1);
    }
}

static void check_outputs(void)
{
    char file_path[PATH_MAX], html_path[PATH_MAX];
    if (planned.file && planned.html &&
        (!strcmp(planned.file, planned.html) ||
         (realpath(planned.file, file_path) && realpath(planned.html, html_path) && !strcmp(file_path, html_path))))
        die(2, "-o and --html both name %s: the HTML page would replace the text profile; give each its own file",
            planned.html);
    if (planned.file)
        check_output_file(planned.file, "-o");
    if (planned.html)
        check_output_file(planned.html, "--html");
    struct stat st;
    if (planned.tracing && planned.dir && stat(planned.dir, &st) != 0)
        planned.made_dir = planned.dir;
    const char *reason = planned.tracing ? glass_cli_dir_unwritable(planned.dir) : NULL;
    if (reason) {
        if (planned.dir)
            fprintf(stderr, "%s: cannot create or write the trace directory %s: %s\n", program_name, planned.dir,
                    reason);
        else
            fprintf(stderr, "%s: cannot create the trace directory in the current directory: %s (give one with "
                    "-o DIR)\n", program_name, reason);
        exit(1);
    }
}

/* glass trace: the formats asked for with --format (else in
 * GLASS_TRACE_FORMAT, which the tool reads) must be known ones that this
 * build can write; said now, before the program runs, not at its end. */
static void check_trace_formats(const char *option)
{
    const char *list = option ? option : getenv("GLASS_TRACE_FORMAT");
    const char *source = option ? "--format " : "GLASS_TRACE_FORMAT=";
    if (!list || (!option && !*list))
        return; /* the tool's default */
    char bad[64];
    unsigned formats = trace_formats_parse(list, bad, sizeof bad);
    if (!formats && bad[0])
        fprintf(stderr, "%s: %s%s: unknown trace format '%s': expected a comma list of perfetto, json and otf2 (or both)\n",
                program_name, source, list, bad);
    else if (!formats)
        fprintf(stderr, "%s: %s%s: a trace format is empty: expected a comma list of perfetto, json and otf2 (or both)\n",
                program_name, source, list);
    else if (formats & TRACE_OTF2 && !trace_formats_have_otf2())
        fprintf(stderr, "%s: %s%s asks for OTF2, but %s; use --format perfetto or json\n", program_name, source,
                list, TRACE_OTF2_MISSING);
    else
        return;
    exit(2);
}

/* --host-devices serve the target regions of GCC's ABI (GOMP_target_ext):
 * clang's go through LLVM's libomptarget (-fopenmp-targets), or run on the
 * host directly when built without it, and never reach them. */
static void check_host_devices(const char *name, const struct program_info *info)
{
    const char *devices = getenv("GLASS_HOST_DEVICES");
    if (!host_devices_option || !devices || !strcmp(devices, "0") || !program_is_clang_compiled(info) ||
        info->calls_gomp_target)
        return;
    int offload = info->calls_tgt || info->needs_omptarget;
    fprintf(stderr,
            "%s: warning: --host-devices %s does nothing for %s: host devices run gcc-compiled target regions only, "
            "and it is clang-compiled (%s): its target regions %s\n",
            program_name, devices, name,
            offload            ? "it calls LLVM's __tgt_ offload entry points"
            : info->calls_kmpc ? "it calls LLVM's __kmpc_ entry points"
                               : "it links libomp, not libgomp",
            offload ? "go to LLVM's libomptarget and its own devices"
                    : "run on the host (it was built without -fopenmp-targets), whatever omp_get_num_devices() says");
}

/* OMP_TOOL_LIBRARIES for the profile, trace or check: the tools the user
 * lists keep their places and ours comes after them, with every tool
 * started (GLASS_OMPT_ALL_TOOLS=true, src/ompt/tool_list.c); the
 * specification alone would start only the first that accepts. When the
 * user turned that off, theirs cannot run beside ours: said, not hidden. */
/* OMP_TOOL_LIBRARIES without the entries that are `tool` itself (the user
 * may have named Glass's tool already: loading it twice would start it
 * twice), in `kept`. */
static void without_tool(const char *listed, const char *tool, char *kept, size_t size)
{
    char tool_path[PATH_MAX], entry_path[PATH_MAX];
    int known = realpath(tool, tool_path) != NULL;
    kept[0] = '\0';
    size_t used = 0;
    for (const char *entry = listed; *entry;) {
        size_t len = strcspn(entry, ":");
        char name[PATH_MAX];
        snprintf(name, sizeof name, "%.*s", (int)len, entry);
        int same = known && *name && realpath(name, entry_path) && !strcmp(entry_path, tool_path);
        if (*name && !same && used + len + 2 < size)
            used += (size_t)snprintf(kept + used, size - used, "%s%s", used ? ":" : "", name);
        entry += len + (entry[len] == ':');
    }
}

static void tool_libraries(const char *tool, const char *what, char *libraries, size_t size)
{
    const char *all = getenv("GLASS_OMPT_ALL_TOOLS");
    char listed[3 * PATH_MAX];
    snprintf(libraries, size, "%s", tool);
    if (!getenv("OMP_TOOL_LIBRARIES"))
        return;
    without_tool(getenv("OMP_TOOL_LIBRARIES"), tool, listed, sizeof listed);
    if (!*listed)
        return;
    if (all && strcmp(all, "true")) {
        fprintf(stderr, "%s: warning: OMP_TOOL_LIBRARIES=%s is not run: GLASS_OMPT_ALL_TOOLS=%s starts only one "
                        "tool, the %s's (unset it or set it to true to run both)\n",
                program_name, listed, all, what);
        return;
    }
    if ((size_t)snprintf(libraries, size, "%s:%s", listed, tool) >= size)
        die(2, "OMP_TOOL_LIBRARIES is too long (%s)", listed);
    if (!all) {
        fprintf(stderr, "%s: OMP_TOOL_LIBRARIES=%s: running those tools too, before the %s's "
                        "(GLASS_OMPT_ALL_TOOLS=true)\n", program_name, listed, what);
        setenv("GLASS_OMPT_ALL_TOOLS", "true", 1);
    }
}

/* The claims file the tools' processes share (output_claim.h), made fresh
 * for this run and named in GLASS_OUTPUT_CLAIMS. */
static void make_claims_file(char *path, size_t size)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(path, size, "%s/glass-outputs-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0)
        die(1, "cannot make the file %s where the tools say what they wrote (%s)", path, strerror(errno));
    close(fd);
    setenv("GLASS_OUTPUT_CLAIMS", path, 1);
}

/* Runs PROG. `command`: run execs it; profile, trace and check run it as a
 * child and wait (supervise.h), to report on its outputs once it ends. */
static _Noreturn void run(char **argv, const char *lib_dir, const char *command)
{
    char path[PATH_MAX];
    if (!argv[0])
        die(2, "%s", "no program given (see glass --help)");
    const char *why;
    int status;
    if (!program_find(argv[0], path, sizeof path, &why, &status)) {
        fprintf(stderr, "%s: cannot run %s: %s\n", program_name, argv[0], why);
        exit(status);
    }
    check_outputs(); /* before the program runs for nothing */
    struct program_info info;
    program_inspect(path, &info);
    if (info.elf && !program_uses_openmp(&info))
        fprintf(stderr,
                "%s: warning: %s is not an OpenMP program (it links neither libgomp nor libomp); running it anyway\n",
                program_name, argv[0]);
    check_host_devices(argv[0], &info);
    prepend_path("LD_LIBRARY_PATH", lib_dir);
    if (!strcmp(command, "run")) {
        execv(path, argv);
        die(errno == ENOENT ? 127 : 126, "cannot run %s: %s", path, strerror(errno));
    }
    char claims[PATH_MAX];
    make_claims_file(claims, sizeof claims);
    int check = !strcmp(command, "check");
    if (check)
        glass_check_prepare();
    /* The MPI launcher, for the trace's default directory name (the
     * program's parent is glass). */
    char launcher[32];
    snprintf(launcher, sizeof launcher, "%d", (int)getppid());
    setenv("GLASS_LAUNCHER_PID", launcher, 1);
    pid_t child = supervise_fork();
    if (child == 0) {
        execv(path, argv);
        int error = errno;
        fprintf(stderr, "%s: cannot run %s: %s\n", program_name, path, strerror(error));
        _exit(error == ENOENT ? 127 : 126);
    }
    int wait_status = supervise_wait(child);
    struct outcome_plan plan = {claims, argv[0], child, wait_status, planned.profiling, planned.tracing,
                                planned.made_dir};
    outcome_report(&plan);
    unlink(claims);
    if (check)
        glass_check_finish(wait_status, argv[0]);
    supervise_exit_like(wait_status);
}

int main(int argc, char **argv)
{
    (void)argc;
    if (!argv[1]) {
        fputs(usage, stderr);
        return 2;
    }
    const char *command = argv[1];
    if (!strcmp(command, "-h") || !strcmp(command, "--help") || !strcmp(command, "help")) {
        fputs(usage, stdout);
        return 0;
    }
    if (!strcmp(command, "-V") || !strcmp(command, "--version")) {
        char version_lib_dir[PATH_MAX];
        find_lib_dir(version_lib_dir, sizeof version_lib_dir);
        glass_print_version(version_lib_dir);
        return 0;
    }
    if (!strcmp(command, "report")) { /* glass report: cli/report.c */
        char report_lib_dir[PATH_MAX];
        find_lib_dir(report_lib_dir, sizeof report_lib_dir);
        return glass_report(argv + 2, report_lib_dir);
    }
    if (!strcmp(command, "debug")) { /* glass debug (OMPD): cli/debug.c */
        char debug_lib_dir[PATH_MAX];
        find_lib_dir(debug_lib_dir, sizeof debug_lib_dir);
        return glass_debug(argv + 2, debug_lib_dir);
    }
    int profile = !strcmp(command, "profile");
    int trace = !strcmp(command, "trace");
    int check = !strcmp(command, "check");
    if (!profile && !trace && !check && strcmp(command, "run"))
        die(2, "unknown command '%s' (see glass --help)", command);

    char **rest = argv + 2;
    const char *output = NULL, *html = NULL, *format = NULL, *trace_dir = NULL, *recover = NULL;
    while (*rest && (*rest)[0] == '-') {
        if (!strcmp(*rest, "--")) {
            rest++;
            break;
        }
        int takes_value = (profile || trace || check) && (!strcmp(*rest, "-o") || !strcmp(*rest, "--output"));
        takes_value |= profile && !strcmp(*rest, "--html");
        takes_value |= trace && (!strcmp(*rest, "--format") || !strcmp(*rest, "--recover"));
        takes_value |= (profile || check) && !strcmp(*rest, "--trace");
        takes_value |= !strcmp(*rest, "--host-devices");
        if (takes_value && !rest[1])
            die(2, "option '%s' needs a value (see glass --help)", *rest);
        if (takes_value && !strcmp(*rest, "--host-devices")) {
            char *end;
            long n = strtol(rest[1], &end, 10);
            if (!*rest[1] || *end || n < 0 || n > 64)
                die(2, "--host-devices takes a number of devices from 0 to 64, not '%s'", rest[1]);
            setenv("GLASS_HOST_DEVICES", rest[1], 1);
            host_devices_option = 1;
            rest += 2;
            continue;
        }
        if (takes_value) {
            const char **into = !strcmp(*rest, "--html")     ? &html
                                : !strcmp(*rest, "--format") ? &format
                                : !strcmp(*rest, "--trace")  ? &trace_dir
                                : !strcmp(*rest, "--recover") ? &recover
                                                             : &output;
            *into = rest[1];
            rest += 2;
            continue;
        }
        die(2, "unknown option '%s' (see glass --help)", *rest);
    }
    if (trace)
        check_trace_formats(format);
    if (recover) {
        if (*rest || output)
            die(2, "--recover DIR converts a trace directory; it takes no -o and no program (see glass --help)");
        char recover_lib_dir[PATH_MAX];
        find_lib_dir(recover_lib_dir, sizeof recover_lib_dir);
        return glass_trace_recover_dir(recover, format, recover_lib_dir);
    }
    /* Checked once the program is found (run). glass trace without -o: the
     * tool's GLASS_TRACE_DIR if the user set one, else its default. */
    planned.file = profile || check ? output : NULL;
    planned.html = html;
    planned.dir = trace ? (output ? output : getenv("GLASS_TRACE_DIR")) : trace_dir;
    planned.tracing = trace || trace_dir;
    planned.profiling = profile;
    planned.signature = check ? "glass check" : "glass profile";

    char lib_dir[PATH_MAX];
    find_lib_dir(lib_dir, sizeof lib_dir);
    if (profile || trace || check) {
        const char *library = profile ? "libglass-profile.so" : trace ? "libglass-trace.so" : "libglass-check.so";
        const char *what = profile ? "profile" : trace ? "trace" : "check";
        char tool[PATH_MAX + 32];
        snprintf(tool, sizeof tool, "%s/%s", lib_dir, library);
        if (!is_file(tool))
            die(1, profile ? "cannot find the profiling tool %s (is Glass fully built or installed?)"
                   : trace ? "cannot find the tracing tool %s (is Glass fully built or installed?)"
                           : "cannot find the checking tool %s (is Glass fully built or installed?)",
                tool);
        const char *setting = getenv("OMP_TOOL");
        if (setting && strcmp(setting, "enabled"))
            fprintf(stderr, "%s: warning: OMP_TOOL=%s, enabling it for the %s\n", program_name, setting, what);
        setenv("OMP_TOOL", "enabled", 1);
        char libraries[3 * PATH_MAX + 64];
        tool_libraries(tool, what, libraries, sizeof libraries);
        setenv("OMP_TOOL_LIBRARIES", libraries, 1);
        if (trace_dir) {
            /* The tracing tool beside this one: both start (Glass's
             * several-tools extension), each seeing every event. */
            char tracer[PATH_MAX + 32], tools[4 * PATH_MAX + 128];
            snprintf(tracer, sizeof tracer, "%s/libglass-trace.so", lib_dir);
            if (!is_file(tracer))
                die(1, "cannot find the tracing tool %s (is Glass fully built or installed?)", tracer);
            snprintf(tools, sizeof tools, "%s:%s", libraries, tracer);
            setenv("OMP_TOOL_LIBRARIES", tools, 1);
            setenv("GLASS_OMPT_ALL_TOOLS", "true", 1);
            setenv("GLASS_TRACE_DIR", trace_dir, 1);
        }
        if (profile && output)
            setenv("GLASS_PROFILE_OUTPUT", output, 1);
        if (profile && html)
            setenv("GLASS_PROFILE_HTML", html, 1);
        if (trace && output)
            setenv("GLASS_TRACE_DIR", output, 1);
        if (trace && format)
            setenv("GLASS_TRACE_FORMAT", format, 1);
        if (check && output)
            setenv("GLASS_CHECK_OUTPUT", output, 1);
    }
    run(rest, lib_dir, command);
}
