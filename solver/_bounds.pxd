# Bounds: what the counted party can still win at most and at least,
# cheaply, without searching (the search ends a node when one of them lies
# outside its window), and the bound on a move from a touching card searched
# before it.  Every bound here holds for every line of play: they end nodes,
# they never change a value.
from libc.stdint cimport uint64_t, uint32_t, uint8_t, int16_t
from libc.string cimport memset
from stichfest._context cimport (Context, SureEntry, SURE_BITS, TRUMP, PLAY_JASS_TRUMP, MAX_SEATS, MAX_CARDS,
                                 popcount64, ctz64, ctz32, seat_at, table_points)
from stichfest._movegen cimport beats, legal_mask


cdef inline int upper_bound(Context* c) noexcept nogil:
    """Most the counted party can still win (the current trick included)."""
    if c.score_tricks:
        return popcount64(c.hands[c.leader]) + (1 if c.trick_len else 0)
    return c.points_left + c.last_bonus + (c.match_bonus if c.match_alive else 0)


cdef inline uint64_t beaters_of(Context* c, int w) noexcept nogil:
    """The cards that beat ``w``, the card winning the trick so far.  A
    card that beats a later winner beats ``w`` too (the later winner beat
    ``w``; the order of a trick's cards is total).  The relation is
    beats()'s, compiled into beaten_by with the contract table."""
    return c.beaten_by[w]


cdef inline int dearest(Context* c, uint64_t m) noexcept nogil:
    """The most points of a card in ``m`` (0 if empty)."""
    cdef int best = 0
    while m:
        if c.points[ctz64(m)] > best:
            best = c.points[ctz64(m)]
        m &= m - 1
    return best


cdef inline int cheapest(Context* c, uint64_t m) noexcept nogil:
    """The fewest points of a card in ``m`` (0 if empty)."""
    cdef int best = 1 << 14
    if not m:
        return 0
    while m:
        if c.points[ctz64(m)] < best:
            best = c.points[ctz64(m)]
        m &= m - 1
    return best


cdef inline int cheapest_of(Context* c, uint8_t* count, int k) noexcept nogil:
    """The points of the ``k`` cheapest cards counted in ``count`` (cards
    per point level, as level_count[seat] or trump_level_count[seat])."""
    cdef int lv, take, total = 0
    for lv in range(c.n_levels):
        take = count[lv]
        if take > k:
            take = k
        total += take * c.level_points[lv]
        k -= take
        if k == 0:
            break
    return total


cdef inline int cheapest_sum(Context* c, int seat, int k) noexcept nogil:
    """The points of the ``k`` cheapest cards in ``seat``'s hand (from the
    per-seat counts of each point value, kept up to date by play_card)."""
    return cheapest_of(c, c.level_count[seat], k)


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


cdef inline int lead_kept(Context* c) noexcept nogil:
    """Jass trump game, at a trick start where the leader's side holds no
    trump: whether the other side surely wins every trick left (1), else 0.

    It does where a seat S of the other side holds a trump and each of
    its plain cards lies in the top run of its suit that S holds alone.
    S wins this trick: it follows the led suit with its top card (the
    leader's side can neither beat nor trump it) or, void, trumps at will.
    Then S leads: it cashes its top plain cards, which nobody of the
    leader's side can beat or trump (S's partner, void, discards or, with
    trumps alone, trumps: the trick is the side's either way), and only
    then its trumps.  A partner who must overtake S's trump lead and then
    leads a plain card meets S holding trumps alone (S has a card left, or
    no trick is), void in every plain suit: S trumps it.  So the leader's
    side never takes a trick.  The roles must be the points' (maximiser
    and counted, or neither).  An exact value (0 or upper_bound()), where
    the tests for the fail-low proofs had only the top run of trumps:
    Jass trump value -0.8 %, Schieber -1.5 % nodes (10 deals each);
    callgrind, Jass trump deals 0 and 3: 3.163 G -> 3.146 G
    instructions.  (Without the top-run condition, or without S's trump,
    the reference cross-check fails.)"""
    cdef int s, k
    cdef uint64_t trumps = c.class_mask[TRUMP]
    cdef uint32_t h, other
    cdef int side = c.counted[c.leader]
    for s in range(c.n_seats):
        if c.counted[s] == side and c.hands[s] & trumps:
            return 0
    for s in range(c.n_seats):
        if c.counted[s] == side or c.maximizer[s] != c.counted[s] or not (c.hands[s] & trumps):
            continue
        for k in range(4):
            h = c.hand_rank[s][k]
            other = c.rank_mask[k] & ~h
            if h and other and (h >> ctz32(other)):
                break  # a plain card below another seat's card of its suit
        else:
            return 1
    return 0


cdef inline int top_trump_count(Context* c, uint32_t m, int* side) noexcept nogil:
    """How many trumps the top run of the trumps of rank mask ``m`` has: the
    top one and each next one of the same side (counted or not), which all
    land in that side's tricks (top_trump_run); and that side (``side``: 1
    counted, 0 not).  0 if ``m`` is empty."""
    cdef int n = 0, card
    side[0] = 0
    if not m:
        return 0
    side[0] = c.counted[c.owner[c.order[TRUMP][ctz32(m)]]]
    while m:
        card = c.order[TRUMP][ctz32(m)]
        if c.counted[c.owner[card]] != side[0]:
            break
        n += 1
        m &= m - 1
    return n


cdef inline int top_trump_run(Context* c, int* side) noexcept nogil:
    """The points whose side is decided by the top run of trumps, at a
    trick start, and that side (``side``: 1 counted, 0 not); -1 if no
    trump is left.

    The top remaining trump wins whatever trick it is played in, and so
    does each next one held by the same side (counted or not), whoever
    holds it: the whole top run of trumps lands in that side's tricks
    (top_trump_count).  (Not so for plain cards: discarded on another suit
    they win nothing.)  A seat holding k cards of the run plays them in k
    different tricks, and into each of those every seat of the other side
    plays a card: at least its k cheapest.  In trick scoring the run is
    worth k tricks.
    """
    cdef int card, pts = 0, k = 0, seat, i
    cdef int held[MAX_SEATS]
    cdef uint32_t m = c.rank_mask[TRUMP]
    cdef int n = top_trump_count(c, m, side)
    if n == 0:
        side[0] = -1
        return -1
    memset(held, 0, sizeof(held))
    for i in range(n):
        card = c.order[TRUMP][ctz32(m)]
        m &= m - 1
        pts += c.points[card]
        held[c.owner[card]] += 1
        if held[c.owner[card]] > k:
            k = held[c.owner[card]]
    if c.score_tricks:
        return k
    for seat in range(c.n_seats):
        if c.counted[seat] != side[0]:
            pts += cheapest_sum(c, seat, k)
    return pts


cdef enum:
    # trump_tricks() only where one seat plays against the rest (Solo
    # -22 %, Ramsch -33 %, Farbwenz -12 % nodes) with more than 4 trumps:
    # with 4 (Wenz, Geier) the top run of trumps already finds what it
    # would (+0.04 % nodes with it); between two pairs it ends few nodes
    # for its time (callgrind, 2 deals each: Jass -1.6 % nodes, +4.5 %
    # instructions; Sauspiel value+moves, 20 deals, -1 % nodes, +7 %;
    # in trick scoring, Scharwenzel, it is kept: -15 % nodes, no points)
    FEW_TRUMPS = 4


cdef inline void trump_tricks(Context* c, int* best) noexcept nogil:
    """The fewest points each side surely wins with trumps, at a trick
    start: ``best[1]`` the counted side's, ``best[0]`` the other's, -1
    where a side surely wins no trick this way.

    Every card is played in some trick, so each trump of one seat A lies
    in a trick of its own, and that trick goes to A's side unless the
    other side plays a higher trump into it.  Each such higher trump
    spoils at most one of A's tricks: of A's trumps at least q win, q
    those left when each, from the top, is spoiled by a higher trump of
    the other side not yet used (greedy: the largest such matching).  In
    those q tricks the side takes at least the q cheapest of A's trumps
    and every other seat's q cheapest cards.  The best seat of each side
    gives the bound (in trick scoring q tricks).  One pass over the
    trumps, strongest first: a trump spoils one of A's if fewer of A's
    are spoiled than the other side's trumps seen so far."""
    cdef int seat, s, card, side, got, q
    cdef int seen[2]
    cdef int top[2]
    cdef int spoiled[MAX_SEATS]
    cdef int wins[MAX_SEATS + 1]
    cdef uint32_t m = c.rank_mask[TRUMP]
    best[0] = -1
    best[1] = -1
    seen[0] = 0
    seen[1] = 0
    if popcount64(c.class_mask[TRUMP]) <= FEW_TRUMPS:
        return
    for seat in range(c.n_seats):
        seen[c.counted[seat]] += 1
    if seen[0] > 1 and seen[1] > 1 and not c.score_tricks:
        return  # two against two, counting points (tricks are cheap to count)
    seen[0] = 0
    seen[1] = 0
    top[0] = MAX_SEATS  # no seat yet (its wins[] stays 0)
    top[1] = MAX_SEATS
    memset(spoiled, 0, sizeof(spoiled))
    memset(wins, 0, sizeof(wins))
    while m:
        card = c.order[TRUMP][ctz32(m)]
        m &= m - 1
        seat = c.owner[card]
        side = c.counted[seat]
        if seen[1 - side] > spoiled[seat]:
            spoiled[seat] += 1
        else:
            wins[seat] += 1
        seen[side] += 1
        if wins[seat] > wins[top[side]]:
            top[side] = seat
    for seat in range(c.n_seats):
        q = wins[seat]
        if q == 0 or q < wins[top[c.counted[seat]]]:
            continue  # (the seat of most sure tricks stands for its side)
        if c.score_tricks:
            got = q
        else:
            got = cheapest_of(c, c.trump_level_count[seat], q)  # the q cheapest of its trumps
            for s in range(c.n_seats):
                if s != seat:
                    got += cheapest_sum(c, s, q)
        side = c.counted[seat]
        if got > best[side]:
            best[side] = got


cdef inline void sure_points(Context* c, int* sure) noexcept nogil:
    """The fewest points each side surely wins with trumps, at a trick
    start: ``sure[1]`` the counted side's, ``sure[0]`` the other's, -1
    where a side surely wins no trick: the larger of the top run of
    trumps (top_trump_run) and the trumps no higher trump can spoil
    (trump_tricks).

    Both read nothing but the hands, which the remaining cards give (the
    owners are the deal's), so the answer is kept by that mask
    (sure_cache): a trick's last card asks it again for every test of a
    query (after_trick), and so do trick starts the table does not end.
    Callgrind, Ramsch deals 0-1 value and every card's value: 920.1 M ->
    904.9 M instructions for the whole run (sure_points 44.8 M -> 28.7 M;
    2**14 slots: 26.9 M); nodes unchanged."""
    cdef SureEntry* e = &c.sure_cache[(c.remaining * <uint64_t>0x9E3779B97F4A7C15ULL) >> (64 - SURE_BITS)]
    if e.remaining == c.remaining and e.stamp == c.position_stamp:
        sure[0] = e.sure[0]
        sure[1] = e.sure[1]
        return
    cdef int side, run = top_trump_run(c, &side)
    trump_tricks(c, sure)
    if side >= 0 and run > sure[side]:
        sure[side] = run
    e.remaining = c.remaining
    e.stamp = c.position_stamp
    e.sure[0] = <int16_t>sure[0]
    e.sure[1] = <int16_t>sure[1]


cdef inline void forced_points(Context* c, int* lo, int* lost) noexcept nogil:
    """Points whose side is already decided, at a trick start: ``lo`` gets
    the counted side's sure points, ``lost`` what the counted side surely
    does not win (0 where nothing is sure).

    Each side's sure points are the larger of the top run of trumps
    (top_trump_run) and its trumps that no higher trump can spoil
    (trump_tricks).  Where the other side surely wins a trick, the counted
    side has also lost the match bonus.
    """
    cdef int sure[2]
    sure_points(c, sure)
    lo[0] = sure[1] if sure[1] > 0 else 0
    lost[0] = 0
    if sure[0] >= 0:
        lost[0] = sure[0] + (c.match_bonus if c.match_alive else 0)


cdef inline void after_trick(Context* c, int* mine, int* theirs) noexcept nogil:
    """At the last card of a trick, where the mover holds no trump: the
    sure points of each side in the tricks after it (forced_points()'s
    rules, without the match bonus; 0 where none).  The trumps after the
    trick are those in the hands now, whatever the mover plays, and a
    hand without that card has its cheapest cards dearer or the same."""
    cdef int sure[2]
    mine[0] = 0
    theirs[0] = 0
    if c.play_rule == PLAY_JASS_TRUMP:
        # Jass: -0.2 % nodes for +0.6 % instructions (callgrind, 2 deals)
        return
    if (c.trick_len != c.n_seats - 1 or c.hands[seat_at(c, c.trick_len)] & c.class_mask[TRUMP]
            or popcount64(c.remaining) == 1):
        return
    sure_points(c, sure)
    if sure[1] > 0:
        mine[0] = sure[1]
    if sure[0] > 0:
        theirs[0] = sure[0]


cdef inline int last_trick(Context* c, int first, int after_first, int match_alive) noexcept nogil:
    """The value of the last trick, every card forced: no search needed.
    It is led by the seat ``first`` places after the leader, and each seat
    plays its one card, or (``after_first``: the first of the last two
    tricks is on the table, trick[]) the card it kept beside the one it
    played there.  ``match_alive``: the match bonus is still to be won."""
    cdef int t, j, seat, card, win_card = -1, win_seat = 0, pts = 0, n = c.n_seats
    cdef uint64_t hand
    for t in range(n):
        j = first + t
        if j >= n:
            j -= n
        seat = seat_at(c, j)
        hand = c.hands[seat]
        if after_first:
            hand &= ~(<uint64_t>1 << c.trick[j])
        card = ctz64(hand)
        pts += c.points[card]
        if win_card < 0 or beats(c, card, win_card):
            win_card = card
            win_seat = seat
    if not c.counted[win_seat]:
        return 0
    if c.score_tricks:
        return 1
    return pts + c.last_bonus + (c.match_bonus if match_alive else 0)


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


cdef inline uint64_t may_play(Context* c, int s) noexcept nogil:
    """A superset of the cards seat ``s`` may play in the current trick,
    now or later in it.  In the Schafkopf rules the led suit decides, so it
    is exactly legal_mask(); in Jass the cards legal now, since what a
    later trump in the trick changes only forbids (undertrumping)."""
    return legal_mask(c, s)


cdef inline uint64_t threats(Context* c, int s, uint64_t beat) noexcept nogil:
    """The cards in ``beat`` that seat ``s``, still to play in this trick,
    might play (may_play(); in Jass every card that beats the winner
    is legal: a higher card of the led suit or a trump, trumping at will,
    the undertrumping rule forbidding only trumps that do not beat)."""
    if not (c.hands[s] & beat):
        return 0  # (most often: no legal_mask() needed)
    return may_play(c, s) & beat


cdef inline int unthreatened(Context* c, uint64_t beat, int side) noexcept nogil:
    """Whether no seat after the mover in this trick, on the other side
    from ``side``, might play one of the cards ``beat`` (threats())."""
    cdef int i, s
    for i in range(c.trick_len + 1, c.n_seats):
        s = seat_at(c, i)
        if c.counted[s] != side and threats(c, s, beat):
            return 0
    return 1


cdef inline int dearest_held(Context* c, int s) noexcept nogil:
    """The most points of a card in seat ``s``'s hand (from its counts of
    each point value)."""
    cdef int lv
    for lv in range(c.n_levels - 1, -1, -1):
        if c.level_count[s][lv]:
            return c.level_points[lv]
    return 0


cdef inline int later_points(Context* c, int first, int side_max) noexcept nogil:
    """The fewest points the seats from offset ``first`` on surely add to
    the trick, when the seats with maximizer[] == ``side_max`` play for
    the bound and the others against it: in the Schafkopf rules, where a
    later seat's legal cards are known now, those on the bound's side add
    their dearest card (its place in the trick does not matter: these
    bounds are only taken when the trick's winner is decided whatever they
    play), the others their cheapest; in Jass each its cheapest card of
    may_play()."""
    cdef int i, s, pts = 0
    for i in range(first, c.n_seats):
        s = seat_at(c, i)
        if c.maximizer[s] == side_max and c.play_rule != PLAY_JASS_TRUMP:
            pts += dearest(c, legal_mask(c, s))
        else:
            pts += cheapest(c, may_play(c, s))
    return pts


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


cdef inline int secured_by(Context* c, uint64_t legal, int w, int side) noexcept nogil:
    """The most points of a card in ``legal`` (the mover's) that beats
    ``w`` and that no seat after the mover on the other side from ``side``
    might beat (threats()): played, it wins the trick for ``side``.  -1 if
    there is none.  (Only cards of the led suit or trumps can beat a card
    that beats ``w``: where those seats hold none, every such card does.)"""
    cdef int i, s, card, best = -1
    cdef uint64_t danger = 0
    legal &= beaters_of(c, w)
    if not legal:
        return -1
    for i in range(c.trick_len + 1, c.n_seats):
        s = seat_at(c, i)
        if c.counted[s] != side:
            danger |= c.hands[s]
    if not (danger & (c.class_mask[c.klass[c.trick[0]]] | c.class_mask[TRUMP])):
        return dearest(c, legal)
    while legal:
        card = ctz64(legal)
        legal &= legal - 1
        if c.points[card] <= best:
            continue
        if unthreatened(c, beaters_of(c, card), side):
            best = c.points[card]
    return best


cdef inline void trick_settled(Context* c, int pts, int won, int hi, int alpha, int beta,
                               int lost_match, int* lo, int* up) noexcept nogil:
    """The bound from a trick whose side is known (``won``: the counted
    side's) and worth at least ``pts`` to it: a lower bound if won, else
    the upper bound less what is lost with it; the later tricks' sure
    points (after_trick) are added only where the bound is not already
    outside the window."""
    cdef int mine, theirs
    if c.score_tricks:
        pts = 1
    if won:
        lo[0] = pts
        if pts < beta:
            after_trick(c, &mine, &theirs)
            lo[0] = pts + mine
    else:
        up[0] = hi - pts - lost_match
        if up[0] > alpha:
            after_trick(c, &mine, &theirs)
            up[0] -= theirs


cdef inline void trick_bounds(Context* c, int hi, int alpha, int beta, int* lo, int* up) noexcept nogil:
    """Bounds mid-trick from the trick on the table (``hi``: upper_bound()),
    where they can end the node in the window (``alpha``, ``beta``).

    Decided: no seat still to play on the other side from the winner so
    far might play a card that beats it (threats(); a card that beats a
    later winner beats this one too), so the winner's side takes the
    trick whatever is played.  Secured: the seat to move plays for its
    side's points (maximiser and counted, or minimiser and not counted:
    not the Ramsch roles) and holds a legal card that beats the winner
    and that no later seat of the other side might beat: its side takes
    the trick if it plays the dearest such card, so the value is at least
    (counted) or at most (not counted) what that line is surely worth.
    Ramsch, where the counted seat minimises: it may duck under an
    uncounted winner with the dearest card it may play that does not beat
    it (its legal cards depend on the led suit alone, and a card that does
    not beat the winner now does not beat a later one), a bound by its
    choice; the uncounted maximisers, all still to play after a counted
    winner, may all duck under it, each with its dearest such card.

    In each case the trick's points are at least the table's and what the
    seats still to play surely add (later_points(), the mover its chosen
    card), the last-trick bonus goes with the trick, the match bonus is
    lost with it, and what follows the trick lies between 0 and the
    points after it.  ``lo`` gets a lower bound, ``up`` an upper one (0
    and ``hi`` where nothing is decided).  The trick is worth at most the
    table's points and each seat still to play its dearest card: where
    that cannot reach the window, neither bound is looked for (in most
    nodes: the tests cost more than they end there).
    """
    cdef int i, s, x, mover = seat_at(c, c.trick_len), ducker = -1
    cdef int w = c.trick[c.win_offset]
    cdef int ws = c.counted[seat_at(c, c.win_offset)]
    cdef int pts = 0, side = c.counted[mover], cap
    cdef int lost_match = c.match_bonus if c.match_alive else 0
    cdef int want_lo, want_up
    cdef uint64_t beat, legal, m
    lo[0] = 0
    up[0] = hi
    if c.trick_len == 1 and c.maximizer[mover] == c.counted[mover]:
        # second to play, outside Ramsch: rarely decided, and the bounds
        # there cost more than they save (measured: Wenz -1.7 %, Solo
        # -0.6 % nodes without them, Jass +1.2 %, Ramsch +3 %)
        return
    pts = table_points(c)
    if popcount64(c.remaining) == c.n_seats - c.trick_len:
        pts += c.last_bonus
    if c.score_tricks:
        cap = 1
    else:
        cap = pts + (c.n_seats - c.trick_len) * c.level_points[c.n_levels - 1]
    want_lo = cap >= beta
    want_up = hi - cap - lost_match <= alpha
    if not (want_lo or want_up):
        return
    beat = beaters_of(c, w)
    legal = legal_mask(c, mover)
    if want_lo if ws else want_up:
        # (the mover's threats are its legal cards that beat)
        if (side == ws or not (legal & beat)) and unthreatened(c, beat, ws):
            # decided for the winner's side: the maximisers add points to a
            # counted trick, the minimisers to an uncounted one
            if c.maximizer[mover] == ws:
                pts += dearest(c, legal)
            else:
                pts += cheapest(c, legal)
            pts += later_points(c, c.trick_len + 1, ws)
            trick_settled(c, pts, ws, hi, alpha, beta, lost_match, lo, up)
            return
    if c.maximizer[mover] == side:
        if not (want_lo if side else want_up):
            return
        x = secured_by(c, legal, w, side)
        if x < 0:
            return
        pts += x + later_points(c, c.trick_len + 1, side)
        trick_settled(c, pts, side, hi, alpha, beta, lost_match, lo, up)
        return
    if c.play_rule == PLAY_JASS_TRUMP:
        return
    # the Ramsch roles
    if ws:
        if not want_lo or not all_duck(c, w, c.trick_len):
            return
        for i in range(c.trick_len, c.n_seats):
            pts += dearest(c, legal_mask(c, seat_at(c, i)) & ~beat)
        lo[0] = 1 if c.score_tricks else pts
        return
    if not want_up:
        return
    for i in range(c.trick_len, c.n_seats):
        s = seat_at(c, i)
        if c.counted[s]:
            if ducker >= 0 or c.maximizer[s]:
                return
            ducker = s
    if ducker < 0:
        return
    m = legal_mask(c, ducker) & ~beat
    if not m:
        return
    for i in range(c.trick_len, c.n_seats):
        s = seat_at(c, i)
        pts += dearest(c, m) if s == ducker else cheapest(c, legal_mask(c, s))
    trick_settled(c, pts, 0, hi, alpha, beta, lost_match, lo, up)
