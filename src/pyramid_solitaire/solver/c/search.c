/* The search: one loop for both modes. A position is won when the cards of the goal are gone.
 *
 * The decision search (shortest == 0) looks depth first for any winning line. The position
 * graph is acyclic (cards only leave, `drawn` only grows within a pass, `recycles` only grows;
 * with unlimited passes a key holds one recycle at most, cleared by a removal: moves.c's play),
 * so a position met again was fully searched and lost; the table keeps, per set of cards left,
 * the earliest point in the stock at which it was found lost.
 * The shortest search runs one iteration of IDA* per run with a `limit`: a position at depth g
 * is cut when g + (lower bound) > limit. When all its moves fail, its bound rises to the least
 * of 1 + (bound of a child): a proof that needs fewer steps fails, kept in the table (only ever
 * rising) for later meetings and iterations. No recursion: the stack is the caller's. */
#include "tables.h"


int32_t pk_work_bytes(int32_t depth) {
    if (depth < 0 || depth > PK_MAX_DEPTH) depth = PK_MAX_DEPTH;
    return (int32_t)(offsetof(Work, frames) + (size_t)(depth + 1) * sizeof(Frame));
}

int32_t pk_depth(const void *cards) { return ((const Cards *)cards)->rules[RULE_DEPTH]; }

/* Only what is read before it is written: the control words, need[13] (always 0), the memos'
 * marks of empty slots. The rest (the stack, scratch, memo contents: 0.7 of the 0.78 MB a
 * pyramid search has) is written first, and zeroing it cost more than a whole easy deal's search. */
void pk_work_init(void *out) {
    Work *work = out;
    for (int i = 0; i < PK_CONTROLS; i++) work->control[i] = 0;
    work->control[PK_PROBE_AFTER] = PROBE_AFTER;
    work->control[PK_PROBE_SLACK] = PROBE_SLACK;
    for (int v = 0; v < 14; v++) work->need[v] = 0;
    for (size_t i = 0; i < (1 << PYRAMID_MEMO_BITS); i++) work->pyramids[i] = -1; /* no pyramid yet */
    for (size_t i = 0; i < sizeof work->relaxed_verdicts; i++) work->relaxed_verdicts[i] = 0;
}

int64_t pk_control(const void *work, int32_t which) {
    return which >= 0 && which < PK_CONTROLS ? ((const Work *)work)->control[which] : -1;
}

void pk_set_control(void *work, int32_t which, int64_t value) {
    if (which >= 0 && which < PK_CONTROLS) ((Work *)work)->control[which] = value;
}

int32_t pk_line(const void *work_in, int32_t *out) {
    const Work *work = work_in;
    int depth = (int)work->control[PK_DEPTH];
    for (int d = 0; d < depth; d++) out[d] = work->frames[d].moves[work->frames[d].tried - 1];
    return depth;
}

/* A position proven lost by the quick proof or for want of moves; 1 for a new entry. */
static inline int record_lost(int64_t *entries, uint8_t *bounds, int64_t key, bool shortest, int bits) {
    if (shortest) return raise_bound(entries, bounds, key, PK_INFINITE, bits);
    return mark_lost(entries, key, bits);
}

/* The same with a gathering recycle's two words (tables.h). */
static inline int record_lost_pair(int64_t *entries, uint8_t *bounds, int64_t key, int64_t gathered, bool shortest,
                                   int bits) {
    if (shortest) return raise_bound_pair(entries, bounds, key, gathered, PK_INFINITE, bits);
    return mark_lost_pair(entries, key, gathered, bits);
}

/* Make `key` (and its gathered word), whose `count` moves are in frames[depth].moves, the position
 * at `depth`. */
static inline void push(Frame *frames, int depth, int64_t key, int64_t gathered, int count) {
    Frame *frame = &frames[depth];
    frame->key = key;
    frame->gathered = gathered;
    frame->count = count;
    frame->tried = 0;
    frame->below = PK_INFINITE;
}

int32_t pk_start(const void *cards_in, void *work_in, int64_t key) {
    const Cards *cards = cards_in;
    Work *work = work_in;
    bool gathering = cards->rules[RULE_GATHER] != 0;
    /* a gathering recycle: the stock's order from the control word, `drawn` canonical in it */
    int64_t gathered = gathering ? work->control[PK_GATHERED] & ((INT64_C(1) << (2 * STOCK)) - 1) : 0;
    if (gathering) {
        int8_t order[STOCK];
        key = canonical_view(key, order, round_order(key, gathered, order));
    }
    work->control[PK_DEPTH] = 0;
    work->control[PK_RESTARTS] = 0;
    work->control[PK_RESTART_AT] = work->control[PK_NODES] + RESTART_BASE;
    if ((key & cards->goal) == cards->goal) return PK_WIN;
    if (lost(cards, work, key, gathered)) return PK_LOST;
    int n = gathering ? gathering_moves(cards, key, gathered, work->available, work->frames[0].moves)
                      : moves(cards, key, work->available, work->frames[0].moves);
    if (n == 0) return PK_LOST;
    push(work->frames, 0, key, gathered, n);
    return PK_BUDGET;
}

/* Ask the memory for the table slots of the `n` moves' positions of the node `key` about to be
 * pushed at `depth` (shortest search), all at once. Its table is far bigger than the caches, and
 * most of those positions are cut right after their lookup, so the lookups come in quick
 * succession: fetched together, their misses overlap instead of queueing (pyramid deals 372 and
 * 4558: 5.4 s of processor time before, 3.9 s after). A prefetch is only a hint to the processor
 * (nothing in WebAssembly): the search and its figures stay the same. */
static inline void prefetch_moves(const Cards *cards, const Frame *frame, const int64_t *entries,
                                  const uint8_t *bounds, int bits, int64_t key, int n) {
    for (int j = 0; j < n; j++) prefetch_slot(entries, bounds, play(cards, key, frame->moves[j]), bits);
}

/* The shortest search's probe: a decision search (decision_moves, the quick proof, no bound) from
 * a position the shortest search is about to expand, of at most PROBE_NODES positions. Most of
 * what a shortest search expands cannot be won at all (pyramid deal 6991: 98 of 100 positions
 * sampled from its last iteration), and a bounded search proves no loss: it meets a lost
 * position again and again, at other depths and in every iteration, and searches on until the
 * limit cuts it. The probe proves the loss once, and remembers the verdicts it finds as the
 * decision search does, by the cards left and a time (tables.h's verdict entries): every lost
 * position it leaves, and on a win every position of its stack (each has a winning line: the rest
 * of the stack), for the whole shortest search. Its stack is the search's from the root's depth
 * on (the root is about to be pushed there; no line from the search's root is longer than the
 * stack). Only for one waste pile and a closed stock (the verdict entries' times), and at most 9
 * recycles (a time in a byte). Returns PROBE_LOST, PROBE_WON, or PROBE_OPEN (out of nodes or table
 * room: the verdicts found so far stay). `nodes` and `count` count on: the probe's positions are
 * the search's nodes too, so it stops at the slice's `budget` as the search does (before, a probe
 * ran its 2,000 positions past it: a node limit was overrun by up to that). */
static int probe(const Cards *cards, Work *work, int64_t *entries, uint8_t *bounds, int bits, int64_t root,
                 Frame *stack, int64_t *nodes_io, int64_t *count_io, int64_t grow_at, int64_t budget) {
    int64_t goal = cards->goal, nodes = 0, count = *count_io;
    int64_t most = budget - *nodes_io < PROBE_NODES ? budget - *nodes_io : PROBE_NODES;
    int result = probe_verdict(entries, bounds, root, bits);
    if (result != PROBE_OPEN) return result;
    int n = decision_moves(cards, root, work->available, stack[0].moves);
    if (n == 0) {
        *count_io = count + probe_record(entries, bounds, root, PROBE_LOST, bits);
        return PROBE_LOST;
    }
    push(stack, 0, root, 0, n);
    int depth = 0;
    result = PROBE_LOST;
    while (depth >= 0) {
        Frame *frame = &stack[depth];
        int i = frame->tried;
        if (i >= frame->count) {
            count += probe_record(entries, bounds, frame->key, PROBE_LOST, bits);
            depth--;
            continue;
        }
        if (nodes >= most || count >= grow_at) {
            result = PROBE_OPEN;
            break;
        }
        frame->tried = i + 1;
        int move = frame->moves[i];
        int64_t child = play(cards, frame->key, move);
        int known = (child & goal) == goal ? PROBE_WON : probe_verdict(entries, bounds, child, bits);
        if (known == PROBE_WON) {
            for (int d = 0; d <= depth; d++) count += probe_record(entries, bounds, stack[d].key, PROBE_WON, bits);
            result = PROBE_WON;
            break;
        }
        if (known == PROBE_LOST) continue;
        nodes++;
        if (may_lose(cards, child, move) && lost(cards, work, child, 0)) {
            count += probe_record(entries, bounds, child, PROBE_LOST, bits);
            continue;
        }
        n = decision_moves(cards, child, work->available, frame[1].moves);
        if (n == 0) {
            count += probe_record(entries, bounds, child, PROBE_LOST, bits);
            continue;
        }
        depth++;
        push(stack, depth, child, 0, n);
    }
    *nodes_io += nodes;
    *count_io = count;
    return result;
}

/* The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (i from 1). */
static int64_t luby(int64_t i) {
    for (;;) {
        int64_t k = 1;
        while ((INT64_C(1) << k) - 1 < i) k++;
        if ((INT64_C(1) << k) - 1 == i) return INT64_C(1) << (k - 1);
        i -= (INT64_C(1) << (k - 1)) - 1;
    }
}

/* A node is a position looked at past the table and the bound, counted in this one place in
 * both modes. On PK_WIN the line is frames[d].moves[frames[d].tried - 1] for d < depth.
 * `gathering` (a gathering recycle, gather.c) is a constant in each of pk_search's two copies: a
 * position is its key and its gathered word, the table's slots are two words (tables.h); the
 * other games' copy is the search as it was. */
static ALWAYS_INLINE int32_t search_loop(const Cards *cards, Work *work, int64_t *entries, uint8_t *bounds, int bits,
                                         int64_t budget, int32_t limit, bool gathering) {
    bool shortest = cards->rules[RULE_SHORTEST] != 0;
    bool regrouped = cards->rules[RULE_GROUPED] && cards->rules[RULE_RECYCLES] > 0; /* tables.h */
    bool unlimited = cards->rules[RULE_UNLIMITED] != 0;
    bool probing = !gathering && shortest && cards->rules[RULE_PER_DRAW] == 1 && !cards->rules[RULE_OPEN] &&
                   !cards->rules[RULE_UNLIMITED] && cards->rules[RULE_RECYCLES] <= 9; /* see probe */
    int depth = (int)work->control[PK_DEPTH];
    int64_t nodes = work->control[PK_NODES], count = work->control[PK_COUNT];
    int64_t grow_at = ((int64_t)1 << bits) / (gathering ? 4 : 2); /* half the slots: two words a slot */
    int64_t goal = cards->goal;
    int32_t result = PK_LOST;
    const int32_t *rules = cards->rules;
    bool restarting = !gathering && !shortest && rules[RULE_GENERAL] && rules[RULE_WASTES] == 1 && rules[RULE_OPEN] &&
                      !rules[RULE_THIRTEEN] && rules[RULE_RECYCLES] == 0;
    int seed = (int)work->control[PK_RESTARTS];
    int64_t restart_at = work->control[PK_RESTART_AT];
    while (depth >= 0) {
        if (count >= grow_at) {
            result = PK_GROW;
            break;
        }
        Frame *frame = &work->frames[depth];
        int i = frame->tried;
        if (i >= frame->count) { /* every move of this position fails */
            if (shortest) {
                int bound = frame->below;
                count += gathering ? raise_bound_pair(entries, bounds, frame->key, frame->gathered, bound, bits)
                                   : raise_bound(entries, bounds, frame->key, bound, bits);
                if (depth > 0)
                    frame[-1].below = min_int(frame[-1].below, min_int(bound + 1, PK_INFINITE));
                else
                    work->control[PK_BOUND] = bound;
            } else {
                count += gathering ? mark_lost_pair(entries, frame->key, frame->gathered, bits)
                                   : mark_lost(entries, frame->key, bits);
            }
            depth--;
            continue;
        }
        /* Cheops (rules as data, an open stock, one waste, one pass, not sums of 13): nearly every
         * deal is won, and a depth-first search that went wrong early spends its positions in
         * lost branches under it. So the search restarts from the root after RESTART_BASE
         * positions, then after RESTART_BASE times the Luby sequence's terms, each run in a move
         * order shuffled by its seed (moves.c's order_moves), up to RESTART_MOST restarts; the last
         * run goes on to the end. The verdict stays exact: the table keeps only positions whose
         * every move was searched (lost whatever the order), and those a run proved serve the next
         * ones; a run cut short marks nothing. */
        if (restarting && nodes >= restart_at) {
            seed++;
            restart_at = seed < RESTART_MOST ? nodes + RESTART_BASE * luby(seed + 1) : INT64_MAX;
            depth = 0;
            frame = &work->frames[0];
            frame->count = moves_seeded(cards, frame->key, work->available, frame->moves, seed);
            frame->tried = 0;
            continue;
        }
        if (nodes >= budget) {
            result = PK_BUDGET;
            break;
        }
        frame->tried = i + 1;
        int move = frame->moves[i];
        int64_t gathered = gathering ? frame->gathered : 0;
        int64_t child = gathering ? play_gathering(cards, frame->key, &gathered, move) : play(cards, frame->key, move);
        if ((child & goal) == goal) {
            /* A win one step past the limit (from a position at the limit, whose estimate was 0)
             * is no line within it: this position needs one step more than the limit gives. */
            if (shortest && depth + 1 > limit) {
                frame->below = min_int(frame->below, 1);
                continue;
            }
            depth++;
            frame[1].key = child;
            frame[1].gathered = gathered;
            result = PK_WIN;
            break;
        }
        int slack = 0; /* shortest search: steps to spare under the limit */
        if (shortest) {
            int bound = estimate(cards, work, child);
            if (depth + 1 + bound <= limit) { /* only then can the table's bound matter */
                int known = gathering ? bound_of_pair(entries, bounds, child, gathered, bits)
                                      : bound_of(entries, bounds, child, bits);
                if (known > bound) bound = known;
            }
            if (bound >= PK_INFINITE) continue;
            if (depth + 1 + bound > limit) {
                frame->below = min_int(frame->below, bound + 1);
                continue;
            }
            slack = limit - depth - 1 - bound;
        } else if (gathering ? known_lost_pair(entries, child, gathered, bits)
                             : known_lost(entries, child, bits, regrouped, unlimited)) {
            continue;
        }
        nodes++;
        if (may_lose(cards, child, move) && lost(cards, work, child, gathered)) {
            count += gathering ? record_lost_pair(entries, bounds, child, gathered, shortest, bits)
                               : record_lost(entries, bounds, child, shortest, bits);
            continue;
        }
        if (probing && slack >= work->control[PK_PROBE_SLACK] && nodes >= work->control[PK_PROBE_AFTER] &&
            probe(cards, work, entries, bounds, bits, child, &frame[1], &nodes, &count, grow_at, budget) ==
                PROBE_LOST) {
            count += raise_bound(entries, bounds, child, PK_INFINITE, bits);
            continue;
        }
        int n = gathering ? gathering_moves(cards, child, gathered, work->available, frame[1].moves)
                : restarting ? moves_seeded(cards, child, work->available, frame[1].moves, seed)
                             : moves(cards, child, work->available, frame[1].moves);
        if (n == 0) {
            count += gathering ? record_lost_pair(entries, bounds, child, gathered, shortest, bits)
                               : record_lost(entries, bounds, child, shortest, bits);
            continue;
        }
        if (shortest && !gathering) prefetch_moves(cards, &frame[1], entries, bounds, bits, child, n);
        depth++;
        push(work->frames, depth, child, gathered, n);
    }
    work->control[PK_DEPTH] = depth;
    work->control[PK_NODES] = nodes;
    work->control[PK_COUNT] = count;
    work->control[PK_RESTARTS] = seed;
    work->control[PK_RESTART_AT] = restart_at;
    return result;
}

int32_t pk_search(const void *cards_in, void *work_in, int64_t *entries, uint8_t *bounds, int32_t bits,
                  int64_t budget, int32_t limit) {
    const Cards *cards = cards_in;
    if (cards->rules[RULE_GATHER]) return search_loop(cards, work_in, entries, bounds, bits, budget, limit, true);
    return search_loop(cards, work_in, entries, bounds, bits, budget, limit, false);
}
