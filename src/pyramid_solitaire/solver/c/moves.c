/* The deal's tables, the available cards, the move generator and playing a move. */
#include "internal.h"

/* The pyramid's cover relation: slot (row, i) is row * (row + 1) / 2 + i, covered by (row + 1, i)
 * and (row + 1, i + 1). */
static void pyramid_cover(Cards *cards) {
    for (int p = 0; p < DECK; p++) cards->cover[p] = 0;
    for (int row = 0; row < 6; row++) {
        for (int i = 0; i <= row; i++) {
            int a = (row + 1) * (row + 2) / 2 + i;
            cards->cover[row * (row + 1) / 2 + i] = bit(a) | bit(a + 1);
        }
    }
    cards->tableau = PYRAMID_BITS;
}

/* The tableau's masks from its cover relation (every position is covered only by later ones);
 * with overlap discards, a card and one of the two right over it are no longer "never free
 * together" (cone), as they may pair. `need`: the goal's tableau positions and every position
 * covering them, transitively (they must all go). */
static void tableau_masks(Cards *cards, bool overlap) {
    int64_t below[DECK]; /* positions covering p, transitively */
    for (int p = DECK - 1; p >= 0; p--) {
        cards->covers[p] = 0;
        below[p] = cards->cover[p];
        for (int64_t over = cards->cover[p]; over; over &= over - 1) below[p] |= below[lowest(over)];
    }
    for (int p = 0; p < DECK; p++)
        for (int64_t over = cards->cover[p]; over; over &= over - 1) cards->covers[lowest(over)] |= bit(p);
    for (int s = 0; s < DECK; s++) {
        int64_t above = 0;
        for (int t = 0; t < s; t++)
            if ((below[t] >> s) & 1) above |= bit(t);
        cards->cone[s] = below[s] | above;
        if (overlap) cards->cone[s] &= ~(cards->cover[s] | cards->covers[s]);
    }
    cards->need = cards->goal & cards->tableau;
    for (int s = 0; s < DECK; s++)
        if ((cards->goal >> s) & 1) cards->need |= below[s];
}

static void pile_masks(Cards *cards) {
    /* a draw deals position p onto waste pile (p - 28) % 3; Giza's pile j holds 28 + 3j .. 30 + 3j */
    for (int k = 0; k < 3; k++) cards->wastes[k] = 0;
    for (int p = PYRAMID; p < DECK; p++) cards->wastes[(p - PYRAMID) % 3] |= bit(p);
    for (int j = 0; j < 8; j++) cards->piles[j] = INT64_C(7) << (PYRAMID + 3 * j);
}

int32_t pk_cards_bytes(void) { return (int32_t)sizeof(Cards); }

int32_t pk_cards_init(void *out, const uint8_t *deck, int32_t wastes, int32_t piles, int32_t open_stock,
                      int32_t recycles, int32_t shortest) {
    Cards *cards = out;
    int64_t seen = 0;
    for (int p = 0; p < DECK; p++) {
        if (deck[p] >= DECK || ((seen >> deck[p]) & 1)) return -1;
        seen |= bit(deck[p]);
    }
    /* wastes 0 and piles 0: no stock, a tableau of 52 that pk_cards_layout gives */
    if (!(piles == 0 && (wastes <= 1 || wastes == 3)) && !(piles == 8 && wastes == 0)) return -1;
    if ((open_stock != 0 && open_stock != 1) || recycles < PK_UNLIMITED || recycles > PK_MAX_RECYCLES ||
        (shortest != 0 && shortest != 1))
        return -1;
    for (int v = 0; v < 14; v++) cards->holding[v] = 0;
    for (int p = 0; p < DECK; p++) {
        cards->values[p] = deck[p] % 13 + 1;
        cards->holding[cards->values[p]] |= bit(p);
    }
    for (int p = 0; p < DECK; p++) {
        int v = cards->values[p];
        cards->partners[p] = v < 13 ? cards->holding[13 - v] : 0;
    }
    cards->alone = cards->holding[13];
    cards->alone_values = 1 << 12; /* the values as data read only with pk_cards_layout's rules */
    for (int v = 0; v < 14; v++) cards->value_pairs[v] = v >= 1 && v <= 12 ? 1 << (12 - v) : 0;
    for (int r = 0; r < RULES + 3; r++) cards->rules[r] = 0;
    cards->rules[RULE_WASTES] = wastes;
    cards->rules[RULE_PER_DRAW] = wastes;
    cards->rules[RULE_GROUPED] = wastes == 3;
    cards->rules[RULE_PILES] = piles;
    cards->rules[RULE_OPEN] = open_stock;
    /* unlimited passes: a key counts one recycle, reset by a removal (play), and no pass is the last */
    bool unlimited = recycles == PK_UNLIMITED;
    cards->rules[RULE_RECYCLES] = unlimited ? 1 : recycles;
    cards->rules[RULE_LAST] = unlimited ? INT32_MAX : recycles;
    cards->rules[RULE_UNLIMITED] = unlimited;
    cards->removal_keeps = unlimited ? 0 : -1; /* a removal clears the key's recycle: play */
    cards->rules[RULE_SHORTEST] = shortest;
    cards->rules[RULE_DEPTH] = piles > 0 ? DECK : unlimited ? UNLIMITED_DEPTH : DECK + (recycles + 1) * STOCK + recycles;
    pile_masks(cards);
    pyramid_cover(cards);
    return pk_cards_goal(cards, PYRAMID_BITS, 0);
}

int32_t pk_cards_layout(void *out, const int64_t *covered_by, int64_t tableau, const uint8_t *pairs, int32_t alone,
                        int32_t draw) {
    Cards *cards = out;
    int32_t *rules = cards->rules;
    bool stock = rules[RULE_WASTES] > 0;
    /* the tableau: the first 28 positions before a stock, or all 52 (with its reserves) without one */
    if (tableau != (stock ? PYRAMID_BITS : REMOVED_BITS) || rules[RULE_PILES] != 0) return -1;
    if (alone < 0 || alone >= 1 << 13 || !(draw == 1 || (draw == 3 && rules[RULE_WASTES] == 1))) return -1;
    for (int p = 0; p < DECK; p++) {
        int64_t over = covered_by[p];
        if (over & ~(tableau & ~below_bits(p + 1))) return -1; /* only later tableau positions cover p */
        if (!((tableau >> p) & 1) && over) return -1;
    }
    for (int a = 0; a < 13; a++)
        for (int b = 0; b < 13; b++)
            if (pairs[13 * a + b] > 1 || pairs[13 * a + b] != pairs[13 * b + a]) return -1;
    for (int p = 0; p < DECK; p++) cards->cover[p] = covered_by[p];
    cards->tableau = tableau;
    cards->alone = 0;
    cards->alone_values = alone;
    for (int a = 0; a < 13; a++) {
        cards->value_pairs[a + 1] = 0;
        for (int b = 0; b < 13; b++) cards->value_pairs[a + 1] |= pairs[13 * a + b] << b;
    }
    for (int p = 0; p < DECK; p++) {
        int v = cards->values[p];
        cards->partners[p] = 0;
        for (int u = 1; u <= 13; u++)
            if (pairs[13 * (v - 1) + u - 1]) cards->partners[p] |= cards->holding[u] & ~bit(p);
        if ((alone >> (v - 1)) & 1) cards->alone |= bit(p);
    }
    /* the partner proof's classes {v, 13 - v} hold when each value pairs with 13 - v alone */
    bool thirteen = alone == 1 << 12;
    for (int a = 1; a <= 13; a++)
        for (int b = 1; b <= 13; b++) thirteen = thirteen && pairs[13 * (a - 1) + b - 1] == (a + b == 13);
    rules[RULE_GENERAL] = 1;
    rules[RULE_PER_DRAW] = rules[RULE_WASTES] * draw;
    rules[RULE_GROUPED] = rules[RULE_PER_DRAW] == 3;
    rules[RULE_THIRTEEN] = thirteen;
    return pk_cards_goal(cards, tableau, 0);
}

int32_t pk_cards_goal(void *out, int64_t goal, int32_t overlap) {
    Cards *cards = out;
    if (goal <= 0 || goal > REMOVED_BITS || (overlap != 0 && overlap != 1)) return -1;
    if (overlap && cards->rules[RULE_GENERAL]) return -1; /* overlap discards: the pyramid's only */
    cards->goal = goal;
    cards->goal_outside = goal & ~cards->tableau;
    cards->rules[RULE_OVERLAP] = overlap;
    cards->rules[RULE_FULL_GOAL] = (goal & cards->tableau) == cards->tableau;
    /* the partner proof: with a goal outside the tableau, or in any layout summing to 13 */
    cards->rules[RULE_PARTNERS] = cards->rules[RULE_GENERAL] ? cards->rules[RULE_THIRTEEN] : cards->goal_outside != 0;
    cards->rules[RULE_ALL_GO] = cards->rules[RULE_GENERAL] && goal == REMOVED_BITS;
    cards->rules[RULE_RELAXED] = cards->rules[RULE_THIRTEEN] && cards->rules[RULE_WASTES] > 0;
    tableau_masks(cards, overlap);
    /* a pyramid king of the goal, or over it, must go at some point: at once costs no extra step
     * (one the goal does not need may be a step too many: the shortest search weighs it) */
    cards->kings_first = cards->need;
    if (!cards->rules[RULE_GENERAL]) pair_tables(cards);
    if (cards->rules[RULE_PARTNERS]) partner_tables(cards);
    return 0;
}

int64_t pk_pack(int64_t removed, int64_t drawn, int64_t recycles) { return canonical(removed, drawn, recycles); }

int available(const Cards *cards, int64_t removed, int64_t drawn, int32_t *out) {
    /* deck positions of the available cards, pyramid first; returns how many. In bit
     * operations: the pyramid's free slots, then each pile's top, the highest position left in
     * it (three wastes: the tops from the last drawn down, open stock: the stock's top last) */
    int n = 0;
    int64_t left = ~removed & REMOVED_BITS;
    if (cards->rules[RULE_GENERAL]) {
        for (int64_t rest = left & cards->tableau; rest; rest &= rest - 1)
            if (!(cards->cover[lowest(rest)] & left)) out[n++] = lowest(rest);
        if (cards->rules[RULE_WASTES] == 0) return n; /* no stock */
    } else {
        for (int64_t free = free_slots(~removed & PYRAMID_BITS); free; free &= free - 1) out[n++] = lowest(free);
    }
    int piles = cards->rules[RULE_PILES];
    if (piles > 0) {
        for (int j = 0; j < piles; j++)
            if (left & cards->piles[j]) out[n++] = highest(left & cards->piles[j]);
        return n;
    }
    int64_t waste = left & (below_bits((int)drawn) << PYRAMID);
    if (cards->rules[RULE_WASTES] == 1) {
        if (waste) out[n++] = highest(waste);
    } else {
        int64_t tops = 0;
        for (int k = 0; k < 3; k++)
            if (waste & cards->wastes[k]) tops |= bit(highest(waste & cards->wastes[k]));
        for (; tops; tops &= ~bit(highest(tops))) out[n++] = highest(tops);
    }
    int64_t stock = left & ~(below_bits((int)drawn) << PYRAMID) & ~PYRAMID_BITS;
    if (cards->rules[RULE_OPEN] && stock) out[n++] = lowest(stock);
    return n;
}

/* Overlap discards: each free pyramid card `a` with a card t right under it (t lies beneath a)
 * that a alone still covers and that pairs with it. Writes the pairs (t, a), returns how many. */
static int overlap_pairs(const Cards *cards, int64_t removed, const int32_t *avail, int n, uint16_t *out) {
    int64_t left = ~removed & PYRAMID_BITS;
    int m = 0;
    for (int i = 0; i < n && avail[i] < PYRAMID; i++) {
        int a = avail[i];
        for (int64_t ts = cards->covers[a] & left & cards->partners[a]; ts; ts &= ts - 1) {
            int t = lowest(ts);
            if ((cards->cover[t] & left) == bit(a)) out[m++] = (uint16_t)(PK_PAIR | (t << 2) | (a << 8));
        }
    }
    return m;
}

/* The shortest search's forced pairs. A card that must go (a pyramid card the goal needs, or a
 * goal card outside the pyramid) and has one card left that can ever pair with it (not gone, and
 * for a pyramid card not above or below it) is taken with that card in every winning line. When
 * both are available now, making that pair first keeps a line as short: two cards gone earlier
 * only free cards, so the line's other moves stay legal (a card of the waste gone earlier is
 * never its top in their place, and a draw of it after a recycle is a step fewer). So the search
 * tries that pair alone, and a bound it proves is still the position's own. Not for a card
 * outside the pyramid with three wastes: a draw takes the next three cards of the stock, and a
 * card gone earlier would change what later draws take. */
static bool only_partner(const Cards *cards, int64_t removed, int x, int y) {
    if (!(((cards->need | cards->goal_outside) >> x) & 1)) return false;
    int64_t can = cards->partners[x] & ~removed;
    return (can & ~cards->cone[x]) == bit(y); /* cone: 0 outside the tableau */
}

static int forced_pair(const Cards *cards, int64_t removed, const uint16_t *out, int m) {
    for (int i = 0; i < m; i++) {
        if ((out[i] & 3) != PK_PAIR) continue;
        int x = (out[i] >> 2) & 63, y = (out[i] >> 8) & 63;
        if (x < PYRAMID && (cards->cover[x] & ~removed)) continue; /* an overlap pair: x is not free */
        if (cards->rules[RULE_GROUPED] && (x >= PYRAMID || y >= PYRAMID)) continue; /* a stock: 28 in the tableau */
        if (only_partner(cards, removed, x, y) || only_partner(cards, removed, y, x)) return i;
    }
    return -1;
}

/* --- the order of moves with an open stock and one waste (rules as data: Cheops, Triangle) -----
 * The decision search wins sooner when it first takes the waste's top (each card a draw puts over
 * it must leave first, and in the last pass only with a partner off the waste), then pairs of
 * tableau cards, then the stock's top with a tableau card, and draws last; within each, the pairs
 * that free the fewest tableau cards first. Measured on deals 0..499 of Cheops, a million
 * positions each (docs/solver.md, "Rules as data: Cheops"): 39.1 -> 29.7 million positions, 19 ->
 * 13 undecided; Triangle 0..199: 3.94 -> 2.90 million. Tut's Tomb (a closed stock, three cards a
 * draw) searched more with it (8.90 -> 9.06 million on 0..199), so it keeps the generator's order. */

/* The tableau cards the cards `gone` free: those they alone still covered. */
static int freed(const Cards *cards, int64_t left, int64_t gone) {
    int64_t under = 0, after = left & ~gone;
    for (int64_t g = gone & cards->tableau; g; g &= g - 1) under |= cards->covers[lowest(g)];
    int n = 0;
    for (under &= after; under; under &= under - 1)
        if (!(cards->cover[lowest(under)] & after)) n++;
    return n;
}

/* A move's rank, lowest first: 8 * class (waste's top, tableau pairs, the stock's top, draw,
 * recycle) + the cards it frees (at most 4). */
static int move_rank(const Cards *cards, int64_t left, int move, int waste_top, int stock_top) {
    int kind = move & 3;
    if (kind == PK_DRAW) return 3 * 8;
    if (kind == PK_RECYCLE) return 4 * 8;
    int a = (move >> 2) & 63, b = kind == PK_PAIR ? (move >> 8) & 63 : a;
    int f = freed(cards, left, bit(a) | bit(b));
    if (a == waste_top || b == waste_top) return f;
    if (a == stock_top || b == stock_top) return 2 * 8 + f;
    return 8 + f;
}

/* A restart's shuffle (search.c's restarts): a number from the position, the move and the
 * restart, the same in every build (splitmix64's finalizer). */
static inline int shuffle(int64_t key, int move, int seed) {
    uint64_t x = (uint64_t)key ^ ((uint64_t)move << 48) ^ ((uint64_t)seed * GOLDEN);
    x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
    x ^= x >> 31;
    return (int)(x & 255);
}

/* Sort the m moves by rank, keeping the generator's order within a rank; after a restart (a
 * seed > 0) in the order of a shuffle of the position, the move and the seed instead. */
static void order_moves(const Cards *cards, int64_t key, uint16_t *out, int m, int seed) {
    int64_t left = ~key & REMOVED_BITS;
    int64_t passed = below_bits((int)((key >> DRAWN_SHIFT) & 31)) << PYRAMID;
    int64_t waste = left & passed, stock = left & ~passed & ~cards->tableau;
    int waste_top = waste ? highest(waste) : -1, stock_top = stock ? lowest(stock) : -1;
    int rank[MAX_MOVES];
    for (int i = 0; i < m; i++) {
        rank[i] = seed ? shuffle(key, out[i], seed) : move_rank(cards, left, out[i], waste_top, stock_top);
    }
    for (int i = 1; i < m; i++) { /* insertion sort: stable */
        uint16_t move = out[i];
        int r = rank[i], j = i;
        for (; j > 0 && rank[j - 1] > r; j--) {
            out[j] = out[j - 1];
            rank[j] = rank[j - 1];
        }
        out[j] = move;
        rank[j] = r;
    }
}

/* Write the moves of a position into out, best first; returns how many.
 * An available pyramid king is removed without branching: it pairs with nothing, so removing it
 * only frees cards. In the decision search a waste or stock king is removed the same way (a king
 * there only hides the card under it); the shortest search must weigh that step, and makes a
 * forced pair (forced_pair) without branching. Not so with three waste piles while a recycle may
 * still come: the next pass deals the stock three cards a draw, so a king kept in it changes
 * which cards come up together and which lie buried (a position of three-wastes:passes=2 is won
 * only by recycling with the king still on the waste). */
/* `view` is the removed mask the stock is read from, and `order` maps its stock positions back to
 * deck positions: with a gathering recycle (gather.c) the stock of this round in its own order;
 * else `view` is the key's removed and `order` NULL (the compiler drops the mapping). */
static ALWAYS_INLINE int moves_of(const Cards *cards, int64_t key, int64_t view, const int8_t *order, int32_t *avail,
                                  uint16_t *out, int shortest, int seed) {
    int64_t removed = key & REMOVED_BITS;
    int64_t drawn = (key >> DRAWN_SHIFT) & 31;
    int64_t recycles = key >> RECYCLES_SHIFT;
    const int64_t *partners = cards->partners;
    int64_t kings = cards->alone;
    int n = available(cards, view, drawn, avail);
    if (order != NULL)
        for (int i = 0; i < n; i++)
            if (avail[i] >= PYRAMID) avail[i] = order[avail[i] - PYRAMID];
    bool outside_kings = !cards->rules[RULE_GROUPED] || recycles >= cards->rules[RULE_LAST];
    for (int i = 0; i < n; i++) {
        int p = avail[i];
        /* outside_kings is false only with a stock, so with a tableau of the first 28 positions */
        bool alone = ((cards->kings_first >> p) & 1) || (!shortest && (p < PYRAMID || outside_kings));
        if (((kings >> p) & 1) && alone) {
            out[0] = (uint16_t)(PK_KING | (p << 2));
            return 1;
        }
    }
    int m = 0;
    /* pairs that take two pyramid cards, then one pyramid card: they make progress */
    for (int i = 0; i < n; i++) {
        int a = avail[i];
        if (a >= PYRAMID) break;
        for (int j = i + 1; j < n; j++) {
            int b = avail[j];
            if ((partners[a] >> b) & 1) out[m++] = (uint16_t)(PK_PAIR | (a << 2) | (b << 8));
        }
    }
    if (cards->rules[RULE_OVERLAP]) m += overlap_pairs(cards, removed, avail, n, out + m);
    if (cards->rules[RULE_PILES] == 0 && cards->rules[RULE_WASTES] > 0) {
        /* draw: the next card (or three: one per waste pile, or onto one) leaves the stock */
        int64_t stock = ~view & REMOVED_BITS & ~below_bits(PYRAMID + (int)drawn);
        int last = -1;
        for (int taken = 0; stock && taken < cards->rules[RULE_PER_DRAW]; taken++, stock &= stock - 1)
            last = lowest(stock);
        if (last >= 0) out[m++] = (uint16_t)(PK_DRAW | ((last + 1 - PYRAMID) << 2));
    }
    /* pairs of two cards outside the pyramid, and (shortest search) kings not removed at once
     * above: outside ones, and pyramid kings the goal does not need (removing one may free a
     * card the goal needs; without this move a shorter line through it was never seen) */
    for (int i = 0; i < n; i++) {
        int a = avail[i];
        if ((kings >> a) & 1) out[m++] = (uint16_t)(PK_KING | (a << 2));
        if (a < PYRAMID) continue;
        for (int j = i + 1; j < n; j++) {
            int b = avail[j];
            if ((partners[a] >> b) & 1) out[m++] = (uint16_t)(PK_PAIR | (a << 2) | (b << 8));
        }
    }
    if (cards->rules[RULE_PILES] == 0 && cards->rules[RULE_WASTES] > 0 && recycles < cards->rules[RULE_RECYCLES]) {
        bool stock_empty = (~view & REMOVED_BITS & ~below_bits(PYRAMID + (int)drawn)) == 0;
        if (stock_empty && drawn > 0) out[m++] = PK_RECYCLE; /* canonical: drawn > 0, a card on the waste */
    }
    if (shortest) {
        int forced = forced_pair(cards, removed, out, m);
        if (forced >= 0) {
            out[0] = out[forced];
            return 1;
        }
    }
    if (!shortest && cards->rules[RULE_GENERAL] && cards->rules[RULE_WASTES] == 1 && cards->rules[RULE_OPEN])
        order_moves(cards, key, out, m, seed); /* Cheops, Triangle: see order_moves */
    return m;
}

int moves(const Cards *cards, int64_t key, int32_t *avail, uint16_t *out) {
    return moves_of(cards, key, key & REMOVED_BITS, NULL, avail, out, cards->rules[RULE_SHORTEST], 0);
}

/* The decision search's moves after a restart (search.c): ordered with the restart's seed. */
int moves_seeded(const Cards *cards, int64_t key, int32_t *avail, uint16_t *out, int seed) {
    return moves_of(cards, key, key & REMOVED_BITS, NULL, avail, out, 0, seed);
}

/* The moves as the decision search makes them, on the shortest search's cards (its probes). */
int decision_moves(const Cards *cards, int64_t key, int32_t *avail, uint16_t *out) {
    return moves_of(cards, key, key & REMOVED_BITS, NULL, avail, out, 0, 0);
}

/* The moves with the stock read through a gathering recycle's order (gather.c). */
int moves_viewed(const Cards *cards, int64_t key, int64_t view, const int8_t *order, int32_t *avail, uint16_t *out) {
    return moves_of(cards, key, view, order, avail, out, cards->rules[RULE_SHORTEST], 0);
}

/* With unlimited passes a removal clears the key's recycle: between two removals one recycle
 * is all a line needs (a second one comes back to the position after the first), so the key
 * says only whether one was made, and the position graph stays acyclic. */
int64_t play(const Cards *cards, int64_t key, int move) {
    int64_t removed = key & REMOVED_BITS;
    int64_t drawn = (key >> DRAWN_SHIFT) & 31;
    int64_t recycles = key >> RECYCLES_SHIFT;
    switch (move & 3) {
    case PK_KING:
        removed |= bit((move >> 2) & 63);
        recycles &= cards->removal_keeps;
        break;
    case PK_PAIR:
        removed |= bit((move >> 2) & 63) | bit((move >> 8) & 63);
        recycles &= cards->removal_keeps;
        break;
    case PK_DRAW: drawn = (move >> 2) & 63; break;
    default:
        drawn = 0;
        recycles++;
    }
    return canonical(removed, drawn, recycles);
}

int64_t pk_table_value(const void *cards_in, int32_t table, int32_t index) {
    const Cards *cards = cards_in;
    switch (table) {
    case PK_VALUES: return index >= 0 && index < DECK ? cards->values[index] : -1;
    case PK_PARTNERS: return index >= 0 && index < DECK ? cards->partners[index] : -1;
    case PK_HOLDING: return index >= 0 && index < 14 ? cards->holding[index] : -1;
    case PK_COVER: return index >= 0 && index < DECK ? cards->cover[index] : -1;
    case PK_ALONE: return cards->alone;
    default: return -1;
    }
}
