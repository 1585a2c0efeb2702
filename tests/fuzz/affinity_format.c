/* Fuzz target: the affinity-format expander (src/core/places/affinity_format.c,
 * OMP_AFFINITY_FORMAT). Like snprintf it must return the whole length, never
 * write past `size`, and agree with itself given a larger buffer; the problem
 * description must be a terminated string, and agree with the validity test. */
#include "../../src/core/places/affinity_format.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *format = fuzz_string(data, size);
    const struct glass_affinity_info info = {
        .team_num = 0, .num_teams = 1, .level = 2, .thread_num = 3, .num_threads = 4,
        .ancestor_thread_num = 1, .process_id = 12345, .native_thread_id = 12346,
        .host = "fuzzhost", .affinity = "0-3,6",
    };
    char problem[48];
    const char *described = glass_affinity_format_problem(format, problem, sizeof problem);
    if ((described == NULL) != glass_affinity_format_valid(format) ||
        (described && (described != problem || strlen(problem) >= sizeof problem)))
        abort();
    char small[16];
    size_t length = glass_affinity_format(small, sizeof small, format, &info);
    if (strlen(small) != (length < sizeof small ? length : sizeof small - 1))
        abort();
    char *whole = malloc(length + 1);
    if (!whole || glass_affinity_format(whole, length + 1, format, &info) != length || strlen(whole) != length ||
        strncmp(whole, small, sizeof small - 1) != 0)
        abort();
    free(whole);
    free(format);
    return 0;
}
