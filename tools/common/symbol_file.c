/* Source positions kept beside a trace (symbol_file.h): the code addresses
 * and lock variables of a run, named while the run's objects were still
 * mapped, so that `glass report` can name them after the process is gone
 * (its addresses, with address-space randomization, fit no other run). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "symbol_file.h"
#include "symbolize.h"

/* One line per address: "c ADDRESS<TAB>PLAIN<TAB>DETAILED" for code,
 * "d ADDRESS<TAB>NAME" for data with a symbol. */
int tool_symbol_file_write(FILE *out, const uint64_t *code, size_t code_count, const uint64_t *data,
                           size_t data_count)
{
    fprintf(out, "glass-symbols 1 lines=%d\n", tool_symbolize_has_lines());
    char plain[512], detailed[512];
    for (size_t i = 0; i < code_count; i++) {
        tool_symbolize((const void *)(uintptr_t)code[i], plain, sizeof plain);
        tool_symbolize_detailed((const void *)(uintptr_t)code[i], detailed, sizeof detailed, 1);
        fprintf(out, "c %" PRIx64 "\t%s\t%s\n", code[i], plain, detailed);
    }
    for (size_t i = 0; i < data_count; i++)
        if (tool_symbolize_data((const void *)(uintptr_t)data[i], plain, sizeof plain))
            fprintf(out, "d %" PRIx64 "\t%s\n", data[i], plain);
    return ferror(out) ? -1 : 0;
}

struct entry {
    uint64_t address;
    char kind;
    char *plain, *detailed; /* data: plain is the name */
};

static struct entry *entries;
static size_t entry_count;
static int entries_have_lines;

static int by_address(const void *a, const void *b)
{
    const struct entry *x = a, *y = b;
    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    return x->address < y->address ? -1 : x->address > y->address;
}

int tool_symbol_file_read(const char *path)
{
    FILE *in = fopen(path, "r");
    if (!in)
        return -1;
    char line[2048];
    if (!fgets(line, sizeof line, in) || sscanf(line, "glass-symbols 1 lines=%d", &entries_have_lines) != 1) {
        fclose(in);
        return -1;
    }
    size_t size = 0;
    while (fgets(line, sizeof line, in)) {
        line[strcspn(line, "\n")] = '\0';
        char kind = line[0];
        char *address_end, *name = NULL, *detailed = NULL;
        if ((kind != 'c' && kind != 'd') || line[1] != ' ')
            continue;
        uint64_t address = strtoull(line + 2, &address_end, 16);
        if (*address_end != '\t')
            continue;
        name = address_end + 1;
        detailed = strchr(name, '\t');
        if (detailed)
            *detailed++ = '\0';
        if (entry_count == size) {
            size = size ? 2 * size : 256;
            struct entry *grown = realloc(entries, size * sizeof *grown);
            if (!grown)
                abort();
            entries = grown;
        }
        entries[entry_count++] = (struct entry){address, kind, strdup(name), strdup(detailed ? detailed : name)};
    }
    fclose(in);
    qsort(entries, entry_count, sizeof *entries, by_address);
    return 0;
}

int tool_symbol_file_loaded(void)
{
    return entries != NULL;
}

int tool_symbol_file_has_lines(void)
{
    return entries_have_lines;
}

const char *tool_symbol_file_lookup(uint64_t address, char kind, int detailed)
{
    struct entry key = {address, kind, NULL, NULL};
    const struct entry *found = bsearch(&key, entries, entry_count, sizeof *entries, by_address);
    if (!found)
        return NULL;
    return detailed ? found->detailed : found->plain;
}
