/* klotski.open_pack(path) and klotski.Pack: the pack (klotski.h's klotski_pack_*, the
 * format of schema/pack.md) from Python, with the Database's method names where they
 * apply (solve, moves, group) and min_steps and group_of of its own.  Compiled into the
 * module beside klotski.c, which calls pack_module_init once; the Layout, Move and Group
 * types and the exceptions are the module's own, looked up there, so that a Pack's
 * answers are the same objects as a Database's. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "lib/klotski.h"
#include "python/pack.h"

/* The module's objects a Pack answers with, looked up once by pack_module_init. */
static PyObject *layout_class, *move_class, *group_class;
static PyObject *database_error, *no_database_error, *unsolvable_error;

typedef struct {
    PyObject_HEAD
    klotski_pack *pack; /* NULL once closed */
    PyObject *path;     /* str */
} PackObject;

static PyTypeObject pack_type;

/* The exception for a failed call: as a Database's (ValueError for bad input, KeyError
 * for no such group, UnsolvableError, NoDatabaseError for no file, DatabaseError). */
static PyObject *raise(klotski_pack *pack, int result)
{
    PyObject *type = result == KLOTSKI_INVALID      ? PyExc_ValueError
                     : result == KLOTSKI_NOTFOUND   ? PyExc_KeyError
                     : result == KLOTSKI_UNSOLVABLE ? unsolvable_error
                     : result == KLOTSKI_CANTOPEN   ? no_database_error
                     : result == KLOTSKI_NOMEM      ? PyExc_MemoryError
                                                    : database_error;
    PyObject *message = PyUnicode_FromString(klotski_pack_errmsg(pack));
    if (message) {
        PyErr_SetObject(type, message);
        Py_DECREF(message);
    }
    return NULL;
}

static klotski_pack *open_handle(PackObject *self)
{
    if (!self->pack)
        PyErr_SetString(database_error, "the pack is closed");
    return self->pack;
}

/* Reads a layout argument as Layout(x) reads it (a Layout, any str form, an int code). */
static int layout_argument(PyObject *value, klotski_code *code)
{
    PyObject *layout = PyObject_CallOneArg(layout_class, value);
    PyObject *number = layout ? PyNumber_Long(layout) : NULL;
    Py_XDECREF(layout);
    if (!number)
        return -1;
    *code = PyLong_AsUnsignedLongLong(number);
    Py_DECREF(number);
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *new_layout(klotski_code code)
{
    PyObject *number = PyLong_FromUnsignedLongLong(code);
    PyObject *layout = number ? PyObject_CallOneArg(layout_class, number) : NULL;
    Py_XDECREF(number);
    return layout;
}

static PyObject *number_or_none(int64_t value)
{
    return value == KLOTSKI_NULL ? Py_NewRef(Py_None) : PyLong_FromLongLong(value);
}

/* Calls a struct sequence type on the `count` new references in items (the tuple of them
 * is its one argument); NULL when one of them is. */
static PyObject *make_record(PyObject *type, PyObject **items, Py_ssize_t count)
{
    PyObject *tuple = PyTuple_New(count);
    int ok = tuple != NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        ok = ok && items[i];
        if (tuple)
            PyTuple_SET_ITEM(tuple, i, items[i]);
        else
            Py_XDECREF(items[i]);
    }
    PyObject *record = ok ? PyObject_CallOneArg(type, tuple) : NULL;
    Py_XDECREF(tuple);
    return record;
}

static PyObject *module_open_pack(PyObject *module, PyObject *args, PyObject *kwargs)
{
    (void)module;
    PyObject *path;
    static char *keywords[] = {"path", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:open_pack", keywords, &path))
        return NULL;
    PyObject *bytes = NULL;
    if (!PyUnicode_FSConverter(path, &bytes))
        return NULL;
    klotski_pack *pack;
    int result = klotski_pack_open(PyBytes_AS_STRING(bytes), &pack);
    PyObject *text = PyUnicode_DecodeFSDefault(PyBytes_AS_STRING(bytes));
    Py_DECREF(bytes);
    if (result != KLOTSKI_OK || !text) {
        if (result != KLOTSKI_OK)
            raise(pack, result);
        klotski_pack_close(pack);
        Py_XDECREF(text);
        return NULL;
    }
    PackObject *self = PyObject_New(PackObject, &pack_type);
    if (!self) {
        klotski_pack_close(pack);
        Py_DECREF(text);
        return NULL;
    }
    self->pack = pack;
    self->path = text;
    return (PyObject *)self;
}

static void pack_dealloc(PackObject *self)
{
    klotski_pack_close(self->pack);
    Py_XDECREF(self->path);
    PyObject_Free(self);
}

static PyObject *pack_close(PackObject *self, PyObject *unused)
{
    (void)unused;
    klotski_pack_close(self->pack);
    self->pack = NULL;
    Py_RETURN_NONE;
}

static PyObject *pack_enter(PackObject *self, PyObject *unused)
{
    (void)unused;
    return open_handle(self) ? Py_NewRef(self) : NULL;
}

static PyObject *pack_exit(PackObject *self, PyObject *args)
{
    (void)args;
    return pack_close(self, NULL);
}

static PyObject *pack_path(PackObject *self, void *closure)
{
    (void)closure;
    return Py_NewRef(self->path);
}

/* Reads (x, metric='step'): the pack counts steps only. */
static int layout_in_steps(PyObject *args, PyObject *kwargs, const char *format, klotski_code *code)
{
    PyObject *layout, *metric = NULL;
    static char *keywords[] = {"x", "metric", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, format, keywords, &layout, &metric))
        return -1;
    if (metric && PyUnicode_Check(metric) && PyUnicode_CompareWithASCIIString(metric, "step") != 0) {
        PyErr_Format(PyExc_ValueError, "%R: a pack counts steps only (open() the database for other metrics)", metric);
        return -1;
    }
    if (metric && !PyUnicode_Check(metric)) {
        PyErr_Format(PyExc_TypeError, "a metric is a str, not %.100s", Py_TYPE(metric)->tp_name);
        return -1;
    }
    return layout_argument(layout, code);
}

static PyObject *pack_min_steps(PackObject *self, PyObject *arg)
{
    klotski_pack *pack = open_handle(self);
    klotski_code code;
    if (!pack || layout_argument(arg, &code) < 0)
        return NULL;
    int min_steps;
    int result = klotski_pack_min_steps(pack, code, &min_steps);
    return result == KLOTSKI_OK ? number_or_none(min_steps) : raise(pack, result);
}

static PyObject *pack_solve(PackObject *self, PyObject *args, PyObject *kwargs)
{
    klotski_pack *pack = open_handle(self);
    klotski_code code;
    if (!pack || layout_in_steps(args, kwargs, "O|O:solve", &code) < 0)
        return NULL;
    klotski_code *route;
    int count;
    int result = klotski_pack_solve(pack, code, &route, &count);
    if (result != KLOTSKI_OK)
        return raise(pack, result);
    PyObject *list = PyList_New(count);
    for (int i = 0; list && i < count; i++) {
        PyObject *layout = new_layout(route[i]);
        PyList_SET_ITEM(list, i, layout);
        if (!layout)
            Py_CLEAR(list);
    }
    klotski_free(route);
    return list;
}

static PyObject *pack_moves(PackObject *self, PyObject *args, PyObject *kwargs)
{
    static const char piece_letters[] = "oHVK"; /* by enum klotski_piece */
    klotski_pack *pack = open_handle(self);
    klotski_code code;
    if (!pack || layout_in_steps(args, kwargs, "O|O:moves", &code) < 0)
        return NULL;
    struct klotski_move moves[KLOTSKI_MAX_STEPS];
    int count;
    int result = klotski_pack_moves(pack, code, moves, &count);
    if (result != KLOTSKI_OK)
        return raise(pack, result);
    PyObject *list = PyList_New(count);
    for (int i = 0; list && i < count; i++) {
        const struct klotski_move *m = &moves[i];
        PyObject *items[] = {PyUnicode_FromStringAndSize(&piece_letters[m->step.piece], 1),
                             PyLong_FromLong(m->step.from), PyLong_FromLong(m->step.to),
                             PyLong_FromLong(m->step.distance), new_layout(m->step.next),
                             number_or_none(m->min_steps), PyLong_FromLong(m->change),
                             number_or_none(m->farthest_steps), number_or_none(m->farthest_num)};
        PyObject *move = make_record(move_class, items, sizeof items / sizeof *items);
        PyList_SET_ITEM(list, i, move);
        if (!move)
            Py_CLEAR(list);
    }
    return list;
}

static PyObject *group_object(const struct klotski_group *g)
{
    int64_t numbers[] = {g->solved, g->max_min_steps, g->hardest_count, g->diameter, g->radius,
                         g->peripheral_count, g->central_count, g->max_min_straight_moves, g->max_min_unit_moves};
    PyObject *items[15] = {PyLong_FromLongLong(g->group_id), PyUnicode_FromString(g->name),
                           PyUnicode_FromString(g->class_name), PyLong_FromLongLong(g->class_id),
                           PyLong_FromLongLong(g->size), new_layout(g->min_code)};
    /* solved is never NULL; the others are None where KLOTSKI_NULL */
    for (int i = 0; i < 9; i++)
        items[6 + i] = number_or_none(numbers[i]);
    return make_record(group_class, items, 15);
}

static PyObject *pack_group(PackObject *self, PyObject *arg)
{
    klotski_pack *pack = open_handle(self);
    const char *name = pack ? PyUnicode_AsUTF8(arg) : NULL;
    if (!name)
        return NULL;
    struct klotski_group g;
    int result = klotski_pack_group_named(pack, name, &g);
    return result == KLOTSKI_OK ? group_object(&g) : raise(pack, result);
}

static PyObject *pack_group_of(PackObject *self, PyObject *arg)
{
    klotski_pack *pack = open_handle(self);
    klotski_code code;
    if (!pack || layout_argument(arg, &code) < 0)
        return NULL;
    struct klotski_group g;
    int result = klotski_pack_group(pack, code, &g);
    return result == KLOTSKI_OK ? group_object(&g) : raise(pack, result);
}

static PyGetSetDef pack_getset[] = {
    {"path", (getter)pack_path, NULL, "The pack file, as given to open_pack.", NULL},
    {NULL},
};

static PyMethodDef pack_methods[] = {
    {"min_steps", (PyCFunction)pack_min_steps, METH_O,
     "min_steps(x) -> int | None\n\nThe layout's exact min_steps, by the walk over the pack's residues; None\n"
     "when it is unsolvable.\n\n>>> pack.min_steps('4FEA13400')\n138"},
    {"solve", (PyCFunction)(void (*)(void))pack_solve, METH_VARARGS | METH_KEYWORDS,
     "solve(x, metric='step') -> list[Layout]\n\nA minimal-step solution, from x to a solved layout: Database.solve's.\n"
     "UnsolvableError for an unsolvable layout; the pack counts steps only."},
    {"moves", (PyCFunction)(void (*)(void))pack_moves, METH_VARARGS | METH_KEYWORDS,
     "moves(x, metric='step') -> list[Move]\n\nEvery step from x with its outcome, best first, as Database.moves\n"
     "(farthest_steps and farthest_num None: the pack has none)."},
    {"group", (PyCFunction)pack_group, METH_O,
     "group(name) -> Group\n\nThe group named name ('5-4-1-1'); KeyError when there is none."},
    {"group_of", (PyCFunction)pack_group_of, METH_O, "group_of(x) -> Group\n\nThe layout's group."},
    {"close", (PyCFunction)pack_close, METH_NOARGS, "close()\n\nCloses the pack; later calls raise DatabaseError."},
    {"__enter__", (PyCFunction)pack_enter, METH_NOARGS, NULL},
    {"__exit__", (PyCFunction)pack_exit, METH_VARARGS, NULL},
    {NULL},
};

static PyTypeObject pack_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "klotski.Pack",
    .tp_basicsize = sizeof(PackObject),
    .tp_dealloc = (destructor)pack_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A pack (klotski pack FILE) opened by open_pack: min_steps, solve, moves and\n"
              "groups without the database.  A context manager, as Database.",
    .tp_methods = pack_methods,
    .tp_getset = pack_getset,
};

static PyMethodDef pack_module_methods[] = {
    {"open_pack", (PyCFunction)(void (*)(void))module_open_pack, METH_VARARGS | METH_KEYWORDS,
     "open_pack(path) -> Pack\n\nOpens a pack that `klotski pack FILE` wrote and checks its checksums.\n"
     "NoDatabaseError when there is no such file, DatabaseError when it is no pack or a\n"
     "corrupt one.\n\n>>> with klotski.open_pack('klotski.pack') as pack:\n...     pack.min_steps('4FEA13400')\n138"},
    {NULL},
};

int pack_module_init(PyObject *module)
{
    if (PyType_Ready(&pack_type) < 0 || PyModule_AddFunctions(module, pack_module_methods) < 0 ||
        PyModule_AddObjectRef(module, "Pack", (PyObject *)&pack_type) < 0)
        return -1;
    /* The module keeps these alive as long as the process: the borrowed-then-owned
     * references below are never released, as the module's own statics are not. */
    layout_class = PyObject_GetAttrString(module, "Layout");
    move_class = PyObject_GetAttrString(module, "Move");
    group_class = PyObject_GetAttrString(module, "Group");
    database_error = PyObject_GetAttrString(module, "DatabaseError");
    no_database_error = PyObject_GetAttrString(module, "NoDatabaseError");
    unsolvable_error = PyObject_GetAttrString(module, "UnsolvableError");
    return layout_class && move_class && group_class && database_error && no_database_error && unsolvable_error
               ? 0
               : -1;
}
