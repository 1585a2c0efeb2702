/* Function names for code addresses from the ELF symbol tables of the loaded
 * objects: the fallback of tool_symbolize when libdw is missing or a program
 * has no line tables. dladdr sees only the dynamic symbol table, which holds
 * none of a program's own functions (heat's main, solve, ...); .symtab does,
 * in every binary that was not stripped, and a stripped one may have it in a
 * separate debug file under /usr/lib/debug/.build-id. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dl_iterate_phdr */
#endif
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf_symbols.h"

struct function_symbol {
    uintptr_t start, size; /* file addresses (before the load bias) */
    const char *name;      /* inside the module's mapped file */
};

struct module {
    uintptr_t bias;  /* load address minus file address */
    uintptr_t low, high; /* the loaded segments' range, run-time addresses */
    char path[256];
    const unsigned char *image; /* the mapped file the symbols came from */
    size_t image_size;
    struct function_symbol *functions; /* sorted by start */
    size_t count;
    struct function_symbol *objects; /* data symbols, sorted by start */
    size_t object_count;
};

/* Objects are few (the program, libc, the runtime, the tools); they are read
 * once and kept until elf_symbols_end. */
#define MAX_MODULES 64
static struct module modules[MAX_MODULES];
static size_t module_count;

static const unsigned char *map_file(const char *path, size_t *size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
        return NULL;
    if (fstat(fd, &st) != 0 || (size_t)st.st_size < sizeof(Elf64_Ehdr)) {
        close(fd);
        return NULL;
    }
    void *image = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (image == MAP_FAILED)
        return NULL;
    *size = (size_t)st.st_size;
    return image;
}

/* The section headers of a well-formed 64-bit ELF image, or NULL. */
static const Elf64_Shdr *sections_of(const unsigned char *image, size_t size, unsigned *count)
{
    const Elf64_Ehdr *header = (const Elf64_Ehdr *)image;
    if (memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 || header->e_ident[EI_CLASS] != ELFCLASS64 ||
        header->e_shentsize != sizeof(Elf64_Shdr) || header->e_shoff == 0 || header->e_shoff > size ||
        (size - header->e_shoff) / sizeof(Elf64_Shdr) < header->e_shnum)
        return NULL;
    *count = header->e_shnum;
    return (const Elf64_Shdr *)(image + header->e_shoff);
}

static int in_image(const Elf64_Shdr *section, size_t size)
{
    return section->sh_type != SHT_NOBITS && section->sh_offset <= size && section->sh_size <= size - section->sh_offset;
}

static int by_start(const void *a, const void *b)
{
    const struct function_symbol *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

/* Collects the defined functions of the first table of TYPE in the image. */
static size_t read_functions(struct module *m, const unsigned char *image, size_t size, unsigned type)
{
    unsigned count;
    const Elf64_Shdr *sections = sections_of(image, size, &count);
    if (!sections)
        return 0;
    for (unsigned i = 0; i < count; i++) {
        const Elf64_Shdr *table = &sections[i];
        if (table->sh_type != type || table->sh_entsize != sizeof(Elf64_Sym) || table->sh_link >= count)
            continue;
        const Elf64_Shdr *strings = &sections[table->sh_link];
        if (!in_image(table, size) || !in_image(strings, size))
            return 0;
        const Elf64_Sym *symbols = (const Elf64_Sym *)(image + table->sh_offset);
        size_t total = table->sh_size / sizeof *symbols, kept = 0;
        struct function_symbol *functions = calloc(total ? total : 1, sizeof *functions);
        struct function_symbol *objects = calloc(total ? total : 1, sizeof *objects);
        size_t objects_kept = 0;
        if (!functions || !objects) {
            free(functions);
            free(objects);
            return 0;
        }
        for (size_t k = 0; k < total; k++) {
            const Elf64_Sym *symbol = &symbols[k];
            int type = ELF64_ST_TYPE(symbol->st_info);
            if ((type != STT_FUNC && type != STT_OBJECT) || symbol->st_shndx == SHN_UNDEF ||
                symbol->st_value == 0 || symbol->st_name >= strings->sh_size)
                continue;
            const char *name = (const char *)image + strings->sh_offset + symbol->st_name;
            if (!memchr(name, '\0', strings->sh_size - symbol->st_name) || !*name)
                continue;
            struct function_symbol found = {symbol->st_value, symbol->st_size, name};
            if (type == STT_FUNC)
                functions[kept++] = found;
            else if (symbol->st_size)
                objects[objects_kept++] = found;
        }
        qsort(functions, kept, sizeof *functions, by_start);
        qsort(objects, objects_kept, sizeof *objects, by_start);
        m->functions = functions;
        m->count = kept;
        m->objects = objects;
        m->object_count = objects_kept;
        m->image = image;
        m->image_size = size;
        return kept;
    }
    return 0;
}

/* The path of the separate debug file of an image with a GNU build id. */
static int debug_file_path(const unsigned char *image, size_t size, char *path, size_t path_size)
{
    unsigned count;
    const Elf64_Shdr *sections = sections_of(image, size, &count);
    for (unsigned i = 0; sections && i < count; i++) {
        const Elf64_Shdr *notes = &sections[i];
        if (notes->sh_type != SHT_NOTE || !in_image(notes, size))
            continue;
        size_t at = 0;
        while (at + sizeof(Elf64_Nhdr) <= notes->sh_size) {
            const Elf64_Nhdr *note = (const Elf64_Nhdr *)(image + notes->sh_offset + at);
            size_t name_size = (note->n_namesz + 3) & ~(size_t)3, desc_size = (note->n_descsz + 3) & ~(size_t)3;
            size_t desc_at = at + sizeof *note + name_size;
            if (desc_at + note->n_descsz > notes->sh_size)
                break;
            if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 &&
                !memcmp(note + 1, "GNU", 4) && note->n_descsz >= 2 && note->n_descsz <= 64) {
                const unsigned char *id = image + notes->sh_offset + desc_at;
                int n = snprintf(path, path_size, "/usr/lib/debug/.build-id/%02x/", id[0]);
                for (unsigned k = 1; k < note->n_descsz && n > 0 && (size_t)n < path_size; k++)
                    n += snprintf(path + n, path_size - (size_t)n, "%02x", id[k]);
                if (n > 0 && (size_t)n < path_size)
                    n += snprintf(path + n, path_size - (size_t)n, ".debug");
                return n > 0 && (size_t)n < path_size;
            }
            at = desc_at + desc_size;
        }
    }
    return 0;
}

/* Reads the module's functions: .symtab of the file, else .symtab of its
 * separate debug file, else .dynsym. */
static void load_symbols(struct module *m)
{
    size_t size;
    const unsigned char *image = map_file(m->path, &size);
    if (!image)
        return;
    if (read_functions(m, image, size, SHT_SYMTAB))
        return;
    char debug_path[320];
    if (debug_file_path(image, size, debug_path, sizeof debug_path)) {
        size_t debug_size;
        const unsigned char *debug = map_file(debug_path, &debug_size);
        if (debug && read_functions(m, debug, debug_size, SHT_SYMTAB)) {
            munmap((void *)image, size);
            return;
        }
        if (debug)
            munmap((void *)debug, debug_size);
    }
    if (!read_functions(m, image, size, SHT_DYNSYM))
        munmap((void *)image, size);
}

struct search {
    uintptr_t address;
    struct module *found;
};

static int find_object(struct dl_phdr_info *info, size_t info_size, void *data)
{
    (void)info_size;
    struct search *search = data;
    uintptr_t low = UINTPTR_MAX, high = 0;
    int contains = 0;
    for (unsigned i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_LOAD)
            continue;
        uintptr_t start = info->dlpi_addr + segment->p_vaddr, end = start + segment->p_memsz;
        low = start < low ? start : low;
        high = end > high ? end : high;
        contains |= search->address >= start && search->address < end;
    }
    if (!contains)
        return 0;
    if (module_count == MAX_MODULES)
        return 1;
    struct module *m = &modules[module_count++];
    memset(m, 0, sizeof *m);
    m->bias = info->dlpi_addr;
    m->low = low;
    m->high = high;
    /* The program itself has an empty name in the list. */
    const char *name = info->dlpi_name && *info->dlpi_name ? info->dlpi_name : NULL;
    if (name)
        snprintf(m->path, sizeof m->path, "%s", name);
    else {
        ssize_t n = readlink("/proc/self/exe", m->path, sizeof m->path - 1);
        m->path[n > 0 ? n : 0] = '\0';
    }
    load_symbols(m);
    search->found = m;
    return 1;
}

static struct module *module_of(uintptr_t address)
{
    for (size_t i = 0; i < module_count; i++)
        if (address >= modules[i].low && address < modules[i].high)
            return &modules[i];
    struct search search = {address, NULL};
    dl_iterate_phdr(find_object, &search);
    return search.found;
}

/* The symbol of `table` (sorted by start) covering the file address. */
static const struct function_symbol *covering(const struct function_symbol *table, size_t count,
                                              uintptr_t file_address)
{
    /* The last symbol starting at or before the address. */
    size_t low = 0, high = count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (table[middle].start <= file_address)
            low = middle + 1;
        else
            high = middle;
    }
    return low > 0 ? &table[low - 1] : NULL;
}

int elf_object_lookup(uintptr_t address, const char **name, uintptr_t *offset, const char **object)
{
    struct module *m = module_of(address);
    if (!m)
        return 0;
    const char *base = strrchr(m->path, '/');
    *object = base ? base + 1 : m->path;
    uintptr_t file_address = address - m->bias;
    const struct function_symbol *candidate = covering(m->objects, m->object_count, file_address);
    *name = NULL;
    if (candidate && file_address < candidate->start + candidate->size) {
        *name = candidate->name;
        *offset = file_address - candidate->start;
    }
    return 1;
}

int elf_symbol_lookup(uintptr_t address, const char **function, uintptr_t *offset, const char **object)
{
    struct module *m = module_of(address);
    if (!m)
        return 0;
    const char *base = strrchr(m->path, '/');
    *object = base ? base + 1 : m->path;
    uintptr_t file_address = address - m->bias;
    *function = NULL;
    const struct function_symbol *candidate = covering(m->functions, m->count, file_address);
    if (candidate) {
        /* Sized symbols must cover the address; unsized ones (hand-written
         * assembly) are taken as reaching to the next symbol. */
        if (candidate->size == 0 || file_address < candidate->start + candidate->size) {
            *function = candidate->name;
            *offset = file_address - candidate->start;
        }
    }
    return 1;
}

void elf_symbols_end(void)
{
    for (size_t i = 0; i < module_count; i++) {
        free(modules[i].functions);
        free(modules[i].objects);
        if (modules[i].image)
            munmap((void *)modules[i].image, modules[i].image_size);
    }
    module_count = 0;
}
