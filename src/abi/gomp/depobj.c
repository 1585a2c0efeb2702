/* GCC ABI: the omp_depend_t of GCC's omp.h, two words that a depobj
 * construct writes in place (no runtime call): the dependence's address,
 * then its GOMP_DEPEND_* type; destroy writes -1 as the type. It is read
 * inside GCC's depend arrays (task.c) and, through the core's table of
 * encodings (core/tasks/depobj.h), in the depobj lists of the device memory
 * routines. Nothing in the object tells it is GCC's without reading both
 * words, which a clang list of one 8-byte object does not have: it is the
 * encoding of the objects no other ABI claims. */
#include <stdint.h>
#include <string.h>

#include "../../core/tasks/depobj.h"
#include "depend.h"

/* gomp-constants.h: the types an omp_depend_t holds. */
enum {
    GOMP_DEPEND_IN = 1,
    GOMP_DEPEND_OUT,
    GOMP_DEPEND_INOUT,
    GOMP_DEPEND_MUTEXINOUTSET,
    GOMP_DEPEND_INOUTSET,
};

bool gomp_depobj_decode(const void *object, struct glass_depend *out)
{
    static const enum glass_depend_kind kinds[] = {
        [GOMP_DEPEND_IN] = GLASS_DEPEND_IN,
        [GOMP_DEPEND_OUT] = GLASS_DEPEND_OUT,
        [GOMP_DEPEND_INOUT] = GLASS_DEPEND_INOUT,
        [GOMP_DEPEND_MUTEXINOUTSET] = GLASS_DEPEND_MUTEXINOUTSET,
        [GOMP_DEPEND_INOUTSET] = GLASS_DEPEND_INOUTSET,
    };
    void *words[2];
    memcpy(words, object, sizeof words);
    uintptr_t type = (uintptr_t)words[1];
    if (type < GOMP_DEPEND_IN || type > GOMP_DEPEND_INOUTSET)
        return false;
    *out = (struct glass_depend){words[0], kinds[type]};
    return true;
}

static long decode(const void *object, struct glass_depend *out, size_t room)
{
    struct glass_depend dep;
    if (!gomp_depobj_decode(object, &dep))
        return -1;
    if (room)
        *out = dep;
    return 1;
}

static const struct glass_depobj_encoding gomp_encoding = {
    .stride = 2 * sizeof(void *),
    .claims = NULL,
    .decode = decode,
};

__attribute__((constructor)) static void add_gomp_encoding(void)
{
    glass_depobj_encoding_add(&gomp_encoding);
}
