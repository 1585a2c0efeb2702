/* glass --version (cli/version.c). */
#ifndef GLASS_CLI_VERSION_H
#define GLASS_CLI_VERSION_H

/* Prints the version and the optional parts built; lib_dir may be NULL. */
void glass_print_version(const char *lib_dir);

#endif
