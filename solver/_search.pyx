# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Alpha-beta search over card plays with a transposition table.

Every search answers one question about the *future*: how much the counted
party wins from the current state on (the current trick included).  Values
of completed tricks are added by the caller, so transposition-table bounds
hold whatever the window, and threshold (null-window) queries on one deal
share them.  ``Engine`` is the Python-facing wrapper: it is loaded once per
position and validates nothing (the boundary in ``search.py`` does).
"""
from libc.stdint cimport uint64_t, uint32_t, uint8_t
from libc.string cimport memset, memcpy
from libc.stdlib cimport calloc, free

cdef extern from *:
    void prefetch "__builtin_prefetch"(const void*) nogil

from stichfest._types cimport (Context, TTEntry, TRUMP, PLAY_JASS_TRUMP, MAX_MOVES, MAX_SEATS, MAX_CARDS,
                            N_CLASSES, MAX_CLASS_LEN, POINT_LEVELS, popcount64, ctz64, ctz32, seat_at)
from stichfest._tt cimport tt_key, tt_bucket, tt_probe, tt_store, relative_of, card_of, BUCKET
from stichfest._movegen cimport beats, legal_mask, representatives, order_moves



cdef inline int trick_gain(Context* c, int winner, int trick_points) noexcept nogil:
    """What the completed trick on the table is worth to the counted party."""
    if not c.counted[winner]:
        return 0
    if c.score_tricks:
        return 1
    if c.remaining == 0:
        return trick_points + c.last_bonus
    return trick_points


cdef inline int upper_bound(Context* c) noexcept nogil:
    """Most the counted party can still win (the current trick included)."""
    if c.score_tricks:
        return popcount64(c.hands[c.leader]) + (1 if c.trick_len else 0)
    return c.points_left + c.last_bonus + (c.match_bonus if c.match_alive else 0)


cdef inline int cheapest_sum(Context* c, int seat, int k) noexcept nogil:
    """The points of the ``k`` cheapest cards in ``seat``'s hand (from the
    per-seat counts of each point value, kept up to date by play_card)."""
    cdef int lv, take, total = 0
    for lv in range(c.n_levels):
        take = c.level_count[seat][lv]
        if take > k:
            take = k
        total += take * c.level_points[lv]
        k -= take
        if k == 0:
            break
    return total


cdef inline int top_run(Context* c, int k, int seat, int limit, int* points) noexcept nogil:
    """How many of class ``k``'s top remaining cards ``seat`` holds unbroken
    (at most ``limit``); their points are added to ``points``."""
    cdef int n = 0, card
    cdef uint32_t m = c.rank_mask[k]
    while m and n < limit:
        card = c.order[k][ctz32(m)]
        if c.owner[card] != seat:
            break
        n += 1
        points[0] += c.points[card]
        m &= m - 1
    return n


cdef inline int sure_tricks(Context* c) noexcept nogil:
    """A lower bound on what the leader's side wins by cashing sure tricks,
    or -1 if the leader has none.

    Sure tricks: the unbroken run of top trumps the leader holds (r cards).
    If r is at least every other seat's trumps, cashing them draws them
    all, and then every trump he holds and the unbroken top run of every
    plain class he holds are sure too (nobody can trump any more).
    Otherwise a seat that keeps trumps after r rounds (it followed with
    trumps, so its plain cards are all still there) can trump a plain
    lead only once void in that class: a plain top run is sure for as
    many rounds as every such seat can follow it (where trumping is at
    will, as in Jass, not at all).  Over k such tricks each other player
    gives at least his k cheapest cards (ignoring which of them he may
    legally play only lowers the bound)."""
    cdef int k, s, n, r, tricks, safe, gain = 0, most_trumps = 0
    cdef uint64_t own = c.hands[c.leader]
    cdef uint64_t h, trumps = c.class_mask[TRUMP]
    r = top_run(c, TRUMP, c.leader, MAX_CARDS, &gain)
    for s in range(1, c.n_seats):
        n = popcount64(c.hands[seat_at(c, s)] & trumps)
        if n > most_trumps:
            most_trumps = n
    if r >= most_trumps:
        # trumps drawn: all of his trumps and his plain top runs cash
        h = own & trumps
        tricks = popcount64(h)
        gain = 0
        while h:
            gain += c.points[ctz64(h)]
            h &= h - 1
        for k in range(4):
            if own & c.class_mask[k]:
                tricks += top_run(c, k, c.leader, MAX_CARDS, &gain)
    else:
        tricks = r
        if c.play_rule != PLAY_JASS_TRUMP:
            for k in range(4):
                if not (own & c.class_mask[k]):
                    continue
                safe = MAX_CARDS
                for s in range(1, c.n_seats):
                    h = c.hands[seat_at(c, s)]
                    if popcount64(h & trumps) > r:
                        n = popcount64(h & c.class_mask[k])
                        if n < safe:
                            safe = n
                if safe:
                    tricks += top_run(c, k, c.leader, safe, &gain)
    if tricks == 0:
        return -1
    if c.score_tricks:
        return tricks
    for s in range(1, c.n_seats):
        gain += cheapest_sum(c, seat_at(c, s), tricks)
    if tricks >= popcount64(own):
        gain += c.last_bonus
    return gain


cdef inline void forced_points(Context* c, int* lo, int* lost) noexcept nogil:
    """Points whose side is already decided, at a trick start.

    The top remaining trump wins whatever trick it is played in, and so
    does each next one held by the same side (counted or not), whoever
    holds it: the whole top run of trumps lands in that side's tricks.
    (Not so for plain cards: discarded on another suit they win nothing.)
    A seat holding k cards of the run plays them in k different tricks,
    and into each of those every seat of the other side plays a card: at
    least its k cheapest.  ``lo`` gets the counted side's sure points,
    ``lost`` the others'; in trick scoring the run is worth k tricks.
    """
    cdef int card, side = -1, pts = 0, k = 0, seat
    cdef int held[MAX_SEATS]
    lo[0] = 0
    lost[0] = 0
    cdef uint32_t m = c.rank_mask[4]
    if not m:
        return
    memset(held, 0, sizeof(held))
    while m:
        card = c.order[4][ctz32(m)]
        m &= m - 1
        if side < 0:
            side = c.counted[c.owner[card]]
        elif c.counted[c.owner[card]] != side:
            break
        pts += c.points[card]
        held[c.owner[card]] += 1
        if held[c.owner[card]] > k:
            k = held[c.owner[card]]
    if c.score_tricks:
        pts = k
    else:
        for seat in range(c.n_seats):
            if c.counted[seat] != side:
                pts += cheapest_sum(c, seat, k)
    if side == 1:
        lo[0] = pts
    else:
        lost[0] = pts


cdef inline int last_trick(Context* c) noexcept nogil:
    """The value of the last trick, every card forced: no search needed."""
    cdef int s, seat, card, win_card = -1, win_seat = 0, pts = 0
    for s in range(c.n_seats):
        seat = seat_at(c, s)
        card = ctz64(c.hands[seat])
        pts += c.points[card]
        if win_card < 0 or beats(c, card, win_card):
            win_card = card
            win_seat = seat
    if not c.counted[win_seat]:
        return 0
    if c.score_tricks:
        return 1
    return pts + c.last_bonus + (c.match_bonus if c.match_alive else 0)


cdef int play_card(Context* c, int card, int alpha, int beta) noexcept nogil:
    """Play ``card`` for the player to move, search on, take it back."""
    cdef int seat = seat_at(c, c.trick_len)
    cdef uint64_t bit = <uint64_t>1 << card
    cdef int saved_win = c.win_offset
    cdef int saved_leader, saved_match, saved_called, winner, gain, v
    cdef uint8_t saved_trick[MAX_SEATS]
    cdef int i, trick_points
    cdef uint32_t rank_bit = <uint32_t>1 << c.rank_pos[card]
    c.hands[seat] &= ~bit
    c.remaining &= ~bit
    c.rank_mask[c.klass[card]] &= ~rank_bit
    c.level_count[seat][c.point_level[card]] -= 1
    c.trick[c.trick_len] = <uint8_t>card
    if c.trick_len == 0:
        c.win_offset = 0
    elif beats(c, card, c.trick[c.win_offset]):
        c.win_offset = c.trick_len
    c.trick_len += 1
    if c.trick_len == c.n_seats:
        winner = seat_at(c, c.win_offset)
        trick_points = 0
        for i in range(c.n_seats):
            trick_points += c.points[c.trick[i]]
        gain = trick_gain(c, winner, trick_points)
        saved_leader = c.leader
        saved_match = c.match_alive
        saved_called = c.called_led
        if not c.counted[winner]:
            c.match_alive = 0
        if c.called_suit >= 0 and c.klass[c.trick[0]] == c.called_suit:
            c.called_led = 1
        c.leader = winner
        c.trick_len = 0
        c.points_left -= trick_points
        memcpy(saved_trick, c.trick, MAX_SEATS)  # the next trick reuses trick[]
        v = gain + search(c, alpha - gain, beta - gain)
        memcpy(c.trick, saved_trick, MAX_SEATS)
        c.points_left += trick_points
        c.trick_len = c.n_seats
        c.leader = saved_leader
        c.match_alive = saved_match
        c.called_led = saved_called
    else:
        v = search(c, alpha, beta)
    c.trick_len -= 1
    c.win_offset = saved_win
    c.hands[seat] |= bit
    c.remaining |= bit
    c.rank_mask[c.klass[card]] |= rank_bit
    c.level_count[seat][c.point_level[card]] += 1
    return v


cdef inline void note_cutoff(Context* c, int at_trick_start, int seat, int card, int first) noexcept nogil:
    """Count a cutoff; a lead that cut off goes into the history that
    order_moves consults, weighted by the size of the tree it cut."""
    c.cutoffs += 1
    c.first_move_cutoffs += first
    if at_trick_start:
        c.history[seat][card] += popcount64(c.remaining) * popcount64(c.remaining)


cdef inline int twin_bound(Context* c, uint8_t* moves, int i, uint8_t* run_of,
                           int* bound_of, int maximizing) noexcept nogil:
    """A bound on the value of ``moves[i]`` from the moves before it that it
    touches (representatives() gives them the same run number).

    Touching cards of one hand give every trick the same winner whichever
    is played now, so for each line of play after one there is a line
    after the other whose value differs only by the two cards' points:
    their values differ by at most that.  ``bound_of`` holds what each
    earlier move returned: at a maximizing node an upper bound on its
    value (it did not cut off), at a minimizing node a lower bound.  The
    result is an upper bound at a maximizing node, a lower one otherwise.
    """
    cdef int j, other, diff, b
    cdef int bound = (1 << 14) if maximizing else -(1 << 14)
    for j in range(i):
        other = moves[j]
        if run_of[other] != run_of[moves[i]]:
            continue
        diff = 0 if c.score_tricks else c.points[moves[i]] - c.points[other]
        if diff < 0:
            diff = -diff
        if maximizing:
            b = bound_of[other] + diff
            if b < bound:
                bound = b
        else:
            b = bound_of[other] - diff
            if b > bound:
                bound = b
    return bound


cdef int search(Context* c, int alpha, int beta) noexcept nogil:
    """Fail-soft alpha-beta: the future value if inside (alpha, beta), else a bound."""
    cdef uint8_t moves[MAX_MOVES]
    cdef uint8_t run_of[MAX_CARDS]      # per move: which touching cards it goes with
    cdef int bound_of[MAX_CARDS]        # per move searched: what it returned
    cdef int n, i, v, best, best_move = -1, tt_move = -1, hi, twins, n_runs
    cdef int seat, maximizing
    cdef uint64_t key = 0
    cdef TTEntry* e
    cdef int at_trick_start = c.trick_len == 0
    cdef int sure, sure_lo, sure_lost
    c.nodes += 1
    if at_trick_start:
        if c.remaining == 0:
            return c.match_bonus if c.match_alive else 0
        if popcount64(c.hands[c.leader]) == 1:
            return last_trick(c)
    hi = upper_bound(c)
    if hi <= alpha:
        return hi
    if beta <= 0:
        return 0
    if at_trick_start:
        key = tt_key(c)
        # The quick bounds end about half of the trick starts the table
        # does not: they run while the table's bucket is fetched from memory.
        prefetch(tt_bucket(c, key))
        forced_points(c, &sure_lo, &sure_lost)
        if sure_lo >= beta:
            return sure_lo
        if hi - sure_lost <= alpha:
            return hi - sure_lost
        if c.maximizer[c.leader] and c.counted[c.leader]:
            sure = sure_tricks(c)
            if sure >= beta:
                return sure
        elif not c.maximizer[c.leader] and not c.counted[c.leader]:
            sure = sure_tricks(c)
            if sure >= 0 and hi - sure <= alpha:
                return hi - sure
        e = tt_probe(c, key)
        c.tt_probes += 1
        if e != NULL:
            if e.lower >= beta or e.upper <= alpha or e.lower == e.upper:
                c.tt_hits += 1
                if e.lower >= beta:
                    return e.lower
                if e.upper <= alpha:
                    return e.upper
                return e.lower
            if e.lower > alpha:
                alpha = e.lower
            if e.upper < beta:
                beta = e.upper
            tt_move = card_of(c, e.best)
    cdef int alpha0 = alpha, beta0 = beta  # the window the bounds below refer to
    seat = seat_at(c, c.trick_len)
    maximizing = c.maximizer[seat]
    n = representatives(c, legal_mask(c, seat), moves, NULL, run_of, &n_runs)
    twins = n_runs < n  # fewer runs than moves: some moves touch
    order_moves(c, seat, moves, n, tt_move)
    if maximizing:
        best = -1
        for i in range(n):
            v = twin_bound(c, moves, i, run_of, bound_of, 1) if twins else alpha + 1
            if v > alpha:
                v = play_card(c, moves[i], alpha, beta)
            else:
                c.twin_prunes += 1
            bound_of[moves[i]] = v
            if v > best:
                best = v
                best_move = moves[i]
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        note_cutoff(c, at_trick_start, seat, moves[i], i == 0)
                        break
    else:
        best = 1 << 14
        for i in range(n):
            v = twin_bound(c, moves, i, run_of, bound_of, 0) if twins else beta - 1
            if v < beta:
                v = play_card(c, moves[i], alpha, beta)
            else:
                c.twin_prunes += 1
            bound_of[moves[i]] = v
            if v < best:
                best = v
                best_move = moves[i]
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        note_cutoff(c, at_trick_start, seat, moves[i], i == 0)
                        break
    if at_trick_start:
        # c.remaining is the trick-start set again here, as relative_of needs
        best_move = relative_of(c, best_move) if best_move >= 0 else -1
        if best <= alpha0:
            tt_store(c, key, 0, best, best_move)
        elif best >= beta0:
            tt_store(c, key, best, 1 << 14, best_move)
        else:
            tt_store(c, key, best, best, best_move)
    return best


cdef int exact(Context* c, int lo, int hi) noexcept nogil:
    """The exact future value, known to lie in [lo, hi], by null-window tests."""
    cdef int mid, g
    while lo < hi:
        mid = (lo + hi + 1) // 2
        g = search(c, mid - 1, mid)
        if g >= mid:
            lo = g
        else:
            hi = g
    return lo


cdef inline uint64_t splitmix64(uint64_t* state) noexcept nogil:
    """The next 64-bit key of a fixed pseudo-random sequence (splitmix64)."""
    state[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef class Engine:
    """One search context with its own transposition table (``tt_bits``: log2 of buckets)."""

    def __cinit__(self, int tt_bits=18):
        if not 4 <= tt_bits <= 26:
            raise ValueError("tt_bits must be 4..26")
        self.tt_bits = tt_bits
        cdef size_t n = (<size_t>1 << tt_bits) * BUCKET
        # calloc: the system hands out zeroed pages as they are touched, so
        # a solver that answers one query never pays for the whole table
        # (2 MiB pages were tried: no faster once the quick bounds come
        # before the table probe, and slower to zero on first use)
        self.ctx.tt = <TTEntry*>calloc(n, sizeof(TTEntry))
        if self.ctx.tt == NULL:
            raise MemoryError()
        self.ctx.tt_mask = (<uint64_t>1 << tt_bits) - 1
        self.ctx.generation = 0
        self._fill_zobrist()

    cdef _fill_zobrist(self):
        """Fixed pseudo-random keys, the same in every process."""
        cdef Context* c = &self.ctx
        cdef uint64_t state = 0x5EED5EED5EED5EEDULL
        cdef int k, r, s, p
        for k in range(N_CLASSES):
            for r in range(MAX_CLASS_LEN):
                for s in range(MAX_SEATS):
                    for p in range(POINT_LEVELS):
                        c.z_card[k][r][s][p] = splitmix64(&state)
        for s in range(MAX_SEATS):
            c.z_leader[s] = splitmix64(&state)
        c.z_called_led = splitmix64(&state)
        c.z_match_alive = splitmix64(&state)

    def __dealloc__(self):
        if self.ctx.tt != NULL:
            free(self.ctx.tt)

    @property
    def tt_bits(self):
        return self.tt_bits

    @property
    def tt_bytes(self):
        return ((<size_t>1 << self.tt_bits) * BUCKET) * sizeof(TTEntry)

    @property
    def nodes(self):
        return self.ctx.nodes

    def counters(self):
        """Search statistics since the engine was made."""
        c = &self.ctx
        return {"nodes": c.nodes, "tt_probes": c.tt_probes, "tt_hits": c.tt_hits,
                "cutoffs": c.cutoffs, "twin_prunes": c.twin_prunes, "first_move_cutoffs": c.first_move_cutoffs}

    def new_generation(self):
        """Retire every table entry (a new deal or contract is loaded)."""
        self.ctx.generation += 1
        if self.ctx.generation >= 0xFFFF:
            memset(self.ctx.tt, 0, (<size_t>1 << self.tt_bits) * BUCKET * sizeof(TTEntry))
            self.ctx.generation = 1

    def load_rules(self, table, counted, maximizer, called):
        """Compile a ContractTable and the parties into the context.

        ``called`` is None or (suit, sau_index, holder, davonlaufen_min).
        """
        cdef Context* c = &self.ctx
        cdef int i, n
        self.new_generation()
        if table is not self.table_loaded:  # tables are shared objects (contract_table caches them)
            self._compile_table(table)
            self.table_loaded = table
        n = len(counted)
        c.n_seats = n
        for i in range(MAX_SEATS):
            c.counted[i] = 1 if i < n and counted[i] else 0
            c.maximizer[i] = 1 if i < n and maximizer[i] else 0
        if called is None:
            c.called_suit = -1
            c.called_sau = 0
            c.holder = -1
            c.davonlaufen_min = 99
        else:
            c.called_suit, c.called_sau, c.holder, c.davonlaufen_min = called

    cdef _compile_table(self, table):
        """The per-card rule data of a ContractTable, as the search reads it."""
        cdef Context* c = &self.ctx
        cdef int i, j, k
        memset(c.class_mask, 0, sizeof(c.class_mask))
        for i in range(MAX_CARDS):
            c.klass[i] = table.follow_class[i]
            c.strength[i] = table.strength[i]
            c.points[i] = table.points[i]
            if table.strength[i]:
                c.class_mask[c.klass[i]] |= <uint64_t>1 << i
        for k in range(5):
            cards = table.ordered(k)
            c.order_len[k] = len(cards)
            for j, i in enumerate(cards):
                c.order[k][j] = i
                c.rank_pos[i] = j
        for i in range(MAX_CARDS):
            c.weaker[i] = 0
            for j in range(MAX_CARDS):
                if c.strength[j] and c.strength[i] and c.klass[j] == c.klass[i] and c.strength[j] < c.strength[i]:
                    c.weaker[i] |= <uint64_t>1 << j
        levels = sorted(set(table.points)) if table.score_mode == 0 else [0]
        if len(levels) > POINT_LEVELS:
            raise ValueError("too many distinct card values for the table key")
        for i in range(MAX_CARDS):
            c.point_level[i] = levels.index(table.points[i]) if table.score_mode == 0 else 0
        c.n_levels = len(levels)
        for i, p in enumerate(levels):
            c.level_points[i] = p
        c.play_rule = table.play_rule
        c.special_card = table.special_card
        c.score_tricks = table.score_mode == 1
        c.last_bonus = table.last_trick_bonus
        c.match_bonus = table.match_bonus

    def load_state(self, hands, int leader, trick, bint called_led, bint match_alive):
        """Set the position: hands as masks, the cards of the current trick."""
        cdef Context* c = &self.ctx
        cdef int i
        c.remaining = 0
        for i in range(MAX_SEATS):
            c.hands[i] = hands[i] if i < len(hands) else 0
            c.remaining |= c.hands[i]
            m = c.hands[i]
            while m:
                c.owner[ctz64(m)] = i
                m &= m - 1
        c.leader = leader
        c.trick_len = len(trick)
        c.win_offset = 0
        for i in range(c.trick_len):
            c.trick[i] = trick[i]
            if i and beats(c, c.trick[i], c.trick[c.win_offset]):
                c.win_offset = i
        c.called_led = called_led
        c.match_alive = match_alive if c.match_bonus else 0
        # a query's answer and line depend on its position only, not on
        # what was asked before: the move history starts afresh
        memset(c.history, 0, sizeof(c.history))
        memset(c.level_count, 0, sizeof(c.level_count))
        m = c.remaining
        while m:
            i = ctz64(m)
            c.level_count[c.owner[i]][c.point_level[i]] += 1
            m &= m - 1
        for i in range(5):
            c.rank_mask[i] = 0
        m = c.remaining
        while m:
            i = ctz64(m)
            c.rank_mask[c.klass[i]] |= <uint32_t>1 << c.rank_pos[i]
            m &= m - 1
        c.points_left = 0
        m = c.remaining
        while m:
            c.points_left += c.points[ctz64(m)]
            m &= m - 1
        for i in range(c.trick_len):
            c.points_left += c.points[c.trick[i]]

    # --- queries (all values are future values from the loaded state) ---
    def upper(self):
        """A cheap upper bound on the future value."""
        return upper_bound(&self.ctx)

    def search(self, int alpha, int beta):
        cdef int v
        with nogil:
            v = search(&self.ctx, alpha, beta)
        return v

    def reaches(self, int target):
        """Can the counted party win >= target from here?"""
        cdef int v
        if target <= 0:
            return True
        with nogil:
            v = search(&self.ctx, target - 1, target)
        return v >= target

    def value(self):
        cdef int hi = self.upper()
        cdef int v
        with nogil:
            v = exact(&self.ctx, 0, hi)
        return v

    def value_between(self, int lo, int hi):
        """The exact future value, known to lie in [lo, hi]."""
        cdef int v
        with nogil:
            v = exact(&self.ctx, lo, hi)
        return v

    def to_move(self):
        return (self.ctx.leader + self.ctx.trick_len) % self.ctx.n_seats

    def legal(self):
        """Legal cards of the player to move (all of them, not reduced)."""
        cdef uint64_t m = legal_mask(&self.ctx, (self.ctx.leader + self.ctx.trick_len) % self.ctx.n_seats)
        out = []
        while m:
            out.append(ctz64(m))
            m &= m - 1
        return out

    def representatives(self):
        """Legal cards reduced to one per equivalence run, in search order,
        and a dict mapping every legal card to its run's representative."""
        cdef uint8_t moves[MAX_MOVES]
        cdef uint8_t head_of[MAX_CARDS]
        cdef Context* c = &self.ctx
        cdef int seat = seat_at(c, c.trick_len)
        cdef uint64_t legal = legal_mask(c, seat)
        cdef int n = representatives(c, legal, moves, head_of, NULL, NULL)
        order_moves(c, seat, moves, n, -1)
        heads = {}
        while legal:
            heads[ctz64(legal)] = head_of[ctz64(legal)]
            legal &= legal - 1
        return [moves[i] for i in range(n)], heads

    def child_value(self, int card, int lo, int hi):
        """Exact future value (from the current state) after playing ``card``.

        The value of a trick the card completes is included.  ``lo``/``hi``
        bound the answer.
        """
        cdef int g, mid
        cdef Context* c = &self.ctx
        with nogil:
            while lo < hi:
                mid = (lo + hi + 1) // 2
                g = play_card(c, card, mid - 1, mid)
                if g >= mid:
                    lo = g
                else:
                    hi = g
        return lo

    def child_reaches(self, int card, int target):
        """After ``card``, can the counted party still win >= target (future)?"""
        cdef int v
        if target <= 0:
            return True
        with nogil:
            v = play_card(&self.ctx, card, target - 1, target)
        return v >= target
