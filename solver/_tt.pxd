# Transposition table.
#
# Entries are written at trick starts only.  The key is a Zobrist hash of
# the position *up to equivalence*: for every following class, the
# remaining cards in strength order, each as (owner, point level), plus the
# player on lead and the two state flags.  Two positions with the same key
# have the same future value: winners depend only on relative strength,
# scores only on points (tricks: on nothing), and the special cards (the
# called Sau, the Buur) are the top card of their class with unique points,
# so they keep their identity.  This lets a position reached after the 9
# was played share its entry with the one reached after the 8 was played.
#
# A deal's entries are retired by a generation number, not by clearing.
# Buckets of four, depth-preferred replacement.  The 64-bit key is a hash:
# a false match needs 64 equal bits, about 1e-11 over a 100-million-probe
# search; that risk is accepted, as in chess and bridge engines.
from libc.stdint cimport uint64_t, uint32_t, uint16_t, int16_t, int8_t, uint8_t
from stichfest._types cimport Context, TTEntry, N_CLASSES, popcount64, popcount32, ctz32

cdef enum:
    BUCKET = 4


cdef inline uint64_t tt_key(Context* c) noexcept nogil:
    cdef uint64_t h = c.z_leader[c.leader]
    cdef int k, i, card, rel
    if c.called_led:
        h ^= c.z_called_led
    if c.match_alive:
        h ^= c.z_match_alive
    cdef uint32_t m
    for k in range(N_CLASSES):
        rel = 0
        m = c.rank_mask[k]
        while m:
            card = c.order[k][ctz32(m)]
            h ^= c.z_card[k][rel][c.owner[card]][c.point_level[card]]
            rel += 1
            m &= m - 1
    return h


cdef inline int relative_of(Context* c, int card) noexcept nogil:
    """A card as (class, rank among the remaining cards of its class): the
    form in which a best move is stored, valid in every equivalent position."""
    cdef int k = c.klass[card]
    return (k << 4) | popcount32(c.rank_mask[k] & ((<uint32_t>1 << c.rank_pos[card]) - 1))


cdef inline int card_of(Context* c, int relative) noexcept nogil:
    """The card that :func:`relative_of` describes, in the current position."""
    cdef int k, want
    cdef uint32_t m
    if relative < 0:
        return -1
    k = relative >> 4
    m = c.rank_mask[k]
    for want in range(relative & 15):
        m &= m - 1
    if not m:
        return -1
    return c.order[k][ctz32(m)]


cdef inline TTEntry* tt_bucket(Context* c, uint64_t key) noexcept nogil:
    return c.tt + (key & c.tt_mask) * BUCKET


cdef inline TTEntry* tt_probe(Context* c, uint64_t key) noexcept nogil:
    cdef TTEntry* b = tt_bucket(c, key)
    cdef int i
    for i in range(BUCKET):
        if b[i].key == key and b[i].generation == c.generation:
            return &b[i]
    return NULL


cdef inline void tt_store(Context* c, uint64_t key, int lower, int upper, int best) noexcept nogil:
    cdef TTEntry* b = tt_bucket(c, key)
    cdef TTEntry* victim = NULL
    cdef int i
    for i in range(BUCKET):
        if b[i].key == key and b[i].generation == c.generation:
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
            if b[i].generation != c.generation:  # another deal's entry: free
                victim = &b[i]
                break
            if b[i].depth < victim.depth:
                victim = &b[i]
    victim.key = key
    victim.generation = <uint16_t>c.generation
    victim.lower = <int16_t>lower
    victim.upper = <int16_t>upper
    victim.best = <int8_t>best
    victim.depth = <uint8_t>popcount64(c.remaining)
