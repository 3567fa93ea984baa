/* klotski.open_pack(path) and klotski.Pack: the pack (klotski.h's klotski_pack_*, the
 * format of schema/pack.md) from Python, with the Database's method names where they
 * apply (layout, solve, moves, group) and min_steps and group_of of its own.  Compiled into the
 * module beside module.c, which calls pack_module_init once; it reads arguments, builds
 * answers, raises and locks through module.c's helpers (module.h), so that a Pack's
 * answers are the same objects as a Database's and a Pack shared by threads works as a
 * Database does: each call under the Pack's lock, the library with the GIL released. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>

#include <stdio.h>

#include <klotski.h>

#include "module.h"

typedef struct {
    HandleObject base;  /* its lock held around every use of pack */
    klotski_pack *pack; /* NULL once closed */
} PackObject;

static PyTypeObject pack_type;

/* The message of a failed call, copied under the lock (the next call replaces the
 * pack's). */
static void keep_message(klotski_pack *pack, int result, char message[KLOTSKI_MESSAGE_SIZE])
{
    snprintf(message, KLOTSKI_MESSAGE_SIZE, "%s", result == HANDLE_CLOSED ? "the pack is closed" : klotski_pack_errmsg(pack));
}

/* Runs `call` (a library call on `pack`, setting `result`) on the Pack (LOCKED_CALL); the
 * message of a failure kept in `message`. */
#define PACK_CALL(self, result, message, call)                                                            \
    LOCKED_CALL((self)->base.lock, klotski_pack *, pack, (self)->pack, result, call, keep_message(pack, result, message))

/* Pack's close (HandleObject). */
static void close_pack(HandleObject *base)
{
    PackObject *self = (PackObject *)base;
    klotski_pack_close(self->pack);
    self->pack = NULL;
}

static PyObject *module_open_pack(PyObject *module, PyObject *args, PyObject *kwargs)
{
    (void)module;
    PyObject *path, *bytes = NULL;
    static char *keywords[] = {"path", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:open_pack", keywords, &path) ||
        !PyUnicode_FSConverter(path, &bytes))
        return NULL;
    PackObject *self = (PackObject *)handle_new(&pack_type, close_pack);
    if (!self) {
        Py_DECREF(bytes);
        return NULL;
    }
    klotski_pack *pack;
    int result;
    Py_BEGIN_ALLOW_THREADS
    result = klotski_pack_open(PyBytes_AS_STRING(bytes), &pack);
    Py_END_ALLOW_THREADS
    if (result != KLOTSKI_OK) {
        char message[KLOTSKI_MESSAGE_SIZE];
        snprintf(message, sizeof message, "%s", klotski_pack_errmsg(pack));
        klotski_pack_close(pack);
        Py_DECREF(bytes);
        Py_DECREF(self);
        return raise_failure(result, message);
    }
    self->pack = pack;
    int opened = handle_opened(&self->base, PyBytes_AS_STRING(bytes));
    Py_DECREF(bytes);
    if (opened < 0)
        Py_CLEAR(self);
    return (PyObject *)self;
}

/* Reads (x, metric='step') as a Database's solve and moves do: the pack counts steps
 * only, so another metric is a ValueError. */
static int layout_in_steps(PyObject *args, PyObject *kwargs, const char *format, klotski_code *code)
{
    enum klotski_metric metric;
    if (layout_and_metric(args, kwargs, format, code, &metric) < 0)
        return -1;
    if (metric == KLOTSKI_STEP)
        return 0;
    PyErr_SetString(PyExc_ValueError, "a pack counts steps only (open() the database for other metrics)");
    return -1;
}

static PyObject *pack_min_steps(PackObject *self, PyObject *arg)
{
    klotski_code code;
    if (layout_argument(arg, &code) < 0)
        return NULL;
    int min_steps, result;
    char message[KLOTSKI_MESSAGE_SIZE];
    PACK_CALL(self, result, message, klotski_pack_min_steps(pack, code, &min_steps));
    return result == KLOTSKI_OK ? number_or_none(min_steps) : raise_failure(result, message);
}

static PyObject *pack_solve(PackObject *self, PyObject *args, PyObject *kwargs)
{
    klotski_code code;
    if (layout_in_steps(args, kwargs, "O|O:solve", &code) < 0)
        return NULL;
    klotski_code *route = NULL;
    int count, result;
    char message[KLOTSKI_MESSAGE_SIZE];
    PACK_CALL(self, result, message, klotski_pack_solve(pack, code, &route, &count));
    if (result != KLOTSKI_OK) {
        klotski_free(route);
        return raise_failure(result, message);
    }
    return route_list(route, count);
}

static PyObject *pack_moves(PackObject *self, PyObject *args, PyObject *kwargs)
{
    klotski_code code;
    if (layout_in_steps(args, kwargs, "O|O:moves", &code) < 0)
        return NULL;
    struct klotski_move moves[KLOTSKI_MAX_STEPS];
    int count, result;
    char message[KLOTSKI_MESSAGE_SIZE];
    PACK_CALL(self, result, message, klotski_pack_moves(pack, code, moves, &count));
    return result == KLOTSKI_OK ? move_list(moves, count) : raise_failure(result, message);
}

/* Database.layout's Record with the fields the pack knows (klotski_pack_layout); the
 * others None, the layout's distances in straight and unit moves among them. */
static PyObject *pack_layout(PackObject *self, PyObject *arg)
{
    klotski_code code;
    if (layout_argument(arg, &code) < 0)
        return NULL;
    struct klotski_layout l;
    struct klotski_layout_metrics lm = {.size = sizeof lm, .min_straight_moves = KLOTSKI_NULL,
                                        .min_unit_moves = KLOTSKI_NULL};
    struct klotski_group g;
    struct klotski_group_metrics gm = {.size = sizeof gm};
    int result;
    char message[KLOTSKI_MESSAGE_SIZE];
    PACK_CALL(self, result, message, klotski_pack_layout(pack, code, &l, &g, &gm));
    return result == KLOTSKI_OK ? layout_record(&l, &lm, &g, &gm) : raise_failure(result, message);
}

static PyObject *pack_group(PackObject *self, PyObject *arg)
{
    const char *name = text_argument(arg, "a group name");
    if (!name)
        return NULL;
    struct klotski_group g;
    struct klotski_group_metrics m = {.size = sizeof m};
    int result;
    char message[KLOTSKI_MESSAGE_SIZE];
    PACK_CALL(self, result, message, klotski_pack_group_named(pack, name, &g, &m));
    return result == KLOTSKI_OK ? group_record(&g, &m) : raise_failure(result, message);
}

static PyObject *pack_group_of(PackObject *self, PyObject *arg)
{
    klotski_code code;
    if (layout_argument(arg, &code) < 0)
        return NULL;
    struct klotski_group g;
    struct klotski_group_metrics m = {.size = sizeof m};
    int result;
    char message[KLOTSKI_MESSAGE_SIZE];
    PACK_CALL(self, result, message, klotski_pack_group(pack, code, &g, &m));
    return result == KLOTSKI_OK ? group_record(&g, &m) : raise_failure(result, message);
}

static PyGetSetDef pack_getset[] = {
    {"path", (getter)handle_path, NULL, "The pack file, as given to open_pack (None once closed).", NULL},
    {NULL},
};

static PyMethodDef pack_methods[] = {
    {"min_steps", (PyCFunction)pack_min_steps, METH_O,
     "min_steps($self, x, /)\n--\n\nThe layout's exact min_steps, by the walk over the pack's residues; None\n"
     "when it is unsolvable.\n\n>>> pack.min_steps('4FEA13400')\n138"},
    {"solve", (PyCFunction)(void (*)(void))pack_solve, METH_VARARGS | METH_KEYWORDS,
     "solve($self, /, x, metric='step')\n--\n\nA minimal-step solution, from x to a solved layout: Database.solve's.\n"
     "UnsolvableError for an unsolvable layout; the pack counts steps only."},
    {"moves", (PyCFunction)(void (*)(void))pack_moves, METH_VARARGS | METH_KEYWORDS,
     "moves($self, /, x, metric='step')\n--\n\nEvery step from x with its outcome, best first, as Database.moves\n"
     "(farthest_steps and farthest_num None: the pack has none)."},
    {"layout", (PyCFunction)pack_layout, METH_O,
     "layout($self, x, /)\n--\n\nThe layout's Record, as Database.layout gives it, with the fields the pack\n"
     "knows: layout, group_id, min_steps and group; the others None (group_index,\n"
     "min_solution_num, farthest_steps, farthest_num, solution_num, min_straight_moves,\n"
     "min_unit_moves: the pack has none).\n\n>>> pack.layout('4WVE1').min_steps\n81"},
    {"group", (PyCFunction)pack_group, METH_O,
     "group($self, name, /)\n--\n\nThe group named `name` ('5-4-1-1'), a Group.  KeyError when there is none."},
    {"group_of", (PyCFunction)pack_group_of, METH_O, "group_of($self, x, /)\n--\n\nThe layout's Group."},
    HANDLE_METHODS("pack", "the pack"),
    {NULL},
};

static PyTypeObject pack_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "klotski.Pack",
    .tp_basicsize = sizeof(PackObject),
    .tp_dealloc = (destructor)handle_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .tp_doc = "A pack (klotski pack FILE) opened by open_pack: min_steps, solve, moves and\n"
              "groups without the database.  A context manager, as Database; threads may share it.",
    .tp_methods = pack_methods,
    .tp_getset = pack_getset,
};

static PyMethodDef pack_module_methods[] = {
    {"open_pack", (PyCFunction)(void (*)(void))module_open_pack, METH_VARARGS | METH_KEYWORDS,
     "open_pack(path)\n--\n\nOpens a pack that `klotski pack FILE` wrote and checks its checksums.\n"
     "NoDatabaseError when there is no such file, DatabaseError when it is no pack or a\n"
     "corrupt one.\n\n>>> with klotski.open_pack('klotski.pack') as pack:\n...     pack.min_steps('4FEA13400')\n138"},
    {NULL},
};

int pack_module_init(PyObject *module)
{
    return PyType_Ready(&pack_type) < 0 || PyModule_AddFunctions(module, pack_module_methods) < 0 ||
                   PyModule_AddObjectRef(module, "Pack", (PyObject *)&pack_type) < 0
               ? -1
               : 0;
}
