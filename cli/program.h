/* The program the `glass` command runs: found as execvp would find it (or
 * why it cannot run), and what its file says before it runs: whether it is
 * an OpenMP program at all (a warning when not), and which compiler's
 * OpenMP ABI it uses (host devices serve only GCC's). */
#ifndef GLASS_CLI_PROGRAM_H
#define GLASS_CLI_PROGRAM_H

#include <stddef.h>

/* NAME as execvp would find it: a name with a '/' as it is, else the first
 * runnable file of that name in PATH, written into `path`. NULL when there
 * is none, with the reason ("is a directory, not a program", "program not
 * found", ...) and the status a shell exits with (126, or 127 when nothing
 * is there). */
char *program_find(const char *name, char *path, size_t size, const char **why, int *status);

struct program_info {
    int elf;               /* a 64-bit ELF file: the fields below were read */
    int needs_gomp;        /* DT_NEEDED libgomp.so.* */
    int needs_libomp;      /* libomp.so.* or libiomp5.so */
    int needs_omptarget;   /* LLVM's offload library */
    int needs_glass;       /* linked against libglass.so itself */
    int calls_kmpc;        /* undefined __kmpc_* symbols: clang's OpenMP ABI */
    int calls_tgt;         /* undefined __tgt_*: clang's offloading (libomptarget) */
    int calls_gomp_target; /* undefined GOMP_target*: GCC's target constructs */
};

/* Fills `info` (all zero for a script, a 32-bit program or an unreadable file). */
void program_inspect(const char *path, struct program_info *info);

/* Whether it needs an OpenMP runtime. Meaningful only when info->elf. */
int program_uses_openmp(const struct program_info *info);

/* Whether its OpenMP code is clang's (LLVM's ABI). */
int program_is_clang_compiled(const struct program_info *info);

#endif
