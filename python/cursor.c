/* klotski.Cursor: a statement that Database.execute prepared, bound and stepped to its
 * first row, then stepped row by row as the rows are fetched (PEP 249's cursor, without
 * execute of its own).  Part of the module (module.h); its database's lock is held
 * around every use of the statement. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <string.h>

#include <sqlite3.h>

#include <klotski.h>

#include "module.h"

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
    lock_handle(self->database->base.lock);
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
    PyThread_release_lock(self->database->base.lock);
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
    lock_handle(self->database->base.lock);
    finish_statement(self);
    self->closed = 1;
    PyThread_release_lock(self->database->base.lock);
    Py_RETURN_NONE;
}

static void cursor_dealloc(CursorObject *self)
{
    if (self->database) {
        lock_handle(self->database->base.lock);
        finish_statement(self);
        PyThread_release_lock(self->database->base.lock);
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

PyTypeObject cursor_type = {
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


PyObject *cursor_execute(DatabaseObject *database, const char *sql, PyObject *parameters)
{
    CursorObject *cursor = PyObject_New(CursorObject, &cursor_type);
    if (!cursor)
        return NULL;
    cursor->database = (DatabaseObject *)Py_NewRef(database);
    cursor->stmt = NULL;
    cursor->row_ready = cursor->closed = 0;
    cursor->description = NULL;
    cursor->arraysize = 1;
    cursor->next = NULL;
    cursor->link = NULL;
    lock_handle(database->base.lock);
    int started = start_statement(cursor, sql, parameters);
    PyThread_release_lock(database->base.lock);
    if (started < 0)
        Py_CLEAR(cursor);
    return (PyObject *)cursor;
}

void cursors_close(DatabaseObject *database)
{
    for (CursorObject *cursor = database->cursors; cursor; cursor = database->cursors) {
        finish_statement(cursor);
        cursor->closed = 1;
    }
}
