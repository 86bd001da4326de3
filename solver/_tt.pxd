# The transposition table: its entries, its memory, its Zobrist keys, the
# generation that retires a deal's entries, probe and store.  (The key of a
# position, which needs the search context, is tt_key() in _context.pxd.)
#
# Entries are written at trick starts only.  The key is a Zobrist hash of
# the position's *structure*: for every following class, the owners of its
# remaining cards in strength order (the Buur marked), plus the player on
# lead and the two state flags.  Positions of one structure have the same
# trick winners on every line of play (winners depend only on relative
# strength); they differ only in the points their cards carry.  Each entry
# also holds the position's point shape (Context.shape: which point values
# the remaining cards of each class have), and a probe (tt_cut) asks every
# entry of its structure whether it ends the node: as it is where the shape
# is the same (the same future value: this lets a position reached after
# the 9 was played share its entry with the one reached after the 8 was
# played), and moved by at most the points in which the shapes differ where
# it is not (shape_shift).  A position reached after the King was played
# thus gets bounds from the one reached after the Queen was (payoff
# similarity, as Furtak and Buro used it for Skat).  Measured against
# entries for equal shapes only (nodes; Jass trump value -60 %, Schieber
# value -59 %, value and every card's value -62 %, Ramsch -66 %, Solo
# -71 %, Wenz -79 %, Sauspiel -56 %).  The probe only asks whether the node
# ends, and moves a bound only as far as it must to know (every query is a
# null-window test, where a bound that does not end the node does not
# narrow the window either): callgrind, Jass trump deals 0 and 3, -6 %
# instructions, Ramsch deals 0-3 -3 %, against moving both bounds in full
# (for +0.6 to +1.4 % nodes).
#
# The called Sau needs no mark: while its suit has not been led (a state
# flag) it is in its holder's hand, the top card of its suit.
#
# A deal's entries are retired by a generation number, not by clearing.
# Buckets of three entries of 21 bytes on one cache line (against two of 32
# bytes: Jass trump value -9 % nodes, Ramsch -7 %; four on two lines saved
# -14 % and -10 % but cost as much time as they saved); a new entry
# replaces the one that saves least, by the size of the tree searched to
# make it (log2 of nodes; measured against the cards remaining, the former
# rule: Jass -5.6 % nodes, Ramsch value+moves -1.5 %, the rest +-0.1 %).
# The 64-bit key is a hash: a false match needs 64 equal bits, about 1e-11
# over a 100-million-probe search; that risk is accepted, as in chess and
# bridge engines.
from libc.stdint cimport uint64_t, uint32_t, int16_t, int8_t, uint8_t, uint16_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset
from stichfest._bits cimport popcount64, ctz64, clz64

cdef extern from *:
    """
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    /* Ask for 2 MiB pages where the system has them (Linux): the table's
       probes land anywhere in it, and with 4 KiB pages each one also
       misses the TLB. */
    static void advise_huge_pages(void* p, size_t n) {
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        madvise(p, n, MADV_HUGEPAGE);
    #else
        (void)p; (void)n;
    #endif
    }
    """
    void advise_huge_pages(void* p, size_t n) nogil


cdef enum:
    BUCKET = 3            # entries of 21 bytes: a bucket fills one cache line
    BUCKET_PAD = 1        # 64 - 3 * 21 bytes
    SHAPE_BITS = 40       # the most bits a point shape may have (Jass: 36)
    CACHE_LINE = 64
    HUGE_PAGE = 2 * 1024 * 1024
    # the Zobrist key's dimensions: class, rank among the class's remaining
    # cards, owner, point level (the same limits as the context's, _context.pxd)
    Z_CLASSES = 5
    Z_CLASS_LEN = 16
    Z_SEATS = 8
    Z_LEVELS = 8


cdef packed struct TTEntry:
    uint64_t key          # hash of the position's structure
    uint32_t shape_low    # the position's point shape (Context.shape), bits 0-31
    uint8_t shape_high    # and 32-39
    uint16_t generation   # the deal the entry belongs to
    int16_t lower         # bounds on what the counted party still wins
    int16_t upper
    int8_t best           # best move as relative_of() (_context.pxd), -1 if none
    uint8_t effort        # log2 of the nodes searched for it: what it saves


cdef packed struct Bucket:
    TTEntry entry[BUCKET]
    uint8_t unused[BUCKET_PAD]


cdef struct Table:
    Bucket* entries                   # the buckets, each on a cache line of its own
    void* block                       # what calloc returned (entries lies inside it)
    int bits                          # log2 of the number of buckets
    uint64_t mask                     # number of buckets - 1
    uint64_t generation
    uint64_t z_card[Z_CLASSES][Z_CLASS_LEN][Z_SEATS][Z_LEVELS]
    uint64_t z_leader[Z_SEATS]
    uint64_t z_called_led
    uint64_t z_match_alive


cdef inline uint64_t mix64(uint64_t z) noexcept nogil:
    """``z`` mixed into a 64-bit hash (splitmix64's finaliser)."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint64_t splitmix64(uint64_t* state) noexcept nogil:
    """The next 64-bit key of a fixed pseudo-random sequence (splitmix64)."""
    state[0] += 0x9E3779B97F4A7C15ULL
    return mix64(state[0])


cdef inline size_t tt_bytes(Table* t) noexcept nogil:
    return (<size_t>1 << t.bits) * sizeof(Bucket)


cdef inline int tt_init(Table* t, int bits) noexcept nogil:
    """Allocate ``2**bits`` buckets and fill the Zobrist keys (fixed
    pseudo-random numbers, the same in every process); 0 if out of memory.

    calloc: the system hands out zeroed pages as they are touched, so a
    solver that answers one query never pays for the whole table.  A table
    of 2 MiB or more lies on 2 MiB pages where the system has them: with
    4 KiB pages nearly every probe also missed the TLB, and the prefetch's
    page walk stalled the search (perf, Jass value: 8 % of the samples on
    it, 3 % with huge pages; bench deals 0, 1, 2, 4, least CPU time of six
    runs: -9 %).  The price is that a page is zeroed 2 MiB at a time when
    first touched, once in a table's life."""
    cdef uint64_t state = 0x5EED5EED5EED5EEDULL
    cdef int k, r, s, p
    t.bits = bits
    t.mask = (<uint64_t>1 << bits) - 1
    t.generation = 0
    cdef size_t size = tt_bytes(t)
    cdef size_t align = HUGE_PAGE if size >= HUGE_PAGE else CACHE_LINE
    t.block = calloc(size + align, 1)
    if t.block == NULL:
        t.entries = NULL
        return 0
    # calloc aligns to 16 bytes only: a 64-byte bucket would straddle two
    # cache lines, and a probe would wait for both
    t.entries = <Bucket*>((<size_t>t.block + align - 1) & ~(align - 1))
    if size >= HUGE_PAGE:
        advise_huge_pages(t.entries, size)
    for k in range(Z_CLASSES):
        for r in range(Z_CLASS_LEN):
            for s in range(Z_SEATS):
                for p in range(Z_LEVELS):
                    t.z_card[k][r][s][p] = splitmix64(&state)
    for s in range(Z_SEATS):
        t.z_leader[s] = splitmix64(&state)
    t.z_called_led = splitmix64(&state)
    t.z_match_alive = splitmix64(&state)
    return 1


cdef inline void tt_free(Table* t) noexcept nogil:
    if t.block != NULL:
        free(t.block)
        t.block = NULL
        t.entries = NULL


cdef inline void tt_new_generation(Table* t) noexcept nogil:
    """Retire every entry (a new deal or contract is loaded)."""
    t.generation += 1
    if t.generation >= 0xFFFF:
        memset(t.entries, 0, tt_bytes(t))
        t.generation = 1


cdef inline TTEntry* tt_bucket(Table* t, uint64_t key) noexcept nogil:
    return t.entries[key & t.mask].entry


cdef inline uint64_t entry_shape(TTEntry* e) noexcept nogil:
    return e.shape_low | (<uint64_t>e.shape_high << 32)


cdef enum:
    # which bounds of tt_cut() may end the node
    CUT_HIGH = 1          # a lower bound at beta or above
    CUT_LOW = 2           # an upper bound at alpha or below


cdef inline int shape_shift(uint64_t stored, uint64_t shape, const int16_t* points, int sign,
                            int limit, int sure_from, int sure_count, int sure_counted) noexcept nogil:
    """How much more (``sign`` 1) or less (``sign`` -1) than a position of
    the same structure and point shape ``stored`` one of shape ``shape``
    can be worth, at most: once past ``limit``, some number past it.

    The i-th remaining card of one is the i-th of the other's, of the same
    class, rank and owner, so every line of play has the same trick
    winners in both; a card of p points in one and q in the other moves
    the counted side's total by q - p or by 0; by q - p for sure where
    the card is one of the ``sure_count`` top cards of the class whose
    bits start at ``sure_from`` (the trumps) and they all go to one side's
    tricks, the counted one's (``sure_counted``), and by 0 where that is
    the other side (the top run of trumps: top_trump_run in _bounds.pxd).
    Only the bits from the
    first to the last that differ are paired: below and above them the
    shapes are the same, and so are the counts."""
    cdef uint64_t x = stored ^ shape, window, a, b
    cdef int d, lo, hi, total = 0, pair
    if not x:
        return 0
    lo = ctz64(x)
    hi = 63 - clz64(x)
    window = ((<uint64_t>2 << hi) - 1) if hi < 63 else <uint64_t>0xFFFFFFFFFFFFFFFFULL
    window &= ~((<uint64_t>1 << lo) - 1)
    a = stored & window
    b = shape & window
    # the top run's pairs: the first sure_count bits from sure_from on
    sure_count -= popcount64(shape & ((<uint64_t>1 << lo) - 1) & ~((<uint64_t>1 << sure_from) - 1)) if lo > sure_from else 0
    while a:
        pair = ctz64(b)
        d = sign * (points[pair] - points[ctz64(a)])
        if pair >= sure_from and sure_count > 0:
            sure_count -= 1
            if sure_counted:
                total += d
        elif d > 0:
            total += d
            if total > limit:
                break
        a &= a - 1
        b &= b - 1
    return total


cdef inline int tt_cut(Table* t, uint64_t key, uint64_t shape, const int16_t* points,
                       int alpha, int beta, int sides, int* bound, int* best,
                       int sure_from, int sure_count, int sure_counted) noexcept nogil:
    """Whether the entries of the position's structure end a node of window
    (alpha, beta) by the bounds ``sides`` allows (CUT_HIGH, CUT_LOW; with
    both, an exact value inside the window too): ``bound`` then gets the
    fail-soft value.  An entry of the same point shape gives its bounds as
    they are, one of another shape gives them moved by shape_shift() (the
    ``sure_`` arguments are its).
    ``best`` gets an entry's best move (left alone if there is none)."""
    cdef TTEntry* b = tt_bucket(t, key)
    cdef int i, lo, hi, moved
    cdef uint64_t stored
    for i in range(BUCKET):
        if b[i].key != key or b[i].generation != t.generation:
            continue
        if b[i].best >= 0:
            best[0] = b[i].best
        lo = b[i].lower
        hi = b[i].upper
        stored = entry_shape(&b[i])
        if stored == shape:
            if (sides & CUT_HIGH and lo >= beta) or (sides == CUT_HIGH | CUT_LOW and lo == hi):
                bound[0] = lo
                return 1
            if sides & CUT_LOW and hi <= alpha:
                bound[0] = hi
                return 1
            continue
        if sides & CUT_HIGH and lo >= beta:
            moved = shape_shift(stored, shape, points, -1, lo - beta, sure_from, sure_count, sure_counted)
            if lo - moved >= beta:
                bound[0] = lo - moved
                return 1
        if sides & CUT_LOW and hi <= alpha:
            moved = shape_shift(stored, shape, points, 1, alpha - hi, sure_from, sure_count, sure_counted)
            if hi + moved <= alpha:
                bound[0] = hi + moved
                return 1
    return 0


cdef inline void tt_store(Table* t, uint64_t key, uint64_t shape, int lower, int upper, int best,
                          int effort) noexcept nogil:
    """Store bounds for the position (``key``, ``shape``); ``effort``: log2
    of the nodes searched for them."""
    cdef TTEntry* b = tt_bucket(t, key)
    cdef TTEntry* victim = NULL
    cdef int i
    for i in range(BUCKET):
        if b[i].key == key and entry_shape(&b[i]) == shape and b[i].generation == t.generation:
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
            if b[i].generation != t.generation:  # another deal's entry: free
                victim = &b[i]
                break
            if b[i].effort < victim.effort:
                victim = &b[i]
    victim.key = key
    victim.shape_low = <uint32_t>shape
    victim.shape_high = <uint8_t>(shape >> 32)
    victim.generation = <uint16_t>t.generation
    victim.lower = <int16_t>lower
    victim.upper = <int16_t>upper
    victim.best = <int8_t>best
    victim.effort = <uint8_t>effort
