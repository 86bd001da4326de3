# Transposition table.  Entries are written at trick boundaries only; the
# key is exact for one deal (remaining cards, player on lead, the two state
# flags), and a generation number in the key retires a deal's entries
# without clearing the table.  Buckets of four, depth-preferred replacement.
from libc.stdint cimport uint64_t, int16_t, int8_t, uint8_t
from solver._types cimport Context, TTEntry, popcount64

cdef enum:
    BUCKET = 4
    GEN_SHIFT = 41

cdef inline uint64_t tt_key(Context* c) noexcept nogil:
    return (c.remaining | (<uint64_t>c.leader << 36) | (<uint64_t>c.called_led << 39)
            | (<uint64_t>c.match_alive << 40) | (c.generation << GEN_SHIFT))

cdef inline TTEntry* tt_bucket(Context* c, uint64_t key) noexcept nogil:
    cdef uint64_t h = (key * 0x9E3779B97F4A7C15ULL) >> 20
    return c.tt + (h & c.tt_mask) * BUCKET

cdef inline TTEntry* tt_probe(Context* c, uint64_t key) noexcept nogil:
    cdef TTEntry* b = tt_bucket(c, key)
    cdef int i
    for i in range(BUCKET):
        if b[i].key == key:
            return &b[i]
    return NULL

cdef inline void tt_store(Context* c, uint64_t key, int lower, int upper, int best) noexcept nogil:
    cdef TTEntry* b = tt_bucket(c, key)
    cdef TTEntry* victim = NULL
    cdef int i
    cdef uint64_t gen = c.generation << GEN_SHIFT
    cdef uint64_t genmask = ~((<uint64_t>1 << GEN_SHIFT) - 1)
    for i in range(BUCKET):
        if b[i].key == key:
            # Same position: both bounds are true, keep the tighter of each.
            victim = &b[i]
            if victim.lower > lower:
                lower = victim.lower
            if victim.upper < upper:
                upper = victim.upper
            if best < 0:
                best = victim.best
            break
    if victim == NULL:
        victim = b
        for i in range(BUCKET):
            if (b[i].key & genmask) != gen:  # another deal's entry: free
                victim = &b[i]
                break
            if b[i].depth < victim.depth:
                victim = &b[i]
    victim.key = key
    victim.lower = <int16_t>lower
    victim.upper = <int16_t>upper
    victim.best = <int8_t>best
    victim.depth = <uint8_t>popcount64(key & ((<uint64_t>1 << 36) - 1))
