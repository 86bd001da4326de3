# The search context: everything the hot loop reads, in one flat struct of
# plain C arrays (no Python objects, no allocation after set-up), and the
# position's key for the transposition table (_tt.pxd), which needs it.
from libc.stdint cimport uint64_t, uint8_t, uint32_t, int8_t, int16_t, int32_t
from libc.string cimport memset
from stichfest._tt cimport Table, mix64

from stichfest._bits cimport popcount64, ctz64, popcount32, ctz32

cdef enum:
    MAX_SEATS = 8
    MAX_CARDS = 36
    N_CLASSES = 5
    TRUMP = 4
    PLAY_STANDARD = 0
    PLAY_JASS_TRUMP = 1
    MAX_MOVES = 16
    MAX_CLASS_LEN = 16
    POINT_LEVELS = 8

cdef enum:
    ENDING_SLOTS = 1 << 15            # 256 KiB, 8 bytes each: stays in the processor's L2 cache
    REPLY_SLOTS = 1 << 16             # 512 KiB, 8 bytes each: the reply table (_ordering.pxd)

cdef enum:
    # the class parts of the key (class_key) kept, per class, by the low
    # bits of the class's rank mask: every mask of a Jass suit or a
    # Schafkopf plain suit has a slot of its own; the trumps have more
    # slots, so that every mask of Schafkopf's 14 trumps has one too
    # (callgrind, whole runs, against 2**9 slots for the trumps: Ramsch
    # deals 0-3 value and every card's value 5,064.4 M -> 4,935.0 M
    # instructions, Solo 1,429.1 M -> 1,405.7 M, Sauspiel 748.0 M ->
    # 736.7 M, Jass trump deals 0 and 3 value 2,735.9 M -> 2,725.4 M;
    # the thirteenth round measured Jass +1.0 % for it, on that build)
    CLASS_KEY_SLOTS = 1 << 9
    TRUMP_KEY_SLOTS = 1 << 14

cdef enum:
    # the sure points of trump tricks (sure_points in _bounds.pxd) kept by
    # the remaining cards' mask: 64 KiB, stays in the processor's L2 cache
    SURE_BITS = 12
    SURE_SLOTS = 1 << SURE_BITS

cdef struct SureEntry:
    uint64_t remaining                # the cards still in the hands (their owners: the deal's)
    uint32_t stamp                    # Context.position_stamp when made: older ones are void
    int16_t sure[2]                   # sure_points(): the other side's, the counted side's

cdef struct ClassKeyEntry:
    uint64_t key                      # class_key() of the class holding ``mask``
    uint32_t mask                     # the class's rank mask
    uint32_t stamp                    # Context.position_stamp when made: older ones are void

cdef struct Context:
    # --- rule tables (ContractTable, compiled) ---
    int n_seats
    uint8_t klass[MAX_CARDS]          # following class: plain suit 0..3 or TRUMP
    uint8_t strength[MAX_CARDS]       # higher wins within a class
    uint8_t points[MAX_CARDS]
    uint64_t class_mask[N_CLASSES]
    uint64_t weaker[MAX_CARDS]        # cards of the same class that this card beats
    uint64_t beaten_by[MAX_CARDS]     # cards that, played after this one, take the trick from it
    uint8_t order[N_CLASSES][MAX_CARDS]   # each class, strongest first
    int order_len[N_CLASSES]
    uint8_t rank_pos[MAX_CARDS]       # a card's index in order[its class]
    int play_rule
    int special_card                  # Jass Buur: never forced, never merged
    int score_tricks                  # a trick is worth 1, not its card points
    int last_bonus
    int match_bonus
    uint8_t counted[MAX_SEATS]        # seats whose winnings make up the value
    uint8_t maximizer[MAX_SEATS]      # seats that play to raise the value
    uint8_t rotation[MAX_SEATS][MAX_SEATS]  # [leader][offset]: the seat offset places after leader
    # --- Sauspiel called Sau (called_suit < 0: none) ---
    int called_suit
    int called_sau
    int holder
    int davonlaufen_min
    # --- the position ---
    uint64_t hands[MAX_SEATS]
    uint64_t remaining                # union of the hands
    uint32_t rank_mask[N_CLASSES]     # the remaining cards again, per class, bit i = order[k][i]
    uint32_t hand_rank[MAX_SEATS][N_CLASSES]  # each hand the same way (representatives() reads it)
    uint32_t trick_rank[N_CLASSES]    # the current trick's cards the same way
    int leader
    int trick_len
    uint8_t trick[MAX_SEATS]
    int win_offset                    # position in trick[] of the winning card
    int called_led                    # the called suit has been led: restrictions lapsed
    int match_alive                   # the counted party has won every trick so far
    int points_left                   # card points not yet in a completed trick
    int table_pts                     # the points of the current trick's cards (table_points)
    # --- transposition table ---
    uint8_t owner[MAX_CARDS]          # seat holding each card (fixed for a deal)
    uint8_t point_level[MAX_CARDS]    # index of the card's points among the contract's values
    int n_levels                      # how many distinct point values (ascending in level_points)
    uint8_t level_points[POINT_LEVELS]
    uint8_t level_count[MAX_SEATS][POINT_LEVELS]  # per seat, its cards of each point value
    uint8_t trump_level_count[MAX_SEATS][POINT_LEVELS]  # the same, of its trumps only
    # --- the point shape: which point values the remaining cards have (_tt.pxd) ---
    uint64_t shape                    # per class, each run of equal-point cards as its count of low bits
    uint8_t shape_offset[N_CLASSES]   # the class's first bit in shape
    uint8_t run_start[MAX_CARDS]      # the rank position where the card's run of equal points starts
    uint32_t run_mask[MAX_CARDS]      # the run's rank positions (rank_mask bits)
    int16_t shape_points[64]          # the points of the cards a shape bit stands for
    Table tt                          # the transposition table (_tt.pxd)
    uint64_t endings[ENDING_SLOTS]    # exact values of two-trick endings (two_tricks)
    # --- counters (Engine.counters(), `bench/run.py --counters`; one add each) ---
    uint64_t nodes
    uint64_t tt_probes
    uint64_t tt_hits                  # probes that ended the node
    uint64_t cutoffs
    uint64_t twin_prunes              # moves skipped by twin_bound (_bounds.pxd)
    uint64_t first_move_cutoffs       # cutoffs by the first move tried: ordering quality
    uint64_t etc_cutoffs              # trick-ending nodes ended by their next positions' entries
    uint64_t tests                    # null-window tests of bisect() and descend()
    int test_lean                     # +1: more maximising seats, -1: fewer, 0: as many (bisect)
    int plain_below                   # inside a trick, fewer cards left than this: plain_search()
    # the next trick start's key, made by table_cutoff for the move about
    # to be searched (handed_key valid while has_key)
    uint64_t handed_key
    int has_key
    uint32_t history[MAX_SEATS][MAX_CARDS]  # per seat and card: leads that cut off, this query
    # --- move ordering state (_ordering.pxd), reset by load_state ---
    # per seat and cards left at a trick start: the last three leads that cut
    # off there, as relative_of() (-1: none), the killer moves
    int8_t killer[MAX_SEATS][MAX_CARDS + 1][3]
    # the reply table (_ordering.pxd): the move that cut off last at a
    # position inside a trick, this query (query_tag), by the key of its
    # trick start (trick_base) and the cards played to the trick so far
    uint64_t trick_base
    uint64_t query_tag
    uint64_t z_trick[MAX_SEATS][MAX_CARDS]
    uint64_t replies[REPLY_SLOTS]
    # --- what is kept per position loaded (the owners of the cards may
    # differ from the last one's): a new stamp voids it (void_position_caches) ---
    # the class parts of the key made before (class_key)
    ClassKeyEntry class_keys[N_CLASSES - 1][CLASS_KEY_SLOTS]  # the plain classes (TRUMP is the last class)
    ClassKeyEntry trump_keys[TRUMP_KEY_SLOTS]
    uint32_t position_stamp
    # the sure points made before (sure_points)
    SureEntry sure_cache[SURE_SLOTS]


cdef inline int seat_at(Context* c, int offset) noexcept nogil:
    """The seat ``offset`` (0 <= offset < n_seats) places after the leader
    (a table lookup: no division, no compare in the hot loop)."""
    return c.rotation[c.leader][offset]


cdef inline int table_points(Context* c) noexcept nogil:
    """The points of the cards played to the current trick so far (all of
    them once it is complete): kept by play_card as it plays and takes
    back cards (the sum over the trick's cards, asked at most nodes inside
    a trick, cost 1.1 % of Ramsch's instructions)."""
    return c.table_pts


# --- the position as the transposition table sees it -----------------------

cdef inline uint64_t class_key(Context* c, int k, uint32_t m) noexcept nogil:
    """The key's part for class ``k`` holding the cards of rank mask ``m``:
    each card as (rank among them, owner), the special card (the Buur)
    marked: its rules differ from the card that takes its place.

    Kept in class_keys once made: the same class holdings come up again
    and again (a trick changes one or two classes, tt_key and
    table_cutoff make every class's part), and making it costs a table
    look-up per card of the class (callgrind, whole run: Jass trump deal
    3 value 927.5 M -> 879.4 M instructions, Ramsch deals 0-1 every
    card's value 987.7 M -> 958.2 M; nodes unchanged)."""
    cdef ClassKeyEntry* e
    if k == TRUMP:
        e = &c.trump_keys[m & (TRUMP_KEY_SLOTS - 1)]
    else:
        e = &c.class_keys[k][m & (CLASS_KEY_SLOTS - 1)]
    if e.mask == m and e.stamp == c.position_stamp:
        return e.key
    cdef uint64_t h = 0
    cdef uint32_t rest = m
    cdef int card, rel = 0
    while rest:
        card = c.order[k][ctz32(rest)]
        h ^= c.tt.z_card[k][rel][c.owner[card]][card == c.special_card]
        rel += 1
        rest &= rest - 1
    e.key = h
    e.mask = m
    e.stamp = c.position_stamp
    return h


cdef inline void void_position_caches(Context* c) noexcept nogil:
    """Void what is kept per position loaded: the class parts of the key
    (class_keys, trump_keys) and the sure points (sure_cache); the owners of
    the cards, the special card or the classes may have changed."""
    c.position_stamp += 1
    if c.position_stamp == 0:  # the stamps start again: older entries would match
        memset(c.class_keys, 0, sizeof(c.class_keys))
        memset(c.trump_keys, 0, sizeof(c.trump_keys))
        memset(c.sure_cache, 0, sizeof(c.sure_cache))
        c.position_stamp = 1


cdef inline uint64_t state_key(Context* c, int leader, int called_led, int match_alive) noexcept nogil:
    """The key's part for the player on lead and the two state flags."""
    cdef uint64_t h = c.tt.z_leader[leader]
    if called_led:
        h ^= c.tt.z_called_led
    if match_alive:
        h ^= c.tt.z_match_alive
    return h


cdef inline int shape_bit(Context* c, int card) noexcept nogil:
    """The bit of ``shape`` that goes when ``card``, still in its hand
    (rank_mask), leaves it: the top one of its run's."""
    cdef int k = c.klass[card]
    return c.shape_offset[k] + c.run_start[card] + popcount32(c.rank_mask[k] & c.run_mask[card]) - 1


cdef inline uint64_t shape_mix(uint64_t shape) noexcept nogil:
    """The shape as a 64-bit hash, to make an exact key of a structure key."""
    return mix64(shape)


cdef inline uint64_t tt_key(Context* c) noexcept nogil:
    """The Zobrist key of the position's structure (see _tt.pxd)."""
    cdef uint64_t h = state_key(c, c.leader, c.called_led, c.match_alive)
    cdef int k
    for k in range(N_CLASSES):
        h ^= class_key(c, k, c.rank_mask[k])
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
