/* Function names for code addresses from the loaded objects' ELF symbol
 * tables (.symtab, a separate debug file's .symtab, or .dynsym). */
#ifndef GLASS_TOOL_ELF_SYMBOLS_H
#define GLASS_TOOL_ELF_SYMBOLS_H

#include <stdint.h>

/* Finds the object holding ADDRESS (its file name in *object) and, when a
 * symbol covers it, the function (*function, *offset from its start; else
 * *function is NULL). Returns 0 when no loaded object holds the address.
 * Not thread-safe; the strings live until elf_symbols_end. */
int elf_symbol_lookup(uintptr_t address, const char **function, uintptr_t *offset, const char **object);

/* The same for data: the object symbol (a variable) covering ADDRESS in
 * *name (NULL when none does), *offset into it. */
int elf_object_lookup(uintptr_t address, const char **name, uintptr_t *offset, const char **object);

/* Releases the tables read so far. */
void elf_symbols_end(void);

#endif
