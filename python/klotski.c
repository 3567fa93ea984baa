/* The Python module `klotski`: a CPython extension over libklotski (klotski.h).
 * Layout is a C type holding one code, so that Layout(text) costs one parse; the records
 * are struct sequences (named tuples); Database wraps a klotski_db handle, whose SQLite
 * connection has the SQL functions registered, and Database.execute returns a Cursor that
 * steps its statement as rows are fetched.  The database's calls run with the GIL
 * released and the handle's lock held (see "Database" below).  python/klotski.pyi gives
 * the types. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <pythread.h>

#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include <klotski.h>
#include "pack.h"

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

const char *text_argument(PyObject *value, const char *what)
{
    if (!PyUnicode_Check(value)) {
        PyErr_Format(PyExc_TypeError, "%s is a str, not %.100s", what, Py_TYPE(value)->tp_name);
        return NULL;
    }
    Py_ssize_t size;
    const char *text = PyUnicode_AsUTF8AndSize(value, &size);
    if (text && strlen(text) != (size_t)size) {
        PyErr_Format(PyExc_ValueError, "%R: %s holds a NUL character", value, what);
        return NULL;
    }
    return text;
}

PyObject *layout_new_code(klotski_code code)
{
    LayoutObject *self = PyObject_New(LayoutObject, &layout_type);
    if (self)
        self->code = code;
    return (PyObject *)self;
}

int layout_argument(PyObject *value, klotski_code *code)
{
    char message[KLOTSKI_MESSAGE_SIZE];
    if (PyObject_TypeCheck(value, &layout_type)) {
        *code = ((LayoutObject *)value)->code;
        return 0;
    }
    if (PyUnicode_Check(value)) {
        const char *text = text_argument(value, "a layout");
        if (!text)
            return -1;
        int result = klotski_parse(text, code, message);
        if (result == KLOTSKI_OK)
            return 0;
        if (result == KLOTSKI_NOMEM)
            PyErr_NoMemory();
        else
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
    const char *name = text_argument(value, "a metric");
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

/* Layout(int code): what pickle and copy call again. */
static PyObject *layout_reduce(LayoutObject *self, PyObject *unused)
{
    (void)unused;
    return Py_BuildValue("(O(K))", Py_TYPE(self), (unsigned long long)self->code);
}

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
    {"mirror", (PyCFunction)layout_mirror, METH_NOARGS, "mirror($self, /)\n--\n\nThe left-right mirror image, a Layout."},
    {"flip", (PyCFunction)layout_flip, METH_NOARGS, "flip($self, /)\n--\n\nThe up-down image, a Layout."},
    {"turn", (PyCFunction)layout_turn, METH_NOARGS, "turn($self, /)\n--\n\nThe layout turned by half a turn, a Layout."},
    {"steps", (PyCFunction)(void (*)(void))layout_steps, METH_VARARGS | METH_KEYWORDS,
     "steps($self, /, metric='step')\n--\n\nEvery move from the layout under `metric`, a list of Steps (as the klotski command's\n"
     "--metric: 'step', 'straight' one direction, 'unit' one cell): (piece, from_cell,\n"
     "to_cell, distance, next).  ValueError for another metric.\n\n"
     ">>> len(klotski.Layout('4WVE1').steps()), len(klotski.Layout('4WVE1').steps(metric='unit'))\n"
     "(8, 4)"},
    {"svg", (PyCFunction)layout_svg, METH_NOARGS, "svg($self, /)\n--\n\nThe board as one SVG document (a str)."},
    {"__reduce__", (PyCFunction)layout_reduce, METH_NOARGS,
     "__reduce__($self, /)\n--\n\nPickles (and copies) a Layout as its int code."},
    {"from_id", (PyCFunction)layout_from_id, METH_O | METH_CLASS,
     "from_id($type, id, /)\n--\n\nThe Layout whose id is `id` (0 to 29,334,497)."},
    {NULL},
};

PyDoc_STRVAR(layout_doc,
"Layout(layout)\n--\n\n"
"A legal Klotski layout.  `layout` is a str in any form the klotski command takes but\n"
"files: a code ('1A9BF0C00', short '1a9bf0c'), a short code ('4WVE1'), an id\n"
"('#4091296'), a 20-digit grid, a board (5 lines of K H V o ., of one letter or digit\n"
"per piece as 'BAAC/BAAC/DEEF/DGHF/I..J', or a drawing), or a classic name\n"
"('横刀立马', '四面楚歌#2'), also in pinyin ('hengdaolima', 'héng dāo lì mǎ');\n"
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

/* A Database's handle is shared by the threads that use it, under the locking rule of
 * pack.h (lock_handle): SQLite runs with the GIL released too. */

typedef struct CursorObject CursorObject;

typedef struct {
    PyObject_HEAD
    klotski_db *db;              /* NULL once closed */
    PyThread_type_lock lock;     /* held around every use of db and of cursors */
    CursorObject *cursors;       /* the cursors with a statement, linked through next */
    int64_t signals_checked_ms;  /* when the progress handler last ran the signal handlers */
} DatabaseObject;

static PyTypeObject database_type, cursor_type;

/* How often a running statement lets Python run its signal handlers (Ctrl-C), in
 * milliseconds, and how many SQLite virtual-machine steps lie between looks at the clock. */
#define SIGNAL_CHECK_MS 50
#define PROGRESS_STEPS 1000

void lock_handle(PyThread_type_lock lock)
{
    if (PyThread_acquire_lock(lock, NOWAIT_LOCK))
        return;
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(lock, WAIT_LOCK);
    Py_END_ALLOW_THREADS
}

/* The progress handler of the handle's connection: every SIGNAL_CHECK_MS while a
 * statement runs, it takes the GIL and runs the signal handlers; when one raises
 * (KeyboardInterrupt), SQLite stops the statement and the exception is the call's. */
static int run_signal_handlers(void *arg)
{
    DatabaseObject *self = arg;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    int64_t ms = (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
    if (ms - self->signals_checked_ms < SIGNAL_CHECK_MS)
        return 0;
    self->signals_checked_ms = ms;
    PyGILState_STATE gil = PyGILState_Ensure();
    int stop = PyErr_Occurred() || PyErr_CheckSignals() < 0;
    PyGILState_Release(gil);
    return stop;
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

/* Whether the handle's last failure was SQLite running out of memory, which the library
 * reports as a database error: it raises MemoryError, as Python's own do. */
static int out_of_memory(klotski_db *db)
{
    sqlite3 *connection = db ? klotski_db_connection(db) : NULL;
    return connection && sqlite3_errcode(connection) == SQLITE_NOMEM;
}

/* The message of a failed call, copied under the lock (the next call replaces the
 * handle's). */
static void keep_message(DatabaseObject *self, int result, char message[KLOTSKI_MESSAGE_SIZE])
{
    snprintf(message, KLOTSKI_MESSAGE_SIZE, "%s",
             result == HANDLE_CLOSED ? "the database is closed" : klotski_errmsg(self->db));
}

/* open(path=None): the places looked at and not found join the message of a database
 * not found. */
static PyObject *raise_not_found(const char *message)
{
    size_t size = klotski_db_places(NULL, 0) + 1;
    char *places = PyMem_Malloc(size);
    if (!places)
        return PyErr_NoMemory();
    klotski_db_places(places, size);
    PyObject *text = PyUnicode_FromFormat("%s\nlooked in, in this order:\n%s", message, places);
    PyMem_Free(places);
    if (text) {
        PyErr_SetObject(no_database_error, text);
        Py_DECREF(text);
    }
    return NULL;
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
    DatabaseObject *self = PyObject_New(DatabaseObject, &database_type);
    if (!self) {
        Py_XDECREF(bytes);
        return NULL;
    }
    self->db = NULL;
    self->cursors = NULL;
    self->signals_checked_ms = 0;
    self->lock = PyThread_allocate_lock();
    if (!self->lock) {
        Py_XDECREF(bytes);
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    klotski_db *db;
    int result;
    Py_BEGIN_ALLOW_THREADS
    result = klotski_open(bytes ? PyBytes_AS_STRING(bytes) : NULL, &db);
    Py_END_ALLOW_THREADS
    if (result != KLOTSKI_OK) {
        char message[KLOTSKI_MESSAGE_SIZE];
        snprintf(message, sizeof message, "%s", klotski_errmsg(db));
        result = out_of_memory(db) ? KLOTSKI_NOMEM : result;
        /* The places only when the lookup chose a file that is not there: a file there
         * that cannot be opened is not one of them. */
        int missing = !bytes && result == KLOTSKI_CANTOPEN && klotski_db_filename(db) &&
                      access(klotski_db_filename(db), F_OK) != 0;
        klotski_close(db);
        Py_DECREF(self);
        if (missing)
            return raise_not_found(message);
        Py_XDECREF(bytes);
        return raise_failure(result, message);
    }
    Py_XDECREF(bytes);
    self->db = db;
    sqlite3_progress_handler(klotski_db_connection(db), PROGRESS_STEPS, run_signal_handlers, self);
    return (PyObject *)self;
}

/* ---- Cursor ---------------------------------------------------------------------- */

/* A statement that db.execute prepared, stepped row by row as the rows are fetched.  It
 * holds its Database; the Database lists the cursors whose statement is open, to
 * finalize them when it closes. */
struct CursorObject {
    PyObject_HEAD
    DatabaseObject *database;
    sqlite3_stmt *stmt;        /* NULL once every row was read, or closed */
    int row_ready;             /* stmt holds a row not fetched yet */
    int closed;
    PyObject *description;
    Py_ssize_t arraysize;
    CursorObject *next, **link; /* in database->cursors, while stmt is not NULL */
};

/* Finalizes the statement and takes the cursor off its database's list; the lock held. */
static void finish_statement(CursorObject *self)
{
    if (!self->stmt)
        return;
    sqlite3_finalize(self->stmt);
    self->stmt = NULL;
    self->row_ready = 0;
    *self->link = self->next;
    if (self->next)
        self->next->link = self->link;
}

/* Steps the statement with the GIL released, the lock held.  Returns 1 with a row ready,
 * 0 at the end (the statement finalized, so that an idle cursor holds no read lock), -1
 * with DatabaseError, or the exception a signal handler raised meanwhile. */
static int step_statement(CursorObject *self)
{
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = sqlite3_step(self->stmt);
    Py_END_ALLOW_THREADS
    if (rc == SQLITE_ROW)
        return self->row_ready = 1;
    if (rc == SQLITE_NOMEM && !PyErr_Occurred())
        PyErr_NoMemory();
    else if (rc != SQLITE_DONE && !PyErr_Occurred())
        PyErr_SetString(database_error, sqlite3_errmsg(klotski_db_connection(self->database->db)));
    finish_statement(self);
    return rc == SQLITE_DONE && !PyErr_Occurred() ? 0 : -1;
}

static PyObject *column_value(sqlite3_stmt *stmt, int column)
{
    switch (sqlite3_column_type(stmt, column)) {
    case SQLITE_INTEGER:
        return PyLong_FromLongLong(sqlite3_column_int64(stmt, column));
    case SQLITE_FLOAT:
        return PyFloat_FromDouble(sqlite3_column_double(stmt, column));
    case SQLITE_TEXT: {
        const char *text = (const char *)sqlite3_column_text(stmt, column);
        return text ? PyUnicode_FromStringAndSize(text, sqlite3_column_bytes(stmt, column)) : PyErr_NoMemory();
    }
    case SQLITE_BLOB: {
        const void *blob = sqlite3_column_blob(stmt, column);
        int size = sqlite3_column_bytes(stmt, column);
        return blob || size == 0 ? PyBytes_FromStringAndSize(blob, size) : PyErr_NoMemory();
    }
    default:
        return Py_NewRef(Py_None);
    }
}

/* The next row as a tuple; NULL at the end without an exception, or with one. */
static PyObject *cursor_next_row(CursorObject *self)
{
    if (self->closed)
        return PyErr_Format(database_error, "the cursor is closed");
    PyObject *row = NULL;
    lock_handle(self->database->lock);
    if (self->stmt && (self->row_ready || step_statement(self) > 0)) {
        int columns = sqlite3_column_count(self->stmt);
        row = PyTuple_New(columns);
        for (int c = 0; row && c < columns; c++) {
            PyObject *value = column_value(self->stmt, c);
            PyTuple_SET_ITEM(row, c, value);
            if (!value)
                Py_CLEAR(row);
        }
        self->row_ready = 0;
    }
    PyThread_release_lock(self->database->lock);
    return row;
}

static PyObject *cursor_iternext(CursorObject *self) { return cursor_next_row(self); }

static PyObject *cursor_fetchone(CursorObject *self, PyObject *unused)
{
    (void)unused;
    PyObject *row = cursor_next_row(self);
    return row || PyErr_Occurred() ? row : Py_NewRef(Py_None);
}

/* Up to `limit` rows (all with a negative limit) as a list. */
static PyObject *cursor_rows(CursorObject *self, Py_ssize_t limit)
{
    PyObject *rows = PyList_New(0), *row;
    while (rows && limit-- != 0 && (row = cursor_next_row(self))) {
        if (PyList_Append(rows, row) < 0)
            Py_CLEAR(rows);
        Py_DECREF(row);
    }
    if (rows && PyErr_Occurred())
        Py_CLEAR(rows);
    return rows;
}

static PyObject *cursor_fetchmany(CursorObject *self, PyObject *args, PyObject *kwargs)
{
    Py_ssize_t size = self->arraysize;
    static char *keywords[] = {"size", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|n:fetchmany", keywords, &size))
        return NULL;
    return cursor_rows(self, size < 0 ? 0 : size);
}

static PyObject *cursor_fetchall(CursorObject *self, PyObject *unused)
{
    (void)unused;
    return cursor_rows(self, -1);
}

static PyObject *cursor_close(CursorObject *self, PyObject *unused)
{
    (void)unused;
    lock_handle(self->database->lock);
    finish_statement(self);
    self->closed = 1;
    PyThread_release_lock(self->database->lock);
    Py_RETURN_NONE;
}

static void cursor_dealloc(CursorObject *self)
{
    if (self->database) {
        lock_handle(self->database->lock);
        finish_statement(self);
        PyThread_release_lock(self->database->lock);
    }
    Py_XDECREF(self->description);
    Py_XDECREF(self->database);
    PyObject_Free(self);
}

static PyObject *cursor_description(CursorObject *self, void *closure)
{
    (void)closure;
    return Py_NewRef(self->description);
}

static PyObject *cursor_rowcount(CursorObject *self, void *closure)
{
    (void)self, (void)closure;
    return PyLong_FromLong(-1);
}

static PyGetSetDef cursor_getset[] = {
    {"description", (getter)cursor_description, NULL,
     "One 7-tuple per column, (name, None, None, None, None, None, None), as PEP 249 has it;\n"
     "None for a statement without columns.", NULL},
    {"rowcount", (getter)cursor_rowcount, NULL, "-1: the rows are counted as they are read (PEP 249).", NULL},
    {NULL},
};

static PyMemberDef cursor_members[] = {
    {"arraysize", T_PYSSIZET, offsetof(CursorObject, arraysize), 0, "The rows fetchmany() reads by default (1)."},
    {NULL},
};

PyObject *self_of(PyObject *self, PyObject *unused)
{
    (void)unused;
    return Py_NewRef(self);
}

static PyObject *cursor_exit(CursorObject *self, PyObject *args)
{
    (void)args;
    return cursor_close(self, NULL);
}

static PyMethodDef cursor_methods[] = {
    {"fetchone", (PyCFunction)cursor_fetchone, METH_NOARGS,
     "fetchone($self, /)\n--\n\nThe next row as a tuple, or None after the last."},
    {"fetchmany", (PyCFunction)(void (*)(void))cursor_fetchmany, METH_VARARGS | METH_KEYWORDS,
     "fetchmany($self, /, size=1)\n--\n\nThe next `size` rows (arraysize when not given) as a list; fewer at the end."},
    {"fetchall", (PyCFunction)cursor_fetchall, METH_NOARGS,
     "fetchall($self, /)\n--\n\nThe rows not read yet, as a list."},
    {"close", (PyCFunction)cursor_close, METH_NOARGS,
     "close($self, /)\n--\n\nEnds the statement; fetching later raises DatabaseError."},
    {"__enter__", (PyCFunction)self_of, METH_NOARGS, "__enter__($self, /)\n--\n\nThe cursor."},
    {"__exit__", (PyCFunction)cursor_exit, METH_VARARGS,
     "__exit__($self, exc_type, exc_value, traceback, /)\n--\n\nCloses the cursor."},
    {NULL},
};

static PyTypeObject cursor_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "klotski.Cursor",
    .tp_basicsize = sizeof(CursorObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .tp_doc = "The rows of one SQL statement, read from the database as they are fetched\n"
              "(Database.execute; PEP 249's cursor, without execute of its own).  An iterator of\n"
              "tuples; closed with its database.",
    .tp_dealloc = (destructor)cursor_dealloc,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)cursor_iternext,
    .tp_getset = cursor_getset,
    .tp_members = cursor_members,
    .tp_methods = cursor_methods,
};

/* ---- Database's calls ------------------------------------------------------------ */

static void database_dealloc(DatabaseObject *self)
{
    /* The cursors hold their database: none is left here. */
    klotski_close(self->db);
    if (self->lock)
        PyThread_free_lock(self->lock);
    PyObject_Free(self);
}

static PyObject *database_close(DatabaseObject *self, PyObject *unused)
{
    (void)unused;
    lock_handle(self->lock);
    for (CursorObject *cursor = self->cursors; cursor; cursor = self->cursors) {
        finish_statement(cursor);
        cursor->closed = 1;
    }
    Py_BEGIN_ALLOW_THREADS
    klotski_close(self->db);
    Py_END_ALLOW_THREADS
    self->db = NULL;
    PyThread_release_lock(self->lock);
    Py_RETURN_NONE;
}

static PyObject *database_exit(DatabaseObject *self, PyObject *args)
{
    (void)args;
    return database_close(self, NULL);
}

static PyObject *database_path(DatabaseObject *self, void *closure)
{
    (void)closure;
    lock_handle(self->lock);
    PyObject *path = self->db ? PyUnicode_DecodeFSDefault(klotski_db_filename(self->db)) : Py_NewRef(Py_None);
    PyThread_release_lock(self->lock);
    return path;
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

/* Runs `call` (a library call on `db`, setting `result`) on the handle (LOCKED_CALL); the
 * message of a failure kept in `message`. */
#define HANDLE_CALL(self, result, message, call)                                                          \
    LOCKED_CALL((self)->lock, klotski_db *, db, (self)->db, result, call,                                 \
                keep_message(self, result, message); (result) = out_of_memory(db) ? KLOTSKI_NOMEM : (result))

static PyObject *database_layout(DatabaseObject *self, PyObject *arg)
{
    klotski_code code;
    if (layout_argument(arg, &code) < 0)
        return NULL;
    struct klotski_layout l;
    struct klotski_group g;
    struct klotski_layout_metrics lm = {.size = sizeof lm};
    struct klotski_group_metrics gm = {.size = sizeof gm};
    char message[KLOTSKI_MESSAGE_SIZE];
    int result;
    HANDLE_CALL(self, result, message, klotski_layout_v2(db, code, &l, &lm, &g, &gm));
    if (result != KLOTSKI_OK || PyErr_Occurred())
        return raise_failure(result, message);
    return layout_record(&l, &lm, &g, &gm);
}

static PyObject *database_group(DatabaseObject *self, PyObject *arg)
{
    const char *name = text_argument(arg, "a group name");
    if (!name)
        return NULL;
    struct klotski_group g;
    struct klotski_group_metrics gm = {.size = sizeof gm};
    char message[KLOTSKI_MESSAGE_SIZE];
    int result;
    HANDLE_CALL(self, result, message, klotski_group_named_v2(db, name, &g, &gm));
    return result == KLOTSKI_OK && !PyErr_Occurred() ? group_record(&g, &gm) : raise_failure(result, message);
}


/* ---- Members: db.members(group) ---------------------------------------------------- */

/* An iterator over a group's members (klotski_members of klotski.h), which holds all the
 * group's member lists and nothing of the database. */
typedef struct {
    PyObject_HEAD
    klotski_members *walk;
    int64_t left; /* members not yet given */
} MembersObject;

static void members_dealloc(MembersObject *self)
{
    klotski_members_close(self->walk);
    PyObject_Free(self);
}

static PyObject *members_iternext(MembersObject *self)
{
    klotski_code code;
    if (!klotski_members_next(self->walk, &code, NULL))
        return NULL; /* StopIteration */
    self->left--;
    return layout_new_code(code);
}

static PyObject *members_length_hint(MembersObject *self, PyObject *unused)
{
    (void)unused;
    return PyLong_FromLongLong(self->left);
}

static PyMethodDef members_methods[] = {
    {"__length_hint__", (PyCFunction)members_length_hint, METH_NOARGS,
     "__length_hint__($self, /)\n--\n\nThe members not yet given."},
    {NULL},
};

static PyTypeObject members_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "klotski.Members",
    .tp_basicsize = sizeof(MembersObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "An iterator over a group's members in code order (Database.members).",
    .tp_dealloc = (destructor)members_dealloc,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)members_iternext,
    .tp_methods = members_methods,
};

static PyObject *database_members(DatabaseObject *self, PyObject *arg)
{
    const char *name = text_argument(arg, "a group name");
    if (!name)
        return NULL;
    klotski_members *walk = NULL;
    char message[KLOTSKI_MESSAGE_SIZE];
    int result;
    HANDLE_CALL(self, result, message, klotski_members_open(db, name, &walk));
    if (result != KLOTSKI_OK || PyErr_Occurred()) {
        klotski_members_close(walk);
        return raise_failure(result, message);
    }
    MembersObject *members = PyObject_New(MembersObject, &members_type);
    if (!members) {
        klotski_members_close(walk);
        return NULL;
    }
    members->walk = walk;
    members->left = klotski_members_count(walk);
    return (PyObject *)members;
}

int layout_and_metric(PyObject *args, PyObject *kwargs, const char *format, klotski_code *code,
                             enum klotski_metric *metric)
{
    PyObject *layout, *metric_name = NULL;
    static char *keywords[] = {"x", "metric", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, format, keywords, &layout, &metric_name))
        return -1;
    return layout_argument(layout, code) < 0 || metric_argument(metric_name, metric) < 0 ? -1 : 0;
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

static PyObject *database_solve(DatabaseObject *self, PyObject *args, PyObject *kwargs)
{
    klotski_code code;
    enum klotski_metric metric;
    if (layout_and_metric(args, kwargs, "O|O:solve", &code, &metric) < 0)
        return NULL;
    klotski_code *route = NULL;
    int count, result;
    char message[KLOTSKI_MESSAGE_SIZE];
    HANDLE_CALL(self, result, message, klotski_solve_in(db, code, metric, &route, &count));
    if (result != KLOTSKI_OK || PyErr_Occurred()) {
        klotski_free(route);
        return raise_failure(result, message);
    }
    return route_list(route, count);
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

static PyObject *database_moves(DatabaseObject *self, PyObject *args, PyObject *kwargs)
{
    klotski_code code;
    enum klotski_metric metric;
    if (layout_and_metric(args, kwargs, "O|O:moves", &code, &metric) < 0)
        return NULL;
    struct klotski_move moves[KLOTSKI_MAX_STEPS];
    int count, result;
    char message[KLOTSKI_MESSAGE_SIZE];
    HANDLE_CALL(self, result, message, klotski_moves_in(db, code, metric, moves, &count));
    if (result != KLOTSKI_OK || PyErr_Occurred())
        return raise_failure(result, message);
    return move_list(moves, count);
}

/* Binds one Python value to parameter `index` of a statement: None, int, float, str,
 * bytes (each with its length: a NUL inside is data) or a Layout (its int code).  -1
 * with TypeError for a type SQL has no value for, OverflowError past 64 bits. */
static int bind_value(sqlite3_stmt *stmt, int index, PyObject *value)
{
    int rc;
    if (value == Py_None)
        rc = sqlite3_bind_null(stmt, index);
    else if (PyObject_TypeCheck(value, &layout_type))
        rc = sqlite3_bind_int64(stmt, index, (sqlite3_int64)((LayoutObject *)value)->code);
    else if (PyLong_Check(value)) {
        long long number = PyLong_AsLongLong(value);
        if (number == -1 && PyErr_Occurred())
            return -1;
        rc = sqlite3_bind_int64(stmt, index, number);
    } else if (PyFloat_Check(value))
        rc = sqlite3_bind_double(stmt, index, PyFloat_AS_DOUBLE(value));
    else if (PyUnicode_Check(value)) {
        Py_ssize_t size;
        const char *text = PyUnicode_AsUTF8AndSize(value, &size);
        if (!text)
            return -1;
        rc = sqlite3_bind_text64(stmt, index, text, (sqlite3_uint64)size, SQLITE_TRANSIENT, SQLITE_UTF8);
    } else if (PyBytes_Check(value))
        rc = sqlite3_bind_blob64(stmt, index, PyBytes_AS_STRING(value), (sqlite3_uint64)PyBytes_GET_SIZE(value),
                                 SQLITE_TRANSIENT);
    else {
        PyErr_Format(PyExc_TypeError, "parameter %d: SQL takes None, int, float, str, bytes or Layout, not %.100s",
                     index, Py_TYPE(value)->tp_name);
        return -1;
    }
    if (rc == SQLITE_NOMEM)
        PyErr_NoMemory();
    else if (rc != SQLITE_OK)
        PyErr_Format(database_error, "parameter %d: %s", index, sqlite3_errstr(rc));
    return rc == SQLITE_OK ? 0 : -1;
}

/* Binds the parameters of a statement, PEP 249's qmark and named styles: a sequence
 * for `?` (as many values as the statement has parameters), a mapping for `:name`
 * (`@name`, `$name`; a value for each name, other keys ignored).  -1 with ValueError
 * for a wrong count, a missing name or a mix, TypeError for other parameters. */
static int bind_parameters(sqlite3_stmt *stmt, PyObject *parameters)
{
    int count = sqlite3_bind_parameter_count(stmt);
    int named = count > 0 && sqlite3_bind_parameter_name(stmt, 1) && sqlite3_bind_parameter_name(stmt, 1)[0] != '?';
    for (int i = 2; i <= count; i++) {
        const char *name = sqlite3_bind_parameter_name(stmt, i);
        if ((name && name[0] != '?') != named) {
            PyErr_SetString(PyExc_ValueError, "the statement mixes ? and :name parameters");
            return -1;
        }
    }
    if (!parameters || PyTuple_Check(parameters) || PyList_Check(parameters) ||
        (PySequence_Check(parameters) && !PyUnicode_Check(parameters) && !PyBytes_Check(parameters) &&
         !PyDict_Check(parameters))) {
        Py_ssize_t given = parameters ? PySequence_Size(parameters) : 0;
        if (given < 0)
            return -1;
        if (named) {
            PyErr_Format(PyExc_ValueError, "the statement names its parameters (%s): give a mapping",
                         sqlite3_bind_parameter_name(stmt, 1));
            return -1;
        }
        if (given != count) {
            PyErr_Format(PyExc_ValueError, "the statement takes %d parameter%s, %zd given", count,
                         count == 1 ? "" : "s", given);
            return -1;
        }
        for (int i = 1; i <= count; i++) {
            PyObject *value = PySequence_GetItem(parameters, i - 1);
            int bound = value ? bind_value(stmt, i, value) : -1;
            Py_XDECREF(value);
            if (bound < 0)
                return -1;
        }
        return 0;
    }
    if (!PyMapping_Check(parameters) || PyUnicode_Check(parameters) || PyBytes_Check(parameters)) {
        PyErr_Format(PyExc_TypeError, "parameters are a sequence (for ?) or a mapping (for :name), not %.100s",
                     Py_TYPE(parameters)->tp_name);
        return -1;
    }
    if (count > 0 && !named) {
        PyErr_SetString(PyExc_ValueError, "the statement's parameters are ?: give a sequence");
        return -1;
    }
    for (int i = 1; i <= count; i++) {
        const char *name = sqlite3_bind_parameter_name(stmt, i);
        PyObject *key = PyUnicode_FromString(name + 1);
        PyObject *value = key ? PyObject_GetItem(parameters, key) : NULL;
        Py_XDECREF(key);
        if (!value && PyErr_ExceptionMatches(PyExc_KeyError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "no value for the parameter %s in the mapping", name);
        }
        int bound = value ? bind_value(stmt, i, value) : -1;
        Py_XDECREF(value);
        if (bound < 0)
            return -1;
    }
    return 0;
}

/* PEP 249's description of a statement's columns, or None without columns. */
static PyObject *column_description(sqlite3_stmt *stmt)
{
    int columns = sqlite3_column_count(stmt);
    if (columns == 0)
        return Py_NewRef(Py_None);
    PyObject *description = PyTuple_New(columns);
    for (int c = 0; description && c < columns; c++) {
        const char *name = sqlite3_column_name(stmt, c);
        PyObject *column = name ? Py_BuildValue("(sOOOOOO)", name, Py_None, Py_None, Py_None, Py_None, Py_None,
                                                Py_None)
                                : PyErr_NoMemory();
        PyTuple_SET_ITEM(description, c, column);
        if (!column)
            Py_CLEAR(description);
    }
    return description;
}

/* Prepares the cursor's statement, binds its parameters and steps to its first row, the
 * lock held.  Returns 0, or -1 with an exception (the statement finalized). */
static int start_statement(CursorObject *cursor, const char *sql, PyObject *parameters)
{
    DatabaseObject *database = cursor->database;
    if (!database->db) {
        PyErr_SetString(database_error, "the database is closed");
        return -1;
    }
    sqlite3 *connection = klotski_db_connection(database->db);
    sqlite3_stmt *stmt;
    const char *tail;
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = sqlite3_prepare_v2(connection, sql, -1, &stmt, &tail);
    Py_END_ALLOW_THREADS
    if (rc != SQLITE_OK) {
        if (!PyErr_Occurred())
            PyErr_SetString(rc == SQLITE_NOMEM ? PyExc_MemoryError : database_error, sqlite3_errmsg(connection));
        return -1;
    }
    if (!stmt || tail[strspn(tail, " \t\r\n;")]) {
        sqlite3_finalize(stmt);
        PyErr_SetString(PyExc_ValueError, "execute runs one SQL statement");
        return -1;
    }
    cursor->stmt = stmt;
    cursor->next = database->cursors;
    cursor->link = &database->cursors;
    if (cursor->next)
        cursor->next->link = &cursor->next;
    database->cursors = cursor;
    if (!(cursor->description = column_description(stmt)) || bind_parameters(stmt, parameters) < 0 ||
        step_statement(cursor) < 0) {
        finish_statement(cursor);
        return -1;
    }
    return 0;
}

static PyObject *database_execute(DatabaseObject *self, PyObject *args, PyObject *kwargs)
{
    const char *sql;
    PyObject *parameters = NULL;
    static char *keywords[] = {"sql", "parameters", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s|O:execute", keywords, &sql, &parameters))
        return NULL;
    CursorObject *cursor = PyObject_New(CursorObject, &cursor_type);
    if (!cursor)
        return NULL;
    cursor->database = (DatabaseObject *)Py_NewRef(self);
    cursor->stmt = NULL;
    cursor->row_ready = cursor->closed = 0;
    cursor->description = NULL;
    cursor->arraysize = 1;
    cursor->next = NULL;
    cursor->link = NULL;
    lock_handle(self->lock);
    int started = start_statement(cursor, sql, parameters);
    PyThread_release_lock(self->lock);
    if (started < 0)
        Py_CLEAR(cursor);
    return (PyObject *)cursor;
}

static PyGetSetDef database_getset[] = {
    {"path", (getter)database_path, NULL, "The database file (None once closed).", NULL},
    {NULL},
};

static PyMethodDef database_methods[] = {
    {"layout", (PyCFunction)database_layout, METH_O,
     "layout($self, x, /)\n--\n\n"
     "The stored record of a layout (a Record: every column of the layouts table) and its\n"
     "group.  x: a str in any Layout form, an int code or a Layout.  ValueError for no\n"
     "layout; KeyError when the database lacks it.\n\n"
     ">>> db.layout('1A9BF0C00').min_steps\n81"},
    {"solve", (PyCFunction)(void (*)(void))database_solve, METH_VARARGS | METH_KEYWORDS,
     "solve($self, /, x, metric='step')\n--\n\n"
     "A minimal solution counted in `metric` ('step', 'straight' or 'unit', as the klotski\n"
     "command's --metric), as a list of Layouts: its distance + 1 layouts from x to a solved\n"
     "one, each one move of that kind from the one before.  UnsolvableError when its group\n"
     "holds no solved layout; ValueError for another metric.\n\n"
     ">>> len(db.solve('4WVE1')) - 1, len(db.solve('4WVE1', metric='straight')) - 1\n(81, 90)"},
    {"moves", (PyCFunction)(void (*)(void))database_moves, METH_VARARGS | METH_KEYWORDS,
     "moves($self, /, x, metric='step')\n--\n\n"
     "Every move under `metric` from x with its outcome counted in it (a list of Moves), best\n"
     "first, as `klotski --metric METRIC moves` lists them: change -1 optimal, 0 neutral,\n"
     "+1 backwards; ties by the resulting code.  ValueError for another metric."},
    {"group", (PyCFunction)database_group, METH_O,
     "group($self, name, /)\n--\n\nThe group named `name` ('5-4-1-1'), a Group.  KeyError when there is none."},
    {"members", (PyCFunction)database_members, METH_O,
     "members($self, name, /)\n--\n\nThe members of the group named `name`, an iterator of Layouts in code order (the\n"
     "n-th has group_index n), from the database's stored member lists, read whole here:\n"
     "the iterator holds no lock and outlives the database's close.  KeyError when there is\n"
     "no such group.\n\n"
     ">>> next(db.members('5-4-1-1'))\nLayout('00A6BFC00')"},
    {"execute", (PyCFunction)(void (*)(void))database_execute, METH_VARARGS | METH_KEYWORDS,
     "execute($self, /, sql, parameters=())\n--\n\n"
     "Runs one SQL statement on the database (read-only), with the SQL functions\n"
     "klotski_code, klotski_board, klotski_short, klotski_id, klotski_mirror, klotski_class,\n"
     "klotski_svg and the table klotski_steps, and returns a Cursor over its rows, read as\n"
     "they are fetched.  parameters: a sequence for `?`, a mapping for `:name` (PEP 249's\n"
     "qmark and named styles); ValueError for a wrong count or a missing name.\n"
     "DatabaseError for an SQL error, with SQLite's message.\n\n"
     ">>> db.execute('SELECT min_steps FROM layouts WHERE code = ?', [klotski.Layout('4WVE1')]).fetchall()\n"
     "[(81,)]\n"
     ">>> db.execute('SELECT klotski_short(:x) AS short', {'x': '1A9BF0C00'}).fetchone()\n"
     "('4WVE1',)"},
    {"close", (PyCFunction)database_close, METH_NOARGS,
     "close($self, /)\n--\n\nCloses the database and its cursors; later calls raise DatabaseError."},
    {"__enter__", (PyCFunction)self_of, METH_NOARGS, "__enter__($self, /)\n--\n\nThe database."},
    {"__exit__", (PyCFunction)database_exit, METH_VARARGS,
     "__exit__($self, exc_type, exc_value, traceback, /)\n--\n\nCloses the database."},
    {NULL},
};

static PyTypeObject database_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "klotski.Database",
    .tp_basicsize = sizeof(DatabaseObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .tp_doc = "The klotski database, opened read-only by klotski.open(); a context manager.\n"
              "Threads may share it: its calls take turns (each waits with the GIL released).",
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
