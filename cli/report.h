/* glass report: the profile of a trace folder, offline (cli/report.c). */
#ifndef GLASS_CLI_REPORT_H
#define GLASS_CLI_REPORT_H

/* argv: [-o FILE] [--html FILE] [--] DIR. Returns the exit status. */
int glass_report(char **argv, const char *lib_dir);

#endif
