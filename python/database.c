/* klotski.open() and klotski.Database: a klotski_db handle of the library, whose SQLite
 * connection has the SQL functions registered, shared by the threads that use it under
 * the locking rule of module.h (lock_handle): the library and SQLite run with the GIL
 * released.  Its records, solutions, moves and groups; Database.members, an iterator
 * over a group's members; Database.execute, whose Cursor is cursor.c's.  Part of the
 * module (module.h). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>

#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include <klotski.h>

#include "module.h"


/* How often a running statement lets Python run its signal handlers (Ctrl-C), in
 * milliseconds, and how many SQLite virtual-machine steps lie between looks at the clock. */
#define SIGNAL_CHECK_MS 50
#define PROGRESS_STEPS 1000

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

/* Database's close (HandleObject): its cursors' statements first, which keep the
 * connection. */
static void close_database(HandleObject *base)
{
    DatabaseObject *self = (DatabaseObject *)base;
    cursors_close(self);
    klotski_close(self->db);
    self->db = NULL;
}

PyObject *module_open(PyObject *module, PyObject *args, PyObject *kwargs)
{
    (void)module;
    PyObject *path = Py_None;
    static char *keywords[] = {"path", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O:open", keywords, &path))
        return NULL;
    PyObject *bytes = NULL;
    if (path != Py_None && !PyUnicode_FSConverter(path, &bytes))
        return NULL;
    DatabaseObject *self = (DatabaseObject *)handle_new(&database_type, close_database);
    if (!self) {
        Py_XDECREF(bytes);
        return NULL;
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
    if (handle_opened(&self->base, klotski_db_filename(db)) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    sqlite3_progress_handler(klotski_db_connection(db), PROGRESS_STEPS, run_signal_handlers, self);
    return (PyObject *)self;
}

/* ---- Members: the iterator db.members(group) returns -------------------------------- */

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

PyTypeObject members_type = {
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

/* ---- Database's calls ------------------------------------------------------------ */

/* Runs `call` (a library call on `db`, setting `result`) on the handle (LOCKED_CALL); the
 * message of a failure kept in `message`. */
#define HANDLE_CALL(self, result, message, call)                                                          \
    LOCKED_CALL((self)->base.lock, klotski_db *, db, (self)->db, result, call,                            \
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

static PyObject *database_execute(DatabaseObject *self, PyObject *args, PyObject *kwargs)
{
    const char *sql;
    PyObject *parameters = NULL;
    static char *keywords[] = {"sql", "parameters", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s|O:execute", keywords, &sql, &parameters))
        return NULL;
    return cursor_execute(self, sql, parameters);
}

static PyGetSetDef database_getset[] = {
    {"path", (getter)handle_path, NULL, "The database file (None once closed).", NULL},
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
    HANDLE_METHODS("database", "the database and its cursors"),
    {NULL},
};

PyTypeObject database_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "klotski.Database",
    .tp_basicsize = sizeof(DatabaseObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .tp_doc = "The klotski database, opened read-only by klotski.open(); a context manager.\n"
              "Threads may share it: its calls take turns (each waits with the GIL released).",
    .tp_dealloc = (destructor)handle_dealloc,
    .tp_getset = database_getset,
    .tp_methods = database_methods,
};

