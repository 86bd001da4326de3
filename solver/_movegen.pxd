# Move generation: the legal cards of the player to move (mirrors
# GameState.violation() in play.py, cross-checked by the tests), reduced to
# one representative per run of equivalent cards.  The order in which they
# are searched is _ordering.pxd's.
from libc.stdint cimport uint64_t, uint32_t, uint8_t
from stichfest._context cimport Context, TRUMP, PLAY_JASS_TRUMP, popcount64, ctz64, ctz32, seat_at


cdef inline int beats(Context* c, int a, int b) noexcept nogil:
    """Card a, played after b, takes the trick from b (one table lookup:
    Engine._compile_table fills beaten_by from the classes and strengths)."""
    return (c.beaten_by[b] >> a) & 1


cdef inline int called_restricts(Context* c, int seat) noexcept nogil:
    """Whether the called Sau's rules bind ``seat`` (its holder, before its
    suit has been led).  Asked only where a rule needs it: Jass returns
    before, and so never reads it."""
    return c.called_suit >= 0 and not c.called_led and seat == c.holder


cdef inline uint64_t legal_mask(Context* c, int seat) noexcept nogil:
    cdef uint64_t hand = c.hands[seat]
    cdef uint64_t follow, trumps, legal, sau
    cdef int led, top
    if c.trick_len == 0:
        if called_restricts(c, seat):
            follow = hand & c.class_mask[c.called_suit]
            if popcount64(follow) < c.davonlaufen_min:
                # docs/rules.md, Sauspiel rule 2: the called suit is led only with the Sau
                hand &= ~follow | (<uint64_t>1 << c.called_sau)
        return hand
    led = c.klass[c.trick[0]]
    follow = hand & c.class_mask[led]
    if c.play_rule == PLAY_JASS_TRUMP:
        trumps = hand & c.class_mask[TRUMP]
        if led == TRUMP:
            # trump must be followed, but a lone Buur is never forced
            if trumps and trumps != (<uint64_t>1 << c.special_card):
                return trumps
            return hand
        legal = (follow | trumps) if follow else hand
        top = c.trick[c.win_offset]
        if c.klass[top] == TRUMP and (hand & ~c.class_mask[TRUMP]):
            legal &= ~c.weaker[top]  # no undertrumping unless all trumps
        return legal
    legal = follow if follow else hand
    if called_restricts(c, seat):
        sau = <uint64_t>1 << c.called_sau
        if led == c.called_suit:
            return sau  # docs/rules.md, Sauspiel rule 1
        if popcount64(hand) > 1:
            legal &= ~sau  # docs/rules.md, Sauspiel rule 3
    return legal


cdef inline int representatives(Context* c, uint64_t legal, uint8_t* out,
                                uint8_t* head_of, uint8_t* run_of, int* n_runs) noexcept nogil:
    """One card per run of equivalent legal cards, written to ``out``.

    Two legal cards *touch* when no card still in play (in a hand or on the
    table) lies between them in their class, and neither is the special
    card (the Buur, never forced): playing one now and the other later
    gives every trick the same winner as the other way round.  Touching
    cards of equal points (in trick scoring: any touching cards) are
    equivalent: swapping them changes nothing, so one stands for all.
    Where ``head_of`` is not NULL it receives, for each legal card, its
    representative; where ``run_of`` is not NULL it receives, for each
    representative, a number shared by the representatives that touch in
    a chain (see ``twin_bound`` in _bounds.pxd: their values differ by at
    most their difference in points), and ``n_runs`` how many numbers.
    """
    cdef int k, n = 0, card, prev, pos, prev_pos, run = 0, touching
    cdef int seat = seat_at(c, c.trick_len)
    cdef uint32_t ranks, others
    cdef uint64_t lk
    for k in range(5):
        lk = legal & c.class_mask[k]
        if not lk:
            continue
        # the legal cards of the class, as positions in its order: mostly
        # all of the hand's (kept up to date by play_card), else one by one
        if lk == (c.hands[seat] & c.class_mask[k]):
            ranks = c.hand_rank[seat][k]
        else:
            ranks = 0
            while lk:
                ranks |= <uint32_t>1 << c.rank_pos[ctz64(lk)]
                lk &= lk - 1
        # still in play (in a hand or on the table), not his to play
        others = (c.rank_mask[k] | c.trick_rank[k]) & ~ranks
        prev = -1
        prev_pos = 0
        while ranks:
            pos = ctz32(ranks)
            ranks &= ranks - 1
            card = c.order[k][pos]
            touching = (prev >= 0 and not (others & ((<uint32_t>1 << pos) - (<uint32_t>2 << prev_pos)))
                        and card != c.special_card and prev != c.special_card)
            prev = card
            prev_pos = pos
            if touching and (c.score_tricks or c.points[card] == c.points[out[n - 1]]):
                if head_of != NULL:
                    head_of[card] = out[n - 1]
                continue
            if not touching:
                run += 1
            if run_of != NULL:
                run_of[card] = <uint8_t>run
            if head_of != NULL:
                head_of[card] = <uint8_t>card
            out[n] = <uint8_t>card
            n += 1
    if run_of != NULL:
        n_runs[0] = run
    return n
