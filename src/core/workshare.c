#include "workshare.h"

void glass_ws_ring_init(struct glass_ws_ring *ring, unsigned nthreads)
{
    (void)nthreads;
    atomic_store_explicit(&ring->single_winner, 0, memory_order_relaxed);
}
