#!/usr/bin/env bash
# End-to-end test of what a packager takes from the tree as it is: a LICENSE (MIT, the
# klotski authors), named by the Python package's metadata and by the pkg-config file;
# no Debian package committed and none, nor Python's __pycache__/, left for git to add;
# python/pyproject.toml's requires-python the oldest Python whose C API has every call
# of the module's sources: the version each call came in is CPython's documentation's
# ("Added in version 3.X"), kept in the table below for the calls newer than 3.8.
. "$(dirname "$0")/lib.sh"

expect "LICENSE: the MIT licence of the klotski authors, 2026" "MIT License|Copyright (c) 2026 klotski authors" \
    "$(sed -n '1p;3p' "$ROOT/LICENSE" | paste -sd'|')"
expect "pyproject.toml names the licence" 'license = {text = "MIT"}' \
    "$(grep '^license' "$ROOT/python/pyproject.toml")"
expect "pyproject.toml's classifier names the licence" yes \
    "$(grep -q '"License :: OSI Approved :: MIT License"' "$ROOT/python/pyproject.toml" && echo yes || echo no)"
expect "klotski.pc's description names the licence" yes \
    "$(grep -q '^Description: .*(MIT licence)$' "$ROOT/lib/klotski.pc.in" && echo yes || echo no)"
expect "the npm package names the licence and ships LICENSE" '"MIT"|yes' \
    "$(jq '.license' "$ROOT/site/npm/package.json")|$(jq -e '.files | index("LICENSE") != null' "$ROOT/site/npm/package.json" > /dev/null && echo yes || echo no)"

if git -C "$ROOT" rev-parse --git-dir > /dev/null 2>&1; then
    expect "no Debian package in the tree" "" "$(git -C "$ROOT" ls-files '*.deb' | head -3)"
    for path in some.deb python/__pycache__/klotski.cpython-311.pyc; do
        expect "git ignores $path" "$path" "$(git -C "$ROOT" check-ignore --no-index "$path")"
    done
else
    skip "the tree's git files" "$ROOT is no git work tree"
fi

# The newest C API call of python/*.c, and the version pyproject.toml requires.
versions=$(/usr/bin/python3 - "$ROOT/python" <<'PY'
import glob, re, sys, tomllib
# The calls and flags that came after Python 3.8, with the version that added each.
ADDED = {
    "Py_NewRef": (3, 10), "Py_XNewRef": (3, 10), "PyModule_AddObjectRef": (3, 10),
    "Py_TPFLAGS_DISALLOW_INSTANTIATION": (3, 10), "Py_Is": (3, 10), "Py_IsNone": (3, 10),
    "Py_IsTrue": (3, 10), "Py_IsFalse": (3, 10), "PyIter_Send": (3, 10),
    "PyModule_AddType": (3, 9), "PyType_FromModuleAndSpec": (3, 9), "PyType_GetModule": (3, 9),
    "PyType_GetModuleState": (3, 9), "PyObject_CallNoArgs": (3, 9), "PyObject_CallOneArg": (3, 9),
    "PyObject_Vectorcall": (3, 9), "Py_SET_TYPE": (3, 9), "Py_SET_SIZE": (3, 9), "Py_SET_REFCNT": (3, 9),
    "PyCMethod": (3, 9), "METH_METHOD": (3, 9),
    "PyType_GetModuleByDef": (3, 11), "PyType_GetName": (3, 11), "PyType_GetQualName": (3, 11),
    "PyErr_GetHandledException": (3, 11), "Py_Version": (3, 11),
    "PyErr_GetRaisedException": (3, 12), "PyErr_SetRaisedException": (3, 12),
    "Py_TPFLAGS_MANAGED_DICT": (3, 12), "PyType_FromMetaclass": (3, 12),
    "PyModule_Add": (3, 13), "PyLong_AsInt": (3, 13), "PyDict_GetItemRef": (3, 13),
    "PyList_GetItemRef": (3, 13), "PyImport_AddModuleRef": (3, 13), "PyUnicode_EqualToUTF8": (3, 13),
}
used = set()
for source in glob.glob(sys.argv[1] + "/*.[ch]"):
    used |= set(re.findall(r"\b(Py\w+)\b", open(source, encoding="utf-8").read()))
newest = max([ADDED[name] for name in used if name in ADDED] + [(3, 8)])
print("%d.%d %s" % (newest + (" ".join(sorted(n for n in used if ADDED.get(n) == newest)),)))
with open(sys.argv[1] + "/pyproject.toml", "rb") as f:
    print(tomllib.load(f)["project"]["requires-python"])
PY
)
expect "the module's sources: read" 0 "$?"
newest=$(printf '%s\n' "$versions" | sed -n '1s/ .*//p')
printf 'the newest C API of python/: %s\n' "$(printf '%s\n' "$versions" | head -1)"
expect "requires-python is the oldest Python with every C API call of python/" ">=$newest" \
    "$(printf '%s\n' "$versions" | sed -n 2p)"
finish
