/* The return address of a call, found from the called function's canonical
 * frame address (__builtin_dwarf_cfa()): on x86-64 the call pushes it just
 * below the caller's stack pointer, which is the callee's CFA (System V
 * psABI, 3.2.2). A watched half that has stored an entry point's CFA as the
 * task's enter frame can so find the entry's call site again after a call,
 * without keeping a register for it. */
#ifndef GLASS_PLATFORM_RETURN_ADDRESS_H
#define GLASS_PLATFORM_RETURN_ADDRESS_H

#if !defined(__x86_64__)
#error "glass_return_address_below is written for x86-64 only"
#endif

static inline const void *glass_return_address_below(const void *cfa)
{
    return ((const void *const *)cfa)[-1];
}

#endif
