# Bounds: what the counted party can still win at most and at least,
# cheaply, without searching (the search ends a node when one of them lies
# outside its window), and the bound on a move from a touching card searched
# before it.  Every bound here holds for every line of play: they end nodes,
# they never change a value.
from libc.stdint cimport uint64_t, uint32_t, uint8_t
from libc.string cimport memset
from stichfest._context cimport (Context, TRUMP, PLAY_JASS_TRUMP, MAX_SEATS, MAX_CARDS,
                                 popcount64, ctz64, ctz32, seat_at)
from stichfest._movegen cimport beats, legal_mask


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


cdef inline uint64_t beaters_of(Context* c, int w) noexcept nogil:
    """The cards that beat ``w``, the card winning the trick so far."""
    cdef uint64_t m = c.class_mask[c.klass[w]] & ~c.weaker[w] & ~(<uint64_t>1 << w)
    if c.klass[w] != TRUMP:
        m |= c.class_mask[TRUMP]
    return m


cdef inline int all_duck(Context* c, int y, int offset) noexcept nogil:
    """Whether every seat from ``offset`` on in this trick is an uncounted
    maximiser (Ramsch) holding a legal card that does not beat ``y``, so
    that they can all let ``y`` win.  Legality as the trick stands: in the
    Schafkopf rules it depends on the led suit alone."""
    cdef int i, s
    cdef uint64_t beat = beaters_of(c, y)
    if c.play_rule == PLAY_JASS_TRUMP:
        return 0
    for i in range(offset, c.n_seats):
        s = seat_at(c, i)
        if c.counted[s] or not c.maximizer[s] or not (legal_mask(c, s) & ~beat):
            return 0
    return 1


cdef inline void trick_bounds(Context* c, int hi, int* lo, int* up) noexcept nogil:
    """Bounds from the trick on the table when its side is already decided,
    mid-trick (``hi``: upper_bound()).

    Won for the counted party: the winner so far is counted and every seat
    still to play is counted too, or every one is an uncounted maximiser
    (Ramsch) who can duck under it.  Lost: the winner is not counted and no
    counted seat is still to play, or (Ramsch, where the counted seat is
    the minimiser) the one still to play holds a card it may play that
    does not beat the winner: it ducks with the dearest such card, whatever
    the seats before it add (that every card it may play beats the winner
    and the maximisers after it let the weakest win was tried as a sure
    win too: -0.2 % Ramsch nodes, left out).  Each seat still to play adds
    at least its cheapest card (the ducking seat its dearest duck); with
    the trick decided, what follows it lies between 0 and the points
    after it (the last-trick bonus goes with the trick, the match bonus is
    lost with it).
    """
    cdef int i, s, card, ducker = -1, mover = seat_at(c, c.trick_len)
    cdef int w = c.trick[c.win_offset]
    cdef int won, pts = 0, counted_after = 0, duck_pts = 0
    cdef int n_after = c.n_seats - c.trick_len - 1
    cdef uint64_t dodge
    lo[0] = 0
    up[0] = hi
    if c.counted[seat_at(c, c.win_offset)]:
        for i in range(c.trick_len + 1, c.n_seats):
            counted_after += c.counted[seat_at(c, i)]
        if counted_after == n_after and c.counted[mover]:
            won = 1
        elif counted_after == 0 and all_duck(c, w, c.trick_len):
            won = 1
        else:
            return
    else:
        for i in range(c.trick_len, c.n_seats):
            s = seat_at(c, i)
            if c.counted[s]:
                if ducker >= 0 or c.maximizer[s]:
                    return
                ducker = s
        if ducker >= 0:
            # what it may play later is what it may play now (the led suit
            # decides), and a card that does not beat the winner now does
            # not beat a later one either
            dodge = legal_mask(c, ducker) & ~beaters_of(c, w)
            if not dodge:
                return
            while dodge:
                card = ctz64(dodge)
                if c.points[card] > duck_pts:
                    duck_pts = c.points[card]
                dodge &= dodge - 1
        won = 0
    for i in range(c.trick_len):
        pts += c.points[c.trick[i]]
    for i in range(c.trick_len, c.n_seats):
        s = seat_at(c, i)
        pts += duck_pts if s == ducker else cheapest_sum(c, s, 1)
    if c.score_tricks:
        pts = 1
    elif popcount64(c.remaining) == n_after + 1:
        pts += c.last_bonus
    if won:
        lo[0] = pts
    else:
        up[0] = hi - pts - (c.match_bonus if c.match_alive else 0)
