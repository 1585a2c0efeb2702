/* The value of OMP_ALLOCATOR (OpenMP 5.1, 6.22): a predefined allocator
 * ("omp_thread_mem_alloc"), a predefined memory space
 * ("omp_high_bw_mem_space"), or a memory space with traits
 * ("omp_default_mem_space:pool_size=1024,fallback=allocator_fb,
 * fb_data=omp_low_lat_mem_alloc"). Names are matched without regard to case,
 * and trait names and values may be written with or without their omp_atk_ /
 * omp_atv_ prefixes. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "alloc.h"

struct name_value {
    const char *name;
    uintptr_t value;
};

static const struct name_value predefined_allocators[] = {
    {"omp_default_mem_alloc", GLASS_DEFAULT_MEM_ALLOC},
    {"omp_large_cap_mem_alloc", GLASS_LARGE_CAP_MEM_ALLOC},
    {"omp_const_mem_alloc", GLASS_CONST_MEM_ALLOC},
    {"omp_high_bw_mem_alloc", GLASS_HIGH_BW_MEM_ALLOC},
    {"omp_low_lat_mem_alloc", GLASS_LOW_LAT_MEM_ALLOC},
    {"omp_cgroup_mem_alloc", GLASS_CGROUP_MEM_ALLOC},
    {"omp_pteam_mem_alloc", GLASS_PTEAM_MEM_ALLOC},
    {"omp_thread_mem_alloc", GLASS_THREAD_MEM_ALLOC},
    {NULL, 0},
};

static const struct name_value memspaces[] = {
    {"omp_default_mem_space", GLASS_MEMSPACE_DEFAULT},
    {"omp_large_cap_mem_space", GLASS_MEMSPACE_LARGE_CAP},
    {"omp_const_mem_space", GLASS_MEMSPACE_CONST},
    {"omp_high_bw_mem_space", GLASS_MEMSPACE_HIGH_BW},
    {"omp_low_lat_mem_space", GLASS_MEMSPACE_LOW_LAT},
    {NULL, 0},
};

static const struct name_value trait_keys[] = {
    {"sync_hint", GLASS_ATK_SYNC_HINT}, {"alignment", GLASS_ATK_ALIGNMENT},
    {"access", GLASS_ATK_ACCESS},       {"pool_size", GLASS_ATK_POOL_SIZE},
    {"fallback", GLASS_ATK_FALLBACK},   {"fb_data", GLASS_ATK_FB_DATA},
    {"pinned", GLASS_ATK_PINNED},       {"partition", GLASS_ATK_PARTITION},
    {NULL, 0},
};

static const struct name_value trait_values[] = {
    {"default", GLASS_ATV_DEFAULT},
    {"false", GLASS_ATV_FALSE},
    {"true", GLASS_ATV_TRUE},
    {"contended", GLASS_ATV_CONTENDED},
    {"uncontended", GLASS_ATV_UNCONTENDED},
    {"serialized", GLASS_ATV_SERIALIZED},
    {"sequential", GLASS_ATV_SERIALIZED},
    {"private", GLASS_ATV_PRIVATE},
    {"all", GLASS_ATV_ALL},
    {"thread", GLASS_ATV_THREAD},
    {"pteam", GLASS_ATV_PTEAM},
    {"cgroup", GLASS_ATV_CGROUP},
    {"default_mem_fb", GLASS_ATV_DEFAULT_MEM_FB},
    {"null_fb", GLASS_ATV_NULL_FB},
    {"abort_fb", GLASS_ATV_ABORT_FB},
    {"allocator_fb", GLASS_ATV_ALLOCATOR_FB},
    {"environment", GLASS_ATV_ENVIRONMENT},
    {"nearest", GLASS_ATV_NEAREST},
    {"blocked", GLASS_ATV_BLOCKED},
    {"interleaved", GLASS_ATV_INTERLEAVED},
    {NULL, 0},
};

/* Looks up the `length` characters at `text`, with or without `prefix`. */
static bool lookup(const struct name_value *table, const char *prefix, const char *text, size_t length,
                   uintptr_t *value)
{
    size_t prefix_length = strlen(prefix);
    if (length > prefix_length && strncasecmp(text, prefix, prefix_length) == 0) {
        text += prefix_length;
        length -= prefix_length;
    }
    for (; table->name != NULL; table++) {
        const char *name = table->name;
        if (strncmp(name, prefix, prefix_length) == 0)
            name += prefix_length;
        if (strlen(name) == length && strncasecmp(name, text, length) == 0) {
            *value = table->value;
            return true;
        }
    }
    return false;
}

static size_t trimmed_length(const char *text, size_t length)
{
    while (length > 0 && (text[length - 1] == ' ' || text[length - 1] == '\t'))
        length--;
    return length;
}

static const char *skip_blanks(const char *text)
{
    while (*text == ' ' || *text == '\t')
        text++;
    return text;
}

/* One "key=value" of an OMP_ALLOCATOR trait list. */
static bool parse_trait(const char *text, size_t length, struct glass_alloc_trait *trait)
{
    const char *equals = memchr(text, '=', length);
    if (equals == NULL)
        return false;
    uintptr_t key;
    if (!lookup(trait_keys, "omp_atk_", text, trimmed_length(text, (size_t)(equals - text)), &key))
        return false;
    const char *value = skip_blanks(equals + 1);
    size_t value_length = trimmed_length(value, (size_t)(text + length - value));
    trait->key = (int)key;
    /* fb_data can only name a predefined allocator here. */
    if (key == GLASS_ATK_FB_DATA)
        return lookup(predefined_allocators, "", value, value_length, &trait->value);
    bool numeric = key == GLASS_ATK_ALIGNMENT || key == GLASS_ATK_POOL_SIZE;
    if (lookup(trait_values, "omp_atv_", value, value_length, &trait->value))
        /* apply_trait rejects the names that do not fit other keys */
        return !numeric || trait->value == GLASS_ATV_DEFAULT;
    if (numeric) {
        char digits[32], *end;
        if (value_length == 0 || value_length >= sizeof digits)
            return false;
        memcpy(digits, value, value_length);
        digits[value_length] = '\0';
        unsigned long long number = strtoull(digits, &end, 10);
        if (*end != '\0' || digits[0] == '-')
            return false;
        trait->value = (uintptr_t)number;
        return true;
    }
    return false;
}

bool glass_allocator_parse(const char *text, uintptr_t *allocator)
{
    enum { MAX_TRAITS = 16 };
    struct glass_alloc_trait traits[MAX_TRAITS];
    int ntraits = 0;
    uintptr_t value;

    text = skip_blanks(text);
    const char *colon = strchr(text, ':');
    size_t name_length = trimmed_length(text, colon != NULL ? (size_t)(colon - text) : strlen(text));
    if (colon == NULL && lookup(predefined_allocators, "", text, name_length, &value)) {
        *allocator = value;
        return true;
    }
    if (!lookup(memspaces, "", text, name_length, &value))
        return false;
    if (colon != NULL) {
        const char *item = skip_blanks(colon + 1);
        if (*item == '\0')
            return false; /* a colon promises traits */
        while (*item != '\0') {
            const char *comma = strchr(item, ',');
            size_t length = comma != NULL ? (size_t)(comma - item) : strlen(item);
            if (ntraits == MAX_TRAITS || !parse_trait(item, length, &traits[ntraits]))
                return false;
            ntraits++;
            if (comma == NULL)
                break;
            item = skip_blanks(comma + 1);
        }
    }
    /* A memory space alone behaves as its predefined allocator; using that
     * instead of creating an equal allocator leaves nothing to free. */
    if (ntraits == 0) {
        static const uintptr_t allocator_of_memspace[] = {
            GLASS_DEFAULT_MEM_ALLOC, GLASS_LARGE_CAP_MEM_ALLOC, GLASS_CONST_MEM_ALLOC,
            GLASS_HIGH_BW_MEM_ALLOC, GLASS_LOW_LAT_MEM_ALLOC,
        };
        *allocator = allocator_of_memspace[value];
        return true;
    }
    uintptr_t made = glass_allocator_create(value, ntraits, traits);
    if (made == GLASS_NULL_ALLOCATOR)
        return false;
    *allocator = made;
    return true;
}
