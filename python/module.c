/* The Python module `klotski` (python/README.md): its exceptions, its records (struct
 * sequences, named tuples), the answers and failures every type shares, and
 * PyInit_klotski, which readies the types of layout.c, database.c, cursor.c and pack.c.
 * module.h says what the files share. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>

#include <klotski.h>

#include "module.h"

PyObject *database_error;    /* klotski.DatabaseError */
PyObject *no_database_error; /* klotski.NoDatabaseError */
PyObject *unsolvable_error;  /* klotski.UnsolvableError */
PyTypeObject *step_type, *move_type, *record_type, *group_type;

void lock_handle(PyThread_type_lock lock)
{
    if (PyThread_acquire_lock(lock, NOWAIT_LOCK))
        return;
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(lock, WAIT_LOCK);
    Py_END_ALLOW_THREADS
}

PyObject *raise_failure(int result, const char *message)
{
    if (PyErr_Occurred())
        return NULL;
    PyObject *type = result == KLOTSKI_INVALID      ? PyExc_ValueError
                     : result == KLOTSKI_NOTFOUND   ? PyExc_KeyError
                     : result == KLOTSKI_UNSOLVABLE ? unsolvable_error
                     : result == KLOTSKI_CANTOPEN   ? no_database_error
                     : result == KLOTSKI_NOMEM      ? PyExc_MemoryError
                                                    : database_error;
    PyObject *text = PyUnicode_FromString(message);
    if (text) {
        PyErr_SetObject(type, text); /* KeyError's str() is the repr of a str, not the str */
        Py_DECREF(text);
    }
    return NULL;
}


PyObject *self_of(PyObject *self, PyObject *unused)
{
    (void)unused;
    return Py_NewRef(self);
}


PyObject *number_or_none(int64_t value)
{
    return value == KLOTSKI_NULL ? Py_NewRef(Py_None) : PyLong_FromLongLong(value);
}

/* Fills a struct sequence from `count` new references; returns it, or NULL when one of
 * them (or the sequence) is NULL. */
static PyObject *sequence(PyTypeObject *type, PyObject **fields, int count)
{
    PyObject *tuple = PyStructSequence_New(type);
    int ok = tuple != NULL;
    for (int i = 0; i < count; i++) {
        ok = ok && fields[i];
        if (tuple)
            PyStructSequence_SetItem(tuple, i, fields[i]);
        else
            Py_XDECREF(fields[i]);
    }
    if (!ok)
        Py_CLEAR(tuple);
    return tuple;
}

PyObject *group_record(const struct klotski_group *g, const struct klotski_group_metrics *m)
{
    PyObject *fields[] = {
        PyLong_FromLongLong(g->group_id), PyUnicode_FromString(g->name), PyUnicode_FromString(g->class_name),
        PyLong_FromLongLong(g->class_id), PyLong_FromLongLong(g->size), layout_new_code(g->min_code),
        PyLong_FromLongLong(g->solved), number_or_none(g->max_min_steps), number_or_none(g->hardest_count),
        number_or_none(g->diameter), number_or_none(g->radius), number_or_none(g->peripheral_count),
        number_or_none(g->central_count), number_or_none(m->max_min_straight_moves),
        number_or_none(m->max_min_unit_moves)};
    return sequence(group_type, fields, (int)(sizeof fields / sizeof *fields));
}

PyObject *layout_record(const struct klotski_layout *l, const struct klotski_layout_metrics *lm,
                        const struct klotski_group *g, const struct klotski_group_metrics *gm)
{
    PyObject *fields[] = {
        layout_new_code(l->code), PyLong_FromLongLong(l->group_id), number_or_none(l->group_index),
        number_or_none(l->min_steps), number_or_none(l->min_solution_num), number_or_none(l->farthest_steps),
        number_or_none(l->farthest_num), number_or_none(l->solution_num), number_or_none(lm->min_straight_moves),
        number_or_none(lm->min_unit_moves), group_record(g, gm)};
    return sequence(record_type, fields, (int)(sizeof fields / sizeof *fields));
}

PyObject *route_list(klotski_code *route, int count)
{
    PyObject *list = PyList_New(count);
    for (int i = 0; list && i < count; i++) {
        PyObject *layout = layout_new_code(route[i]);
        PyList_SET_ITEM(list, i, layout);
        if (!layout)
            Py_CLEAR(list);
    }
    klotski_free(route);
    return list;
}

/* A Move struct sequence from a move, or NULL. */
static PyObject *move_record(const struct klotski_move *move)
{
    PyObject *tuple = PyStructSequence_New(move_type);
    if (!tuple || fill_step(tuple, &move->step) < 0) {
        Py_XDECREF(tuple);
        return NULL;
    }
    PyObject *outcome[] = {number_or_none(move->min_steps), PyLong_FromLong(move->change),
                           number_or_none(move->farthest_steps), number_or_none(move->farthest_num)};
    int ok = 1;
    for (int f = 0; f < 4; f++) {
        ok = ok && outcome[f];
        PyStructSequence_SetItem(tuple, 5 + f, outcome[f]);
    }
    if (!ok)
        Py_CLEAR(tuple);
    return tuple;
}

PyObject *move_list(const struct klotski_move *moves, int count)
{
    PyObject *list = PyList_New(count);
    for (int i = 0; list && i < count; i++) {
        PyObject *move = move_record(&moves[i]);
        PyList_SET_ITEM(list, i, move);
        if (!move)
            Py_CLEAR(list);
    }
    return list;
}

/* ---- the records ----------------------------------------------------------------- */

#define STEP_FIELDS                                                                        \
    {"piece", "the piece moved: K the 2x2, H horizontal, V vertical, o a 1x1"},            \
    {"from_cell", "its top-left cell before the step (row * 4 + column, from 0)"},         \
    {"to_cell", "and after"},                                                              \
    {"distance", "fewest one-cell slides that carry it there"},                            \
    {"next", "the Layout after the step"}

static PyStructSequence_Field step_fields[] = {STEP_FIELDS, {NULL}};
static PyStructSequence_Field move_fields[] = {
    STEP_FIELDS,
    {"min_steps", "of next, counted in the metric of the call; None when unsolvable"},
    {"change", "-1 optimal (one move closer), 0 neutral, +1 backwards"},
    {"farthest_steps", "of next; None until the farthest phase"},
    {"farthest_num", "of next; None until the farthest phase"},
    {NULL}};
static PyStructSequence_Field record_fields[] = {
    {"layout", "the Layout"},
    {"group_id", "its group's id"},
    {"group_index", "rank of its code among its group's codes; None from a Pack"},
    {"min_steps", "steps to a solved layout; None when unsolvable"},
    {"min_solution_num", "solved layouts that close; None when unsolvable, or from a Pack"},
    {"farthest_steps", "its eccentricity in its group; None until the farthest phase, or from a Pack"},
    {"farthest_num", "layouts that far; None until the farthest phase, or from a Pack"},
    {"solution_num", "None until the farthest phase, unsolvable, or from a Pack"},
    {"min_straight_moves", "min_steps counted in straight moves; None when unsolvable, or from a Pack"},
    {"min_unit_moves", "min_steps counted in unit moves; None when unsolvable, or from a Pack"},
    {"group", "its Group"},
    {NULL}};
static PyStructSequence_Field group_fields[] = {
    {"group_id", NULL}, {"name", "e.g. '5-4-1-1'"}, {"class_name", "e.g. '5-4-1'"}, {"class_id", NULL},
    {"size", "layouts in the group"}, {"min_code", "its smallest Layout"}, {"solved", "its solved layouts"},
    {"max_min_steps", "None when unsolvable"}, {"hardest_count", "layouts at max_min_steps"},
    {"diameter", "None until found"}, {"radius", "None until found"}, {"peripheral_count", "None until found"},
    {"central_count", "None until found"}, {"max_min_straight_moves", "None when unsolvable"},
    {"max_min_unit_moves", "None when unsolvable"}, {NULL}};

static PyStructSequence_Desc step_desc = {"klotski.Step", "One step from a layout.", step_fields, 5};
static PyStructSequence_Desc move_desc = {"klotski.Move", "One step from a layout with its outcome.", move_fields, 9};
static PyStructSequence_Desc record_desc = {"klotski.Record", "A layout's stored record.", record_fields, 11};
static PyStructSequence_Desc group_desc = {"klotski.Group", "A group's stored record.", group_fields, 15};

/* ---- the module ------------------------------------------------------------------ */

static PyMethodDef module_methods[] = {
    {"open", (PyCFunction)(void (*)(void))module_open, METH_VARARGS | METH_KEYWORDS,
     "open(path=None)\n--\n\nOpens the klotski database read-only and returns a Database.  path: the file,\n"
     "or None for the klotski command's lookup order ($KLOTSKI_DB, data/klotski.db in the\n"
     "current folder, then under the PREFIX libklotski is installed in: PREFIX/data/klotski.db,\n"
     "the installed PREFIX/share/klotski/klotski.db).  NoDatabaseError when there is none (its\n"
     "message lists the places looked at), DatabaseError when it is no klotski database of\n"
     "this format.\n\n"
     ">>> with klotski.open() as db:\n...     db.layout('4WVE1').min_steps\n81"},
    {NULL},
};

PyDoc_STRVAR(module_doc,
"Klotski (华容道) layouts and the klotski database, over libklotski.\n\n"
"Layout(text) parses any layout the klotski command takes (but files; classic names\n"
"in characters or pinyin too) and gives its code, short code, id, board, class, images and steps;\n"
"open(path=None) opens the database for records, solutions, moves, groups and SQL\n"
"with the klotski_* functions.  Bad layouts raise ValueError with the codec's message.");

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, .m_name = "klotski", .m_doc = module_doc, .m_size = -1, .m_methods = module_methods};

static int add_type(PyObject *module, const char *name, PyTypeObject *type)
{
    return PyModule_AddObjectRef(module, name, (PyObject *)type);
}

PyMODINIT_FUNC PyInit_klotski(void)
{
    if (PyType_Ready(&layout_type) < 0 || PyType_Ready(&database_type) < 0 || PyType_Ready(&cursor_type) < 0 ||
        PyType_Ready(&members_type) < 0)
        return NULL;
    step_type = PyStructSequence_NewType(&step_desc);
    move_type = PyStructSequence_NewType(&move_desc);
    record_type = PyStructSequence_NewType(&record_desc);
    group_type = PyStructSequence_NewType(&group_desc);
    if (!step_type || !move_type || !record_type || !group_type)
        return NULL;
    PyObject *module = PyModule_Create(&module_def);
    if (!module)
        return NULL;
    database_error = PyErr_NewExceptionWithDoc("klotski.DatabaseError",
                                               "The database cannot be opened or read, or SQL failed.", NULL, NULL);
    PyObject *bases = database_error ? PyTuple_Pack(2, database_error, PyExc_FileNotFoundError) : NULL;
    no_database_error = bases ? PyErr_NewExceptionWithDoc("klotski.NoDatabaseError",
                                                          "No database file where one was looked for.", bases, NULL)
                              : NULL;
    Py_XDECREF(bases);
    unsolvable_error = PyErr_NewExceptionWithDoc("klotski.UnsolvableError",
                                                 "A solution was asked of an unsolvable layout.", PyExc_LookupError,
                                                 NULL);
    if (!no_database_error || !unsolvable_error || add_type(module, "Layout", &layout_type) < 0 ||
        add_type(module, "Database", &database_type) < 0 || add_type(module, "Cursor", &cursor_type) < 0 ||
        add_type(module, "Members", &members_type) < 0 || add_type(module, "Step", step_type) < 0 ||
        add_type(module, "Move", move_type) < 0 || add_type(module, "Record", record_type) < 0 ||
        add_type(module, "Group", group_type) < 0 ||
        PyModule_AddObjectRef(module, "DatabaseError", database_error) < 0 ||
        PyModule_AddObjectRef(module, "NoDatabaseError", no_database_error) < 0 ||
        PyModule_AddObjectRef(module, "UnsolvableError", unsolvable_error) < 0 ||
        PyModule_AddStringConstant(module, "__version__", klotski_libversion()) < 0 ||
        PyModule_AddIntConstant(module, "LAYOUT_COUNT", KLOTSKI_LAYOUT_COUNT) < 0 || pack_module_init(module) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}

