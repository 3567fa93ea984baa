"""The extension module of pyproject.toml: python/'s C files (module.c and one file per
type, module.h says which) compiled against the
installed libklotski, with the flags, the version and the library folder pkg-config gives
for klotski (and sqlite3, whose header klotski.h's klotski_db_connection names).  The
library folder becomes the module's rpath, so that it loads that libklotski.so.1 without
LD_LIBRARY_PATH, and that library finds the database installed beside it (klotski.open()).
klotski.pyi goes into the wheel beside the module."""
import os
import shutil
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
# The module's C files, as the Makefile's PYTHON_SOURCES names them.
SOURCES = ("module.c", "handle.c", "layout.c", "database.c", "cursor.c", "pack.c")


def pkg_config(*args):
    """pkg-config's answer, split into words; SystemExit saying what to do when it fails."""
    try:
        return subprocess.run(["pkg-config", *args], check=True, capture_output=True, text=True).stdout.split()
    except (OSError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", None) or str(error)
        raise SystemExit("klotski: pkg-config finds no libklotski (%s); install it first with "
                         "`make install PREFIX=...` in the klotski sources and set "
                         "PKG_CONFIG_PATH=PREFIX/lib/pkgconfig" % detail.strip())


def flags(prefix, words):
    return [word[len(prefix):] for word in words if word.startswith(prefix)]


class BuildWithStub(build_ext):
    """Builds the module and puts its type hints beside it (PEP 561: a stub file next to
    the module it describes)."""

    def run(self):
        super().run()
        if not self.inplace:
            shutil.copy(os.path.join(HERE, "klotski.pyi"), self.build_lib)


words = pkg_config("--cflags", "--libs", "klotski", "sqlite3")
libdir = pkg_config("--variable=libdir", "klotski")
setup(
    version=pkg_config("--modversion", "klotski")[0],
    ext_modules=[Extension(
        "klotski", [os.path.relpath(os.path.join(HERE, name)) for name in SOURCES],
        include_dirs=flags("-I", words), library_dirs=flags("-L", words), libraries=flags("-l", words),
        extra_compile_args=[w for w in words if w[:2] not in ("-I", "-L", "-l")] + ["-std=c11"],
        runtime_library_dirs=libdir)],
    cmdclass={"build_ext": BuildWithStub},
)
