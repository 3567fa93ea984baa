/* The base of the module's handle types, Database and Pack (module.h, HandleObject):
 * what both do alike with the library's handle they hold, so that each says only how to
 * close its own: the lock made with the object, close and __exit__ under that lock,
 * path, and dealloc. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>

#include <klotski.h>

#include "module.h"

HandleObject *handle_new(PyTypeObject *type, void (*close)(HandleObject *self))
{
    HandleObject *self = (HandleObject *)type->tp_alloc(type, 0); /* zeroed: no handle yet */
    if (!self)
        return NULL;
    self->close = close;
    self->lock = PyThread_allocate_lock();
    if (!self->lock) {
        Py_DECREF(self);
        return (HandleObject *)PyErr_NoMemory();
    }
    return self;
}

int handle_opened(HandleObject *self, const char *path)
{
    self->path = PyUnicode_DecodeFSDefault(path);
    return self->path ? 0 : -1;
}

void handle_dealloc(HandleObject *self)
{
    /* No call runs on an object being freed, and the cursors hold their database. */
    self->close(self);
    if (self->lock)
        PyThread_free_lock(self->lock);
    Py_XDECREF(self->path);
    Py_TYPE(self)->tp_free(self);
}

PyObject *handle_close(HandleObject *self, PyObject *unused)
{
    (void)unused;
    lock_handle(self->lock);
    Py_BEGIN_ALLOW_THREADS
    self->close(self);
    Py_END_ALLOW_THREADS
    Py_CLEAR(self->path);
    PyThread_release_lock(self->lock);
    Py_RETURN_NONE;
}

PyObject *handle_exit(HandleObject *self, PyObject *args)
{
    (void)args;
    return handle_close(self, NULL);
}

PyObject *handle_path(HandleObject *self, void *closure)
{
    (void)closure;
    return Py_NewRef(self->path ? self->path : Py_None);
}
