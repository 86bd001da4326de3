# Move ordering: the representatives of _movegen.pxd sorted best-first by a
# cheap guess (where the trick goes, sure tricks, the history of cutoffs),
# and the history itself.  Ordering decides the size of the tree, never a
# value.
from libc.stdint cimport uint64_t, uint32_t, uint8_t, int8_t
from stichfest._context cimport (Context, TRUMP, PLAY_JASS_TRUMP, MAX_MOVES, REPLY_SLOTS,
                                 popcount64, ctz32, seat_at, relative_of, card_of, table_points)
from stichfest._movegen cimport beats, legal_mask


cdef inline int later_can_beat(Context* c, int card, int seat, int friends) noexcept nogil:
    """Whether a seat after ``seat`` in this trick, on ``seat``'s side if
    ``friends`` else on the other, holds a card that could beat ``card``
    (following suit where it must; the called-Sau restrictions ignored)."""
    cdef int i, s, k = c.klass[card], led = c.klass[c.trick[0]]
    cdef uint64_t h, stronger
    for i in range(c.trick_len + 1, c.n_seats):
        s = seat_at(c, i)
        if (c.counted[s] == c.counted[seat]) != friends:
            continue
        h = c.hands[s]
        stronger = h & c.class_mask[k] & ~c.weaker[card] & ~(<uint64_t>1 << card)
        if stronger and (k == led or not (h & c.class_mask[led]) or c.play_rule == PLAY_JASS_TRUMP):
            return 1
        if k != TRUMP and (h & c.class_mask[TRUMP]) and (not (h & c.class_mask[led]) or c.play_rule == PLAY_JASS_TRUMP):
            return 1
    return 0


cdef inline int partner_must_beat(Context* c, int w, int seat) noexcept nogil:
    """Whether a seat of ``seat``'s side after it in this trick must beat
    ``w``, the card winning the trick so far: each card it may play now
    (legal_mask) does."""
    cdef int i, s
    cdef uint64_t legal
    for i in range(c.trick_len + 1, c.n_seats):
        s = seat_at(c, i)
        if c.counted[s] != c.counted[seat]:
            continue
        legal = legal_mask(c, s)
        if legal and not (legal & ~c.beaten_by[w]):
            return 1
    return 0


cdef inline int opponent_to_come(Context* c, int seat) noexcept nogil:
    """Whether a seat of the other side plays after ``seat`` in this trick."""
    cdef int i
    for i in range(c.trick_len + 1, c.n_seats):
        if c.counted[seat_at(c, i)] != c.counted[seat]:
            return 1
    return 0


cdef enum:
    # a trump's strength counts this many times more than a plain card's
    # when choosing what to give to a trick: strong trumps win tricks later
    TRUMP_KEEP_WEIGHT = 4
    # a lead of a plain suit's top card that no opponent can trump comes
    # before everything else the lead score weighs (measured: Geier -47 %,
    # Wenz -23 %, Solo -5 % nodes)
    SAFE_CASH = 100
    # a lead into a class a partner takes (partner_takes; measured:
    # Sauspiel -30 %, Farbwenz -17 %, Farbgeier -10 %, Solo -7 % nodes)
    PARTNER_LEAD = 80
    # Jass, where a plain lead may be trumped at will: trumping it before
    # the trick's last card comes after following and discarding (measured:
    # the four slowest Jass bench deals -38 % nodes; 300: -35 %; 1000: more
    # nodes than none on smaller Jass sets)
    JASS_EARLY_RUFF = 500
    # Jass trump games: a plain lead an opponent may trump weighs this much
    # less (as much as a top card's bonus: it takes the trick only if not
    # ruffed), and its points count against it, not for it (measured on
    # the 4 + 4 deals above: -4.5 % / -14.1 % nodes, -8.3 % together;
    # with the points counting for nothing, as they are, or twice
    # against: -7.1, -5.6, -8.8 % together; once against taken, for the
    # smaller swings on single deals)
    JASS_RUFFABLE_LEAD = 30
    # Jass trump games (and Ramsch, below): the lead that cut off last at
    # this seat with as many cards left (the killer move, by its rank in
    # its class: relative_of), and the ones before it, over the lead score
    # and its history; for both sides (measured on the 10 + 10 Jass trump and
    # Schieber bench deals, value: -13 % nodes; 30/15: -10 %, 120/60: -11 %;
    # for the minimiser only: -7 %; killers at the other trick positions
    # too: no better at 10/5, far worse at larger weights; per cards left
    # alone, not per seat: 1 % less; in every contract: Schafkopf rows
    # -6 % to +24 % nodes, Jass Obe/Unde deals worse, left out there;
    # raised from 60/30 after JASS_HISTORY_CAP: -2.0 % more, 120/60: +2 %)
    KILLER_LEAD = 90
    KILLER_LEAD_2 = 45
    # a third killer, the one before those two (measured on the same deals:
    # -1.2 % nodes, Ramsch value / every card's value -0.8 / -0.4 %; at 15:
    # -0.9 %)
    KILLER_LEAD_3 = 30
    # the same in Ramsch (the counted seat minimises), weaker, the second
    # killer at half of it (measured on the 20 bench deals, value / every
    # card's value: -0.8 % / -6.9 % nodes; 20: -0.9 / -5.7 %; 8: -0.7 /
    # -3.8 %; 60: +1.0 / -5.9 %; 200: +3.8 / -3.9 %)
    RAMSCH_KILLER = 40
    # Jass trump games, where the killers above order the leads: the
    # minimiser's lead history only breaks near ties, as the maximiser's
    # does (measured on the 10 + 10 Jass deals: -3.2 % nodes; 100: -3.1 %;
    # none: -2.6 %; 300: -1.6 %; the same in Ramsch: +1.1 / +0.6 %)
    JASS_HISTORY_CAP = 40
    # Jass trump games: a plain card that is the top one left of its suit
    # (it takes a later trick of that suit unless trumped) is kept, not
    # smeared onto a trick its side wins: it weighs this much less there
    # (smearing it was the first move that failed in two thirds of the
    # failed last-seat nodes of the slowest Jass deals; measured on the
    # 10 + 10 Jass trump and Schieber deals of seeds 1 / 2, value: Jass trump
    # -12.2 / -6.3 %, Schieber -3.8 / -8.3 % nodes, -9.3 / -6.8 % together;
    # 40: -8.5 / -6.7 %; with the Buur held back as in 99f575e: 20, 30,
    # 60: -9.1, -12.7, -11.3 % on seed 1; there too only where the trick
    # is ours, not where a partner wins it unthreatened: -12.1 % against
    # -13.1 % at 40; in every contract, 20 bench deals: Schafkopf rows
    # -4 % to +31 % nodes, Wenz value +10 %, Solo value +9 %, so Jass only)
    JASS_KEEP_TOP = 30
    # Jass trump games: the Buur, never forced, wins a trick whenever its
    # holder wants; the second seat holds it back from a lead of fewer than
    # JASS_CHEAP_TRICK points (no Ass, Zehner or Nell), an opponent still
    # to come: it weighs this much less there, after discards of no points
    # (it was the first move that failed in nearly half of the failed
    # second-seat nodes of the slowest Jass deals; measured on the 10 + 10
    # Jass trump and Schieber deals of seeds 1 / 2, value, after
    # JASS_KEEP_TOP: Jass trump -4.5 / -3.8 %, Schieber -1.9 / +2.8 %
    # nodes, -3.6 / -2.1 % together; 1000: -3.6 / -2.5 %, 300: -2.9 /
    # -0.6 %; for the maximiser only: -2.1 / +0.2 %, the minimiser only:
    # -1.5 / -2.3 %; from every lead: seed 1 -4.8 %, seed 2 +5.5 %; at
    # every seat with an opponent to come: worse than at the second only;
    # the top trump left, whichever it is: worse than the Buur alone)
    JASS_BUUR_HOLD = 600
    # (a trick of fewer points than this holds no Ass, Zehner or Nell)
    JASS_CHEAP_TRICK = 10
    # Jass trump games: a defender at the trick's second card who can
    # follow the plain suit led ruffs only after following and discarding
    # where the defenders hold more trumps than the declaring side (their
    # ruff can wait; on the three slowest trump deals a ruff tried first
    # at the second card was the largest share of the wasted first moves).
    # Measured on the 10 + 10 Jass trump and Schieber deals of seeds 1 to 4,
    # value: Jass trump -7.2 / +0.1 / -0.1 / -2.6 %, Schieber +1.5 / +0.6 /
    # +0.4 / -8.4 % nodes, -2.9 % together, the slowest deal of seed 1
    # 14.26 M -> 11.99 M; 100: -2.6 %; 300, 500: as 200.  For every
    # defender: -2.0 % together but Schieber seed 1 +18 %; where the
    # defenders hold at least as many trumps: -3.1 %, Jass trump seed 1
    # -7.2 %, Schieber seed 1 +5.3 %; for the declaring side: Schieber
    # seed 1 +7.3 %; for every seat (the rule measured in round 13):
    # Schieber seed 1 +24.6 %.
    JASS_DEFENCE_RUFF = 200
    # every game: a lead weighs less the more ways the other side can answer
    # it (reply_cost).  In a null-window test the side that refutes needs
    # one good card at each of its turns but must answer every card of the
    # other side, so of two leads that both cut off, the one that leaves
    # the other side fewer replies has the smaller proof tree: fastest cut
    # first, as Furtak and Buro ordered Skat's moves.  The weight on the
    # product of the other side's replies is set by how many seats it has:
    # over two seats (Jass, Sauspiel) the product reaches 81, over three
    # (against a lone declarer) 512, so that its largest value weighs
    # about alike, above every other part of the lead score but the
    # table's move; against a lone seat (at most 8) it only breaks ties.
    # Measured (value; Jass trump and Schieber, 10 deals each of seeds 1 to
    # 4): -28.2 % nodes on seeds 1 and 2 together, -24 / -29 % Jass trump
    # and -24 / -39 % Schieber on seeds 3 / 4; Obenabe and Undeufe, seeds 1
    # and 2, -12 % against the weight 3.  The pair weight at 12, 16, 25,
    # 30: -26.0, -27.5, -28.4, -28.2 %; the sum of the replies in place of
    # their product at 2, 5, 10, 20, 40, 80, 200: -2.2 to -25.8 % (best at
    # 80); 250 times the product's logarithm: as 20 in Jass, worse in
    # Schafkopf; for one side only: -12 %; runs of equivalent cards counted
    # in place of cards: -26.1 %; later seats' replies inside a trick (the
    # ban on undertrumping) at 3 to 400: +0.0 to +10.8 %.  Schafkopf, value
    # and every card's value, 20 deals of seeds 1 / 2, the weight against
    # one or three seats 3 / 20 (the pair weight 20): -10.9 / -13.1 % and
    # -7.1 / -11.6 % nodes (at 1, 2, 4, 6, 8: -6.5 to -8.8 % on seed 1;
    # Ramsch alone, seeds 3 and 4: -5.1 % at 3, -8.9 % at 20);
    # the hand analyses (`bench_analyze.py --nodes`), middling -18.1 /
    # -14.3 %, strong -2.6 / +22.2 %: a strong hand's threshold proofs (a
    # Solo's "reaches 61") lost most where the replies outweighed the rest.
    REPLY_WIDTH_PAIR = 20
    REPLY_WIDTH_OTHER = 3


cdef inline int reply_cost(Context* c, int seat, int k) noexcept nogil:
    """What a lead of class ``k`` by ``seat`` loses in the lead score for
    the ways the other side can answer it: the product over its seats of
    the cards each may play (the cards of ``k``, in a Jass trump game with
    its trumps beside them; void, the whole hand; to a Jass trump lead the
    trumps, but a lone Buur is never forced), weighted by its number of
    seats (REPLY_WIDTH_PAIR).  The called Sau's restrictions and the Jass
    ban on undertrumping are left out: a guess for ordering, not a move
    list."""
    cdef int i, s, width = 1, seats = 0
    cdef uint64_t hand, follow, trumps
    for i in range(1, c.n_seats):
        s = seat_at(c, i)
        if c.counted[s] == c.counted[seat]:
            continue
        seats += 1
        hand = c.hands[s]
        follow = hand & c.class_mask[k]
        if c.play_rule == PLAY_JASS_TRUMP:
            trumps = hand & c.class_mask[TRUMP]
            if k == TRUMP:
                follow = trumps if trumps != (<uint64_t>1 << c.special_card) else 0
            elif follow:
                follow |= trumps
        width *= popcount64(follow if follow else hand)
    return width * (REPLY_WIDTH_PAIR if seats == 2 else REPLY_WIDTH_OTHER)


cdef inline int defenders_hold_more_trumps(Context* c) noexcept nogil:
    """Whether the seats not counted hold more trumps than the counted ones."""
    cdef int s, balance = 0
    for s in range(c.n_seats):
        if c.counted[s]:
            balance -= popcount64(c.hands[s] & c.class_mask[TRUMP])
        else:
            balance += popcount64(c.hands[s] & c.class_mask[TRUMP])
    return balance > 0


cdef inline int partner_takes(Context* c, int seat, int k, uint64_t ruffable) noexcept nogil:
    """Whether a lead of class ``k`` by ``seat`` goes to a partner: no
    opponent can trump it, and a partner holds its strongest card outside
    ``seat``'s hand or can trump it himself."""
    cdef uint32_t m = c.rank_mask[k]
    cdef int card, o
    cdef uint64_t h
    if k != TRUMP and (ruffable & c.class_mask[k]):
        return 0
    if k != TRUMP and c.play_rule != PLAY_JASS_TRUMP:
        # a partner void in k ruffs it while every opponent must follow
        for o in range(1, c.n_seats):
            h = c.hands[seat_at(c, o)]
            if (c.counted[seat_at(c, o)] == c.counted[seat] and not (h & c.class_mask[k])
                    and (h & c.class_mask[TRUMP])):
                return 1
    while m:
        card = c.order[k][ctz32(m)]
        if c.owner[card] != seat:
            return c.counted[c.owner[card]] == c.counted[seat]
        m &= m - 1
    return 0


cdef inline uint64_t ruffable_classes(Context* c, int leader) noexcept nogil:
    """The plain classes (as a card mask) an opponent of ``leader`` may trump
    when led: he holds trumps and is void in the class (in Jass, where
    trumping is at will, any class)."""
    cdef uint64_t mask = 0, h
    cdef int o, k
    for o in range(1, c.n_seats):
        h = c.hands[seat_at(c, o)]
        if c.counted[seat_at(c, o)] == c.counted[leader] or not (h & c.class_mask[TRUMP]):
            continue
        for k in range(4):
            if c.play_rule == PLAY_JASS_TRUMP or not (h & c.class_mask[k]):
                mask |= c.class_mask[k]
    return mask


cdef inline int jass_trump(Context* c, int m) noexcept nogil:
    """A trump of a Jass trump game: the Buur (20) and the Nell (14) carry
    the most points and, like every trump there, win tricks later; their
    points count for nothing when choosing what to put on a trick."""
    return c.klass[m] == TRUMP and c.play_rule == PLAY_JASS_TRUMP


cdef inline int jass_top_plain(Context* c, int m) noexcept nogil:
    """A plain card of a Jass trump game that is the strongest one left of
    its suit: it takes a trick of that suit later unless trumped."""
    return (c.play_rule == PLAY_JASS_TRUMP and c.klass[m] != TRUMP
            and c.order[c.klass[m]][ctz32(c.rank_mask[c.klass[m]])] == m)


cdef inline void order_moves(Context* c, int seat, uint8_t* moves, int n, int first,
                             const uint32_t* history) noexcept nogil:
    """Sort moves best-first by a cheap guess; ``first`` (the TT move) leads.
    ``history`` is the seat's row of the lead history (c.history[seat], or
    search()'s copy of it from before the table move was searched).

    "Good for me" means the trick's points go where the mover wants them:
    to the counted seats for a maximizer, elsewhere for a minimizer.  In
    ordinary contracts winning a trick is always good for its winner; in
    Ramsch (the counted seat minimises) it never is.
    """
    cdef int score[MAX_MOVES]
    cdef int i, j, m, s, w = -1, hist, cap
    cdef int mine = c.maximizer[seat]
    cdef int good_if_i_win = c.counted[seat] == mine
    cdef int good_now = 0
    cdef int side_has_top = 1
    cdef uint64_t ruffable = 0
    if n < 2:
        return
    cdef int k0 = -1, k1 = -1, k2 = -1
    cdef int8_t* killers
    cdef int reply[5]  # reply_cost of a lead of each class, made once a node
    if c.trick_len == 0 and (c.play_rule == PLAY_JASS_TRUMP or not good_if_i_win):
        killers = c.killer[seat][popcount64(c.remaining)]
        k0 = card_of(c, killers[0])
        k1 = card_of(c, killers[1])
        k2 = card_of(c, killers[2])
    if c.trick_len == 0:
        for i in range(5):
            reply[i] = -1
    if c.trick_len == 0 and c.rank_mask[TRUMP]:
        ruffable = ruffable_classes(c, seat)
        side_has_top = c.counted[c.owner[c.order[TRUMP][ctz32(c.rank_mask[TRUMP])]]] == c.counted[seat]
    cdef int ours = 0, threatened = 0, no_opponent_after = 0
    if c.trick_len:
        w = c.trick[c.win_offset]
        good_now = c.counted[seat_at(c, c.win_offset)] == mine
        no_opponent_after = not opponent_to_come(c, seat)
        if good_if_i_win and no_opponent_after:
            # only my side still plays to this trick: it is ours if the
            # winner is ours or a partner after me can take it over
            ours = good_now or later_can_beat(c, w, seat, 1)
        elif good_now and good_if_i_win:
            # a partner wins the trick so far, but an opponent after me may take it
            threatened = later_can_beat(c, w, seat, 0)
        elif good_now and mine:
            # Ramsch: the counted seat wins the trick so far, as the other
            # seats want, but one of them after me may have to take it from
            # him: then I keep my points rather than smear them onto it
            # (measured on the 20 Ramsch bench deals, value / every card's
            # value: seed 1 -8.1 % / -6.0 % nodes, seed 2 -4.4 / -0.8 %,
            # seed 3 -1.3 / -1.6 %, seed 4 -13.8 / -4.0 %; where the
            # counted seat plays later and must beat the trick's winner,
            # smearing points onto it as well: seed 1 -3.0 / -3.6 %, but
            # seed 4 +12.9 / +1.8 %, not kept)
            threatened = partner_must_beat(c, w, seat)
    for i in range(n):
        m = moves[i]
        if m == first:
            s = 100000
        elif c.trick_len == 0:
            # lead: strong cards first, the top card of a class before
            # others, trumps before plain ones if the mover's side holds
            # the top trump (measured on bench deals: better than "cash the
            # top card, else go low"); where winning is bad, weak cards first
            s = c.strength[m] * 4 + (40 if (c.klass[m] == TRUMP and side_has_top) else 0) + c.points[m]
            if (c.play_rule == PLAY_JASS_TRUMP and c.klass[m] != TRUMP
                    and (ruffable & c.class_mask[c.klass[m]])):
                # Jass: an opponent may trump this lead at will; what it
                # carries goes to his ruff
                s -= JASS_RUFFABLE_LEAD + 2 * c.points[m]
            if c.order[c.klass[m]][ctz32(c.rank_mask[c.klass[m]])] == m:
                s += 30  # the top card of its class: takes the trick unless trumped
                if c.klass[m] != TRUMP and not (ruffable & c.class_mask[c.klass[m]]):
                    s += SAFE_CASH  # and nobody can trump it: a sure trick
            elif good_if_i_win and partner_takes(c, seat, c.klass[m], ruffable):
                s += PARTNER_LEAD
            if not good_if_i_win:
                s = -s
            if reply[c.klass[m]] < 0:
                reply[c.klass[m]] = reply_cost(c, seat, c.klass[m])
            s -= reply[c.klass[m]]
            # leads that cut off earlier in this query (history heuristic):
            # for the minimising side they come first, for the maximising
            # side they only break near ties (measured: as strong a weight
            # for both sides costs nodes)
            hist = history[m] >> (8 if mine else 5)
            cap = 40 if mine else (JASS_HISTORY_CAP if c.play_rule == PLAY_JASS_TRUMP else 1000)
            s += hist if hist < cap else cap
            if m == k0:
                s += KILLER_LEAD if good_if_i_win else RAMSCH_KILLER
            elif m == k1:
                s += KILLER_LEAD_2 if good_if_i_win else RAMSCH_KILLER // 2
            elif m == k2:
                s += KILLER_LEAD_3 if good_if_i_win else RAMSCH_KILLER // 4
        elif ours:
            # points onto our trick; strong trumps are kept for later
            s = 600 + c.points[m] * (0 if jass_trump(c, m) else 8) - c.strength[m] * (TRUMP_KEEP_WEIGHT if c.klass[m] == TRUMP else 1)
            if jass_top_plain(c, m):
                s -= JASS_KEEP_TOP
        elif beats(c, m, w):
            if not good_if_i_win:
                s = 100 - c.strength[m] * 4 - c.points[m] * 8  # taking it hurts me
            elif good_now and not threatened:
                # overtake a friend cheaply if at all
                s = 200 - c.strength[m] * 2 + c.points[m] * (0 if jass_trump(c, m) else 1)
            elif no_opponent_after:
                # the trick is mine if I take it: with as many points as I can spare
                # (a Jass ruff of a cheap trick here came after the pointless
                # discards until the replies' rule made that cost nodes:
                # bench/README.md, the twenty-second round)
                s = 1000 + c.points[m] * (0 if jass_trump(c, m) else 8) - c.strength[m] * (TRUMP_KEEP_WEIGHT if c.klass[m] == TRUMP else 1)
            else:
                # take it with the lowest winner, points count (not a Jass trump's)
                s = 1000 - c.strength[m] * 2 + c.points[m] * (0 if jass_trump(c, m) else 4)
                if c.trick_len < c.n_seats - 1 and later_can_beat(c, m, seat, 0):
                    s -= 300  # a later opponent may take it back
                if jass_trump(c, m) and c.klass[c.trick[0]] != TRUMP:
                    s -= JASS_EARLY_RUFF
                    if (c.trick_len == 1 and not c.counted[seat]
                            and (c.hands[seat] & c.class_mask[c.klass[c.trick[0]]])
                            and defenders_hold_more_trumps(c)):
                        s -= JASS_DEFENCE_RUFF
                if (m == c.special_card and c.trick_len == 1 and c.play_rule == PLAY_JASS_TRUMP
                        and table_points(c) < JASS_CHEAP_TRICK):
                    s -= JASS_BUUR_HOLD
        elif good_now and not threatened:
            # smear points onto the trick (not a Jass trump's)
            s = 600 + c.points[m] * (0 if jass_trump(c, m) else 8) - c.strength[m]
            if jass_top_plain(c, m):
                s -= JASS_KEEP_TOP
        else:
            s = 400 - c.points[m] * 8 - c.strength[m]       # discard cheaply
            if (c.klass[m] != TRUMP and c.klass[m] != c.klass[c.trick[0]]
                    and popcount64(c.hands[seat] & c.class_mask[c.klass[m]]) == 1):
                s += 6  # from a singleton: a void to trump or discard into later
        score[i] = s
    for i in range(1, n):
        m = moves[i]
        s = score[i]
        j = i - 1
        while j >= 0 and score[j] < s:
            score[j + 1] = score[j]
            moves[j + 1] = moves[j]
            j -= 1
        score[j + 1] = s
        moves[j + 1] = <uint8_t>m


cdef enum:
    # a lead tried before the one that cut off loses this many times what a
    # cutoff gives (left * left, left the cards still in play), down to
    # none (measured, value / value and every card's value, 20 bench deals,
    # 10 in Jass: Jass trump and Schieber seeds 1 to 4 -2.9 % nodes
    # together (value), each set -0.4 to -5.8 %; Ramsch seeds 1 to 4 -6.3 /
    # -5.3 %; Sauspiel seeds 1, 2 -11.9 / -14.0 % and -6.8 / -9.1 %; Solo
    # -5.0 / -4.2 % and -3.5 / -6.8 %; Wenz -4.2 / -5.1 %; Farbwenz -7.8 /
    # -7.0 %; Geier +3.0 / -0.5 %; Farbgeier -11.4 / -8.1 %.  Malus 1x:
    # -0.1 to -4 %; 2x, 4x: between; 16x: about as 8x; the history set to
    # none: Jass -3.4 %, Schafkopf a little less than 8x)
    HISTORY_MALUS = 8


cdef inline void note_cutoff(Context* c, int at_trick_start, int seat, uint8_t* moves, int i) noexcept nogil:
    """Count a cutoff by ``moves[i]``; at a lead, the lead that cut off goes
    into the history that order_moves consults, weighted by the size of the
    tree it cut, and becomes the killer move of its seat and cards left,
    and the leads tried before it lose history (HISTORY_MALUS)."""
    c.cutoffs += 1
    c.first_move_cutoffs += i == 0
    cdef int left = popcount64(c.remaining), rel, j
    cdef int card = moves[i]
    cdef uint32_t malus = HISTORY_MALUS * left * left
    if at_trick_start:
        c.history[seat][card] += left * left
        for j in range(i):
            if c.history[seat][moves[j]] > malus:
                c.history[seat][moves[j]] -= malus
            else:
                c.history[seat][moves[j]] = 0
        rel = relative_of(c, card)
        if c.killer[seat][left][0] != rel:
            if c.killer[seat][left][1] != rel:
                c.killer[seat][left][2] = c.killer[seat][left][1]
            c.killer[seat][left][1] = c.killer[seat][left][0]
            c.killer[seat][left][0] = <int8_t>rel


# --- the reply table -------------------------------------------------------
# Inside a trick the transposition table has no entry (it keeps trick starts
# only), so no table move: the ordering guess above comes first, and where
# it is wrong a whole subtree is searched for nothing (on the slowest Jass
# deals, the moves searched before the cutting one at the second and third
# card were a third to a half of the nodes of a fail-low test).  Every
# null-window test of a query searches much the same tree again, so the
# move that cut off at a position inside a trick is kept, keyed by the
# trick start's table key and the cards played to the trick, and tried
# first when the position comes again.  Only the order changes, never a
# value.  Kept for the second to the last-but-one card (the last card has
# the enhanced transposition cutoff, and there the guess is good: with it,
# 0.3 % fewer nodes for as many probes again); at cutoffs only (the best
# move of a node that did not cut off too: +3 % nodes).  Measured on the
# value, 10 + 10 + 20 bench deals: Jass trump 44.79 M -> 41.93 M nodes
# (-6.4 %), Schieber -5.1 %, Ramsch -1.1 %; callgrind with the cache
# simulated, Jass trump deals 0 and 3: 2.61 G -> 2.51 G instructions.  A
# table of 2**15 entries gave -6.2 % in Jass, 2**17 -7.0 %, 2**20 -8.6 %
# (8 MiB: beyond the processor's cache).
# Entries of an earlier query are void (query_tag), as are the history and
# the killers: an answer never depends on what was asked before.

cdef inline uint64_t reply_key(Context* c) noexcept nogil:
    """The key of the position inside a trick: its trick start's table key
    and each card played to the trick at its place."""
    cdef uint64_t h = c.trick_base
    cdef int i
    for i in range(c.trick_len):
        h ^= c.z_trick[i][c.trick[i]]
    return h


cdef inline int reply_probe(Context* c, uint64_t key) noexcept nogil:
    """The card that cut off last at this position in this query, or -1.
    An entry: the key's high 32 bits, 24 bits of the query, the card."""
    cdef uint64_t e = c.replies[key & (REPLY_SLOTS - 1)]
    if (e >> 32) == (key >> 32) and ((e >> 8) & 0xFFFFFF) == (c.query_tag & 0xFFFFFF):
        return <int>(e & 0xFF)
    return -1


cdef inline void reply_store(Context* c, uint64_t key, int card) noexcept nogil:
    c.replies[key & (REPLY_SLOTS - 1)] = (((key >> 32) << 32) | ((c.query_tag & 0xFFFFFF) << 8)
                                          | <uint64_t>card)
