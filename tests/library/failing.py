"""Calls run with allocations failing one by one, for the failing-allocation tests of the
module (test_klotski.py's NoMemoryTest and CAllocationTest, test_pack.py's): the Nth of
Python's allocations (CPython's _testcapi.set_nomemory), or the Nth malloc, calloc or
realloc in C (tests/library/failmalloc.c, preloaded), for N = 0, 1, 2, ... until the call
succeeds.  A call may raise MemoryError on the way; any other exception, or a crash, is
the test's failure."""
import ctypes
import gc

import _testcapi

TRIES = 100000


def python_allocations(call):
    """The first answer of `call` with the Nth Python allocation failing, and that N (0:
    the call allocated nothing that could fail)."""
    for n in range(TRIES):
        gc.collect()
        _testcapi.set_nomemory(n)
        try:
            return call(), n
        except MemoryError:
            continue
        finally:
            _testcapi.remove_mem_hooks()
    raise AssertionError("no success after %d allocations" % TRIES)


def c_allocations(call):
    """The first answer of `call` with the Nth C allocation failing, and that N; needs
    failmalloc.so preloaded."""
    after = ctypes.CDLL(None).failmalloc_after
    after.argtypes = [ctypes.c_long]
    for n in range(TRIES):
        after(n)
        try:
            return call(), n
        except MemoryError:
            continue
        finally:
            after(-1)
    raise AssertionError("no success after %d allocations" % TRIES)
