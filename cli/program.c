/* The program the `glass` command runs (program.h): where it is, and what
 * its file says: the OpenMP libraries it needs (DT_NEEDED) and the runtime
 * entry points it calls (its undefined dynamic symbols). */
#include "program.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int starts(const char *name, const char *prefix)
{
    return strncmp(name, prefix, strlen(prefix)) == 0;
}

static void needed(struct program_info *info, const char *library)
{
    if (starts(library, "libgomp.so"))
        info->needs_gomp = 1;
    else if (starts(library, "libomp.so") || starts(library, "libiomp5.so"))
        info->needs_libomp = 1;
    else if (starts(library, "libomptarget.so"))
        info->needs_omptarget = 1;
    else if (starts(library, "libglass.so"))
        info->needs_glass = 1;
}

/* An undefined dynamic symbol: an entry point the program calls. */
static void calls(struct program_info *info, const char *symbol)
{
    if (starts(symbol, "__kmpc_"))
        info->calls_kmpc = 1;
    else if (starts(symbol, "__tgt_"))
        info->calls_tgt = 1;
    else if (starts(symbol, "GOMP_target"))
        info->calls_gomp_target = 1;
}

/* The entries of a section of `entry_size` bytes, with the string table it
 * links to; NULL when either lies outside the file. */
static const void *section_entries(const unsigned char *image, size_t size, const Elf64_Ehdr *eh,
                                   const Elf64_Shdr *section, const char **strings, size_t *strings_size)
{
    const Elf64_Shdr *sections = (const Elf64_Shdr *)(image + eh->e_shoff);
    if (section->sh_link >= eh->e_shnum)
        return NULL;
    const Elf64_Shdr *strtab = &sections[section->sh_link];
    if (section->sh_offset > size || section->sh_size > size - section->sh_offset || strtab->sh_offset > size ||
        strtab->sh_size > size - strtab->sh_offset)
        return NULL;
    *strings = (const char *)image + strtab->sh_offset;
    *strings_size = strtab->sh_size;
    return image + section->sh_offset;
}

static void read_elf(struct program_info *info, const unsigned char *image, size_t size)
{
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)image;
    if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
        eh->e_shoff > size || (size_t)eh->e_shnum * sizeof(Elf64_Shdr) > size - eh->e_shoff)
        return;
    info->elf = 1;
    const Elf64_Shdr *sections = (const Elf64_Shdr *)(image + eh->e_shoff);
    for (unsigned i = 0; i < eh->e_shnum; i++) {
        const char *strings;
        size_t strings_size;
        if (sections[i].sh_type == SHT_DYNAMIC) {
            const Elf64_Dyn *entry = section_entries(image, size, eh, &sections[i], &strings, &strings_size);
            for (size_t k = 0; entry && k < sections[i].sh_size / sizeof *entry && entry[k].d_tag != DT_NULL; k++)
                if (entry[k].d_tag == DT_NEEDED && entry[k].d_un.d_val < strings_size &&
                    memchr(strings + entry[k].d_un.d_val, '\0', strings_size - entry[k].d_un.d_val))
                    needed(info, strings + entry[k].d_un.d_val);
        } else if (sections[i].sh_type == SHT_DYNSYM) {
            const Elf64_Sym *symbol = section_entries(image, size, eh, &sections[i], &strings, &strings_size);
            for (size_t k = 0; symbol && k < sections[i].sh_size / sizeof *symbol; k++)
                if (symbol[k].st_shndx == SHN_UNDEF && symbol[k].st_name && symbol[k].st_name < strings_size &&
                    memchr(strings + symbol[k].st_name, '\0', strings_size - symbol[k].st_name))
                    calls(info, strings + symbol[k].st_name);
        }
    }
}

void program_inspect(const char *path, struct program_info *info)
{
    memset(info, 0, sizeof *info);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size < sizeof(Elf64_Ehdr)) {
        if (fd >= 0)
            close(fd);
        return;
    }
    const unsigned char *image = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (image == MAP_FAILED)
        return;
    read_elf(info, image, (size_t)st.st_size);
    munmap((void *)image, (size_t)st.st_size);
}

int program_uses_openmp(const struct program_info *info)
{
    return info->needs_gomp || info->needs_libomp || info->needs_glass || info->needs_omptarget;
}

int program_is_clang_compiled(const struct program_info *info)
{
    /* libgomp's programs call GOMP_*; LLVM's call __kmpc_* (and __tgt_* for
     * offloading) and link libomp.so.5. A tiny program may call only omp_*
     * routines: then the library it links tells. */
    return info->calls_kmpc || info->calls_tgt || info->needs_omptarget || (info->needs_libomp && !info->needs_gomp);
}

/* Why `path` cannot be run as a program, or NULL when it can; *status is
 * what a shell exits with: 127 when nothing is there, 126 otherwise. */
static const char *not_runnable(const char *path, int *status)
{
    struct stat st;
    *status = 126;
    if (stat(path, &st) != 0) {
        *status = errno == ENOENT || errno == ENOTDIR ? 127 : 126;
        return *status == 127 ? "program not found" : strerror(errno);
    }
    if (S_ISDIR(st.st_mode))
        return "is a directory, not a program";
    if (!S_ISREG(st.st_mode))
        return "is not a regular file";
    if (access(path, X_OK) != 0)
        return errno == EACCES ? "is not executable (no execute permission: chmod +x it)" : strerror(errno);
    return NULL;
}

/* PROG as execvp would find it: a name with a '/' as it is, else the first
 * runnable file of that name in PATH. NULL with the reason and status. */
char *program_find(const char *name, char *path, size_t size, const char **why, int *status)
{
    if (strchr(name, '/')) {
        snprintf(path, size, "%s", name);
        *why = not_runnable(path, status);
        return *why ? NULL : path;
    }
    const char *search = getenv("PATH");
    if (!search)
        search = "/usr/local/bin:/usr/bin:/bin";
    *why = "program not found";
    *status = 127;
    while (*search) {
        const char *end = strchr(search, ':');
        size_t len = end ? (size_t)(end - search) : strlen(search);
        snprintf(path, size, "%.*s/%s", (int)len, len ? search : ".", name);
        int found_status;
        const char *reason = not_runnable(path, &found_status);
        if (!reason)
            return path;
        if (found_status == 126 && *status == 127) /* something there, but not runnable: say so */
            *why = reason, *status = found_status;
        search += len + (end ? 1 : 0);
    }
    return NULL;
}
