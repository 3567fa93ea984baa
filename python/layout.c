/* klotski.Layout: a C type holding one legal code, so that Layout(text) costs one parse,
 * with its forms, images and steps; and the readers of a layout argument (and a metric)
 * that every call of the module takes.  Part of the module (module.h). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <klotski.h>

#include "module.h"

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
int fill_step(PyObject *tuple, const struct klotski_step *step)
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

PyTypeObject layout_type = {
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


int layout_and_metric(PyObject *args, PyObject *kwargs, const char *format, klotski_code *code,
                             enum klotski_metric *metric)
{
    PyObject *layout, *metric_name = NULL;
    static char *keywords[] = {"x", "metric", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, format, keywords, &layout, &metric_name))
        return -1;
    return layout_argument(layout, code) < 0 || metric_argument(metric_name, metric) < 0 ? -1 : 0;
}

