/* The shortest search's estimate: a lower bound on the steps left. */
#include "internal.h"


/* The most pairs the pyramid cards left worth v and 13 - v can make among themselves: two
 * pyramid cards pair only if neither lies over the other. A maximum matching, found by tracking
 * which sets of the (at most four) 13 - v cards the first cards can use up. */
static int pyramid_pairs(const Cards *cards, int64_t left, int v) {
    int64_t vs = cards->holding[v] & left;
    int64_t ws = cards->holding[13 - v] & left;
    if (vs == 0 || ws == 0) return 0;
    int wpos[8];
    int nw = 0;
    while (ws) {
        int64_t low = ws & -ws;
        wpos[nw++] = popcount((uint64_t)(low - 1));
        ws ^= low;
    }
    uint32_t reach = 1; /* bit m: the 13 - v cards in set m can all be used by pairs so far */
    while (vs) {
        int64_t low = vs & -vs;
        int s = popcount((uint64_t)(low - 1));
        vs ^= low;
        int fits = 0;
        for (int j = 0; j < nw; j++)
            if (!((cards->cone[s] >> wpos[j]) & 1)) fits |= 1 << j;
        uint32_t grown = reach;
        for (int m = 0; m < (1 << nw); m++)
            if ((reach >> m) & 1)
                for (int j = 0; j < nw; j++)
                    if (((fits >> j) & 1) && !((m >> j) & 1)) grown |= 1u << (m | (1 << j));
        reach = grown;
    }
    int most = 0;
    for (int m = 0; m < (1 << nw); m++)
        if ((reach >> m) & 1) most = max_int(most, popcount((uint64_t)m));
    return most;
}

/* Per class c = {v, 13-v} (v = 1..6): the pyramid slots of its cards (class_slots[8c + i], -1
 * past the last), and for every subset of them still in the pyramid (bit i: slot i is left),
 * the most pairs they can make among themselves (class_pairs[256c + subset]). */
void pair_tables(Cards *cards) {
    for (int i = 0; i < 7 * CLASS_CARDS; i++) cards->class_slots[i] = -1;
    for (int i = 0; i < (7 << CLASS_CARDS); i++) cards->class_pairs[i] = 0;
    for (int c = 1; c < 7; c++) {
        int n = 0;
        for (int s = 0; s < PYRAMID; s++)
            if (cards->values[s] == c || cards->values[s] == 13 - c) cards->class_slots[c * CLASS_CARDS + n++] = (int8_t)s;
        for (int subset = 0; subset < (1 << n); subset++) {
            int64_t left = 0;
            for (int i = 0; i < n; i++)
                if ((subset >> i) & 1) left |= bit(cards->class_slots[c * CLASS_CARDS + i]);
            cards->class_pairs[(c << CLASS_CARDS) + subset] = (uint8_t)pyramid_pairs(cards, left, c);
        }
    }
}

static inline int class_pairs(const Cards *cards, int64_t left, int c) {
    int subset = 0;
    for (int i = 0; i < CLASS_CARDS; i++) {
        int s = cards->class_slots[c * CLASS_CARDS + i];
        if (s < 0) break;
        subset |= (int)((left >> s) & 1) << i;
    }
    return cards->class_pairs[(c << CLASS_CARDS) + subset];
}

/* The pyramid part of the estimate, which depends only on the pyramid cards left; few sets of
 * them occur in a search, so the figures are kept in a small direct-mapped memo. Returns the
 * figures: kings, steps, steps of class c at 1 + c, cards needed from outside worth w at 7 + w,
 * pyramid cards left worth v at 19 + v. */
static const uint8_t *pyramid_figures(const Cards *cards, Work *work, int64_t left) {
    size_t slot = (size_t)(((uint64_t)left * GOLDEN) >> (64 - PYRAMID_MEMO_BITS));
    uint8_t *memo = work->figures + slot * PYRAMID_MEMO_WIDTH;
    if (work->pyramids[slot] == left) return memo;
    work->pyramids[slot] = left;
    for (int v = 1; v < 13; v++) memo[19 + v] = (uint8_t)popcount((uint64_t)(cards->holding[v] & left));
    int kings = popcount((uint64_t)(cards->holding[13] & left));
    int steps = kings;
    for (int c = 1; c < 7; c++) {
        int m = class_pairs(cards, left, c);
        int a = memo[19 + c], b = memo[32 - c];
        memo[1 + c] = (uint8_t)(a + b - m);
        memo[7 + 13 - c] = (uint8_t)(a - m);
        memo[7 + c] = (uint8_t)(b - m);
        steps += a + b - m;
    }
    memo[0] = (uint8_t)kings;
    memo[1] = (uint8_t)steps;
    return memo;
}


/* The pyramid family (one waste, closed stock, the pyramid as the goal, no overlap discards):
 * the fewest steps of a line that ends in this pass (no recycle from here on), or PK_INFINITE
 * if no line can. `reach`: the highest position of the stock such a line must draw (the walk's
 * last target), -1 if none, -2 if the stock left cannot give what the pyramid needs.
 * The apex lies over every other pyramid card, so it goes last, in the line's last step, and
 * (not a king) with the waste's top X, worth 13 - v: every card drawn over X by then is gone.
 * The line draws past `reach` and past X, so the cards left at positions above X up to both, and
 * up to the waste's top if X lies on the waste ("over": on the waste or in the stock), all go
 * before the end: a king in a step of its own, any
 * other card with a pyramid card of its partner value, a different one each (closed stock: two
 * outside cards never pair). So per value w the outside cards worth w that go are at least the
 * pyramid's need of them and at least those of `over` (X counted with the apex's value), never
 * more than the pyramid cards worth 13 - w left; and a class {v, 13-v} whose pyramid cards take
 * x outside cards needs (a + b + x) / 2 steps at least: each such pair takes one pyramid card.
 * X cannot be a card behind the waste's blocker (it never comes to the top in this pass). Draws:
 * every stock card left up to the higher of `reach` and X. Returns `best` as soon as some X needs
 * no more (the caller takes the higher of the two). */
static int final_pass(const Cards *cards, const uint8_t *memo, int64_t removed, int drawn, int64_t behind,
                      int reach, int best) {
    if (reach == -2) return PK_INFINITE;
    const int64_t *holding = cards->holding;
    const uint8_t *base = memo + 1, *count = memo + 19;
    int w0 = 13 - cards->values[0];
    int64_t outside = ~removed & REMOVED_BITS & ~PYRAMID_BITS;
    int64_t stock = outside & ~below_bits(PYRAMID + drawn);
    int least = PK_INFINITE;
    for (int64_t xs = holding[w0] & outside & ~behind; xs; xs &= xs - 1) {
        int x = lowest(xs);
        int last = max_int(reach, x);
        if (x < PYRAMID + drawn) last = max_int(last, PYRAMID + drawn - 1); /* the waste over X goes too */
        int64_t over = outside & below_bits(last + 1) & ~below_bits(x + 1);
        int steps = memo[0] + popcount((uint64_t)(over & holding[13])) + popcount((uint64_t)(stock & below_bits(last + 1)));
        if (steps + memo[1] - memo[0] >= least) continue; /* the classes add memo[1] - memo[0] at least */
        bool fits = true;
        for (int c = 1; c < 7 && fits; c++) {
            int taken = 0; /* outside cards of the class that go */
            for (int k = 0; k < 2; k++) {
                int w = k ? 13 - c : c;
                int e = popcount((uint64_t)(over & holding[w])) + (w == w0);
                if (e > count[13 - w]) fits = false;
                taken += max_int(memo[7 + w], e);
            }
            steps += max_int(base[c], (count[c] + count[13 - c] + taken + 1) / 2);
        }
        if (fits) least = min_int(least, steps);
        if (least <= best) return best;
    }
    return least;
}

/* The pyramid family: a line either ends in this pass (final_pass) or recycles. One that
 * recycles first draws the stock left (a recycle needs an empty stock) and recycles. Its last
 * pass, after its last recycle, ends as final_pass says: the apex with the waste's top X, which
 * that pass draws, after every card left then at a position below X's. So each king left below
 * the lowest X there can be costs a step (removed before, or drawn in that pass), and so does
 * each card there that never goes: drawn in that pass. Outside cards never pair with each other,
 * so at most (pyramid cards worth 13 - w left) cards worth w ever go, and of those below X at
 * least the rest stay. Draws and recycles take no pyramid card, so
 * all these add to the pyramid's steps (memo[1]). With no recycle left, only final_pass. The
 * bound is the least of the two, and `best` where it is higher. */
static int with_recycle(const Cards *cards, const uint8_t *memo, int64_t key, int64_t removed, int drawn,
                        int64_t behind, int reach, int best) {
    int recycling = PK_INFINITE;
    int64_t outside = ~removed & REMOVED_BITS & ~PYRAMID_BITS;
    int64_t partners = cards->holding[13 - cards->values[0]] & outside; /* the X there can be */
    if ((key >> RECYCLES_SHIFT) < cards->rules[RULE_LAST] && partners) {
        const uint8_t *count = memo + 19;
        int64_t under = outside & below_bits(lowest(partners));
        int below = popcount((uint64_t)(under & cards->holding[13]));
        for (int w = 1; w < 13; w++) /* at most count[13 - w] cards worth w ever go */
            below += max_int(popcount((uint64_t)(under & cards->holding[w])) - count[13 - w], 0);
        int stock = popcount((uint64_t)(outside & ~below_bits(PYRAMID + drawn)));
        recycling = memo[1] + stock + 1 + 1 + below;
        if (recycling <= best) return best; /* the least of the two is no more */
    }
    return max_int(best, min_int(final_pass(cards, memo, removed, drawn, behind, reach, best), recycling));
}

/* A lower bound on the steps still needed.
 * Pairs and kings: a pair removes one card of each value of its pair of values {v, 13-v} (a
 * "class"). If the pyramid holds a cards worth v and b worth 13-v, of which at most m pairs can
 * be made inside the pyramid (a card never pairs with one above or below it), the class needs at
 * least a + b - m steps that take a pyramid card; each king in the pyramid one step.
 * Draws: a - m cards worth 13-v (and b - m worth v) must come from outside. If those are still
 * in the stock, every stock card above the one needed (the "target") must leave the top of the
 * stock first. Without an open stock, each is drawn: one step each (a draw deals three with
 * three wastes). With an open stock a card may also leave by a pair: a king, or a card with no
 * partner left in the pyramid, still costs a step of its own; a card that pairs with a pyramid
 * card of class c raises that class's steps to at least (a + b + those cards) / 2, since each
 * such pair takes just one pyramid card. */
static int cards_estimate(const Cards *cards, Work *work, int64_t key) {
    const int32_t *values = cards->values, *rules = cards->rules;
    const int64_t *holding = cards->holding;
    int64_t removed = key & REMOVED_BITS;
    int drawn = (int)((key >> DRAWN_SHIFT) & 31);
    /* The figures below count every pyramid card as needed; for a goal without the whole
     * pyramid, a step removes at most two of its cards. */
    if (!rules[RULE_FULL_GOAL]) return (popcount((uint64_t)(cards->goal & ~key & REMOVED_BITS)) + 1) / 2;
    int64_t left = ~removed & PYRAMID_BITS;
    const uint8_t *memo = pyramid_figures(cards, work, left);
    int kings = memo[0];
    int best = memo[1];
    if (rules[RULE_PILES] > 0) return best;
    const uint8_t *base = memo + 1;   /* steps per class */
    const uint8_t *count = memo + 19; /* pyramid cards left per value */
    int32_t *need = work->need;       /* cards per value that must come from outside (need[13] stays 0) */
    int32_t *above = work->above;     /* open stock: stock cards above the target per class */
    for (int w = 1; w < 13; w++) need[w] = memo[7 + w];
    int pairs = best - kings;
    int wastes = rules[RULE_WASTES];
    int64_t waste = ~removed & (below_bits(drawn) << PYRAMID);
    /* One waste, closed stock: the cards from the waste's blocker down (see `blocker`) are
     * "behind": to use one, the whole stock must be drawn, the waste turned over and drawn up to it. */
    int64_t behind = 0;
    if (wastes == 1 && !rules[RULE_OPEN]) {
        int q = blocker(cards, removed, PYRAMID + drawn - 1, PYRAMID, 1, 0);
        if (q >= 0) behind = waste & below_bits(q + 1);
    }
    int targets = 0;
    for (int w = 1; w < 13; w++) {
        need[w] -= popcount((uint64_t)(holding[w] & waste & ~behind)); /* those on the waste cost no draw */
        if (need[w] > 0) targets++;
    }
    /* the pyramid family's last pass (final_pass): the stock position a line must draw */
    bool family = wastes == 1 && !rules[RULE_OPEN] && cards->goal == PYRAMID_BITS && !rules[RULE_OVERLAP] &&
                  !(removed & 1) && values[0] != 13; /* the apex left, not a king */
    int reach = targets == 0 ? -1 : -2;
    if (targets == 0) return family ? with_recycle(cards, memo, key, removed, drawn, behind, reach, best) : best;
    /* One walk down the stock: when the last card needed of a value turns up, the cards passed
     * so far give a bound. */
    int passed = 0; /* stock cards passed that cost a step of their own */
    for (int c = 0; c < 8; c++) above[c] = 0;
    for (int q = PYRAMID + drawn; q < DECK; q++) {
        if ((removed >> q) & 1) continue;
        int u = values[q];
        if (need[u] > 0) {
            need[u]--;
            if (need[u] == 0) {
                int steps;
                if (!rules[RULE_OPEN]) {
                    steps = kings + pairs + (passed + 1 + wastes - 1) / wastes; /* this one drawn too */
                } else {
                    steps = kings + passed;
                    for (int c = 1; c < 7; c++)
                        steps += max_int(base[c], (count[c] + count[13 - c] + above[c] + 1) / 2);
                }
                best = max_int(best, steps);
                if (--targets == 0) {
                    reach = q;
                    break;
                }
            }
        }
        if (!rules[RULE_OPEN] || u == 13 || count[13 - u] == 0)
            passed++;
        else
            above[u < 13 - u ? u : 13 - u]++;
    }
    if (targets > 0 && behind && (key >> RECYCLES_SHIFT) < rules[RULE_LAST]) {
        /* The stock is drawn to the end (passed cards), one recycle, then the cards behind come
         * first in the new stock, in the order they were drawn. */
        int rank = 0;
        for (int q = PYRAMID; q < PYRAMID + drawn; q++) {
            if (!((behind >> q) & 1)) continue;
            rank++;
            int u = values[q];
            if (need[u] > 0) {
                need[u]--;
                if (need[u] == 0) best = max_int(best, kings + pairs + passed + 1 + rank);
            }
        }
    }
    return family ? with_recycle(cards, memo, key, removed, drawn, behind, reach, best) : best;
}

/* Every goal card left goes: a king in a step of its own, any other card two at a time at most. */
static int goal_steps(const Cards *cards, int64_t key) {
    int64_t left = cards->goal & ~key & REMOVED_BITS;
    int kings = popcount((uint64_t)(left & cards->alone));
    return kings + (popcount((uint64_t)left) - kings + 1) / 2;
}

/* The figures of cards_estimate count the pyramid's cards (and the draws to their partners); a
 * goal of the whole pyramid and cards outside it (win=all) needs steps for those too. Without
 * them, a position with only outside cards left was estimated at 0 steps, and the shortest
 * search took a win one step past its limit from there (issue 48: asked for 44 steps, a 45-step
 * line, forever). With the pyramid as the goal, goal_steps is never more than the pyramid's
 * figure (a class of a and b cards takes at least (a + b) / 2 steps), so those searches are
 * unchanged; a goal without the whole pyramid has its own count (never 0 while a card is left). */
int estimate(const Cards *cards, Work *work, int64_t key) {
    if (cards->rules[RULE_GENERAL]) return goal_steps(cards, key); /* its figures are the pyramid's */
    int steps = cards_estimate(cards, work, key);
    if (cards->goal_outside && cards->rules[RULE_FULL_GOAL]) steps = max_int(steps, goal_steps(cards, key));
    return steps;
}

int32_t pk_estimate(const void *cards, void *work, int64_t key) { return estimate(cards, work, key); }
