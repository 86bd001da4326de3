# The search context: everything the hot loop reads, in one flat struct of
# plain C arrays (no Python objects, no allocation after set-up).
from libc.stdint cimport uint64_t, int16_t, int8_t, uint8_t, uint16_t, uint32_t

cdef extern from *:
    int popcount64 "__builtin_popcountll"(unsigned long long) nogil
    int ctz64 "__builtin_ctzll"(unsigned long long) nogil
    int popcount32 "__builtin_popcount"(unsigned int) nogil
    int ctz32 "__builtin_ctz"(unsigned int) nogil

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

cdef struct TTEntry:
    uint64_t key          # hash of the position up to equivalence (see _tt.pxd)
    int16_t lower         # bounds on what the counted party still wins
    int16_t upper
    uint16_t generation   # the deal the entry belongs to
    int8_t best           # best move as relative_of() (_tt.pxd), -1 if none
    uint8_t depth         # cards remaining: cost of recomputing the entry

cdef struct Context:
    # --- rule tables (ContractTable, compiled) ---
    int n_seats
    uint8_t klass[MAX_CARDS]          # following class: plain suit 0..3 or TRUMP
    uint8_t strength[MAX_CARDS]       # higher wins within a class
    uint8_t points[MAX_CARDS]
    uint64_t class_mask[N_CLASSES]
    uint64_t weaker[MAX_CARDS]        # cards of the same class that this card beats
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
    # --- Sauspiel called Sau (called_suit < 0: none) ---
    int called_suit
    int called_sau
    int holder
    int davonlaufen_min
    # --- the position ---
    uint64_t hands[MAX_SEATS]
    uint64_t remaining                # union of the hands
    uint32_t rank_mask[N_CLASSES]     # the remaining cards again, per class, bit i = order[k][i]
    int leader
    int trick_len
    uint8_t trick[MAX_SEATS]
    int win_offset                    # position in trick[] of the winning card
    int called_led                    # the called suit has been led: restrictions lapsed
    int match_alive                   # the counted party has won every trick so far
    int points_left                   # card points not yet in a completed trick
    # --- transposition table ---
    uint8_t owner[MAX_CARDS]          # seat holding each card (fixed for a deal)
    uint8_t point_level[MAX_CARDS]    # index of the card's points among the contract's values
    int n_levels                      # how many distinct point values (ascending in level_points)
    uint8_t level_points[POINT_LEVELS]
    uint8_t level_count[MAX_SEATS][POINT_LEVELS]  # per seat, its cards of each point value
    uint64_t z_card[N_CLASSES][MAX_CLASS_LEN][MAX_SEATS][POINT_LEVELS]
    uint64_t z_leader[MAX_SEATS]
    uint64_t z_called_led
    uint64_t z_match_alive
    TTEntry* tt
    uint64_t tt_mask                  # number of buckets - 1
    uint64_t generation
    # --- counters (bench/ reports them; they cost one add each) ---
    uint64_t nodes
    uint64_t tt_probes
    uint64_t tt_hits                  # probes that ended the node
    uint64_t cutoffs
    uint64_t twin_prunes              # moves skipped by twin_bound (_search.pyx)
    uint64_t first_move_cutoffs       # cutoffs by the first move tried: ordering quality
    uint32_t history[MAX_SEATS][MAX_CARDS]  # per seat and card: leads that cut off, this query


cdef inline int seat_at(Context* c, int offset) noexcept nogil:
    """The seat ``offset`` (0 <= offset < n_seats) places after the leader
    (a compare instead of the division a modulo costs in the hot loop)."""
    cdef int s = c.leader + offset
    return s - c.n_seats if s >= c.n_seats else s
