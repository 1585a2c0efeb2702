/* Fuzz target: OMP_PLACES (src/core/places/places_parse.c). An accepted explicit
 * list must be well formed: ascending, unique processors per place, within the
 * documented limits; nothing may stay allocated after a refusal. */
#include "../../src/core/places/places_parse.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_string(data, size);
    struct glass_places_spec spec;
    if (glass_parse_places(text, &spec)) {
        if (spec.kind == GLASS_PLACES_EXPLICIT) {
            if (spec.nplaces == 0 || spec.first[0] != 0 || spec.first[spec.nplaces] > GLASS_PLACES_MAX_ENTRIES)
                abort();
            for (unsigned p = 0; p < spec.nplaces; p++) {
                if (spec.first[p + 1] <= spec.first[p])
                    abort(); /* an empty place */
                for (unsigned i = spec.first[p]; i < spec.first[p + 1]; i++)
                    if (spec.cpus[i] > GLASS_PLACES_MAX_CPU ||
                        (i > spec.first[p] && spec.cpus[i] <= spec.cpus[i - 1]))
                        abort();
            }
        }
        glass_places_spec_free(&spec);
    }
    free(text);
    return 0;
}
