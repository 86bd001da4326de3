# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Alpha-beta search over card plays with a transposition table.

Every search answers one question about the *future*: how much the counted
party wins from the current state on (the current trick included).  Values
of completed tricks are added by the caller, so transposition-table bounds
hold whatever the window, and threshold (null-window) queries on one deal
share them.  ``Engine`` is the Python-facing wrapper: it is loaded once per
position and validates nothing (the boundary in ``search.py`` does).

The parts, one job per file: _context.pxd the search context (and the
position's table key), _tt.pxd the transposition table, _movegen.pxd legal
moves and equivalent cards, _ordering.pxd move ordering (and the reply table), _bounds.pxd the
cheap bounds that end nodes without a search; this file the search itself
and ``Engine``.
"""
from libc.stdint cimport uint64_t, uint32_t, uint16_t, uint8_t, int16_t
from libc.string cimport memset, memcpy

cdef extern from *:
    void prefetch "__builtin_prefetch"(const void*) nogil

from stichfest._bits cimport clz64

from stichfest._context cimport (Context, ENDING_SLOTS, MAX_MOVES, MAX_SEATS, MAX_CARDS, POINT_LEVELS, N_CLASSES, TRUMP, PLAY_JASS_TRUMP,
                                 popcount64, popcount32, ctz64, seat_at, tt_key, class_key, state_key, relative_of, card_of,
                                 shape_bit, shape_mix, void_position_caches,
                                 table_points)
from stichfest._tt cimport (splitmix64, TTEntry, SHAPE_BITS, tt_init, tt_free, tt_new_generation, tt_bytes, tt_bucket,
                            tt_cut, tt_store, CUT_HIGH, CUT_LOW)
from stichfest._movegen cimport beats, legal_mask, representatives
from stichfest._ordering cimport order_moves, note_cutoff, reply_key, reply_probe, reply_store
from stichfest._bounds cimport (lead_kept, upper_bound, forced_points, sure_tricks, last_trick, twin_bound,
                               trick_bounds, top_trump_count, FEW_TRUMPS)


cdef inline int trick_gain(Context* c, int winner, int trick_points) noexcept nogil:
    """What the completed trick on the table is worth to the counted party."""
    if not c.counted[winner]:
        return 0
    if c.score_tricks:
        return 1
    if c.remaining == 0:
        return trick_points + c.last_bonus
    return trick_points


cdef inline int called_led_after(Context* c) noexcept nogil:
    """The called-suit flag once the trick on the table is complete: the
    called Sau's restrictions lapse when its suit has been led."""
    return c.called_led or (c.called_suit >= 0 and c.klass[c.trick[0]] == c.called_suit)


cdef inline int take_value(int maximizing, int v, int* best, int* alpha, int* beta) noexcept nogil:
    """A move's value ``v`` into the node's best and its window (fail-soft,
    for the side that maximises or not): 1 where it cuts the node off."""
    if maximizing:
        if v > best[0]:
            best[0] = v
            if v >= beta[0]:
                return 1
            if v > alpha[0]:
                alpha[0] = v
    elif v < best[0]:
        best[0] = v
        if v <= alpha[0]:
            return 1
        if v < beta[0]:
            beta[0] = v
    return 0


cdef int first_of_two(Context* c, int offset, int alpha, int beta, int table) noexcept nogil:
    """Fail-soft alpha-beta over the first of the last two tricks, from its
    card at ``offset`` on, ``table`` the points of the cards before it; the
    last trick is forced: each seat plays the card it kept.  The hands stay
    as they are (legal_mask asks only the seat to move, which still holds
    both its cards), and the last trick is valued from trick[] and the
    hands (last_trick), with no state changed for it (against playing each card and
    the last trick out, callgrind, whole runs, value, seed 1: Jass trump
    25.31 G -> 24.98 G instructions, Schieber 17.03 G -> 16.84 G, Ramsch
    5.77 G -> 5.72 G; the same nodes)."""
    cdef int seat = seat_at(c, offset), card, v, best, saved_win, winner
    cdef int maximizing = c.maximizer[seat]
    cdef uint64_t legal = legal_mask(c, seat)
    best = -(1 << 14) if maximizing else (1 << 14)
    saved_win = c.win_offset
    c.trick_len = offset + 1
    while legal:
        card = ctz64(legal)
        legal &= legal - 1
        c.trick[offset] = <uint8_t>card
        if offset == 0:
            c.win_offset = 0
        elif beats(c, card, c.trick[saved_win]):
            c.win_offset = offset
        else:
            c.win_offset = saved_win
        if offset + 1 < c.n_seats:
            v = first_of_two(c, offset + 1, alpha, beta, table + c.points[card])
        else:
            # the first trick complete (c.remaining still holds both tricks'
            # cards, so its gain is never the last trick's bonus), the last
            # one led by its winner
            winner = seat_at(c, c.win_offset)
            v = (trick_gain(c, winner, table + c.points[card])
                 + last_trick(c, c.win_offset, 1, c.match_alive and c.counted[winner]))
        if take_value(maximizing, v, &best, &alpha, &beta):
            break
    c.trick_len = offset
    c.win_offset = saved_win
    return best


cdef enum:
    # The last tricks in which the cards after the lead are searched by
    # plain_search(): four where the hands hold nine cards (Jass), else
    # three.  Callgrind, whole runs, 10 deals (20 in Schafkopf) of seed 1,
    # against search() everywhere: Jass trump value 27.96 G -> 25.48 G
    # instructions (-8.9 %, +10.9 % nodes), Schieber value 18.62 G ->
    # 17.14 G (-7.9 %), Schieber value and every card's value 51.92 G ->
    # 46.08 G (-11.2 %); the last three tricks only: Jass trump -5.5 %,
    # Schieber -3.9 %; the last five: no better than four.  Schafkopf at
    # three: Ramsch value -7.9 %, value and every card's value -1.6 %, Solo
    # -1.2 %; at four, Ramsch +1.8 %, Solo +1.0 %.
    PLAIN_TRICKS_JASS = 4
    PLAIN_TRICKS = 3


cdef int plain_search(Context* c, int alpha, int beta) noexcept nogil:
    """search() inside a trick of the last few (Context.plain_below): fail-soft
    alpha-beta over the legal cards in the ordering's order, without the
    bounds, the reply table or the merging of touching cards.  There the
    subtrees are small, and those cost more than the nodes they save (with
    the trick bounds: Jass trump +9.8 % instructions, Schieber +6.8 %;
    with touching cards merged, the last three tricks: +3.4 % and +5.6 %;
    the reply table: within 0.5 %)."""
    cdef int seat = seat_at(c, c.trick_len), v, best, i, n = 0
    cdef int maximizing = c.maximizer[seat]
    cdef uint8_t moves[MAX_MOVES]
    cdef uint64_t legal = legal_mask(c, seat)
    c.nodes += 1
    while legal:
        moves[n] = <uint8_t>ctz64(legal)
        n += 1
        legal &= legal - 1
    if n > 1:
        order_moves(c, seat, moves, n, -1, c.history[seat])
    best = -(1 << 14) if maximizing else (1 << 14)
    for i in range(n):
        v = play_card(c, moves[i], alpha, beta)
        if take_value(maximizing, v, &best, &alpha, &beta):
            break
    return best


cdef int two_tricks(Context* c) noexcept nogil:
    """The exact value of the last two tricks, at their start (an exact
    value is a fail-soft answer to every window): from the endings table
    if this ending, up to equivalence (its structure, tt_key, and its
    point shape), was valued before in this deal, else by every line of play, the last trick forced, with
    alpha-beta cutoffs in the full window but no table, ordering or bounds.

    The endings table is small and apart from the transposition table: a
    probe of the large table is a cache miss, which cost more than valuing
    the ending again, and the large table keeps its room for the larger
    subtrees; a table of 2**15 endings (256 KiB) stays in the processor's
    cache, and the same few endings come up again and again below one
    trick start.  An entry is 8 bytes (the key's high 48 bits, made
    particular to the deal by its generation, and the value), two to a
    slot, the newer first: against 2**14 entries of 16 bytes, one to a
    slot, callgrind, whole runs, value, seed 1: Jass trump 24.98 G ->
    24.39 G instructions (-2.4 %), Schieber 16.84 G -> 16.46 G (-2.3 %),
    Ramsch 5.72 G -> 5.66 G (-1.0 %); one to a slot, Jass trump -2.0 %.
    (Larger tables of 16-byte entries, 2**15 to 2**20 of them: Jass trump
    endings found 58 to 75 % against 53 %, but no faster on the clock:
    bench/README.md, the twenty-ninth round.)
    Against a null-window
    valuation without the table (callgrind instructions: Jass trump deal 3
    -5.8 %, Ramsch value deals 0-1 -8.6 %, Sauspiel value and every
    card's value, 20 deals, -8.0 %): the exact values, tighter than the
    window's bounds, also save nodes above (Jass trump -4.7 %, Schieber
    value and moves -3.3 %, Schafkopf rows -1 to -4 %)."""
    # an entry: the key's high 48 bits (its slot holds the low ones; a
    # false match needs all 62 equal) and the value in the low 16 bits
    cdef uint64_t key = (tt_key(c) ^ shape_mix(c.shape)) ^ (<uint64_t>c.tt.generation * <uint64_t>0x9E3779B97F4A7C15ULL)
    cdef uint64_t* e = &c.endings[key & (ENDING_SLOTS - 2)]
    if (e[0] ^ key) >> 16 == 0:
        return <int16_t>(e[0] & 0xFFFF)
    if (e[1] ^ key) >> 16 == 0:
        return <int16_t>(e[1] & 0xFFFF)
    cdef int v = first_of_two(c, 0, -(1 << 14), 1 << 14, 0)
    e[1] = e[0]
    e[0] = (key & ~<uint64_t>0xFFFF) | <uint16_t>v
    return v


cdef enum:
    # table_cutoff runs where the mover holds more cards than this, so that
    # four tricks or more are left after this one (Jass value, bench deals
    # 0, 1, 2, 4, least CPU time of six runs: -14 % nodes and about -9 %
    # time against none; from five tricks left -11 % nodes, -5 % time; at
    # every trick start the table keeps, -19 % nodes but 10 % slower than
    # from four: there the keys cost what the small subtrees save).  The
    # key of each move's next trick start is handed to that trick start's
    # search (Context.handed_key), which then makes none of its own (same
    # nodes; least CPU time of seven alternating runs, Jass deals 0, 1, 2,
    # 4: -4.6 %, with 3, 6, 8 too: -4.0 %; Ramsch deals 0-11: -2.8 %).
    # From three cards left as well, with the keys handed down: -5 % nodes
    # in Jass, -1 to -4 % in the 32-card contracts, but no faster (Jass
    # -2.6 / +1.1 %, Ramsch +2.1 % against handing alone).
    ETC_MIN_CARDS = 4


cdef int table_cutoff(Context* c, uint8_t* moves, int n, int alpha, int beta,
                      int maximizing, int* bound, uint64_t* key_of) noexcept nogil:
    """Enhanced transposition cutoff at the trick's last card (search()
    asks where the mover holds more than ETC_MIN_CARDS cards): whether the
    table already holds, for one of the ``moves`` that complete the trick,
    a bound on the next trick start that ends this node (``bound`` gets
    it).  Each move's next position is keyed and probed before any is
    searched: a cutoff found there saves the search of the moves that
    ordering puts before it, and the probes' cache misses overlap.  The
    keys differ only in the moved card's class and the state part, so the
    other classes' parts are made once; ``key_of`` gets each card's key,
    for search() to hand on."""
    cdef int i, k, card, win, winner, table = table_points(c)
    cdef int called_led = called_led_after(c)
    cdef uint64_t every_class = 0
    cdef uint64_t class_part[N_CLASSES]
    cdef uint64_t keys[MAX_MOVES]
    cdef int gains[MAX_MOVES]
    cdef uint64_t shapes[MAX_MOVES]
    cdef int best = -1, sure_count, sure_side, kept_count, kept_side
    for k in range(N_CLASSES):
        class_part[k] = class_key(c, k, c.rank_mask[k])
        every_class ^= class_part[k]
    for i in range(n):
        card = moves[i]
        k = c.klass[card]
        win = c.trick_len if beats(c, card, c.trick[c.win_offset]) else c.win_offset
        winner = seat_at(c, win)
        # never the last trick here, so no last-trick bonus in the gain
        gains[i] = trick_gain(c, winner, table + c.points[card])
        keys[i] = (state_key(c, winner, called_led, c.match_alive and c.counted[winner])
                   ^ every_class ^ class_part[k]
                   ^ class_key(c, k, c.rank_mask[k] & ~(<uint32_t>1 << c.rank_pos[card])))
        shapes[i] = c.shape & ~(<uint64_t>1 << shape_bit(c, card))
        prefetch(tt_bucket(&c.tt, keys[i]))
        key_of[card] = keys[i]
    # the top run of trumps at the next trick start: the same after every
    # move that is no trump, so counted once for all of them
    kept_count = top_trump_count(c, c.rank_mask[TRUMP], &kept_side)
    for i in range(n):
        sure_count, sure_side = kept_count, kept_side
        if c.klass[moves[i]] == TRUMP:
            sure_count = top_trump_count(c, c.rank_mask[TRUMP] & ~(<uint32_t>1 << c.rank_pos[moves[i]]),
                                         &sure_side)
        if tt_cut(&c.tt, keys[i], shapes[i], c.shape_points, alpha - gains[i], beta - gains[i],
                  CUT_HIGH if maximizing else CUT_LOW, bound, &best,
                  c.shape_offset[TRUMP], sure_count, sure_side):
            bound[0] += gains[i]
            return 1
    return 0


cdef int play_card(Context* c, int card, int alpha, int beta) noexcept nogil:
    """Play ``card`` for the player to move, search on, take it back."""
    cdef int seat = seat_at(c, c.trick_len)
    cdef uint64_t bit = <uint64_t>1 << card
    cdef int saved_win = c.win_offset
    cdef int saved_leader, saved_match, saved_called, winner, gain, v
    cdef uint64_t saved_base
    cdef uint8_t saved_trick[MAX_SEATS]
    cdef uint32_t saved_trick_rank[N_CLASSES]
    cdef int trick_points, k = c.klass[card]
    cdef uint32_t rank_bit = <uint32_t>1 << c.rank_pos[card]
    cdef uint64_t shape_out = <uint64_t>1 << shape_bit(c, card)
    c.shape &= ~shape_out
    c.hands[seat] &= ~bit
    c.remaining &= ~bit
    c.rank_mask[k] &= ~rank_bit
    c.hand_rank[seat][k] &= ~rank_bit
    c.trick_rank[k] |= rank_bit
    c.level_count[seat][c.point_level[card]] -= 1
    c.trump_level_count[seat][c.point_level[card]] -= k == TRUMP
    c.trick[c.trick_len] = <uint8_t>card
    c.table_pts += c.points[card]
    if c.trick_len == 0:
        c.win_offset = 0
    elif beats(c, card, c.trick[c.win_offset]):
        c.win_offset = c.trick_len
    c.trick_len += 1
    if c.trick_len == c.n_seats:
        winner = seat_at(c, c.win_offset)
        trick_points = c.table_pts
        gain = trick_gain(c, winner, trick_points)
        saved_leader = c.leader
        saved_match = c.match_alive
        saved_called = c.called_led
        if not c.counted[winner]:
            c.match_alive = 0
        c.called_led = called_led_after(c)
        c.leader = winner
        c.trick_len = 0
        c.points_left -= trick_points
        saved_base = c.trick_base  # the next trick start sets its own
        memcpy(saved_trick, c.trick, MAX_SEATS)  # the next trick reuses trick[]
        memcpy(saved_trick_rank, c.trick_rank, sizeof(saved_trick_rank))
        memset(c.trick_rank, 0, sizeof(c.trick_rank))
        c.table_pts = 0
        v = gain + search(c, alpha - gain, beta - gain)
        c.table_pts = trick_points
        memcpy(c.trick, saved_trick, MAX_SEATS)
        c.trick_base = saved_base
        memcpy(c.trick_rank, saved_trick_rank, sizeof(saved_trick_rank))
        c.points_left += trick_points
        c.trick_len = c.n_seats
        c.leader = saved_leader
        c.match_alive = saved_match
        c.called_led = saved_called
    elif popcount64(c.remaining) < c.plain_below:
        v = plain_search(c, alpha, beta)
    else:
        v = search(c, alpha, beta)
    c.trick_len -= 1
    c.table_pts -= c.points[card]
    c.win_offset = saved_win
    c.hands[seat] |= bit
    c.remaining |= bit
    c.shape |= shape_out
    c.rank_mask[k] |= rank_bit
    c.hand_rank[seat][k] |= rank_bit
    c.trick_rank[k] &= ~rank_bit
    c.level_count[seat][c.point_level[card]] += 1
    c.trump_level_count[seat][c.point_level[card]] += k == TRUMP
    return v


cdef inline int play_handing(Context* c, int card, int alpha, int beta, uint64_t* key_of) noexcept nogil:
    """play_card(), handing the next trick start the key table_cutoff()
    made for ``card`` (``key_of`` NULL: there is none)."""
    if key_of != NULL:
        c.handed_key = key_of[card]
        c.has_key = 1
    return play_card(c, card, alpha, beta)


cdef int search(Context* c, int alpha, int beta) noexcept nogil:
    """Fail-soft alpha-beta: the future value if inside (alpha, beta), else a bound."""
    cdef uint8_t moves[MAX_MOVES]
    cdef uint8_t run_of[MAX_CARDS]      # per move: which touching cards it goes with
    cdef int bound_of[MAX_CARDS]        # per move searched: what it returned
    cdef int n, i, v, best, best_move = -1, tt_move = -1, hi, twins, n_runs
    cdef int seat, maximizing
    cdef uint64_t key = 0
    cdef int tt_best = -1, sure_count, sure_side
    cdef int at_trick_start = c.trick_len == 0
    cdef int sure, sure_lo, sure_lost, effort
    cdef uint64_t nodes0 = c.nodes
    cdef uint64_t key_of[MAX_CARDS]
    cdef uint64_t* handed_keys = NULL  # key_of, once table_cutoff has filled it
    cdef int handed = c.has_key
    cdef int replied = 0                # the reply table keeps this node's cutoff move (key: its key)
    cdef int staged                     # the table move searched before the others are ordered
    cdef uint32_t history_then[MAX_CARDS]  # this seat's lead history before that search
    c.has_key = 0
    c.nodes += 1
    if at_trick_start:
        if c.remaining == 0:
            return c.match_bonus if c.match_alive else 0
        if popcount64(c.hands[c.leader]) == 1:
            return last_trick(c, 0, 0, c.match_alive)
        if popcount64(c.hands[c.leader]) == 2:
            # before the upper bound: an exact value, often from the endings
            # table, is a tighter answer than the bound (callgrind: -0.2 to
            # -0.6 % instructions, -0.6 to -1.4 % nodes)
            return two_tricks(c)
    hi = upper_bound(c)
    if hi <= alpha:
        return hi
    if beta <= 0:
        return 0
    if not at_trick_start:
        # a decided or secured trick ends the node (measured in every
        # contract, 20 bench deals: Jass -12 to -22 %, Ramsch -34 %, Solo
        # value -37 %, Sauspiel -15 % nodes with the trick-start bounds)
        trick_bounds(c, hi, alpha, beta, &sure_lo, &sure)
        if sure <= alpha:
            return sure
        if sure_lo >= beta:
            return sure_lo
        replied = c.trick_len < c.n_seats - 1  # the reply table's cards (_ordering.pxd)
        if replied:
            key = reply_key(c)
            tt_move = reply_probe(c, key)
    else:
        key = c.handed_key if handed else tt_key(c)
        c.trick_base = key  # the reply table's keys inside this trick start from it
        # The table first, the quick bounds only where it does not end the
        # node: most trick starts it ends, and the bounds (sure_points above
        # all, a fifth of Ramsch's instructions) cost more than a probe.
        # Against the bounds first, run while the bucket was fetched
        # (callgrind, Ramsch value + moves deals 0-3: 8.26 G -> 7.25 G
        # instructions, Jass trump deals 0 and 3: 3.03 G -> 2.90 G; nodes
        # -3.4 % and -0.9 % on the sets: a table bound is often the tighter).
        prefetch(tt_bucket(&c.tt, key))  # while the top run of trumps is counted
        c.tt_probes += 1
        sure_count = top_trump_count(c, c.rank_mask[TRUMP], &sure_side)
        if tt_cut(&c.tt, key, c.shape, c.shape_points, alpha, beta, CUT_HIGH | CUT_LOW, &v, &tt_best,
                  c.shape_offset[TRUMP], sure_count, sure_side):
            c.tt_hits += 1
            return v
        tt_move = card_of(c, tt_best)
        forced_points(c, &sure_lo, &sure_lost)
        if sure_lo >= beta:
            return sure_lo
        if hi - sure_lost <= alpha:
            return hi - sure_lost
        if c.play_rule == PLAY_JASS_TRUMP and c.n_seats == 4 and lead_kept(c):
            # the side not leading takes every trick left: an exact value
            if c.counted[c.leader]:
                return 0
            return hi
        if c.maximizer[c.leader] and c.counted[c.leader]:
            sure = sure_tricks(c)
            if sure >= beta:
                return sure
        elif not c.maximizer[c.leader] and not c.counted[c.leader]:
            sure = sure_tricks(c)
            if sure >= 0 and c.match_alive:
                sure += c.match_bonus  # a trick of theirs ends the match
            if sure >= 0 and hi - sure <= alpha:
                return hi - sure
    cdef int alpha0 = alpha, beta0 = beta  # the window the bounds below refer to
    seat = seat_at(c, c.trick_len)
    maximizing = c.maximizer[seat]
    n = representatives(c, legal_mask(c, seat), moves, NULL, run_of, &n_runs)
    twins = n_runs < n  # fewer runs than moves: some moves touch
    if c.trick_len == c.n_seats - 1 and n > 1 and popcount64(c.hands[seat]) > ETC_MIN_CARDS:
        # (fewer cards: the next trick start has too few tricks left to pay for the keys)
        if table_cutoff(c, moves, n, alpha, beta, maximizing, &v, key_of):
            c.etc_cutoffs += 1
            return v
        handed_keys = key_of
    # The table move, where the table gave one and it is among the moves,
    # is searched before the others are ordered: where it cuts off, as it
    # mostly does, they never are.  The others then come in the order
    # order_moves would have given them with it: a stable sort of the same
    # scores, and the scores are the same, as what they read is as before
    # the table move's search (its subtree holds fewer cards, so it writes
    # other killer slots), but for this seat's lead history, read from a
    # copy made before.  Same nodes (callgrind, whole run: Jass trump deal 3
    # value 935.7 M -> 927.5 M instructions, the search itself -1.3 %;
    # Ramsch deals 0-1 every card's value 987.2 M -> 987.7 M, where GCC
    # then no longer inlines legal_mask at representatives' call: the
    # ordering saved there is paid back).
    staged = 0
    if tt_move >= 0:
        i = 0
        while i < n and moves[i] != tt_move:
            i += 1
        if i < n:
            staged = n > 1
            while i > 0:
                moves[i] = moves[i - 1]
                i -= 1
            moves[0] = <uint8_t>tt_move
            if staged:
                memcpy(history_then, c.history[seat], sizeof(history_then))
    if not staged:
        order_moves(c, seat, moves, n, -1, c.history[seat])
    if maximizing:
        best = -1
        for i in range(n):
            if i == 1 and staged:
                order_moves(c, seat, moves + 1, n - 1, -1, history_then)
            v = twin_bound(c, moves, i, run_of, bound_of, 1) if twins else alpha + 1
            if v > alpha:
                v = play_handing(c, moves[i], alpha, beta, handed_keys)
            else:
                c.twin_prunes += 1
            bound_of[moves[i]] = v
            if v > best:
                best = v
                best_move = moves[i]
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        if replied:
                            reply_store(c, key, moves[i])
                        note_cutoff(c, at_trick_start, seat, moves, i)
                        break
    else:
        best = 1 << 14
        for i in range(n):
            if i == 1 and staged:
                order_moves(c, seat, moves + 1, n - 1, -1, history_then)
            v = twin_bound(c, moves, i, run_of, bound_of, 0) if twins else beta - 1
            if v < beta:
                v = play_handing(c, moves[i], alpha, beta, handed_keys)
            else:
                c.twin_prunes += 1
            bound_of[moves[i]] = v
            if v < best:
                best = v
                best_move = moves[i]
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        if replied:
                            reply_store(c, key, moves[i])
                        note_cutoff(c, at_trick_start, seat, moves, i)
                        break
    if at_trick_start:
        # c.remaining is the trick-start set again here, as relative_of needs
        if (best <= alpha0) if maximizing else (best >= beta0):
            # Every move failed (an all-node): each returned only a bound,
            # and the one with the best bound is no evidence of the best
            # move.  The entry keeps the move an earlier search of the
            # position found (tt_store, where none is given), as chess
            # engines do.  Measured, value / value and every card's value,
            # 20 bench deals (10 in Jass): Jass trump and Schieber seeds 1
            # to 4 -2.4 % nodes together (value); Solo seeds 1, 2 -12.0 /
            # -8.5 % and -1.6 / -1.7 %; Ramsch seeds 1 to 4 -0.5 / -0.7 %;
            # Sauspiel +4.2 / -0.8 % and -0.4 / -1.2 %; Wenz +0.2 / -0.6 %,
            # Farbwenz -1.3 / -2.2 %, Geier -4.8 / -2.4 %, Farbgeier +2.1 /
            # -0.5 %.  Keeping the probed entry's move whatever its shape:
            # about half of that.
            best_move = -1
        best_move = relative_of(c, best_move) if best_move >= 0 else -1
        # what the entry saves: the size of the tree searched, as log2 of nodes
        effort = 64 - clz64(c.nodes - nodes0)
        if best <= alpha0:
            tt_store(&c.tt, key, c.shape, 0, best, best_move, effort)
        elif best >= beta0:
            tt_store(&c.tt, key, c.shape, best, 1 << 14, best_move, effort)
        else:
            tt_store(&c.tt, key, c.shape, best, best, best_move, effort)
    return best


cdef int bisect(Context* c, int lo, int hi) noexcept nogil:
    """The exact future value of the loaded state, known to lie in
    [lo, hi], by null-window tests (a card's value: descend()).

    Where one side has more seats than the other (Solo, Wenz and the
    like: three against the declarer; Ramsch: three for him), its tests
    are the cheap ones: to pass, every seat of that side must find one
    card that holds, while the lone seat's every card must be answered;
    to fail, the reverse.  So once a test has come out the many seats'
    way, the next ones gallop on from there in steps of 1, 2, 4, ... (the
    step back to 1 after a test the other way), and the dear tests of
    the lone seat come only close to the value, where bisection asked
    them all the way down.  Between two pairs (Sauspiel, Jass), halving.
    Measured against halving throughout, 20 bench deals each of seeds 1
    and 2, nodes of the value / of the value and every card's value:
    Farbwenz -15.2 / -5.0 %, Farbgeier -13.5 / -8.1 %, Ramsch -11.4 /
    -7.8 %, Solo +0.8 / -1.1 %; Schafkopf for three (bench_three.py's
    deals, the same seeds): Farbwenz -8.3 / -4.6 %, Farbgeier -4.4 /
    -4.2 %, Solo -2.3 / -1.5 %.  Not where the trumps are four (Wenz,
    Geier: FEW_TRUMPS), whose lone seat's tests were no dearer: Wenz
    +2.5 / -0.2 % (seed 1 alone +7.0 %), for three +13.6 / +5.4 %, Geier
    +0.5 / -1.2 %, for three -0.8 / +1.4 %.  (Steps growing by 3 or 4,
    or starting at 2: each better on one contract, worse on the set.)
    The first test is at the middle, as in halving."""
    cdef int mid, g, passed, step = 1, galloping = 0  # galloping: only where lean != 0
    cdef int lean = c.test_lean
    while lo < hi:
        if not galloping:
            mid = (lo + hi + 1) // 2
        elif lean > 0:
            mid = min(lo + step, hi)
        else:
            mid = max(hi + 1 - step, lo + 1)
        c.tests += 1  # (counted for `bench/run.py --counters`)
        g = search(c, mid - 1, mid)
        passed = g >= mid
        if passed:
            lo = g
        else:
            hi = g
        if lean and passed == (lean > 0):  # the many seats' way: gallop on
            step = step * 2 if galloping else 1
            galloping = 1
        else:
            step = 1
    return lo


cdef int descend(Context* c, int card, int lo, int hi, int upward) noexcept nogil:
    """The exact future value after playing ``card``, known to lie in
    [lo, hi] and likely at one end (``upward``: at lo, else at hi), by
    MTD(f) from that end: a null-window test whether the value is there;
    while not, the end moves to the bound the failed test returned
    (fail-soft), and the next test asks there.  A card's value usually
    lies at or near the best card's, which is that end, and a test that
    passes far short of the value is the dearest kind (it must answer
    every reply), which galloping's longer steps ran into.  Measured on
    value and every card's value, nodes: against galloping 1, 2, 4, ...
    away, then bisecting, Jass Schieber -15 % / -1 % (deal seeds 1 / 2),
    Jass trump -8.5 %, Sauspiel -10.5 %; against one test at the end,
    then one search of the rest of the window (the former rule where one
    seat plays alone), Solo -9 %, Ramsch -8 %."""
    cdef int g
    while lo < hi:
        c.tests += 1
        if upward:
            g = play_card(c, card, lo, lo + 1)
            if g <= lo:
                return lo
            lo = g
        else:
            g = play_card(c, card, hi - 1, hi)
            if g >= hi:
                return hi
            hi = g
    return lo


cdef class Engine:
    """One search context with its own transposition table (``tt_bits``: log2 of buckets)."""

    def __cinit__(self, int tt_bits=18):
        if not 4 <= tt_bits <= 26:
            raise ValueError("tt_bits must be 4..26")
        if not tt_init(&self.ctx.tt, tt_bits):
            raise MemoryError()
        cdef uint64_t state = 0x7269636B  # the reply table's keys: a fixed sequence
        cdef int i, j
        for i in range(MAX_SEATS):
            for j in range(MAX_CARDS):
                self.ctx.z_trick[i][j] = splitmix64(&state)

    def __dealloc__(self):
        tt_free(&self.ctx.tt)

    @property
    def tt_bits(self):
        return self.ctx.tt.bits

    @property
    def tt_bytes(self):
        return tt_bytes(&self.ctx.tt)

    @property
    def nodes(self):
        return self.ctx.nodes

    def counters(self):
        """Search statistics since the engine was made."""
        c = &self.ctx
        return {"nodes": c.nodes, "tt_probes": c.tt_probes, "tt_hits": c.tt_hits,
                "cutoffs": c.cutoffs, "twin_prunes": c.twin_prunes, "first_move_cutoffs": c.first_move_cutoffs, "etc_cutoffs": c.etc_cutoffs, "tests": c.tests}

    def new_generation(self):
        """Retire every table entry (a new deal or contract is loaded)."""
        tt_new_generation(&self.ctx.tt)
        if self.ctx.tt.generation == 1:  # the first, or numbers start again: older endings would match
            memset(self.ctx.endings, 0, sizeof(self.ctx.endings))

    def touch_table(self):
        """Write every page of the table once (empty entries: the table is
        cleared).  The pages are the system's zeroed ones until first
        written, so without this the first queries also pay for the page
        faults (and, with 2 MiB pages, for compacting memory to make them):
        a benchmark times the search alone after it."""
        with nogil:
            memset(self.ctx.tt.entries, 0, tt_bytes(&self.ctx.tt))

    def load_rules(self, table, counted, maximizer, called, int hand_size):
        """Compile a ContractTable and the parties into the context.

        ``called`` is None or (suit, sau_index, holder, davonlaufen_min);
        ``hand_size``: the cards each seat was dealt.
        """
        cdef Context* c = &self.ctx
        cdef int i, j, n
        self.new_generation()
        void_position_caches(&self.ctx)
        if table is not self.table_loaded:  # tables are shared objects (contract_table caches them)
            self._compile_table(table)
            self.table_loaded = table
        n = len(counted)
        c.n_seats = n
        c.plain_below = (PLAIN_TRICKS_JASS if hand_size >= 9 else PLAIN_TRICKS) * n
        for i in range(n):
            for j in range(MAX_SEATS):
                c.rotation[i][j] = (i + j) % n
        for i in range(MAX_SEATS):
            c.counted[i] = 1 if i < n and counted[i] else 0
            c.maximizer[i] = 1 if i < n and maximizer[i] else 0
        lean = 0
        for i in range(n):
            lean += 1 if c.maximizer[i] else -1
        c.test_lean = (lean > 0) - (lean < 0)  # which side has more seats (bisect)
        if popcount64(c.class_mask[TRUMP]) <= FEW_TRUMPS:
            c.test_lean = 0  # Wenz, Geier: halving (bisect)
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
        # card points as the value counts them (none where it counts tricks)
        counted_points = list(table.points) if table.score_mode == 0 else [0] * MAX_CARDS
        offset = 0
        for k in range(5):
            cards = table.ordered(k)
            c.order_len[k] = len(cards)
            c.shape_offset[k] = offset
            for j, i in enumerate(cards):
                c.order[k][j] = i
                c.rank_pos[i] = j
            # runs of neighbours (in strength) of equal points: a card's shape bit is its run's
            start = 0
            for j, i in enumerate(cards):
                if j and counted_points[i] != counted_points[cards[j - 1]]:
                    start = j
                c.run_start[i] = start
                c.shape_points[offset + j] = counted_points[i]
            for j, i in enumerate(cards):
                c.run_mask[i] = 0
                for jj, ii in enumerate(cards):
                    if c.run_start[ii] == c.run_start[i]:
                        c.run_mask[i] |= <uint32_t>1 << jj
            offset += len(cards)
        if offset > SHAPE_BITS:
            raise ValueError("too many cards for the point shape")
        for i in range(MAX_CARDS):
            c.weaker[i] = 0
            c.beaten_by[i] = 0
            for j in range(MAX_CARDS):
                if c.strength[j] and c.strength[i] and c.klass[j] == c.klass[i] and c.strength[j] < c.strength[i]:
                    c.weaker[i] |= <uint64_t>1 << j
                # j played after i takes the trick: stronger in i's class, or a trump on a plain card
                if (c.strength[j] > c.strength[i] if c.klass[j] == c.klass[i]
                        else c.klass[j] == TRUMP):
                    c.beaten_by[i] |= <uint64_t>1 << j
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
        cdef int i, j, k, n
        c.remaining = 0
        for i in range(MAX_SEATS):
            c.hands[i] = hands[i] if i < len(hands) else 0
            c.remaining |= c.hands[i]
            m = c.hands[i]
            while m:
                c.owner[ctz64(m)] = i
                m &= m - 1
        c.leader = leader
        c.has_key = 0
        void_position_caches(c)  # the owners may differ from the last position's
        c.trick_len = len(trick)
        c.win_offset = 0
        c.table_pts = 0
        for i in range(c.trick_len):
            c.trick[i] = trick[i]
            c.table_pts += c.points[c.trick[i]]
            if i and beats(c, c.trick[i], c.trick[c.win_offset]):
                c.win_offset = i
        c.called_led = called_led
        c.match_alive = match_alive if c.match_bonus else 0
        # a query's answer and line depend on its position only, not on
        # what was asked before: the move history starts afresh
        memset(c.history, 0, sizeof(c.history))
        memset(c.killer, 0xFF, sizeof(c.killer))
        c.query_tag += 1  # and the reply table's entries
        c.trick_base = 0
        memset(c.level_count, 0, sizeof(c.level_count))
        memset(c.trump_level_count, 0, sizeof(c.trump_level_count))
        m = c.remaining
        while m:
            i = ctz64(m)
            c.level_count[c.owner[i]][c.point_level[i]] += 1
            c.trump_level_count[c.owner[i]][c.point_level[i]] += c.klass[i] == TRUMP
            m &= m - 1
        memset(c.rank_mask, 0, sizeof(c.rank_mask))
        memset(c.hand_rank, 0, sizeof(c.hand_rank))
        memset(c.trick_rank, 0, sizeof(c.trick_rank))
        m = c.remaining
        while m:
            i = ctz64(m)
            c.rank_mask[c.klass[i]] |= <uint32_t>1 << c.rank_pos[i]
            c.hand_rank[c.owner[i]][c.klass[i]] |= <uint32_t>1 << c.rank_pos[i]
            m &= m - 1
        for i in range(c.trick_len):
            c.trick_rank[c.klass[c.trick[i]]] |= <uint32_t>1 << c.rank_pos[c.trick[i]]
        c.shape = 0
        for k in range(N_CLASSES):
            for j in range(c.order_len[k]):
                i = c.order[k][j]
                if c.run_start[i] == j:
                    n = popcount32(c.rank_mask[k] & c.run_mask[i])
                    c.shape |= ((<uint64_t>1 << n) - 1) << (c.shape_offset[k] + j)
        c.points_left = 0
        m = c.remaining
        while m:
            c.points_left += c.points[ctz64(m)]
            m &= m - 1
        c.points_left += table_points(c)

    # --- queries (all values are future values from the loaded state) ---
    def upper(self):
        """A cheap upper bound on the future value."""
        return upper_bound(&self.ctx)

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
            v = bisect(&self.ctx, 0, hi)
        return v

    def value_between(self, int lo, int hi):
        """The exact future value, known to lie in [lo, hi]."""
        cdef int v
        with nogil:
            v = bisect(&self.ctx, lo, hi)
        return v

    def legal(self):
        """Legal cards of the player to move (all of them, not reduced)."""
        cdef uint64_t m = legal_mask(&self.ctx, seat_at(&self.ctx, self.ctx.trick_len))
        out = []
        while m:
            out.append(ctz64(m))
            m &= m - 1
        return out

    def representatives(self):
        """Legal cards reduced to one per equivalence run, in search order;
        a dict mapping every legal card to its run's representative; and one
        mapping each representative to a number it shares with those it
        touches (their values differ by at most their points: twin_bound)."""
        cdef uint8_t moves[MAX_MOVES]
        cdef uint8_t head_of[MAX_CARDS]
        cdef uint8_t run_of[MAX_CARDS]
        cdef int n_runs
        cdef Context* c = &self.ctx
        cdef int seat = seat_at(c, c.trick_len)
        cdef uint64_t legal = legal_mask(c, seat)
        cdef int n = representatives(c, legal, moves, head_of, run_of, &n_runs)
        order_moves(c, seat, moves, n, -1, c.history[seat])
        heads = {}
        while legal:
            heads[ctz64(legal)] = head_of[ctz64(legal)]
            legal &= legal - 1
        return [moves[i] for i in range(n)], heads, {moves[i]: run_of[moves[i]] for i in range(n)}

    def child_value(self, int card, int lo, int hi):
        """Exact future value (from the current state) after playing ``card``.

        The value of a trick the card completes is included.  ``lo``/``hi``
        bound the answer; it is looked for from the end the player to move
        prefers (hi for a maximizer, lo otherwise), where the best card's
        value, and so many cards' values, lie (``search.py`` passes the best
        value as that end): descend().
        """
        cdef Context* c = &self.ctx
        cdef int upward = not c.maximizer[seat_at(c, c.trick_len)]
        with nogil:
            lo = descend(c, card, lo, hi, upward)
        return lo

    def child_reaches(self, int card, int target):
        """After ``card``, can the counted party still win >= target (future)?"""
        cdef int v
        if target <= 0:
            return True
        with nogil:
            v = play_card(&self.ctx, card, target - 1, target)
        return v >= target
