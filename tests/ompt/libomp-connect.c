// ompt_libomp_connect, the entry point LLVM's libomptarget (17 and later)
// calls to reach the tool through the runtime: the connector's initializer
// gets a lookup that gives the tool's callbacks (ompt_get_callback) and no
// more (ompt_set_frame_enter is not Glass's to give). The tool here is
// linked into the program, so its start waits for the first use of OpenMP;
// - called from main before any OpenMP call (LLVM's test target_lookup
//   does that), it starts the tool first and then connects: before, the
//   connector was never called;
// - called from a library's constructor, as libomptarget does at load, it
//   waits for the tool: the connector is called right after the tool's
//   initializer, at the program's first OpenMP call, not before main (the
//   executable's constructors would not have run).
// RUN: %ompt-cc %s %tool-src %ompt-link -o %t
// RUN: env TOOL_QUIET=1 %run %t | FileCheck %s --check-prefix=DIRECT
// RUN: %ompt-cc -shared -fPIC -DCONNECTOR_LIBRARY %s %ompt-link -o %t.connector.so
// RUN: %ompt-cc -DWITH_LIBRARY %s %tool-src -Wl,--no-as-needed %t.connector.so %ompt-link -o %t.lib
// RUN: env TOOL_QUIET=1 %run %t.lib | FileCheck %s --check-prefix=LIBRARY
// With the tool declining: libomp-connect-inactive.test (apart, because
// under glass check another tool would be active).
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

void ompt_libomp_connect(ompt_start_tool_result_t *result);

static void say(const char *line)
{
    if (write(1, line, __builtin_strlen(line)) < 0)
        _exit(2);
}

static int connector_initialize(ompt_function_lookup_t lookup, int initial_device, ompt_data_t *tool_data)
{
    char line[256];
    ompt_get_callback_t get_callback = (ompt_get_callback_t)lookup("ompt_get_callback");
    ompt_callback_t callback = NULL;
    int registered = get_callback ? get_callback(ompt_callback_parallel_begin, &callback) : -1;
    snprintf(line, sizeof line,
             "connector: initialize: device=%d tool_data=%s get_callback=%s parallel_begin=%d%s "
             "set_frame_enter=%s\n",
             initial_device, tool_data ? "set" : "NULL", get_callback ? "present" : "absent", registered,
             callback ? " (set)" : "", lookup("ompt_set_frame_enter") ? "present" : "absent");
    say(line);
    return 0;
}

static void connector_finalize(ompt_data_t *tool_data)
{
    (void)tool_data;
    say("connector: finalize\n");
}

static ompt_start_tool_result_t connector = {connector_initialize, connector_finalize, {0}};

#ifdef CONNECTOR_LIBRARY
__attribute__((constructor)) static void connect_at_load(void)
{
    say("library: constructor connects\n");
    ompt_libomp_connect(&connector);
}
#else
#include "tool.h"

int main(void)
{
    say("main\n");
#ifdef WITH_LIBRARY
    (void)connector;
#else
    ompt_libomp_connect(&connector);
#endif
    say("first OpenMP call\n");
    tool_log("threads=%d", omp_get_num_threads());
    return 0;
}
#endif

// DIRECT: main
// DIRECT-NEXT: tool: ompt_start_tool
// DIRECT: tool: initialize returns 1
// DIRECT-NEXT: connector: initialize: device=0 tool_data=NULL get_callback=present parallel_begin=1 (set) set_frame_enter=absent
// DIRECT-NEXT: first OpenMP call
// DIRECT: threads=1
// DIRECT: connector: finalize
// DIRECT-NEXT: tool: finalize

// LIBRARY: library: constructor connects
// LIBRARY-NEXT: main
// LIBRARY-NEXT: first OpenMP call
// LIBRARY-NEXT: tool: ompt_start_tool
// LIBRARY: tool: initialize returns 1
// LIBRARY-NEXT: connector: initialize: device=0 tool_data=NULL get_callback=present parallel_begin=1 (set) set_frame_enter=absent
// LIBRARY: threads=1
// LIBRARY: connector: finalize
// LIBRARY-NEXT: tool: finalize

// The tool declined: nothing to connect to.
// INACTIVE: main
// INACTIVE: tool: initialize returns 0
// INACTIVE-NOT: connector
// INACTIVE: first OpenMP call
// INACTIVE-NOT: connector
