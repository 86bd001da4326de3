# The search behind streak.takes_first_tricks: can a party win each of the
# next tricks?  An AND/OR search over plain C arrays: a seat of the party
# needs one card that keeps the run, any other seat ends it with one card.
# Only who wins each trick counts (no card points), so of the cards of one
# class in one hand that no other remaining card separates, one is tried.
# Trick starts are kept in a memo by a Zobrist key of the cards' owners.
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free

from stichfest._bits cimport ctz64
from stichfest._tt cimport splitmix64

cdef enum:
    MAX_SEATS = 8
    MAX_CARDS = 36
    N_CLASSES = 5
    TRUMP = 4
    MAX_CHOICES = 16
    MEMO_BITS = 15                    # 512 KiB: the hard deals meet a few thousand trick starts
    MEMO_SLOTS = 1 << MEMO_BITS
    TRUMP_RANK = 1000                 # above every plain card's strength


cdef struct MemoEntry:
    uint64_t key
    uint32_t stamp                    # the query it belongs to (older ones are void)
    uint8_t answer


cdef class FirstTricks:
    """One deal's rules and parties; :meth:`wins` answers one query."""

    cdef int n
    cdef uint8_t klass[MAX_CARDS]
    cdef uint8_t strength[MAX_CARDS]
    cdef int rank[MAX_CARDS]              # one order over every card: trumps above plain cards
    cdef uint64_t class_mask[N_CLASSES]
    cdef uint8_t order[N_CLASSES][MAX_CARDS]  # each class, strongest first
    cdef int order_len[N_CLASSES]
    cdef uint8_t ours[MAX_SEATS]
    cdef uint64_t z_card[MAX_SEATS][MAX_CARDS]
    cdef uint64_t z_leader[MAX_SEATS]
    cdef MemoEntry* memo
    cdef uint32_t stamp
    cdef readonly uint64_t nodes

    def __cinit__(self, table, int n_seats, party):
        cdef int i, k, s
        cdef uint64_t state = 0x5EED
        if not 2 <= n_seats <= MAX_SEATS:
            raise ValueError(f"first tricks: {n_seats} seats")
        self.memo = <MemoEntry*>calloc(MEMO_SLOTS, sizeof(MemoEntry))
        if self.memo is NULL:
            raise MemoryError()
        self.n = n_seats
        for k in range(N_CLASSES):
            self.class_mask[k] = 0
            cards = table.ordered(k)
            self.order_len[k] = len(cards)
            for i, card in enumerate(cards):
                self.order[k][i] = card
        for i in range(MAX_CARDS):
            self.klass[i] = table.follow_class[i]
            self.strength[i] = table.strength[i]
            self.rank[i] = TRUMP_RANK * (self.klass[i] == TRUMP) + self.strength[i]
            if self.strength[i]:
                self.class_mask[self.klass[i]] |= <uint64_t>1 << i
        for s in range(MAX_SEATS):
            self.ours[s] = s in party
            self.z_leader[s] = splitmix64(&state)
            for i in range(MAX_CARDS):
                self.z_card[s][i] = splitmix64(&state)

    def __dealloc__(self):
        free(self.memo)

    def wins(self, hands, int leader, trick, int tricks):
        """Whether the party wins each of the next ``tricks`` tricks, the
        current one (``trick``: its cards so far) first."""
        cdef uint64_t h[MAX_SEATS]
        cdef uint8_t t[MAX_SEATS]
        cdef int i, n_played = len(trick)
        cdef bint answer
        if len(trick) >= self.n or not 1 <= tricks:
            raise ValueError("first tricks: a trick in progress and at least one trick to win")
        for i in range(MAX_SEATS):
            h[i] = hands[i] if i < self.n else 0
        for i in range(len(trick)):
            t[i] = trick[i]
        self.stamp += 1
        with nogil:
            answer = self._wins(h, leader, t, n_played, tricks)
        return answer

    cdef inline bint _beats(self, int a, int b) noexcept nogil:
        """Card ``a``, played after ``b`` (winning so far), takes the trick."""
        if self.klass[a] == self.klass[b]:
            return self.strength[a] > self.strength[b]
        return self.klass[a] == TRUMP

    cdef bint _wins(self, uint64_t* hands, int leader, uint8_t* trick, int trick_len, int tricks) noexcept nogil:
        cdef int i, j, k, c, seat, best, winner, n_choices
        cdef uint64_t hand, legal, others, mine, key = 0, bit
        cdef bint ours, answer, in_run
        cdef uint8_t next_trick[MAX_SEATS]
        cdef int choices[MAX_CHOICES]
        cdef int sort_key[MAX_CHOICES]
        cdef MemoEntry* entry = NULL
        self.nodes += 1
        if trick_len == self.n:
            best = 0
            for i in range(1, self.n):
                if self._beats(trick[i], trick[best]):
                    best = i
            winner = (leader + best) % self.n
            if not self.ours[winner]:
                return False
            if tricks == 1:
                return True
            return self._wins(hands, winner, next_trick, 0, tricks - 1)  # the callers still read trick
        if trick_len == 0:
            key = self.z_leader[leader]
            for i in range(self.n):
                mine = hands[i]
                while mine:
                    key ^= self.z_card[i][ctz64(mine)]
                    mine &= mine - 1
            entry = &self.memo[key & (MEMO_SLOTS - 1)]
            if entry.stamp == self.stamp and entry.key == key:
                return entry.answer
        seat = (leader + trick_len) % self.n
        hand = hands[seat]
        legal = hand
        if trick_len:
            legal = hand & self.class_mask[self.klass[trick[0]]]
            if not legal:
                legal = hand
        others = 0
        for i in range(self.n):
            if i != seat:
                others |= hands[i]
        best = 0
        for i in range(trick_len):
            others |= <uint64_t>1 << trick[i]
            if i and self._beats(trick[i], trick[best]):
                best = i
        # one card of each run of the hand's cards that no other card breaks
        n_choices = 0
        for k in range(N_CLASSES):
            mine = legal & self.class_mask[k]
            if not mine:
                continue
            in_run = False
            for j in range(self.order_len[k]):
                c = self.order[k][j]
                bit = <uint64_t>1 << c
                if mine & bit:
                    if not in_run and n_choices < MAX_CHOICES:
                        choices[n_choices] = c
                        # cards that take the trick so far first, strongest
                        # first; then the others, weakest first
                        if trick_len == 0 or self._beats(c, trick[best]):
                            sort_key[n_choices] = -self.rank[c]
                        else:
                            sort_key[n_choices] = 2 * TRUMP_RANK + self.rank[c]
                        n_choices += 1
                    in_run = True
                elif others & bit:
                    in_run = False
        for i in range(1, n_choices):  # insertion sort: a handful of cards
            c, k = choices[i], sort_key[i]
            j = i - 1
            while j >= 0 and sort_key[j] > k:
                choices[j + 1], sort_key[j + 1] = choices[j], sort_key[j]
                j -= 1
            choices[j + 1], sort_key[j + 1] = c, k
        ours = self.ours[seat]
        answer = not ours  # the party's seat needs one good card; the others' need every card to fail
        for i in range(n_choices):
            c = choices[i]
            bit = <uint64_t>1 << c
            hands[seat] &= ~bit
            trick[trick_len] = c
            if self._wins(hands, leader, trick, trick_len + 1, tricks) == ours:
                answer = ours
            hands[seat] |= bit
            if answer == ours:
                break
        if entry is not NULL:
            entry.key, entry.stamp, entry.answer = key, self.stamp, answer
        return answer
