/* What the files of the module share, split along its types as CPython's _sqlite is:
 * module.c (the exceptions, the records, the answers and failures below, PyInit_klotski),
 * layout.c (Layout and the argument readers), database.c (open and Database), cursor.c
 * (Cursor), pack.c (open_pack and Pack).  So that a Pack reads its arguments, answers
 * with the same objects and raises the same exceptions as a Database, with the same
 * locking. */
#ifndef KLOTSKI_PYTHON_MODULE_H
#define KLOTSKI_PYTHON_MODULE_H

#include <Python.h>
#include <pythread.h>

#include <klotski.h>

#include <sqlite3.h>

/* ---- the types, the exceptions and the records (module.c readies them) ---- */

extern PyTypeObject layout_type, database_type, cursor_type, members_type;
extern PyObject *database_error, *no_database_error, *unsolvable_error;
extern PyTypeObject *step_type, *move_type, *record_type, *group_type;

/* Adds open_pack and Pack to the module, once its types and exceptions are in it.
 * Returns 0, or -1 with an exception set. */
int pack_module_init(PyObject *module);

/* klotski.open(path=None) (database.c). */
PyObject *module_open(PyObject *module, PyObject *args, PyObject *kwargs);

/* ---- the handles: Database and Pack (handle.c) ---- */

/* What a Database and a Pack begin with: the lock around every use of the library's
 * handle (lock_handle), the file it opened, and how to close it. */
typedef struct HandleObject HandleObject;
struct HandleObject {
    PyObject_HEAD
    PyThread_type_lock lock; /* held around every use of the library's handle */
    PyObject *path;          /* str: the file opened; NULL until opened and once closed */
    /* Closes the library's handle (NULL allowed: none) and sets it NULL; called with the
     * lock held and the GIL released, and from dealloc. */
    void (*close)(HandleObject *self);
};

/* A new object of `type` (a HandleObject's subtype, zeroed: no handle yet) with its lock
 * and `close`.  NULL with MemoryError. */
HandleObject *handle_new(PyTypeObject *type, void (*close)(HandleObject *self));

/* Keeps the file the handle opened (the file system's bytes) as `path`.  Returns 0, or
 * -1 with an exception set. */
int handle_opened(HandleObject *self, const char *path);

/* The calls both types have, in their tables: tp_dealloc, close(), __exit__(...) and the
 * getter of path (None once closed).  close and __exit__ return None. */
void handle_dealloc(HandleObject *self);
PyObject *handle_close(HandleObject *self, PyObject *unused);
PyObject *handle_exit(HandleObject *self, PyObject *args);
PyObject *handle_path(HandleObject *self, void *closure);

/* The entries of a handle type's method table for close, __enter__ and __exit__, with
 * their docstrings: `what` names the handle ("database"), `closes` says what close
 * closes ("the database and its cursors"). */
#define HANDLE_METHODS(what, closes)                                                                    \
    {"close", (PyCFunction)handle_close, METH_NOARGS,                                                   \
     "close($self, /)\n--\n\nCloses " closes "; later calls raise DatabaseError."},                        \
    {"__enter__", (PyCFunction)self_of, METH_NOARGS, "__enter__($self, /)\n--\n\nThe " what "."},            \
    {"__exit__", (PyCFunction)handle_exit, METH_VARARGS,                                                \
     "__exit__($self, exc_type, exc_value, traceback, /)\n--\n\nCloses the " what "."}

/* ---- Layout, Database and its cursors ---- */

/* A Layout: one legal code. */
typedef struct {
    PyObject_HEAD
    klotski_code code; /* always legal */
} LayoutObject;

typedef struct CursorObject CursorObject;

/* A Database: the library's handle, shared by threads under `lock` (lock_handle). */
typedef struct {
    HandleObject base;           /* its lock held around every use of db and of cursors */
    klotski_db *db;              /* NULL once closed */
    CursorObject *cursors;       /* the cursors with a statement, linked through next */
    int64_t signals_checked_ms;  /* when the progress handler last ran the signal handlers */
} DatabaseObject;

/* A statement that db.execute prepared, stepped row by row as the rows are fetched.  It
 * holds its Database; the Database lists the cursors whose statement is open, to
 * finalize them when it closes. */
struct CursorObject {
    PyObject_HEAD
    DatabaseObject *database;
    sqlite3_stmt *stmt;         /* NULL once every row was read, or closed */
    int row_ready;              /* stmt holds a row not fetched yet */
    int closed;
    PyObject *description;
    Py_ssize_t arraysize;
    CursorObject *next, **link; /* in database->cursors, while stmt is not NULL */
};

/* Database.execute's Cursor: `sql` prepared, `parameters` (NULL: none) bound and the
 * first row stepped to under the database's lock.  A new reference, or NULL with
 * ValueError (one statement only, parameters that do not fit), MemoryError or
 * DatabaseError. */
PyObject *cursor_execute(DatabaseObject *database, const char *sql, PyObject *parameters);

/* Finalizes the statements of the database's cursors and marks them closed; its lock
 * held. */
void cursors_close(DatabaseObject *database);

/* ---- arguments (each returns -1 or NULL with an exception set) ---- */

/* The UTF-8 text of a str argument; NULL with TypeError for another type, ValueError
 * when it holds a NUL character (the C calls read up to the first: '4WVE1\0junk' must not
 * pass for 4WVE1).  `what` names the argument in the message. */
const char *text_argument(PyObject *value, const char *what);

/* Reads a layout argument: a Layout, a str in any form klotski_parse takes, or an int
 * code.  Returns 0 with *code set, or -1 with ValueError (TypeError for other types). */
int layout_argument(PyObject *value, klotski_code *code);

/* Reads the arguments (x, metric='step') of solve and moves; format is the
 * PyArg_ParseTupleAndKeywords format ("O|O:solve").  Returns 0 or -1. */
int layout_and_metric(PyObject *args, PyObject *kwargs, const char *format, klotski_code *code,
                      enum klotski_metric *metric);

/* ---- answers (each a new reference, or NULL with an exception set) ---- */

/* A Layout of a legal code. */
PyObject *layout_new_code(klotski_code code);

/* A value that may be KLOTSKI_NULL as an int or None. */
PyObject *number_or_none(int64_t value);

/* A Step struct sequence's fields from a step, into `tuple` (a new Step).  Returns 0, or
 * -1 with an exception set. */
int fill_step(PyObject *tuple, const struct klotski_step *step);

/* A Group struct sequence. */
PyObject *group_record(const struct klotski_group *g, const struct klotski_group_metrics *m);

/* A Record struct sequence: a layout's record, its distances in the other metrics, its
 * group and the group's (KLOTSKI_NULL fields as None). */
PyObject *layout_record(const struct klotski_layout *l, const struct klotski_layout_metrics *lm,
                        const struct klotski_group *g, const struct klotski_group_metrics *gm);

/* A list of Layouts from a route that the library allocated; frees the route. */
PyObject *route_list(klotski_code *route, int count);

/* A list of Move struct sequences. */
PyObject *move_list(const struct klotski_move *moves, int count);

/* `self`, a new reference: __enter__ of the context managers. */
PyObject *self_of(PyObject *self, PyObject *unused);

/* ---- failures and locking ---- */

/* A result of a handle's call when the handle was closed (no library code ran). */
#define HANDLE_CLOSED (-1)

/* Raises the exception of a failed call, from its result and the message read under
 * the lock: the exception a signal handler raised while it ran first; ValueError for bad
 * input, KeyError for a missing row, UnsolvableError, NoDatabaseError, MemoryError,
 * DatabaseError (HANDLE_CLOSED too).  Returns NULL. */
PyObject *raise_failure(int result, const char *message);

/* A handle (a Database's, a Pack's) is shared by the threads that use it: each call takes
 * the handle's lock (klotski.h allows one thread at a time on a handle), waiting for it
 * with the GIL released, and runs the library with the GIL released.  The rule that keeps
 * this free of deadlocks: no thread waits for the lock while it holds the GIL (a thread
 * holding the lock may wait for the GIL).  lock_handle takes the lock, waiting with the
 * GIL released; it returns with the GIL held. */
void lock_handle(PyThread_type_lock lock);

/* Runs `call`, a library call on the handle `handle` (of C type `type`, named `name`
 * inside `call`) that sets `result`, with `lock` held and the GIL released; HANDLE_CLOSED
 * without a call when the handle is NULL (closed).  On a failure, `on_failure` (statements
 * that may use `name`) runs before the lock is released. */
#define LOCKED_CALL(lock, type, name, handle, result, call, on_failure) \
    do {                                                                \
        lock_handle(lock);                                              \
        type name = (handle);                                           \
        Py_BEGIN_ALLOW_THREADS                                          \
        (result) = name ? (call) : HANDLE_CLOSED;                       \
        Py_END_ALLOW_THREADS                                            \
        if ((result) != KLOTSKI_OK) {                                   \
            on_failure;                                                 \
        }                                                               \
        PyThread_release_lock(lock);                                    \
    } while (0)

#endif
