/* The pack half of the Python module (pack.c): klotski.open_pack and klotski.Pack. */
#ifndef KLOTSKI_PYTHON_PACK_H
#define KLOTSKI_PYTHON_PACK_H

#include <Python.h>

/* Adds open_pack and Pack to the module, once its Layout, Move and Group types and its
 * exceptions are in it.  Returns 0, or -1 with an exception set. */
int pack_module_init(PyObject *module);

#endif
