/* Fuzz target: OMP_ALLOCATOR (src/core/memory/alloc_parse.c, with the allocator
 * creation of src/core/memory/alloc.c it calls). An accepted value gives a valid
 * allocator; one that was created is used once and destroyed. The only
 * fatal error allowed is the one abort_fb specifies. */
#include "../../src/core/memory/alloc.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_string(data, size);
    uintptr_t allocator;
    if (glass_allocator_parse(text, &allocator)) {
        if (!glass_allocator_is_valid(allocator))
            abort();
        /* abort_fb with a pool smaller than the block is a specified fatal
         * error ("out of memory ... abort_fb"), not a crash. */
        jmp_buf fatal;
        fuzz_expected_fatal = &fatal;
        if (setjmp(fatal) == 0) {
            void *block = glass_alloc(0, 64, allocator);
            glass_free(block, allocator);
        }
        fuzz_expected_fatal = NULL;
        if (allocator > GLASS_THREAD_MEM_ALLOC)
            glass_allocator_destroy(allocator);
    }
    free(text);
    return 0;
}
