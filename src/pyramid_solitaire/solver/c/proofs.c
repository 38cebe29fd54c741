/* Quick proofs that a position is lost: a pyramid card that can never be paired, buried
 * outside cards, and the relaxed game. */
#include "internal.h"

#define OUTSIDE 31
#define RELAXED_LOST 1
#define RELAXED_WON 2

/* --- partners for every card that must go -----------------------------------------------------
 * A card of the goal (not a king) leaves only in a pair, and each pair takes one card of each of
 * two partner values: so per class {v, 13 - v} the cards left that must go (the goal's, and the
 * pyramid cards over the goal's) need partners that are left, a different one each, and each
 * pair two cards that can ever be available together. Two pyramid cards cannot when one lies
 * over the other (cone). Two cards outside the pyramid cannot when they lie in one pile that
 * loses cards only from its top: a Giza pile; with three wastes a card's waste pile, fixed by its
 * stock position (each card goes back onto its own pile at a recycle, docs/rules-decisions.md),
 * where the later card lies over the earlier one or is still in the closed stock; with one waste
 * and a closed stock any two (only the waste's top is available). A pyramid card and an outside
 * card may meet. If no such pairing of the cards left exists, the position is lost. Per class the
 * eight cards and every subset of them left are few, so the answers are a table made with the
 * goal (partner_tables), and the proof reads it at a node in a few operations. */

/* Whether the cards at deck positions x and y can ever be available at the same time. */
static bool ever_together(const Cards *cards, int x, int y) {
    const int32_t *rules = cards->rules;
    bool x_in = (cards->tableau >> x) & 1, y_in = (cards->tableau >> y) & 1;
    if (x_in && y_in) return !((cards->cone[x] >> y) & 1);
    if (x_in || y_in) return true;
    if (rules[RULE_GATHER]) return true; /* a gather deals the cards of one pile onto other piles */
    if (rules[RULE_PILES] > 0) return (x - PYRAMID) / 3 != (y - PYRAMID) / 3;
    if (rules[RULE_WASTES] == 3) return (x - y) % 3 != 0;
    return rules[RULE_OPEN] != 0;
}

/* Whether the cards `must` of the class's cards `left` (bits of its eight; `meets[i]`: the cards
 * card i can pair with) can each get a partner of their own: the first one that must go tries
 * each partner left in turn (at most four pairs deep). */
static bool all_paired(const int *meets, int left, int must) {
    if (must == 0) return true;
    int i = lowest(must);
    for (int with = meets[i] & left; with; with &= with - 1) {
        int taken = 1 << i | (with & -with);
        if (all_paired(meets, left & ~taken, must & ~taken)) return true;
    }
    return false;
}

void partner_tables(Cards *cards) {
    int64_t must_go = cards->need | cards->goal_outside;
    for (int c = 1; c < 7; c++) {
        int8_t *slots = cards->deck_slots + c * CLASS_CARDS;
        int n = 0, meets[CLASS_CARDS], must = 0;
        for (int p = 0; p < DECK; p++)
            if (cards->values[p] == c || cards->values[p] == 13 - c) slots[n++] = (int8_t)p;
        for (int i = 0; i < CLASS_CARDS; i++) {
            meets[i] = 0;
            if ((must_go >> slots[i]) & 1) must |= 1 << i;
            for (int j = 0; j < CLASS_CARDS; j++)
                if (cards->values[slots[i]] + cards->values[slots[j]] == 13 && ever_together(cards, slots[i], slots[j]))
                    meets[i] |= 1 << j;
        }
        for (int left = 0; left < (1 << CLASS_CARDS); left++)
            cards->pairable[(c << CLASS_CARDS) + left] = all_paired(meets, left, must & left);
    }
}

/* Whether some class's cards left that must go cannot all be paired (see above). */
static bool short_of_partners(const Cards *cards, int64_t removed) {
    for (int c = 1; c < 7; c++) {
        const int8_t *slots = cards->deck_slots + c * CLASS_CARDS;
        int left = 0;
        for (int i = 0; i < CLASS_CARDS; i++) left |= (int)((~removed >> slots[i]) & 1) << i;
        if (!cards->pairable[(c << CLASS_CARDS) + left]) return true;
    }
    return false;
}

/* True when some card that must go can never be paired: a pyramid card the goal needs whose
 * every partner left lies above or below it in the pyramid, so the two are never free at the
 * same time (with overlap discards the cone leaves out the cards right over and under it), or,
 * with a goal outside the pyramid, no pairing of all the cards that must go (short_of_partners). */
static bool hopeless(const Cards *cards, int64_t removed) {
    for (int64_t left = ~removed & cards->need & ~cards->alone; left; left &= left - 1) {
        int s = lowest(left);
        if ((cards->partners[s] & ~removed & ~cards->cone[s]) == 0) return true;
    }
    if (!cards->rules[RULE_PARTNERS]) return false; /* the pyramid as the goal: the first loop was all */
    return short_of_partners(cards, removed);
}

/* --- the relaxed game -------------------------------------------------------------------------
 * Let every card outside the pyramid be available at all times. Any real line of play is a line
 * of this easier game too, so a position lost in it is lost for real. Which outside card of a
 * value is used no longer matters, so its position is: the pyramid cards gone (28 bits), then for
 * each value v = 1..12 how many outside cards worth v are left (3 bits each), counted only up to
 * the pyramid cards they could pair with. Deals have few such positions (the pyramid cards gone
 * always form one of 1430 shapes), so a memo of them makes the proof nearly free. The key uses
 * all 64 bits, so it is unsigned. */

static inline int relaxed_count(uint64_t rkey, int v) { return (int)((rkey >> (PYRAMID + 3 * (v - 1))) & 7); }

/* Count outside cards worth v only up to the pyramid cards left that they pair with. */
static inline uint64_t relaxed_cap(uint64_t rkey, int v, const int64_t *holding) {
    int shift = PYRAMID + 3 * (v - 1);
    uint64_t have = (rkey >> shift) & 7;
    uint64_t need = (uint64_t)popcount((uint64_t)holding[13 - v] & ~rkey & PYRAMID_BITS);
    if (have > need) rkey -= (have - need) << shift;
    return rkey;
}

static uint64_t relaxed_key(int64_t removed, const int64_t *holding) {
    uint64_t rkey = (uint64_t)(removed & PYRAMID_BITS);
    int64_t outside = ~removed & REMOVED_BITS & ~PYRAMID_BITS;
    for (int v = 1; v < 13; v++) {
        rkey |= (uint64_t)popcount((uint64_t)(holding[v] & outside)) << (PYRAMID + 3 * (v - 1));
        rkey = relaxed_cap(rkey, v, holding);
    }
    return rkey;
}

/* The free tableau cards among those `left`: the pyramid's rows, or with rules as data (a
 * tableau of the first 28 positions before a stock) the cover relation's masks. */
static inline int64_t tableau_free(const Cards *cards, int64_t left) {
    if (!cards->rules[RULE_GENERAL]) return free_slots(left);
    int64_t free = 0;
    for (int64_t rest = left; rest; rest &= rest - 1)
        if (!(cards->cover[lowest(rest)] & left)) free |= bit(lowest(rest));
    return free;
}

/* Moves of the relaxed game: a free king alone (without branching), a pair of free pyramid
 * cards, or a free pyramid card with an outside card of the right value. Code: a | b << 5. */
static int relaxed_moves(const Cards *cards, uint64_t rkey, uint16_t *out) {
    const int32_t *values = cards->values;
    int64_t free = tableau_free(cards, ~(int64_t)rkey & PYRAMID_BITS);
    int m = 0;
    if (free & cards->holding[13]) {
        int a = lowest(free & cards->holding[13]);
        out[0] = (uint16_t)(a | (a << 5));
        return 1;
    }
    int64_t left = ~(int64_t)rkey & PYRAMID_BITS;
    for (int64_t as = free; as; as &= as - 1) {
        int a = lowest(as);
        for (int64_t bs = cards->partners[a] & free & ~below_bits(a + 1); bs; bs &= bs - 1)
            out[m++] = (uint16_t)(a | (lowest(bs) << 5));
        if (relaxed_count(rkey, 13 - values[a]) > 0) out[m++] = (uint16_t)(a | (OUTSIDE << 5));
        if (!cards->rules[RULE_OVERLAP]) continue;
        for (int64_t ts = cards->covers[a] & left & cards->partners[a]; ts; ts &= ts - 1) /* overlap pairs */
            if ((cards->cover[lowest(ts)] & left) == bit(a)) out[m++] = (uint16_t)(a | (lowest(ts) << 5));
    }
    return m;
}

static uint64_t relaxed_play(const Cards *cards, uint64_t rkey, int move) {
    const int32_t *values = cards->values;
    int a = move & 31, b = move >> 5;
    rkey |= UINT64_C(1) << a;
    if (b == OUTSIDE) {
        rkey -= UINT64_C(1) << (PYRAMID + 3 * (12 - values[a]));
    } else {
        rkey |= UINT64_C(1) << b;
        if (values[b] < 13) rkey = relaxed_cap(rkey, 13 - values[b], cards->holding);
    }
    if (values[a] < 13) rkey = relaxed_cap(rkey, 13 - values[a], cards->holding);
    return rkey;
}

#define RELAXED_MASK ((1u << RELAXED_MEMO_BITS) - 1)

static inline uint32_t relaxed_slot(uint64_t rkey) { return (uint32_t)((rkey * GOLDEN) >> (64 - RELAXED_MEMO_BITS)); }

static int relaxed_lookup(const Work *work, uint64_t rkey) {
    uint32_t i = relaxed_slot(rkey);
    while (work->relaxed_verdicts[i] != 0) {
        if (work->relaxed_memo[i] == rkey) return work->relaxed_verdicts[i];
        i = (i + 1) & RELAXED_MASK;
    }
    return 0;
}

/* Remember a verdict; a memo half full is emptied (it only saves work). */
static void relaxed_store(Work *work, uint64_t rkey, uint8_t verdict) {
    if (work->control[PK_RELAXED] >= (1 << RELAXED_MEMO_BITS) / 2) {
        for (size_t i = 0; i < sizeof work->relaxed_verdicts; i++) work->relaxed_verdicts[i] = 0;
        work->control[PK_RELAXED] = 0;
    }
    uint32_t i = relaxed_slot(rkey);
    while (work->relaxed_verdicts[i] != 0 && work->relaxed_memo[i] != rkey) i = (i + 1) & RELAXED_MASK;
    if (work->relaxed_verdicts[i] == 0) work->control[PK_RELAXED]++;
    work->relaxed_memo[i] = rkey;
    work->relaxed_verdicts[i] = verdict;
}

/* True when the relaxed game cannot be won from these cards: then the position is lost. It is
 * won when the pyramid cards the goal needs are gone (all 28 when the goal holds the pyramid).
 * Depth first with an explicit stack, every verdict memoised. */
static bool relaxed_lost(const Cards *cards, Work *work, int64_t removed) {
    uint64_t *keys = work->relaxed_keys;
    int32_t *counts = work->relaxed_counts, *tried = work->relaxed_tried;
    uint16_t *moves = work->relaxed_moves;
    uint64_t need = (uint64_t)cards->need;
    if ((removed & cards->need) == cards->need) return false; /* the goal's pyramid part is gone */
    uint64_t rkey = relaxed_key(removed, cards->holding);
    int known = relaxed_lookup(work, rkey);
    if (known != 0) return known == RELAXED_LOST;
    int depth = 0;
    keys[0] = rkey;
    counts[0] = relaxed_moves(cards, rkey, moves);
    tried[0] = 0;
    while (depth >= 0) {
        int i = tried[depth];
        if (i >= counts[depth]) {
            relaxed_store(work, keys[depth], RELAXED_LOST);
            depth--;
            continue;
        }
        tried[depth] = i + 1;
        uint64_t child = relaxed_play(cards, keys[depth], moves[depth * RELAXED_MOVES + i]);
        known = relaxed_lookup(work, child);
        if ((child & need) == need || known == RELAXED_WON) {
            for (int d = 0; d <= depth; d++) relaxed_store(work, keys[d], RELAXED_WON);
            return false;
        }
        if (known == RELAXED_LOST) continue;
        depth++;
        keys[depth] = child;
        counts[depth] = relaxed_moves(cards, child, moves + depth * RELAXED_MOVES);
        tried[depth] = 0;
    }
    return true;
}

/* --- buried cards -----------------------------------------------------------------------------
 * A pile that loses cards only from its top (a waste pile, a Giza pile), its cards at positions
 * first, first - step, ... down to last. To reach a card, every card above it must leave first,
 * alone (a king) or with a partner, a different one each: a pyramid card, or one of the outside
 * cards `partners_from` (those that can be available together with the pile's top). Scanning
 * down from the top, the first card for which too few partners are left (counting those the
 * cards above it take) can never leave, and no card under it can come to the top, until the
 * pile is turned over. `blocker` returns its position, or -1.
 * pile_blocker does the scan on masks: `pile` the pile's cards left but its kings (a king
 * leaves alone), `pool` the partners that can be had (the pyramid's cards left | partners_from);
 * it visits only the cards left, from the highest position down. */
static int pile_blocker(const Cards *cards, int64_t pile, int64_t pool) {
    int64_t demand = 0; /* per partner value u, in bits 4u..4u+3: partners the cards above take */
    for (; pile; pile &= ~bit(highest(pile))) {
        int q = highest(pile);
        int u = 13 - cards->values[q];
        int wanted = (int)((demand >> (4 * u)) & 15) + 1;
        if (wanted > popcount((uint64_t)(cards->holding[u] & pool))) return q;
        demand += INT64_C(1) << (4 * u);
    }
    return -1;
}

/* The pile's cards left (not kings) at first, first - step, ... down to last. */
static inline int64_t pile_cards(const Cards *cards, int64_t removed, int first, int last, int step) {
    int64_t pile = 0;
    if (step == 1) {
        pile = first >= last ? below_bits(first + 1) & ~below_bits(last) : 0;
    } else {
        for (int q = first; q >= last; q -= step) pile |= bit(q);
    }
    return pile & ~removed & ~cards->holding[13];
}

int blocker(const Cards *cards, int64_t removed, int first, int last, int step, int64_t partners_from) {
    return pile_blocker(cards, pile_cards(cards, removed, first, last, step), (~removed & PYRAMID_BITS) | partners_from);
}

int32_t pk_blocker(const void *cards, int64_t removed, int32_t first, int32_t last, int32_t step,
                   int64_t partners_from) {
    if (first >= DECK || last < 0 || step < 1) return -1;
    return blocker(cards, removed, first, last, step, partners_from);
}

/* Outside cards that can never be available again. In the last pass (no recycle left, and
 * always in Giza) a waste or Giza pile only loses cards from its top, so everything under a card
 * that can never leave (`blocker`; it counts as gone too) stays covered. Which outside cards can
 * be available together with a pile's top: one waste pile: the open stock's cards (none with a
 * closed stock); three waste piles or Giza: the other piles' cards. */
static int64_t buried(const Cards *cards, int64_t key) {
    const int32_t *rules = cards->rules;
    int64_t removed = key & REMOVED_BITS;
    int drawn = (int)((key >> DRAWN_SHIFT) & 31);
    if (rules[RULE_PILES] == 0 && (key >> RECYCLES_SHIFT) < rules[RULE_LAST]) return 0;
    int64_t outside = ~removed & REMOVED_BITS & ~PYRAMID_BITS;
    int64_t left = ~removed & PYRAMID_BITS;
    int64_t candidates = outside & ~cards->holding[13]; /* a king leaves alone: it never blocks */
    int64_t dead = 0;
    if (rules[RULE_PILES] > 0) {
        for (int j = 0; j < rules[RULE_PILES]; j++) {
            int64_t pile = candidates & cards->piles[j];
            int q = pile ? pile_blocker(cards, pile, left | (outside & ~cards->piles[j])) : -1;
            if (q >= 0) dead |= outside & cards->piles[j] & below_bits(q + 1);
        }
        return dead;
    }
    int64_t waste = below_bits(drawn) << PYRAMID; /* the positions on the waste piles */
    if (rules[RULE_WASTES] == 1) {
        int64_t others = rules[RULE_OPEN] ? outside & ~waste : 0;
        int q = pile_blocker(cards, candidates & waste, left | others);
        return q >= 0 ? outside & below_bits(q + 1) : 0;
    }
    for (int k = 0; k < 3; k++) {
        int64_t pile = candidates & waste & cards->wastes[k];
        int q = pile ? pile_blocker(cards, pile, left | (outside & ~cards->wastes[k])) : -1;
        if (q >= 0) dead |= outside & cards->wastes[k] & below_bits(q + 1);
    }
    return dead;
}

/* A quick proof that a position is lost: a card of the goal buried for good, a card that must
 * go without a partner that can ever be free with it, or the relaxed game lost; buried outside
 * cards count as gone. */
/* In the last pass (rules as data), a waste card of the goal whose every partner left lies in its
 * own waste pile, over it or under it, can never leave: a waste pile only loses its top. */
static bool stranded(const Cards *cards, int64_t key) {
    if ((key >> RECYCLES_SHIFT) < cards->rules[RULE_LAST] || cards->rules[RULE_WASTES] == 0) return false;
    int64_t left = ~key & REMOVED_BITS;
    int64_t waste = left & (below_bits((int)((key >> DRAWN_SHIFT) & 31)) << PYRAMID);
    for (int64_t rest = waste & cards->goal & ~cards->alone; rest; rest &= rest - 1) {
        int q = lowest(rest);
        int64_t pile = cards->rules[RULE_WASTES] == 3 ? cards->wastes[(q - PYRAMID) % 3] : waste;
        if ((cards->partners[q] & left & ~pile) == 0) return true;
    }
    return false;
}

/* --- rules as data: counts of values, and the waste's partners --------------------------------
 * With the goal all 52 cards (RULE_ALL_GO) every card left must go: alone (a value of `alone`),
 * or in a pair of two values that pair. So take the values left as a graph (an edge where two
 * values pair, a loop where two cards of one value do): in each of its parts that holds no value
 * removed alone, the cards left must split into pairs, so they are even in number, and where the
 * part has no loop and two sides (no edge within a side) each pair takes one card of each side, so
 * the sides hold as many cards. Else the position is lost, wherever its cards lie. (Cheops: values
 * pair with the same or the next value, so the values left fall into runs, and a run with an odd
 * number of cards is lost; with sums of 13, kings alone, the class {v, 13 - v} needs as many v as
 * 13 - v: the partner proof says as much and more.) */
static bool uneven(const Cards *cards, int64_t removed) {
    int64_t left = ~removed & REMOVED_BITS;
    int count[14], present = 0;
    for (int v = 1; v <= 13; v++) {
        count[v] = popcount((uint64_t)(cards->holding[v] & left));
        if (count[v]) present |= 1 << (v - 1);
    }
    for (int rest = present; rest;) {
        int part = rest & -rest, grown;
        do {
            grown = part;
            for (int m = part; m; m &= m - 1) part |= cards->value_pairs[lowest(m) + 1] & present;
        } while (part != grown);
        rest &= ~part;
        if (part & cards->alone_values) continue;
        int total = 0, loops = 0;
        for (int m = part; m; m &= m - 1) {
            int v = lowest(m) + 1;
            total += count[v];
            loops |= cards->value_pairs[v] & (1 << (v - 1));
        }
        if (total & 1) return true;
        if (loops) continue;
        int one = part & -part, other = 0; /* two sides, grown from the part's first value */
        do {
            grown = one | other << 13;
            for (int m = one; m; m &= m - 1) other |= cards->value_pairs[lowest(m) + 1] & part;
            for (int m = other; m; m &= m - 1) one |= cards->value_pairs[lowest(m) + 1] & part;
        } while ((one | other << 13) != grown);
        if (one & other) continue; /* an odd cycle: no two sides */
        int ones = 0;
        for (int m = one; m; m &= m - 1) ones += count[lowest(m) + 1];
        if (2 * ones != total) return true;
    }
    return false;
}

/* One more waste card of value v takes a partner of its own from the supply (`supply[u]` cards
 * worth u), moving the partners the cards before it took if need be (an augmenting path of a
 * bipartite matching, over values: `took[v][u]` the cards worth v that took a partner worth u,
 * `used[u]` the partners worth u taken, `seen` the values visited). */
static bool take_partner(const Cards *cards, int v, const int *supply, int *used, uint8_t took[14][14], int *seen) {
    *seen |= 1 << v;
    for (int m = cards->value_pairs[v]; m; m &= m - 1) {
        int u = lowest(m) + 1;
        if (used[u] < supply[u]) {
            used[u]++;
            took[v][u]++;
            return true;
        }
    }
    for (int m = cards->value_pairs[v]; m; m &= m - 1) {
        int u = lowest(m) + 1;
        for (int w = 1; w <= 13; w++) {
            if (!took[w][u] || ((*seen >> w) & 1)) continue;
            if (take_partner(cards, w, supply, used, took, seen)) { /* w found another partner: v takes u */
                took[w][u]--;
                took[v][u]++;
                return true;
            }
        }
    }
    return false;
}

/* In the last pass with one waste pile (rules as data), the waste only loses its top: each of its
 * cards leaves alone or with a partner that is not on the waste (a tableau card, or with an open
 * stock a stock card), a different one each (the cards above it take theirs first). Scanning down
 * from the top, the first card for which the cards down to it cannot all get partners of their
 * own can never leave, nor any card under it: lost if one of them is a card of the goal. (The
 * pyramid's `blocker` counts partners worth 13 - v; here a card may pair with several values.) */
static bool waste_blocked(const Cards *cards, int64_t key) {
    const int32_t *rules = cards->rules;
    if ((key >> RECYCLES_SHIFT) < rules[RULE_LAST] || rules[RULE_WASTES] != 1) return false;
    int64_t left = ~key & REMOVED_BITS;
    int64_t waste = left & (below_bits((int)((key >> DRAWN_SHIFT) & 31)) << PYRAMID);
    if (!(waste & cards->goal)) return false;
    int64_t pool = rules[RULE_OPEN] ? left & ~waste : left & cards->tableau;
    int supply[14], used[14];
    uint8_t took[14][14];
    for (int v = 0; v < 14; v++) {
        supply[v] = popcount((uint64_t)(cards->holding[v] & pool));
        used[v] = 0;
        for (int u = 0; u < 14; u++) took[v][u] = 0;
    }
    for (int64_t pile = waste & ~cards->alone; pile; pile &= ~bit(highest(pile))) {
        int q = highest(pile), seen = 0;
        if (!take_partner(cards, cards->values[q], supply, used, took, &seen))
            return (waste & cards->goal & below_bits(q + 1)) != 0;
    }
    return false;
}

/* `gathered`: a gathering recycle's word (gather.c), whose piles `stranded` reads then. */
bool lost(const Cards *cards, Work *work, int64_t key, int64_t gathered) {
    /* rules as data: the proofs that hold for any layout and pairing (buried and the relaxed game
     * read the pyramid's rows and partner values 13 - v) */
    if (cards->rules[RULE_GENERAL]) {
        int64_t removed = key & REMOVED_BITS;
        if (hopeless(cards, removed) ||
            (cards->rules[RULE_GATHER] ? stranded_gathered(cards, key, gathered) : stranded(cards, key)) ||
            (cards->rules[RULE_ALL_GO] && uneven(cards, removed)) ||
            waste_blocked(cards, key))
            return true;
        return cards->rules[RULE_RELAXED] && relaxed_lost(cards, work, removed);
    }
    int64_t dead = buried(cards, key);
    if (dead & cards->goal) return true;
    int64_t gone = (key & REMOVED_BITS) | dead;
    return hopeless(cards, gone) || relaxed_lost(cards, work, gone);
}

/* Whether a move can make the quick proof succeed where it failed before it: a removal, or in
 * the last pass a draw (the card it puts on a waste pile takes a partner from every card under
 * it, see `blocker`). */
bool may_lose(const Cards *cards, int64_t child, int move) {
    int kind = move & 3;
    if (kind <= PK_PAIR) return true;
    return kind == PK_DRAW && (child >> RECYCLES_SHIFT) >= cards->rules[RULE_LAST];
}
