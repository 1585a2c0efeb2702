/* Return addresses to source positions, shared by the Glass OMPT tools
 * (libglass-profile, libglass-trace): file:line from the DWARF line tables
 * via elfutils' libdwfl when it was found at build time, else function+offset
 * from the ELF symbol tables (elf_symbols.c), else the dynamic symbol table
 * (dladdr). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dladdr */
#endif
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elf_symbols.h"
#include "symbol_file.h"
#include "symbolize.h"

/* Set by tool_symbolize_from_maps: the addresses are another process's. */
static char *maps_path;

#ifdef GLASS_TOOL_HAVE_LIBDW
#include <dwarf.h>
#include <elfutils/libdwfl.h>

static Dwfl *dwfl;
static int dwfl_failed;

static Dwfl *process_dwfl(void)
{
    static char *debuginfo_path;
    static const Dwfl_Callbacks callbacks = {
        .find_elf = dwfl_linux_proc_find_elf,
        .find_debuginfo = dwfl_standard_find_debuginfo,
        .debuginfo_path = &debuginfo_path,
    };
    if (dwfl || dwfl_failed)
        return dwfl;
    dwfl = dwfl_begin(&callbacks);
    FILE *maps = maps_path ? fopen(maps_path, "r") : NULL;
    int reported = !dwfl                 ? -1
                   : maps_path          ? (maps ? dwfl_linux_proc_maps_report(dwfl, maps) : -1)
                                        : dwfl_linux_proc_report(dwfl, getpid());
    if (maps)
        fclose(maps);
    if (reported != 0 || dwfl_report_end(dwfl, NULL, NULL) != 0) {
        if (dwfl)
            dwfl_end(dwfl);
        dwfl = NULL;
        dwfl_failed = 1;
    }
    return dwfl;
}

/* The unit holding an address. libdw finds it by .debug_aranges, which clang
 * does not emit by default: then look through the units' own address ranges. */
static int find_unit(Dwfl_Module *module, uintptr_t address, Dwarf_Die *unit, Dwarf_Addr *bias)
{
    Dwarf_Die *found = dwfl_module_addrdie(module, address, bias);
    if (found) {
        *unit = *found;
        return 1;
    }
    Dwarf *dwarf = dwfl_module_getdwarf(module, bias);
    Dwarf_Off offset = 0, next;
    size_t header_size;
    while (dwarf && dwarf_nextcu(dwarf, offset, &next, &header_size, NULL, NULL, NULL) == 0) {
        if (dwarf_offdie(dwarf, offset + header_size, unit) && dwarf_haspc(unit, address - *bias) > 0)
            return 1;
        offset = next;
    }
    return 0;
}

/* The innermost function around the address, inlined ones included: with -O2
 * a small function holding a parallel region is usually inlined into its
 * caller, and the caller's name alone would mislead. */
static const char *innermost_function(Dwarf_Die *unit, Dwarf_Addr pc, int *inlined)
{
    Dwarf_Die *scopes = NULL;
    int count = dwarf_getscopes(unit, pc, &scopes);
    const char *name = NULL;
    for (int i = 0; i < count && !name; i++) {
        int tag = dwarf_tag(&scopes[i]);
        if (tag != DW_TAG_inlined_subroutine && tag != DW_TAG_subprogram)
            continue;
        Dwarf_Attribute attribute;
        name = dwarf_formstring(dwarf_attr_integrate(&scopes[i], DW_AT_name, &attribute));
        *inlined = tag == DW_TAG_inlined_subroutine;
    }
    free(scopes);
    return name;
}

/* ":COLUMN" and " discriminator N" where the line table has them: what
 * tells apart two call sites on one source line. */
static void position_detail(Dwarf_Line *line, char *buf, size_t size)
{
    int column = 0;
    unsigned discriminator = 0;
    size_t used = 0;
    buf[0] = '\0';
    if (dwarf_linecol(line, &column) == 0 && column > 0)
        used = (size_t)snprintf(buf, size, ":%d", column);
    if (used < size && dwarf_linediscriminator(line, &discriminator) == 0 && discriminator)
        snprintf(buf + used, size - used, " discriminator %u", discriminator);
}

static int from_dwarf(uintptr_t address, char *buf, size_t size, int detail)
{
    Dwfl *d = process_dwfl();
    Dwfl_Module *module = d ? dwfl_addrmodule(d, address) : NULL;
    if (!module)
        return 0;
    Dwarf_Die unit;
    Dwarf_Addr bias;
    if (!find_unit(module, address, &unit, &bias))
        return 0;
    Dwarf_Line *line = dwarf_getsrc_die(&unit, address - bias);
    int lineno = 0;
    const char *file = line && dwarf_lineno(line, &lineno) == 0 ? dwarf_linesrc(line, NULL, NULL) : NULL;
    if (!file)
        return 0;
    const char *base = strrchr(file, '/');
    char where[64] = "";
    if (detail)
        position_detail(line, where, sizeof where);
    int inlined = 0;
    const char *function = innermost_function(&unit, address - bias, &inlined);
    const char *symbol = dwfl_module_addrname(module, address);
    if (!function)
        function = symbol ? symbol : "?";
    if (inlined && symbol)
        snprintf(buf, size, "%s:%d%s (%s, inlined into %s)", base ? base + 1 : file, lineno, where, function, symbol);
    else
        snprintf(buf, size, "%s:%d%s (%s)", base ? base + 1 : file, lineno, where, function);
    return 1;
}

static void line_tables_end(void)
{
    if (dwfl)
        dwfl_end(dwfl);
    dwfl = NULL;
}

int tool_symbolize_has_lines(void)
{
    return tool_symbol_file_loaded() ? tool_symbol_file_has_lines() : 1;
}
#else
static int from_dwarf(uintptr_t address, char *buf, size_t size, int detail)
{
    (void)address, (void)buf, (void)size, (void)detail;
    return 0;
}

static void line_tables_end(void)
{
}

int tool_symbolize_has_lines(void)
{
    return tool_symbol_file_loaded() ? tool_symbol_file_has_lines() : 0;
}
#endif

void tool_symbolize_from_maps(const char *path)
{
    free(maps_path);
    maps_path = path ? strdup(path) : NULL;
}

/* Another process's address as "object+0xoffset" from its saved maps (no
 * symbol tables are read for it without libdw). */
static int from_maps(uintptr_t address, const void *codeptr, char *buf, size_t size)
{
    FILE *maps = fopen(maps_path, "r");
    char line[4096];
    int found = 0;
    while (maps && !found && fgets(line, sizeof line, maps)) {
        unsigned long start, end, offset;
        int at = 0;
        if (sscanf(line, "%lx-%lx %*s %lx %*s %*s %n", &start, &end, &offset, &at) != 3 || !at || address < start ||
            address >= end)
            continue;
        line[strcspn(line, "\n")] = '\0';
        const char *object = strrchr(line + at, '/');
        object = object ? object + 1 : line + at;
        snprintf(buf, size, "%s+0x%lx", *object ? object : "?",
                 (unsigned long)((uintptr_t)codeptr - start + offset));
        found = 1;
    }
    if (maps)
        fclose(maps);
    return found;
}

void tool_symbolize_end(void)
{
    line_tables_end();
    elf_symbols_end();
}

const char *tool_symbolize(const void *codeptr, char *buf, size_t size)
{
    return tool_symbolize_detailed(codeptr, buf, size, 0);
}

const char *tool_symbolize_detailed(const void *codeptr, char *buf, size_t size, int detail)
{
    if ((uintptr_t)codeptr <= 1) {
        snprintf(buf, size, "(unknown location)");
        return buf;
    }
    if (tool_symbol_file_loaded()) { /* another run's addresses: named by its file */
        const char *name = tool_symbol_file_lookup((uintptr_t)codeptr, 'c', detail);
        if (name)
            snprintf(buf, size, "%s", name);
        else
            snprintf(buf, size, "%p (not named by the trace)", codeptr);
        return buf;
    }
    /* A return address: the call that made the region is the byte before it. */
    uintptr_t address = (uintptr_t)codeptr - 1;
    if (from_dwarf(address, buf, size, detail))
        return buf;
    if (maps_path) {
        if (!from_maps(address, codeptr, buf, size))
            snprintf(buf, size, "%p", codeptr);
        return buf;
    }
    const char *function, *object;
    uintptr_t offset;
    if (elf_symbol_lookup(address, &function, &offset, &object) && function) {
        /* The offset of the return address, as in a backtrace. */
        snprintf(buf, size, "%s+0x%lx (%s)", function, (unsigned long)offset + 1, object);
        return buf;
    }
    Dl_info info;
    if (dladdr((void *)address, &info) && info.dli_fname) {
        const char *base = strrchr(info.dli_fname, '/');
        base = base ? base + 1 : info.dli_fname;
        if (info.dli_sname)
            snprintf(buf, size, "%s+0x%lx (%s)", info.dli_sname,
                     (unsigned long)((uintptr_t)codeptr - (uintptr_t)info.dli_saddr), base);
        else
            snprintf(buf, size, "%s+0x%lx", base, (unsigned long)((uintptr_t)codeptr - (uintptr_t)info.dli_fbase));
        return buf;
    }
    snprintf(buf, size, "%p", codeptr);
    return buf;
}

const char *tool_symbolize_data(const void *address, char *buf, size_t size)
{
    if (tool_symbol_file_loaded()) {
        const char *kept = tool_symbol_file_lookup((uintptr_t)address, 'd', 0);
        if (kept)
            snprintf(buf, size, "%s", kept);
        return kept ? buf : NULL;
    }
    const char *name, *object;
    uintptr_t offset;
    if (!elf_object_lookup((uintptr_t)address, &name, &offset, &object) || !name)
        return NULL;
    snprintf(buf, size, "%s", name);
    return buf;
}
