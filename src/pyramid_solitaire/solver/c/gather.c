/* Apophis: a recycle that gathers the three waste piles one after another.
 *
 * The engine's recycle (engine/deal.py's apply) makes the new stock, top first, of the cards left
 * on waste pile 3, then pile 2, then pile 1, each bottom to top, and deals the first three at once;
 * a draw deals the i-th card of a round's stock onto waste pile i % 3. So after a gather the
 * stock's order depends on which stock cards were still there: two positions with the same cards
 * gone, draws and round differ when a card went before the gather in one and after it in the
 * other. A position carries beside its key the word `gathered`: per stock card (deck position
 * 28 + j) two bits at 2j, 0 when it was gone at the last gather, else 1 + the waste pile it lay
 * on then. That gives the round's order (round_order): the cards of pile 3, 2, 1 in turn, each in
 * the previous round's order. In round 2 that is the deal's; in round 3 it is round 2's, which
 * orders every stock card as ROUND_TWO does (the gathered cards keep their relative order). A
 * third gather would need the piles of both earlier rounds: pk_cards_gather takes at most two
 * recycles.
 *
 * Within a round the kernel reads the stock as for three waste piles, through a view: a removed
 * mask whose stock position 28 + i is the round's i-th card, the positions past the round's cards
 * gone (stock_view). The key's `drawn` counts in that order (canonical in the view); its removed
 * mask stays in deck positions, which the partner masks, the goal and the proofs read. Round 1's
 * order is the deal's: there view and removed are the same. */
#include "tables.h"

/* Round 2's order of every stock card (stock positions): pile 3's (j % 3 == 2), then 2's, then 1's. */
static const int8_t ROUND_TWO[STOCK] = {2, 5, 8, 11, 14, 17, 20, 23, 1, 4, 7, 10, 13, 16, 19, 22,
                                        0, 3, 6, 9,  12, 15, 18, 21};

static inline int code_of(int64_t gathered, int s) { return (int)((gathered >> (2 * s)) & 3); }

/* The stock of this round, deck positions top first, gone cards included; returns how many. */
int round_order(int64_t key, int64_t gathered, int8_t *order) {
    int64_t recycles = key >> RECYCLES_SHIFT;
    int n = 0;
    if (recycles == 0) {
        for (int j = 0; j < STOCK; j++) order[j] = (int8_t)(PYRAMID + j);
        return STOCK;
    }
    for (int pile = 2; pile >= 0; pile--) {
        for (int j = 0; j < STOCK; j++) {
            int s = recycles == 1 ? j : ROUND_TWO[j];
            if (code_of(gathered, s) == pile + 1) order[n++] = (int8_t)(PYRAMID + s);
        }
    }
    return n;
}

/* The removed mask with the stock relabelled in the round's order (see above). */
int64_t stock_view(int64_t removed, const int8_t *order, int n) {
    int64_t view = (removed & PYRAMID_BITS) | (REMOVED_BITS & ~below_bits(PYRAMID + n));
    for (int i = 0; i < n; i++)
        if ((removed >> order[i]) & 1) view |= bit(PYRAMID + i);
    return view;
}

/* The canonical key: waste cards gone at the end of the round's drawn cards do not count. */
int64_t canonical_view(int64_t key, const int8_t *order, int n) {
    int64_t removed = key & REMOVED_BITS;
    int64_t drawn = (key >> DRAWN_SHIFT) & 31;
    while (drawn > 0 && (drawn > n || ((removed >> order[drawn - 1]) & 1))) drawn--;
    return removed | (drawn << DRAWN_SHIFT) | ((key >> RECYCLES_SHIFT) << RECYCLES_SHIFT);
}

int gathering_moves(const Cards *cards, int64_t key, int64_t gathered, int32_t *avail, uint16_t *out) {
    int8_t order[STOCK];
    int n = round_order(key, gathered, order);
    return moves_viewed(cards, key, stock_view(key & REMOVED_BITS, order, n), order, avail, out);
}

/* play for a gathering recycle: a draw's code holds its `drawn` in the round's order; a recycle
 * writes the new round's word into *gathered (each card left: 1 + the pile it lies on) and, as the
 * engine does, deals the new stock's first three cards. */
int64_t play_gathering(const Cards *cards, int64_t key, int64_t *gathered, int move) {
    int8_t order[STOCK];
    int n = round_order(key, *gathered, order);
    int64_t removed = key & REMOVED_BITS;
    int64_t drawn = (key >> DRAWN_SHIFT) & 31;
    int64_t recycles = key >> RECYCLES_SHIFT;
    switch (move & 3) {
    case PK_KING: removed |= bit((move >> 2) & 63); break;
    case PK_PAIR: removed |= bit((move >> 2) & 63) | bit((move >> 8) & 63); break;
    case PK_DRAW: drawn = (move >> 2) & 63; break;
    default: {
        int64_t next = 0;
        int left = 0;
        for (int i = 0; i < n; i++) {
            if ((removed >> order[i]) & 1) continue;
            next |= (int64_t)(1 + i % 3) << (2 * (order[i] - PYRAMID));
            left++;
        }
        *gathered = next;
        recycles++;
        drawn = min_int(cards->rules[RULE_PER_DRAW], left);
        n = round_order(recycles << RECYCLES_SHIFT, next, order);
    }
    }
    return canonical_view(removed | (drawn << DRAWN_SHIFT) | (recycles << RECYCLES_SHIFT), order, n);
}

/* proofs.c's `stranded` in the round's piles: in the last round a waste card of the goal whose
 * every partner left lies in its own waste pile (over it, under it, or still to be dealt onto it)
 * can never leave. */
bool stranded_gathered(const Cards *cards, int64_t key, int64_t gathered) {
    if ((key >> RECYCLES_SHIFT) < cards->rules[RULE_LAST]) return false;
    int8_t order[STOCK];
    int n = round_order(key, gathered, order);
    int64_t piles[3] = {0, 0, 0};
    for (int i = 0; i < n; i++) piles[i % 3] |= bit(order[i]);
    int64_t left = ~key & REMOVED_BITS;
    int drawn = min_int((int)((key >> DRAWN_SHIFT) & 31), n);
    for (int i = 0; i < drawn; i++) {
        int q = order[i];
        if (!((left & cards->goal & ~cards->alone) >> q & 1)) continue;
        if ((cards->partners[q] & left & ~piles[i % 3]) == 0) return true;
    }
    return false;
}

int32_t pk_cards_gather(void *out) {
    Cards *cards = out;
    int32_t *rules = cards->rules;
    if (!rules[RULE_GENERAL] || rules[RULE_WASTES] != 3 || rules[RULE_PER_DRAW] != 3 || rules[RULE_OPEN] ||
        rules[RULE_UNLIMITED] || rules[RULE_RECYCLES] > 2)
        return -1;
    rules[RULE_GATHER] = 1;
    return pk_cards_goal(cards, cards->goal, 0); /* the partner proof's tables again: piles are not fixed */
}

int64_t pk_key_bits(const void *cards_in) {
    const Cards *cards = cards_in;
    if (cards->rules[RULE_GATHER]) return cards->rules[RULE_SHORTEST] ? PK_FULL_PAIRS : PK_LOST_PAIRS;
    return cards->rules[RULE_SHORTEST] ? PK_FULL_KEY : PK_LOST_KEY;
}

/* The word of a round whose stock is `order` (deck positions top first; recycles 1 or 2), or -1 if
 * no gathering makes it. Round 2: each card's pile in round 1 follows from its position. Round 3:
 * round 2's piles 3, 2, 1 come one after another, each in ROUND_TWO's order, so they are the
 * order's increasing runs (fewer runs: the last piles empty; where the runs could be cut in
 * more ways, each gives the same order, so the same position). */
int64_t pk_gathered(const uint8_t *order, int32_t n, int32_t recycles) {
    int rank[STOCK];
    for (int j = 0; j < STOCK; j++) rank[ROUND_TWO[j]] = j;
    if (recycles == 0) return 0;
    if (recycles < 0 || recycles > 2 || n < 0 || n > STOCK) return -1;
    int64_t gathered = 0;
    int pile = 2;
    for (int i = 0; i < n; i++) {
        int s = order[i] - PYRAMID;
        if (order[i] < PYRAMID || s >= STOCK || code_of(gathered, s)) return -1;
        if (recycles == 1) {
            pile = s % 3;
        } else if (i > 0 && rank[s] < rank[order[i - 1] - PYRAMID]) {
            pile--;
        }
        if (pile < 0) return -1;
        gathered |= (int64_t)(pile + 1) << (2 * s);
    }
    int8_t made[STOCK];
    if (round_order((int64_t)recycles << RECYCLES_SHIFT, gathered, made) != n) return -1;
    for (int i = 0; i < n; i++)
        if (made[i] != order[i]) return -1;
    return gathered;
}
