/* The Python module `klotski`: a CPython extension over libklotski (lib/klotski.h).
 * Layout is a C type holding one code, so that Layout(text) costs one parse; the records
 * are struct sequences (named tuples); Database wraps a klotski_db handle, whose SQLite
 * connection has the SQL functions registered.  Every call holds the GIL throughout, which
 * also keeps one thread at a time on a handle, as klotski.h asks.  python/klotski.pyi
 * gives the types. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <sqlite3.h>

#include "lib/klotski.h"

static PyObject *database_error;    /* klotski.DatabaseError */
static PyObject *no_database_error; /* klotski.NoDatabaseError */
static PyObject *unsolvable_error;  /* klotski.UnsolvableError */
static PyTypeObject *step_type, *move_type, *record_type, *group_type;

/* ---- Layout ---------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    klotski_code code; /* always legal */
} LayoutObject;

static PyTypeObject layout_type;

static PyObject *layout_new_code(klotski_code code)
{
    LayoutObject *self = PyObject_New(LayoutObject, &layout_type);
    if (self)
        self->code = code;
    return (PyObject *)self;
}

/* Reads a layout argument: a Layout, a str in any form klotski_parse takes, or an int
 * code.  Returns 0 with *code set, or -1 with ValueError (TypeError for other types). */
static int layout_argument(PyObject *value, klotski_code *code)
{
    char message[KLOTSKI_MESSAGE_SIZE];
    if (PyObject_TypeCheck(value, &layout_type)) {
        *code = ((LayoutObject *)value)->code;
        return 0;
    }
    if (PyUnicode_Check(value)) {
        const char *text = PyUnicode_AsUTF8(value);
        if (!text)
            return -1;
        if (klotski_parse(text, code, message) == KLOTSKI_OK)
            return 0;
        PyErr_SetString(PyExc_ValueError, message);
        return -1;
    }
    if (PyLong_Check(value)) {
        int overflow;
        long long number = PyLong_AsLongLongAndOverflow(value, &overflow);
        if (number == -1 && PyErr_Occurred())
            return -1;
        if (overflow || number < 0) {
            PyErr_Format(PyExc_ValueError, "%R: not a layout code: %s", value,
                         overflow > 0 ? "more than 36 bits" : "negative");
            return -1;
        }
        if (klotski_check((klotski_code)number, message) != KLOTSKI_OK) {
            PyErr_SetString(PyExc_ValueError, message);
            return -1;
        }
        *code = (klotski_code)number;
        return 0;
    }
    PyErr_Format(PyExc_TypeError, "a layout is a str, an int code or a Layout, not %.100s", Py_TYPE(value)->tp_name);
    return -1;
}

/* Reads a metric argument: NULL (not given) is "step", else a str as the klotski
 * command's --metric takes it.  Returns 0 with *metric set, or -1 with ValueError for
 * another name (klotski_metric_parse's message), TypeError for another type. */
static int metric_argument(PyObject *value, enum klotski_metric *metric)
{
    *metric = KLOTSKI_STEP;
    if (!value)
        return 0;
    if (!PyUnicode_Check(value)) {
        PyErr_Format(PyExc_TypeError, "a metric is a str ('step', 'straight' or 'unit'), not %.100s",
                     Py_TYPE(value)->tp_name);
        return -1;
    }
    const char *name = PyUnicode_AsUTF8(value);
    char message[KLOTSKI_MESSAGE_SIZE];
    if (!name)
        return -1;
    if (klotski_metric_parse(name, metric, message) == KLOTSKI_OK)
        return 0;
    PyErr_SetString(PyExc_ValueError, message);
    return -1;
}

static PyObject *layout_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    PyObject *value;
    static char *keywords[] = {"layout", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:Layout", keywords, &value))
        return NULL;
    klotski_code code;
    if (layout_argument(value, &code) < 0)
        return NULL;
    LayoutObject *self = (LayoutObject *)type->tp_alloc(type, 0);
    if (self)
        self->code = code;
    return (PyObject *)self;
}

static PyObject *code_text(klotski_code code)
{
    char text[KLOTSKI_CODE_SIZE];
    klotski_format(code, text);
    return PyUnicode_FromString(text);
}

static PyObject *layout_code(LayoutObject *self, void *closure)
{
    (void)closure;
    return code_text(self->code);
}

static PyObject *layout_value(LayoutObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromUnsignedLongLong(self->code);
}

static PyObject *layout_short_code(LayoutObject *self, void *closure)
{
    (void)closure;
    char text[KLOTSKI_SHORT_CODE_SIZE];
    klotski_short_code(self->code, text);
    return PyUnicode_FromString(text);
}

static PyObject *layout_id(LayoutObject *self, void *closure)
{
    (void)closure;
    uint32_t id;
    klotski_id(self->code, &id);
    return PyLong_FromUnsignedLong(id);
}

static PyObject *layout_board(LayoutObject *self, void *closure)
{
    (void)closure;
    char text[KLOTSKI_BOARD_SIZE];
    klotski_board(self->code, text);
    return PyUnicode_FromString(text);
}

static PyObject *layout_drawing(LayoutObject *self, void *closure)
{
    (void)closure;
    char text[KLOTSKI_DRAWING_SIZE];
    klotski_drawing(self->code, 1, text);
    return PyUnicode_FromString(text);
}

static PyObject *layout_class_name(LayoutObject *self, void *closure)
{
    (void)closure;
    struct klotski_class c;
    klotski_class(self->code, &c);
    return PyUnicode_FromString(c.name);
}

static PyObject *layout_solved(LayoutObject *self, void *closure)
{
    (void)closure;
    return PyBool_FromLong(klotski_is_solved(self->code));
}

static PyObject *layout_image(LayoutObject *self, enum klotski_symmetry symmetry)
{
    klotski_code image;
    klotski_image(self->code, symmetry, &image);
    return layout_new_code(image);
}

static PyObject *layout_mirror(LayoutObject *self, PyObject *unused)
{
    (void)unused;
    return layout_image(self, KLOTSKI_MIRROR);
}

static PyObject *layout_flip(LayoutObject *self, PyObject *unused)
{
    (void)unused;
    return layout_image(self, KLOTSKI_FLIP);
}

static PyObject *layout_turn(LayoutObject *self, PyObject *unused)
{
    (void)unused;
    return layout_image(self, KLOTSKI_TURN);
}

static const char piece_letters[] = "oHVK"; /* by enum klotski_piece */

/* Fills the first five fields of a Step or Move struct sequence from a step. */
static int fill_step(PyObject *tuple, const struct klotski_step *step)
{
    PyObject *fields[5] = {PyUnicode_FromStringAndSize(&piece_letters[step->piece], 1),
                           PyLong_FromLong(step->from), PyLong_FromLong(step->to),
                           PyLong_FromLong(step->distance), layout_new_code(step->next)};
    int ok = 1;
    for (int i = 0; i < 5; i++) {
        ok = ok && fields[i];
        PyStructSequence_SetItem(tuple, i, fields[i]);
    }
    return ok ? 0 : -1;
}

static PyObject *layout_steps(LayoutObject *self, PyObject *args, PyObject *kwargs)
{
    PyObject *metric_name = NULL;
    static char *keywords[] = {"metric", NULL};
    enum klotski_metric metric;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O:steps", keywords, &metric_name) ||
        metric_argument(metric_name, &metric) < 0)
        return NULL;
    struct klotski_step steps[KLOTSKI_MAX_STEPS];
    int count;
    klotski_steps_in(self->code, metric, steps, &count);
    PyObject *list = PyList_New(count);
    for (int i = 0; list && i < count; i++) {
        PyObject *step = PyStructSequence_New(step_type);
        PyList_SET_ITEM(list, i, step);
        if (!step || fill_step(step, &steps[i]) < 0)
            Py_CLEAR(list);
    }
    return list;
}

static PyObject *layout_svg(LayoutObject *self, PyObject *unused)
{
    (void)unused;
    char *svg;
    if (klotski_svg(self->code, &svg) != KLOTSKI_OK)
        return PyErr_NoMemory();
    PyObject *text = PyUnicode_FromString(svg);
    klotski_free(svg);
    return text;
}

static PyObject *layout_from_id(PyObject *cls, PyObject *arg)
{
    (void)cls;
    long long id = PyLong_AsLongLong(arg);
    if (id == -1 && PyErr_Occurred())
        return NULL;
    klotski_code code;
    if (klotski_from_id(id, &code) != KLOTSKI_OK)
        return PyErr_Format(PyExc_ValueError, "#%lld: an id is # and a number from 0 to %u", id,
                            KLOTSKI_LAYOUT_COUNT - 1);
    return layout_new_code(code);
}

static PyObject *layout_repr(LayoutObject *self)
{
    char text[KLOTSKI_CODE_SIZE];
    klotski_format(self->code, text);
    return PyUnicode_FromFormat("Layout('%s')", text);
}

static PyObject *layout_str(LayoutObject *self) { return code_text(self->code); }

static Py_hash_t layout_hash(LayoutObject *self) { return (Py_hash_t)self->code; }

static PyObject *layout_richcompare(PyObject *a, PyObject *b, int op)
{
    if (!PyObject_TypeCheck(a, &layout_type) || !PyObject_TypeCheck(b, &layout_type))
        Py_RETURN_NOTIMPLEMENTED;
    klotski_code x = ((LayoutObject *)a)->code, y = ((LayoutObject *)b)->code;
    Py_RETURN_RICHCOMPARE(x, y, op);
}

static PyObject *layout_int(LayoutObject *self) { return PyLong_FromUnsignedLongLong(self->code); }

static PyNumberMethods layout_number = {.nb_int = (unaryfunc)layout_int, .nb_index = (unaryfunc)layout_int};

static PyGetSetDef layout_getset[] = {
    {"code", (getter)layout_code, NULL, "The 9-digit upper-case hex code, e.g. '1A9BF0C00'.", NULL},
    {"value", (getter)layout_value, NULL, "The code as the int that the layouts table stores (also int(layout)).", NULL},
    {"short_code", (getter)layout_short_code, NULL, "The 5-character short code, e.g. '4WVE1'.", NULL},
    {"id", (getter)layout_id, NULL, "The id: the rank of the code among all 29,334,498 legal codes.", NULL},
    {"board", (getter)layout_board, NULL,
     "The board: 5 lines of 4 characters (K the 2x2, H, V the generals, o a 1x1, . empty).", NULL},
    {"drawing", (getter)layout_drawing, NULL, "The board drawn as `klotski show` draws it (11 lines).", NULL},
    {"class_name", (getter)layout_class_name, NULL, "The class: jiang-bing-style, e.g. '5-4-1'.", NULL},
    {"solved", (getter)layout_solved, NULL, "True when the 2x2 stands over the exit.", NULL},
    {NULL},
};

static PyMethodDef layout_methods[] = {
    {"mirror", (PyCFunction)layout_mirror, METH_NOARGS, "mirror() -> Layout\n\nThe left-right mirror image."},
    {"flip", (PyCFunction)layout_flip, METH_NOARGS, "flip() -> Layout\n\nThe up-down image."},
    {"turn", (PyCFunction)layout_turn, METH_NOARGS, "turn() -> Layout\n\nThe layout turned by half a turn."},
    {"steps", (PyCFunction)(void (*)(void))layout_steps, METH_VARARGS | METH_KEYWORDS,
     "steps(metric='step') -> list[Step]\n\nEvery move from the layout under `metric` (as the klotski command's\n"
     "--metric: 'step', 'straight' one direction, 'unit' one cell): (piece, from_cell,\n"
     "to_cell, distance, next).  ValueError for another metric.\n\n"
     ">>> len(klotski.Layout('4WVE1').steps()), len(klotski.Layout('4WVE1').steps(metric='unit'))\n"
     "(8, 4)"},
    {"svg", (PyCFunction)layout_svg, METH_NOARGS, "svg() -> str\n\nThe board as one SVG document."},
    {"from_id", (PyCFunction)layout_from_id, METH_O | METH_CLASS,
     "from_id(id) -> Layout\n\nThe layout whose id is `id` (0 to 29,334,497)."},
    {NULL},
};

PyDoc_STRVAR(layout_doc,
"Layout(layout)\n\n"
"A legal Klotski layout.  `layout` is a str in any form the klotski command takes but\n"
"files and classic names: a code ('1A9BF0C00', short '1a9bf0c'), a short code ('4WVE1'),\n"
"an id ('#4091296'), a 20-digit grid, or a board (5 lines of K H V o ., of one letter\n"
"or digit per piece as 'BAAC/BAAC/DEEF/DGHF/I..J', or a drawing);\n"
"or the int code that the database stores; or a Layout.  Raises ValueError with the\n"
"codec's message when it is no legal layout.\n\n"
">>> klotski.Layout('4WVE1')\n"
"Layout('1A9BF0C00')\n"
">>> klotski.Layout('1A9BF0C00').class_name\n"
"'5-4-1'");

static PyTypeObject layout_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "klotski.Layout",
    .tp_basicsize = sizeof(LayoutObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = layout_doc,
    .tp_new = layout_new,
    .tp_repr = (reprfunc)layout_repr,
    .tp_str = (reprfunc)layout_str,
    .tp_hash = (hashfunc)layout_hash,
    .tp_richcompare = layout_richcompare,
    .tp_as_number = &layout_number,
    .tp_getset = layout_getset,
    .tp_methods = layout_methods,
};

/* ---- Database -------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    klotski_db *db; /* NULL once closed */
} DatabaseObject;

static PyTypeObject database_type;

/* Raises the exception of a failed call on the handle: ValueError for bad input, KeyError
 * for a missing row, UnsolvableError, NoDatabaseError, DatabaseError. */
static PyObject *raise(klotski_db *db, int result)
{
    PyObject *type = result == KLOTSKI_INVALID      ? PyExc_ValueError
                     : result == KLOTSKI_NOTFOUND   ? PyExc_KeyError
                     : result == KLOTSKI_UNSOLVABLE ? unsolvable_error
                     : result == KLOTSKI_CANTOPEN   ? no_database_error
                     : result == KLOTSKI_NOMEM      ? PyExc_MemoryError
                                                    : database_error;
    if (type == PyExc_KeyError) {
        PyObject *message = PyUnicode_FromString(klotski_errmsg(db));
        if (message) {
            PyErr_SetObject(type, message);
            Py_DECREF(message);
        }
        return NULL;
    }
    PyErr_SetString(type, klotski_errmsg(db));
    return NULL;
}

static klotski_db *open_handle(DatabaseObject *self)
{
    if (!self->db)
        PyErr_SetString(database_error, "the database is closed");
    return self->db;
}

static PyObject *module_open(PyObject *module, PyObject *args, PyObject *kwargs)
{
    (void)module;
    PyObject *path = Py_None;
    static char *keywords[] = {"path", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O:open", keywords, &path))
        return NULL;
    PyObject *bytes = NULL;
    if (path != Py_None && !PyUnicode_FSConverter(path, &bytes))
        return NULL;
    klotski_db *db;
    int result = klotski_open(bytes ? PyBytes_AS_STRING(bytes) : NULL, &db);
    Py_XDECREF(bytes);
    if (result != KLOTSKI_OK) {
        raise(db, result);
        klotski_close(db);
        return NULL;
    }
    DatabaseObject *self = PyObject_New(DatabaseObject, &database_type);
    if (!self) {
        klotski_close(db);
        return NULL;
    }
    self->db = db;
    return (PyObject *)self;
}

static void database_dealloc(DatabaseObject *self)
{
    klotski_close(self->db);
    PyObject_Free(self);
}

static PyObject *database_close(DatabaseObject *self, PyObject *unused)
{
    (void)unused;
    klotski_close(self->db);
    self->db = NULL;
    Py_RETURN_NONE;
}

static PyObject *database_enter(DatabaseObject *self, PyObject *unused)
{
    (void)unused;
    return Py_NewRef(self);
}

static PyObject *database_exit(DatabaseObject *self, PyObject *args)
{
    return database_close(self, args);
}

static PyObject *database_path(DatabaseObject *self, void *closure)
{
    (void)closure;
    return self->db ? PyUnicode_DecodeFSDefault(klotski_db_filename(self->db)) : Py_NewRef(Py_None);
}

/* A column that may be NULL (KLOTSKI_NULL) as an int or None. */
static PyObject *number_or_none(int64_t value)
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

static PyObject *group_record(const struct klotski_group *g)
{
    PyObject *fields[] = {
        PyLong_FromLongLong(g->group_id), PyUnicode_FromString(g->name), PyUnicode_FromString(g->class_name),
        PyLong_FromLongLong(g->class_id), PyLong_FromLongLong(g->size), layout_new_code(g->min_code),
        PyLong_FromLongLong(g->solved), number_or_none(g->max_min_steps), number_or_none(g->hardest_count),
        number_or_none(g->diameter), number_or_none(g->radius), number_or_none(g->peripheral_count),
        number_or_none(g->central_count), number_or_none(g->max_min_straight_moves),
        number_or_none(g->max_min_unit_moves)};
    return sequence(group_type, fields, (int)(sizeof fields / sizeof *fields));
}

static PyObject *database_layout(DatabaseObject *self, PyObject *arg)
{
    klotski_db *db = open_handle(self);
    klotski_code code;
    if (!db || layout_argument(arg, &code) < 0)
        return NULL;
    struct klotski_layout l;
    struct klotski_group g;
    int result = klotski_layout(db, code, &l, &g);
    if (result != KLOTSKI_OK)
        return raise(db, result);
    PyObject *fields[] = {
        layout_new_code(l.code), PyLong_FromLongLong(l.group_id), PyLong_FromLongLong(l.group_index),
        number_or_none(l.min_steps), number_or_none(l.min_solution_num), number_or_none(l.farthest_steps),
        number_or_none(l.farthest_num), number_or_none(l.solution_num), number_or_none(l.min_straight_moves),
        number_or_none(l.min_unit_moves), group_record(&g)};
    return sequence(record_type, fields, (int)(sizeof fields / sizeof *fields));
}

static PyObject *database_group(DatabaseObject *self, PyObject *arg)
{
    klotski_db *db = open_handle(self);
    if (!db)
        return NULL;
    const char *name = PyUnicode_AsUTF8(arg);
    if (!name)
        return NULL;
    struct klotski_group g;
    int result = klotski_group_named(db, name, &g);
    return result == KLOTSKI_OK ? group_record(&g) : raise(db, result);
}

/* Reads the arguments (x, metric='step') of solve and moves. */
static int layout_and_metric(PyObject *args, PyObject *kwargs, const char *format, klotski_code *code,
                             enum klotski_metric *metric)
{
    PyObject *layout, *metric_name = NULL;
    static char *keywords[] = {"x", "metric", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, format, keywords, &layout, &metric_name))
        return -1;
    return layout_argument(layout, code) < 0 || metric_argument(metric_name, metric) < 0 ? -1 : 0;
}

static PyObject *database_solve(DatabaseObject *self, PyObject *args, PyObject *kwargs)
{
    klotski_db *db = open_handle(self);
    klotski_code code;
    enum klotski_metric metric;
    if (!db || layout_and_metric(args, kwargs, "O|O:solve", &code, &metric) < 0)
        return NULL;
    klotski_code *route;
    int count;
    int result = klotski_solve_in(db, code, metric, &route, &count);
    if (result != KLOTSKI_OK)
        return raise(db, result);
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

static PyObject *database_moves(DatabaseObject *self, PyObject *args, PyObject *kwargs)
{
    klotski_db *db = open_handle(self);
    klotski_code code;
    enum klotski_metric metric;
    if (!db || layout_and_metric(args, kwargs, "O|O:moves", &code, &metric) < 0)
        return NULL;
    struct klotski_move moves[KLOTSKI_MAX_STEPS];
    int count;
    int result = klotski_moves_in(db, code, metric, moves, &count);
    if (result != KLOTSKI_OK)
        return raise(db, result);
    PyObject *list = PyList_New(count);
    for (int i = 0; list && i < count; i++) {
        PyObject *move = PyStructSequence_New(move_type);
        PyList_SET_ITEM(list, i, move);
        if (!move || fill_step(move, &moves[i].step) < 0) {
            Py_CLEAR(list);
            break;
        }
        PyObject *outcome[] = {number_or_none(moves[i].min_steps), PyLong_FromLong(moves[i].change),
                               number_or_none(moves[i].farthest_steps), number_or_none(moves[i].farthest_num)};
        for (int f = 0; f < 4; f++) {
            PyStructSequence_SetItem(move, 5 + f, outcome[f]);
            if (!outcome[f])
                Py_CLEAR(list);
        }
    }
    return list;
}

/* Binds one Python value to parameter `index` of a statement; -1 with TypeError for a
 * type SQL has no value for. */
static int bind_value(sqlite3_stmt *stmt, int index, PyObject *value)
{
    if (value == Py_None)
        return sqlite3_bind_null(stmt, index), 0;
    if (PyObject_TypeCheck(value, &layout_type))
        return sqlite3_bind_int64(stmt, index, (sqlite3_int64)((LayoutObject *)value)->code), 0;
    if (PyLong_Check(value)) {
        long long number = PyLong_AsLongLong(value);
        return number == -1 && PyErr_Occurred() ? -1 : (sqlite3_bind_int64(stmt, index, number), 0);
    }
    if (PyFloat_Check(value))
        return sqlite3_bind_double(stmt, index, PyFloat_AS_DOUBLE(value)), 0;
    if (PyUnicode_Check(value)) {
        Py_ssize_t size;
        const char *text = PyUnicode_AsUTF8AndSize(value, &size);
        return text ? (sqlite3_bind_text(stmt, index, text, (int)size, SQLITE_TRANSIENT), 0) : -1;
    }
    if (PyBytes_Check(value))
        return sqlite3_bind_blob(stmt, index, PyBytes_AS_STRING(value), (int)PyBytes_GET_SIZE(value),
                                 SQLITE_TRANSIENT), 0;
    PyErr_Format(PyExc_TypeError, "parameter %d: SQL takes None, int, float, str, bytes or Layout, not %.100s",
                 index, Py_TYPE(value)->tp_name);
    return -1;
}

static PyObject *column_value(sqlite3_stmt *stmt, int column)
{
    switch (sqlite3_column_type(stmt, column)) {
    case SQLITE_INTEGER:
        return PyLong_FromLongLong(sqlite3_column_int64(stmt, column));
    case SQLITE_FLOAT:
        return PyFloat_FromDouble(sqlite3_column_double(stmt, column));
    case SQLITE_TEXT:
        return PyUnicode_FromStringAndSize((const char *)sqlite3_column_text(stmt, column),
                                           sqlite3_column_bytes(stmt, column));
    case SQLITE_BLOB:
        return PyBytes_FromStringAndSize(sqlite3_column_blob(stmt, column), sqlite3_column_bytes(stmt, column));
    default:
        return Py_NewRef(Py_None);
    }
}

/* Steps the statement to its end, collecting each row as a tuple. */
static PyObject *collect_rows(sqlite3 *connection, sqlite3_stmt *stmt)
{
    PyObject *rows = PyList_New(0);
    int columns = sqlite3_column_count(stmt), rc;
    while (rows && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        PyObject *row = PyTuple_New(columns);
        for (int c = 0; row && c < columns; c++) {
            PyObject *value = column_value(stmt, c);
            PyTuple_SET_ITEM(row, c, value);
            if (!value)
                Py_CLEAR(row);
        }
        if (!row || PyList_Append(rows, row) < 0)
            Py_CLEAR(rows);
        Py_XDECREF(row);
    }
    if (rows && rc != SQLITE_DONE) {
        PyErr_SetString(database_error, sqlite3_errmsg(connection));
        Py_CLEAR(rows);
    }
    return rows;
}

static PyObject *database_execute(DatabaseObject *self, PyObject *args)
{
    const char *sql;
    PyObject *parameters = NULL;
    klotski_db *db = open_handle(self);
    if (!db || !PyArg_ParseTuple(args, "s|O:execute", &sql, &parameters))
        return NULL;
    sqlite3 *connection = klotski_db_connection(db);
    sqlite3_stmt *stmt;
    const char *tail;
    if (sqlite3_prepare_v2(connection, sql, -1, &stmt, &tail) != SQLITE_OK) {
        PyErr_SetString(database_error, sqlite3_errmsg(connection));
        return NULL;
    }
    if (!stmt || tail[strspn(tail, " \t\r\n;")]) {
        sqlite3_finalize(stmt);
        PyErr_SetString(PyExc_ValueError, "execute runs one SQL statement");
        return NULL;
    }
    PyObject *rows = NULL, *values = parameters ? PySequence_Fast(parameters, "parameters are a sequence") : NULL;
    Py_ssize_t count = values ? PySequence_Fast_GET_SIZE(values) : 0;
    if (parameters && !values)
        goto done;
    if (count != sqlite3_bind_parameter_count(stmt)) {
        PyErr_Format(PyExc_ValueError, "the statement takes %d parameters, %zd given",
                     sqlite3_bind_parameter_count(stmt), count);
        goto done;
    }
    for (Py_ssize_t i = 0; i < count; i++)
        if (bind_value(stmt, (int)i + 1, PySequence_Fast_GET_ITEM(values, i)) < 0)
            goto done;
    rows = collect_rows(connection, stmt);
done:
    Py_XDECREF(values);
    sqlite3_finalize(stmt);
    return rows;
}

static PyGetSetDef database_getset[] = {
    {"path", (getter)database_path, NULL, "The database file (None once closed).", NULL},
    {NULL},
};

static PyMethodDef database_methods[] = {
    {"layout", (PyCFunction)database_layout, METH_O,
     "layout(x) -> Record\n\nThe stored record of a layout (every column of the layouts table) and its group.\n"
     "x: a str in any Layout form, an int code or a Layout.  ValueError for no layout;\n"
     "KeyError when the database lacks it.\n\n"
     ">>> db.layout('1A9BF0C00').min_steps\n81"},
    {"solve", (PyCFunction)(void (*)(void))database_solve, METH_VARARGS | METH_KEYWORDS,
     "solve(x, metric='step') -> list[Layout]\n\nA minimal solution counted in `metric` ('step', 'straight' or 'unit', as\n"
     "the klotski command's --metric): its distance + 1 layouts from x to a solved one,\n"
     "each one move of that kind from the one before.  UnsolvableError when its group\n"
     "holds no solved layout; ValueError for another metric.\n\n"
     ">>> len(db.solve('4WVE1')) - 1, len(db.solve('4WVE1', metric='straight')) - 1\n(81, 90)"},
    {"moves", (PyCFunction)(void (*)(void))database_moves, METH_VARARGS | METH_KEYWORDS,
     "moves(x, metric='step') -> list[Move]\n\nEvery move under `metric` from x with its outcome counted in it, best\n"
     "first, as `klotski --metric METRIC moves` lists them: change -1 optimal, 0 neutral,\n"
     "+1 backwards; ties by the resulting code.  ValueError for another metric."},
    {"group", (PyCFunction)database_group, METH_O,
     "group(name) -> Group\n\nThe group named `name` ('5-4-1-1').  KeyError when there is none."},
    {"execute", (PyCFunction)database_execute, METH_VARARGS,
     "execute(sql, parameters=()) -> list[tuple]\n\nRuns one SQL statement on the database (read-only), with the SQL\n"
     "functions klotski_code, klotski_board, klotski_short, klotski_id, klotski_mirror,\n"
     "klotski_class, klotski_svg and the table klotski_steps; returns every row.\n"
     "DatabaseError for an SQL error, with SQLite's message.\n\n"
     ">>> db.execute('SELECT min_steps FROM layouts WHERE code = ?', [klotski.Layout('4WVE1')])\n"
     "[(81,)]"},
    {"close", (PyCFunction)database_close, METH_NOARGS, "close()\n\nCloses the database; later calls raise DatabaseError."},
    {"__enter__", (PyCFunction)database_enter, METH_NOARGS, NULL},
    {"__exit__", (PyCFunction)database_exit, METH_VARARGS, NULL},
    {NULL},
};

static PyTypeObject database_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "klotski.Database",
    .tp_basicsize = sizeof(DatabaseObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The klotski database, opened read-only by klotski.open(); a context manager.",
    .tp_dealloc = (destructor)database_dealloc,
    .tp_getset = database_getset,
    .tp_methods = database_methods,
};

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
    {"group_index", "rank of its code among its group's codes"},
    {"min_steps", "steps to a solved layout; None when unsolvable"},
    {"min_solution_num", "solved layouts that close; None when unsolvable"},
    {"farthest_steps", "its eccentricity in its group; None until the farthest phase"},
    {"farthest_num", "layouts that far; None until the farthest phase"},
    {"solution_num", "None until the farthest phase, or unsolvable"},
    {"min_straight_moves", "min_steps counted in straight moves; None when unsolvable"},
    {"min_unit_moves", "min_steps counted in unit moves; None when unsolvable"},
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
     "open(path=None) -> Database\n\nOpens the klotski database read-only.  path: the file, or None for the\n"
     "klotski command's lookup order ($KLOTSKI_DB, data/klotski.db in the current folder,\n"
     "the installed PREFIX/share/klotski/klotski.db).  NoDatabaseError when there is none,\n"
     "DatabaseError when it is no klotski database of this format.\n\n"
     ">>> with klotski.open() as db:\n...     db.layout('4WVE1').min_steps\n81"},
    {NULL},
};

PyDoc_STRVAR(module_doc,
"Klotski (华容道) layouts and the klotski database, over libklotski.\n\n"
"Layout(text) parses any layout the klotski command takes (but files and classic\n"
"names) and gives its code, short code, id, board, class, images and steps;\n"
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
    if (PyType_Ready(&layout_type) < 0 || PyType_Ready(&database_type) < 0)
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
        add_type(module, "Database", &database_type) < 0 || add_type(module, "Step", step_type) < 0 ||
        add_type(module, "Move", move_type) < 0 || add_type(module, "Record", record_type) < 0 ||
        add_type(module, "Group", group_type) < 0 ||
        PyModule_AddObjectRef(module, "DatabaseError", database_error) < 0 ||
        PyModule_AddObjectRef(module, "NoDatabaseError", no_database_error) < 0 ||
        PyModule_AddObjectRef(module, "UnsolvableError", unsolvable_error) < 0 ||
        PyModule_AddStringConstant(module, "__version__", klotski_libversion()) < 0 ||
        PyModule_AddIntConstant(module, "LAYOUT_COUNT", KLOTSKI_LAYOUT_COUNT) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
