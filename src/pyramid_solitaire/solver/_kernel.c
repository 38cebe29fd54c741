/* pyramid_solitaire.solver._kernel: the C kernel (c/kernel.h) for Python.
 *
 * Thin wrappers: every buffer comes from Python (bytearray, array, memoryview: anything with the
 * writable buffer protocol) and is checked for size and alignment here, so the kernel itself
 * never sees a bad pointer. pk_search runs without the GIL, as the numba kernel did, so a
 * server's worker threads solve side by side. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "c/kernel.h"

/* Get a buffer of at least `size` bytes (exactly, when exact), 8-byte aligned. */
static int get_buffer(PyObject *obj, Py_buffer *view, Py_ssize_t size, int exact, int writable, const char *what) {
    if (PyObject_GetBuffer(obj, view, (writable ? PyBUF_WRITABLE : 0) | PyBUF_C_CONTIGUOUS) < 0) return -1;
    if ((exact ? view->len != size : view->len < size) || ((uintptr_t)view->buf & 7) != 0) {
        PyErr_Format(PyExc_ValueError, "%s must be %s%zd bytes, 8-byte aligned (got %zd)", what,
                     exact ? "" : "at least ", size, view->len);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* Get a work area of at least pk_work_bytes(depth) bytes: a stack that deep. */
static int get_work(PyObject *obj, Py_buffer *view, int32_t depth, int writable) {
    return get_buffer(obj, view, pk_work_bytes(depth), 0, writable, "work");
}

/* The bits of a table from its entries buffer (8 << bits bytes); bounds must be 1 << bits. */
static int table_bits(Py_buffer *entries, Py_buffer *bounds) {
    Py_ssize_t slots = entries->len / 8;
    int bits = 0;
    while (bits < 31 && ((Py_ssize_t)1 << bits) < slots) bits++;
    if (bits < 1 || bits > 30 || ((Py_ssize_t)1 << bits) != slots || entries->len % 8 || bounds->len != slots) {
        PyErr_Format(PyExc_ValueError, "a table is 8 << bits bytes of entries and 1 << bits of bounds, "
                     "bits 1..30 (got %zd and %zd)", entries->len, bounds->len);
        return -1;
    }
    return bits;
}

static PyObject *py_cards_init(PyObject *self, PyObject *args) {
    PyObject *cards_obj;
    Py_buffer cards, deck;
    int wastes, piles, open_stock, recycles, shortest;
    if (!PyArg_ParseTuple(args, "Oy*iiiii", &cards_obj, &deck, &wastes, &piles, &open_stock, &recycles, &shortest))
        return NULL;
    if (deck.len != PK_DECK) {
        PyBuffer_Release(&deck);
        return PyErr_Format(PyExc_ValueError, "a deck is %d bytes, one card each (got %zd)", PK_DECK, deck.len);
    }
    if (get_buffer(cards_obj, &cards, pk_cards_bytes(), 1, 1, "cards") < 0) {
        PyBuffer_Release(&deck);
        return NULL;
    }
    int status = pk_cards_init(cards.buf, deck.buf, wastes, piles, open_stock, recycles, shortest);
    PyBuffer_Release(&cards);
    PyBuffer_Release(&deck);
    if (status != 0)
        return PyErr_Format(PyExc_ValueError, "not a deck of 52 different cards (0..51) with valid rules "
                            "(wastes %d, piles %d, open %d, recycles %d, shortest %d)",
                            wastes, piles, open_stock, recycles, shortest);
    Py_RETURN_NONE;
}

static PyObject *py_cards_goal(PyObject *self, PyObject *args) {
    PyObject *cards_obj;
    Py_buffer cards;
    long long goal;
    int overlap;
    if (!PyArg_ParseTuple(args, "OLi", &cards_obj, &goal, &overlap)) return NULL;
    if (get_buffer(cards_obj, &cards, pk_cards_bytes(), 1, 1, "cards") < 0) return NULL;
    int status = pk_cards_goal(cards.buf, goal, overlap);
    PyBuffer_Release(&cards);
    if (status != 0)
        return PyErr_Format(PyExc_ValueError, "not a goal (a non-empty mask of the 52 deck positions) and "
                            "overlap 0 or 1 (goal %lld, overlap %d)", goal, overlap);
    Py_RETURN_NONE;
}

/* covered_by: DECK int64 masks in native byte order (array('q').tobytes()), copied so that no
 * alignment is asked of the bytes; pairs: 169 bytes. */
static PyObject *py_cards_layout(PyObject *self, PyObject *args) {
    PyObject *cards_obj;
    Py_buffer cards, covered, pairs;
    long long tableau;
    int alone, draw;
    if (!PyArg_ParseTuple(args, "Oy*Ly*ii", &cards_obj, &covered, &tableau, &pairs, &alone, &draw)) return NULL;
    int64_t covered_by[PK_DECK];
    int status = -2;
    if (covered.len == (Py_ssize_t)sizeof covered_by && pairs.len == 169 &&
        get_buffer(cards_obj, &cards, pk_cards_bytes(), 1, 1, "cards") == 0) {
        memcpy(covered_by, covered.buf, sizeof covered_by);
        status = pk_cards_layout(cards.buf, covered_by, tableau, pairs.buf, alone, draw);
        PyBuffer_Release(&cards);
    }
    PyBuffer_Release(&covered);
    PyBuffer_Release(&pairs);
    if (status == -2 && PyErr_Occurred()) return NULL;
    if (status != 0)
        return PyErr_Format(PyExc_ValueError, "not rules the kernel plays: covered_by is %d int64 masks, each of "
                            "later tableau positions; pairs 169 bytes 0/1, symmetric; alone a 13-bit mask; draw "
                            "1, or 3 onto one waste (tableau %lld, alone %d, draw %d)", PK_DECK, tableau, alone, draw);
    Py_RETURN_NONE;
}

static PyObject *py_cards_gather(PyObject *self, PyObject *obj) {
    Py_buffer cards;
    if (get_buffer(obj, &cards, pk_cards_bytes(), 1, 1, "cards") < 0) return NULL;
    int status = pk_cards_gather(cards.buf);
    PyBuffer_Release(&cards);
    if (status != 0)
        return PyErr_Format(PyExc_ValueError, "a gathering recycle needs rules as data with three wastes drawn one "
                            "card each, a closed stock and at most 2 recycles");
    Py_RETURN_NONE;
}

static PyObject *py_key_bits(PyObject *self, PyObject *obj) {
    Py_buffer cards;
    if (get_buffer(obj, &cards, pk_cards_bytes(), 1, 0, "cards") < 0) return NULL;
    long long bits = pk_key_bits(cards.buf);
    PyBuffer_Release(&cards);
    return PyLong_FromLongLong(bits);
}

/* order: the round's stock, deck positions top first (bytes of 28..51), at most 24 */
static PyObject *py_gathered(PyObject *self, PyObject *args) {
    Py_buffer order;
    int recycles;
    if (!PyArg_ParseTuple(args, "y*i", &order, &recycles)) return NULL;
    long long gathered = order.len <= PK_DECK - PK_PYRAMID ? pk_gathered(order.buf, (int32_t)order.len, recycles) : -1;
    PyBuffer_Release(&order);
    if (gathered < 0) return PyErr_Format(PyExc_ValueError, "no gathering makes that stock order after %d recycles", recycles);
    return PyLong_FromLongLong(gathered);
}

static PyObject *py_work_bytes(PyObject *self, PyObject *obj) {
    long depth = PyLong_AsLong(obj);
    if (depth == -1 && PyErr_Occurred()) return NULL;
    if (depth < 0 || depth > PK_MAX_DEPTH) return PyErr_Format(PyExc_ValueError, "a depth is 0..%d, not %ld", PK_MAX_DEPTH, depth);
    return PyLong_FromLong(pk_work_bytes((int32_t)depth));
}

static PyObject *py_depth(PyObject *self, PyObject *obj) {
    Py_buffer cards;
    if (get_buffer(obj, &cards, pk_cards_bytes(), 1, 0, "cards") < 0) return NULL;
    int32_t depth = pk_depth(cards.buf);
    PyBuffer_Release(&cards);
    return PyLong_FromLong(depth);
}

static PyObject *py_work_init(PyObject *self, PyObject *obj) {
    Py_buffer work;
    if (get_work(obj, &work, 0, 1) < 0) return NULL;
    pk_work_init(work.buf);
    PyBuffer_Release(&work);
    Py_RETURN_NONE;
}

static PyObject *py_pack(PyObject *self, PyObject *args) {
    long long removed, drawn, recycles;
    if (!PyArg_ParseTuple(args, "LLL", &removed, &drawn, &recycles)) return NULL;
    if (removed < 0 || removed >= (1LL << PK_DECK) || drawn < 0 || drawn > PK_DECK - PK_PYRAMID || recycles < 0 ||
        recycles > PK_MAX_RECYCLES)
        return PyErr_Format(PyExc_ValueError, "not a position: removed %lld, drawn %lld, recycles %lld", removed,
                            drawn, recycles);
    return PyLong_FromLongLong(pk_pack(removed, drawn, recycles));
}

/* pk_start and pk_estimate take the same arguments (cards, work, key): parse and check them once. */
static PyObject *with_cards_work_key(PyObject *args, int32_t (*kernel)(const void *, void *, int64_t)) {
    PyObject *cards_obj, *work_obj;
    long long key;
    Py_buffer cards, work;
    if (!PyArg_ParseTuple(args, "OOL", &cards_obj, &work_obj, &key)) return NULL;
    if (get_buffer(cards_obj, &cards, pk_cards_bytes(), 1, 0, "cards") < 0) return NULL;
    if (get_work(work_obj, &work, pk_depth(cards.buf), 1) < 0) {
        PyBuffer_Release(&cards);
        return NULL;
    }
    int32_t result = kernel(cards.buf, work.buf, key);
    PyBuffer_Release(&cards);
    PyBuffer_Release(&work);
    return PyLong_FromLong(result);
}

static PyObject *py_start(PyObject *self, PyObject *args) { return with_cards_work_key(args, pk_start); }

static PyObject *py_search(PyObject *self, PyObject *args) {
    PyObject *cards_obj, *work_obj, *entries_obj, *bounds_obj;
    long long budget;
    int limit;
    Py_buffer cards, work, entries, bounds;
    if (!PyArg_ParseTuple(args, "OOOOLi", &cards_obj, &work_obj, &entries_obj, &bounds_obj, &budget, &limit))
        return NULL;
    if (get_buffer(cards_obj, &cards, pk_cards_bytes(), 1, 0, "cards") < 0) return NULL;
    if (get_work(work_obj, &work, pk_depth(cards.buf), 1) < 0) goto no_work;
    long long depth = pk_control(work.buf, PK_DEPTH);
    if (depth < 0 || depth > pk_depth(cards.buf)) { /* set_control may have written anything */
        PyErr_Format(PyExc_ValueError, "the stack's depth %lld is not 0..%d", depth, pk_depth(cards.buf));
        PyBuffer_Release(&work);
        goto no_work;
    }
    if (get_buffer(entries_obj, &entries, 8, 0, 1, "entries") < 0) goto no_entries;
    if (PyObject_GetBuffer(bounds_obj, &bounds, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) goto no_bounds;
    int bits = table_bits(&entries, &bounds);
    int status = -1;
    if (bits > 0) {
        Py_BEGIN_ALLOW_THREADS
        status = pk_search(cards.buf, work.buf, entries.buf, bounds.buf, bits, budget, limit);
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&bounds);
    PyBuffer_Release(&entries);
    PyBuffer_Release(&work);
    PyBuffer_Release(&cards);
    return status < 0 ? NULL : PyLong_FromLong(status);
no_bounds:
    PyBuffer_Release(&entries);
no_entries:
    PyBuffer_Release(&work);
no_work:
    PyBuffer_Release(&cards);
    return NULL;
}

static PyObject *py_rehash(PyObject *self, PyObject *args) {
    PyObject *objs[4];
    long long key_bits;
    Py_buffer bufs[4];
    if (!PyArg_ParseTuple(args, "OOOOL", &objs[0], &objs[1], &objs[2], &objs[3], &key_bits)) return NULL;
    int got = 0;
    for (; got < 4; got++) {
        int entries = got % 2 == 0;
        int ok = entries ? get_buffer(objs[got], &bufs[got], 8, 0, got >= 2, "entries")
                         : PyObject_GetBuffer(objs[got], &bufs[got], (got >= 2 ? PyBUF_WRITABLE : 0) | PyBUF_C_CONTIGUOUS);
        if (ok < 0) break;
    }
    PyObject *result = NULL;
    if (got == 4) {
        int old_bits = table_bits(&bufs[0], &bufs[1]);
        int new_bits = old_bits > 0 ? table_bits(&bufs[2], &bufs[3]) : -1;
        if (new_bits > 0 && new_bits < old_bits) {
            PyErr_SetString(PyExc_ValueError, "rehash: the new table must be at least as big as the old");
        } else if (new_bits > 0 && key_bits != PK_LOST_KEY && key_bits != PK_FULL_KEY && key_bits != PK_LOST_PAIRS &&
                   key_bits != PK_FULL_PAIRS) {
            PyErr_SetString(PyExc_ValueError, "rehash: key_bits is LOST_KEY, FULL_KEY, LOST_PAIRS or FULL_PAIRS");
        } else if (new_bits > 0) {
            pk_rehash(bufs[0].buf, bufs[1].buf, old_bits, bufs[2].buf, bufs[3].buf, new_bits, key_bits);
            result = Py_None;
            Py_INCREF(result);
        }
    }
    for (int i = 0; i < got; i++) PyBuffer_Release(&bufs[i]);
    return result;
}

static PyObject *py_estimate(PyObject *self, PyObject *args) { return with_cards_work_key(args, pk_estimate); }

static PyObject *py_control(PyObject *self, PyObject *args) {
    PyObject *work_obj;
    int which;
    Py_buffer work;
    if (!PyArg_ParseTuple(args, "Oi", &work_obj, &which)) return NULL;
    if (which < 0 || which >= PK_CONTROLS) return PyErr_Format(PyExc_ValueError, "no control word %d", which);
    if (get_work(work_obj, &work, 0, 0) < 0) return NULL;
    long long value = pk_control(work.buf, which);
    PyBuffer_Release(&work);
    return PyLong_FromLongLong(value);
}

static PyObject *py_set_control(PyObject *self, PyObject *args) {
    PyObject *work_obj;
    int which;
    long long value;
    Py_buffer work;
    if (!PyArg_ParseTuple(args, "OiL", &work_obj, &which, &value)) return NULL;
    if (which < 0 || which >= PK_CONTROLS) return PyErr_Format(PyExc_ValueError, "no control word %d", which);
    if (get_work(work_obj, &work, 0, 1) < 0) return NULL;
    pk_set_control(work.buf, which, value);
    PyBuffer_Release(&work);
    Py_RETURN_NONE;
}

static PyObject *py_line(PyObject *self, PyObject *obj) {
    Py_buffer work;
    int32_t codes[PK_MAX_DEPTH];
    if (get_work(obj, &work, 0, 0) < 0) return NULL;
    long long depth = pk_control(work.buf, PK_DEPTH);
    int fits = depth >= 0 && depth <= PK_MAX_DEPTH && pk_work_bytes((int32_t)depth) <= work.len;
    int n = fits ? pk_line(work.buf, codes) : -1;
    PyBuffer_Release(&work);
    if (n < 0) return PyErr_Format(PyExc_ValueError, "no line on the stack (depth %lld)", depth);
    PyObject *line = PyList_New(n);
    if (line == NULL) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(line, i, PyLong_FromLong(codes[i]));
    return line;
}

static PyObject *py_table_value(PyObject *self, PyObject *args) {
    PyObject *cards_obj;
    int table, index;
    Py_buffer cards;
    if (!PyArg_ParseTuple(args, "Oii", &cards_obj, &table, &index)) return NULL;
    if (get_buffer(cards_obj, &cards, pk_cards_bytes(), 1, 0, "cards") < 0) return NULL;
    long long value = pk_table_value(cards.buf, table, index);
    PyBuffer_Release(&cards);
    return PyLong_FromLongLong(value);
}

static PyObject *py_blocker(PyObject *self, PyObject *args) {
    PyObject *cards_obj;
    long long removed, partners_from;
    int first, last, step;
    Py_buffer cards;
    if (!PyArg_ParseTuple(args, "OLiiiL", &cards_obj, &removed, &first, &last, &step, &partners_from)) return NULL;
    if (get_buffer(cards_obj, &cards, pk_cards_bytes(), 1, 0, "cards") < 0) return NULL;
    int q = pk_blocker(cards.buf, removed, first, last, step, partners_from);
    PyBuffer_Release(&cards);
    return PyLong_FromLong(q);
}

static PyMethodDef methods[] = {
    {"cards_init", py_cards_init, METH_VARARGS,
     "cards_init(cards, deck, wastes, piles, open_stock, recycles, shortest): fill cards (CARDS_BYTES) for a deck (52 bytes)"},
    {"cards_goal", py_cards_goal, METH_VARARGS,
     "cards_goal(cards, goal, overlap): after cards_init, the goal (a mask of deck positions) and overlap discards"},
    {"cards_layout", py_cards_layout, METH_VARARGS,
     "cards_layout(cards, covered_by, tableau, pairs, alone, draw): after cards_init, the rules as data (kernel.h)"},
    {"cards_gather", py_cards_gather, METH_O,
     "cards_gather(cards): after cards_layout, a recycle gathers the three wastes one after another (Apophis)"},
    {"key_bits", py_key_bits, METH_O, "key_bits(cards): the key_bits of rehash for a search of these cards"},
    {"gathered", py_gathered, METH_VARARGS,
     "gathered(order, recycles): the gathered word (control GATHERED) of a round's stock order (bytes)"},
    {"work_bytes", py_work_bytes, METH_O, "work_bytes(depth): the bytes of a work area whose stack holds `depth` moves"},
    {"depth", py_depth, METH_O, "depth(cards): the longest line a search of these cards holds (their rules)"},
    {"work_init", py_work_init, METH_O, "work_init(work): make a work area (work_bytes(depth)) ready for a new search"},
    {"pack", py_pack, METH_VARARGS, "pack(removed, drawn, recycles): the canonical key of a position"},
    {"start", py_start, METH_VARARGS, "start(cards, work, key): put the root on the stack; WIN, LOST or BUDGET"},
    {"search", py_search, METH_VARARGS,
     "search(cards, work, entries, bounds, budget, limit): search until a result or budget nodes; WIN, LOST, BUDGET or GROW"},
    {"rehash", py_rehash, METH_VARARGS, "rehash(old_entries, old_bounds, new_entries, new_bounds, key_bits)"},
    {"estimate", py_estimate, METH_VARARGS, "estimate(cards, work, key): the shortest search's lower bound"},
    {"control", py_control, METH_VARARGS, "control(work, which): a control word (DEPTH, NODES, COUNT, BOUND, RELAXED, PROBE_AFTER, PROBE_SLACK, GATHERED)"},
    {"set_control", py_set_control, METH_VARARGS, "set_control(work, which, value)"},
    {"line", py_line, METH_O, "line(work): after WIN, the move codes of the line"},
    {"table_value", py_table_value, METH_VARARGS, "table_value(cards, table, index): VALUES, PARTNERS, HOLDING, COVER, ALONE"},
    {"blocker", py_blocker, METH_VARARGS, "blocker(cards, removed, first, last, step, partners_from): see proofs.c"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernel", "The solver's C kernel (see c/kernel.h).", -1,
                                    methods};

PyMODINIT_FUNC PyInit__kernel(void) {
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    const struct {
        const char *name;
        long long value;
    } constants[] = {
        {"CARDS_BYTES", pk_cards_bytes()}, {"MAX_DEPTH", PK_MAX_DEPTH},
        {"MAX_MOVES", PK_MAX_MOVES},       {"KING", PK_KING},               {"PAIR", PK_PAIR},
        {"DRAW", PK_DRAW},                 {"RECYCLE", PK_RECYCLE},         {"WIN", PK_WIN},
        {"LOST", PK_LOST},                 {"BUDGET", PK_BUDGET},           {"GROW", PK_GROW},
        {"DEPTH", PK_DEPTH},               {"NODES", PK_NODES},             {"COUNT", PK_COUNT},
        {"BOUND", PK_BOUND},               {"RELAXED", PK_RELAXED},         {"LOST_KEY", PK_LOST_KEY},
        {"FULL_KEY", PK_FULL_KEY},         {"INFINITE", PK_INFINITE},       {"VALUES", PK_VALUES},
        {"MAX_RECYCLES", PK_MAX_RECYCLES}, {"UNLIMITED", PK_UNLIMITED},     {"PROBE_AFTER", PK_PROBE_AFTER},
        {"PROBE_SLACK", PK_PROBE_SLACK},
        {"PARTNERS", PK_PARTNERS},         {"HOLDING", PK_HOLDING},         {"COVER", PK_COVER},
        {"ALONE", PK_ALONE},               {"GATHERED", PK_GATHERED},       {"LOST_PAIRS", PK_LOST_PAIRS},
        {"FULL_PAIRS", PK_FULL_PAIRS},
    };
    for (size_t i = 0; i < sizeof constants / sizeof constants[0]; i++) {
        if (PyModule_AddObject(m, constants[i].name, PyLong_FromLongLong(constants[i].value)) < 0) {
            Py_DECREF(m);
            return NULL;
        }
    }
    return m;
}
