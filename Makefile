# klotski: `make` builds the tools and the default database (data/klotski.db), installing
# missing Debian packages first; `make test` installs what the tests need, then runs every
# test in a normal and a sanitizer build.  See README.md.

CC      ?= gcc
OBJ     ?= build/release
BIN     ?= bin
DB      ?= data/klotski.db
PREFIX  ?= /usr/local
# Linked into every program: SQLite and zlib.  libmicrohttpd is only compiled against:
# `klotski serve` loads it when it starts (query/serve/microhttpd.c), so that the other
# commands do not load it and the TLS libraries it pulls in on every start.
LINK_PKGS = sqlite3 zlib
PKGS     = $(LINK_PKGS) libmicrohttpd
MHD_SONAME = $(shell objdump -p "$$(pkg-config --variable=libdir libmicrohttpd 2>/dev/null)/libmicrohttpd.so" 2>/dev/null | awk '/SONAME/ {print $$2}')
CHROMIUM ?= chromium
# What the build and the tests need, as tests/packages.sh takes it: a command on PATH or
# a library pkg-config knows, and the Debian package that provides it.
BUILD_NEEDS = command:$(firstword $(CC))=build-essential command:pkg-config=pkg-config \
              pkg-config:sqlite3=libsqlite3-dev pkg-config:zlib=zlib1g-dev \
              pkg-config:libmicrohttpd=libmicrohttpd-dev pkg-config:python3=python3-dev
# cmocka for the unit tests; the sqlite3 shell, to read the database as a user would;
# jq for the JSON answers; python3 and Chromium for the pictures and the player page;
# clang for the libFuzzer targets of tests/fuzz/.
TEST_NEEDS  = pkg-config:cmocka=libcmocka-dev command:sqlite3=sqlite3 command:jq=jq \
              command:python3=python3 command:$(CHROMIUM)=chromium command:clang=clang

OPT      = -O2
ifeq ($(SAN),1)
OPT      = -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
endif
# The fuzz build (tests/fuzz/): clang, libFuzzer's coverage and both sanitizers.  clang's
# -Wextra would also flag the {NULL} ends of option tables, which gcc accepts.
ifeq ($(FUZZ),1)
CC       = clang
OPT      = -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer \
           -fno-sanitize-recover=all
NO_WARN  = -Wno-missing-field-initializers
endif
CFLAGS  += -std=c11 $(OPT) -g -Wall -Wextra $(NO_WARN) -D_GNU_SOURCE -pthread -I. -I$(OBJ)/gen \
           $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
LDLIBS  += $(shell pkg-config --libs $(LINK_PKGS) 2>/dev/null) -lm
$(OBJ)/query/serve/microhttpd.o: CFLAGS += -DKLOTSKI_MHD_SONAME='"$(MHD_SONAME)"'
LDLIBS_TEST = $(shell pkg-config --libs cmocka 2>/dev/null)
LDFLAGS += -pthread $(filter -fsanitize=%,$(OPT))

# Every folder's sources, one level of subfolders deep.
sources      = $(wildcard $(1)/*.c $(1)/*/*.c)
objects      = $(patsubst %.c,$(OBJ)/%.o,$(1))
CORE_OBJ     = $(call objects,$(call sources,core))
BUILDER_OBJ  = $(call objects,$(filter-out builder/main.c,$(call sources,builder)))
QUERY_OBJ    = $(call objects,$(call sources,query))
# Tests: every cmocka program of tests/unit/, and the independent checkers of
# tests/reference/ that the end-to-end scripts run.
UNIT_TESTS   = $(patsubst tests/unit/%.c,$(OBJ)/tests/%,$(wildcard tests/unit/*.c))
REFERENCE    = $(patsubst %.c,$(OBJ)/%,$(wildcard tests/reference/*.c))
# The fuzz targets, one program per tests/fuzz/fuzz_*.c, built in their own folder; `make
# fuzz` runs each for FUZZ_SECONDS, `make check` for a few seconds.
FUZZ_OBJ     = build/fuzz
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = $(patsubst tests/fuzz/%.c,$(OBJ)/tests/fuzz/%,$(wildcard tests/fuzz/fuzz_*.c))
# Text files compiled in as C string literals: the schema, the classic names, the web
# pages' style sheets and scripts, the web application's page.
EMBEDDED     = $(patsubst %,$(OBJ)/gen/%.inc,$(wildcard schema/*.sql) data/classic_names.tsv \
                 $(wildcard query/render/assets/*.css query/render/assets/*.js) \
                 $(wildcard query/serve/assets/*.html query/serve/assets/*.css query/serve/assets/*.js))

.PHONY: all deps test-deps tools library farthest test check fuzz fuzz-build fuzz-targets bench \
        install clean
.DELETE_ON_ERROR:
.SECONDARY:

all: deps tools library $(DB)

# Install the Debian packages the build, or the tests, need when any is missing, waiting
# for a package manager that holds the lock; when that is impossible they say in one line
# what is missing and why, and stop make before anything is built or tested.
deps:
	@tests/packages.sh $(BUILD_NEEDS)

test-deps:
	@tests/packages.sh $(TEST_NEEDS)

tools: $(BIN)/klotski-build $(BIN)/klotski

$(DB): $(BIN)/klotski-build
	$(BIN)/klotski-build --db $@

# Completes the database with the farthest phase: long (see README), resumable, and the
# database stays usable meanwhile.
farthest: deps tools $(DB)
	$(BIN)/klotski-build --farthest --db $(DB)

# libklotski: the engine, the graph tools and the database format (core/); libbuilder:
# the builder's phases, for klotski-build and the tests that check them.
$(OBJ)/libklotski.a: $(CORE_OBJ)
	rm -f $@ && $(AR) rcs $@ $^

$(OBJ)/libbuilder.a: $(BUILDER_OBJ)
	rm -f $@ && $(AR) rcs $@ $^

# libquery: the query tool but its main, for the fuzz targets.
$(OBJ)/libquery.a: $(filter-out $(OBJ)/query/main.o,$(QUERY_OBJ))
	rm -f $@ && $(AR) rcs $@ $^

$(BIN)/klotski-build: $(OBJ)/builder/main.o $(OBJ)/libbuilder.a $(OBJ)/libklotski.a
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BIN)/klotski: $(QUERY_OBJ) $(OBJ)/libklotski.a
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# libklotski for other programs (lib/, README "Programs"): the engine, lib/'s API over it
# and the board picture, compiled again as position-independent code with every symbol
# hidden but klotski.h's, as a shared library with a soname; the loadable SQLite
# extension, lib/sql.c compiled on SQLite's extension API and linked to the library; the
# Python module, python/klotski.c linked to the library.  The rpaths find the library
# beside them in the build tree (OBJ/lib) and once installed (PREFIX/lib).
# The version is klotski.h's KLOTSKI_VERSION; the soname changes with its major number.
LIB_VERSION   = $(shell sed -n 's/^#define KLOTSKI_VERSION "\(.*\)"/\1/p' lib/klotski.h)
LIB_SONAME    = libklotski.so.1
LIB_DIR       = $(OBJ)/lib
SHARED_OBJ    = $(patsubst %.c,$(OBJ)/pic/%.o,$(call sources,core) lib/layout.c lib/database.c lib/sql.c \
                  query/render/svg_board.c query/render/markup.c)
SQLITE_EXT    = $(LIB_DIR)/klotski/klotski_sqlite.so
PYTHON_VERSION = $(shell python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)
# .so, which every python3 imports, where python3 is not installed yet when make reads this.
PYTHON_SUFFIX = $(or $(shell python3 -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))' 2>/dev/null),.so)
PYTHON_MODULE = $(OBJ)/python/klotski$(PYTHON_SUFFIX)
# Where `make install` puts the Python module: a folder Debian's python3 searches for
# PREFIX /usr/local (PYTHONPATH for any other PREFIX; README).
PYTHON_SITE  ?= $(PREFIX)/lib/python$(PYTHON_VERSION)/dist-packages
PIC           = -fPIC -fvisibility=hidden

library: $(LIB_DIR)/libklotski.so $(SQLITE_EXT) $(PYTHON_MODULE) $(OBJ)/python/klotski.pyi

$(OBJ)/pic/%.o: %.c | $(EMBEDDED)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(PIC) -MMD -MP -c -o $@ $<

$(LIB_DIR)/libklotski.so.$(LIB_VERSION): $(SHARED_OBJ)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,$(LIB_SONAME) -Wl,--no-undefined -o $@ $^ $(LDLIBS) -ldl

$(LIB_DIR)/$(LIB_SONAME) $(LIB_DIR)/libklotski.so: $(LIB_DIR)/libklotski.so.$(LIB_VERSION)
	ln -sf $(<F) $@

$(OBJ)/pic/lib/sql_extension.o: lib/sql.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(PIC) -DKLOTSKI_SQLITE_EXTENSION -MMD -MP -c -o $@ $<

$(SQLITE_EXT): $(OBJ)/pic/lib/sql_extension.o $(LIB_DIR)/$(LIB_SONAME) $(LIB_DIR)/libklotski.so
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -shared -Wl,--no-undefined -o $@ $< -L$(LIB_DIR) -lklotski -Wl,-rpath,'$$ORIGIN/..'

$(PYTHON_MODULE): python/klotski.c $(LIB_DIR)/$(LIB_SONAME) $(LIB_DIR)/libklotski.so
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(PIC) $(shell pkg-config --cflags python3 2>/dev/null) -MMD -MP $(LDFLAGS) -shared \
	  -o $@ $< -L$(LIB_DIR) -lklotski $(LDLIBS) -Wl,-rpath,'$$ORIGIN/../lib:$$ORIGIN/../..'

$(OBJ)/python/klotski.pyi: python/klotski.pyi
	@mkdir -p $(@D)
	cp $< $@

# Generated files come first (order-only); after that -MMD's lists say which headers and
# embedded files each object really reads.
$(OBJ)/%.o: %.c | $(EMBEDDED)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

# A text file as one C string literal, a line per line.
$(OBJ)/gen/%.inc: %
	@mkdir -p $(@D)
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $< > $@

# A unit test: one program per file of tests/unit/, on both libraries (and cmocka, so
# the test packages come first).  Only the source and the libraries go to the compiler:
# $^ also holds the headers that -MMD listed.
$(OBJ)/tests/%: tests/unit/%.c $(OBJ)/libbuilder.a $(OBJ)/libklotski.a | test-deps
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(shell pkg-config --cflags cmocka) -MMD -MP $(LDFLAGS) -o $@ $< \
	  $(filter %.a,$^) $(LDLIBS) $(LDLIBS_TEST)

# A reference checker: on purpose without libklotski, so that it checks the tools'
# answers with nothing of the engine's.
$(OBJ)/tests/reference/%: tests/reference/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP $(LDFLAGS) -o $@ $< $(LDLIBS)

# A fuzz target: libFuzzer's main, on the query tool's parsers and the engine; the
# library's also on its API (lib/layout.c).
$(OBJ)/tests/fuzz/%: tests/fuzz/%.c $(OBJ)/libquery.a $(OBJ)/libklotski.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP $(LDFLAGS) -fsanitize=fuzzer -o $@ $< $(filter %.o,$^) $(filter %.a,$^) $(LDLIBS)

$(OBJ)/tests/fuzz/fuzz_library: $(OBJ)/lib/layout.o

fuzz-targets: $(FUZZ_TARGETS)

fuzz-build: test-deps
	$(MAKE) FUZZ=1 OBJ=$(FUZZ_OBJ) fuzz-targets

# Runs every fuzz target for FUZZ_SECONDS on its corpus (tests/fuzz/corpus/NAME); the
# GROUP resolver's and the server's read the database DB.
fuzz: fuzz-build
	KLOTSKI_DB=$(DB) tests/fuzz/run.sh $(FUZZ_OBJ)/tests/fuzz $(FUZZ_SECONDS)

# The README's test command: every test, in a normal and a sanitizer build.  The fuzz
# targets are one build of their own (clang with both sanitizers, whatever SAN says):
# they run once, in the first.  Each build compiles on every core (TEST_JOBS, default
# nproc), as tests/run.sh runs its programs two at a time: a make without -j compiled the
# sanitizer and fuzz builds on one core.
TEST_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
test: deps test-deps
	$(MAKE) -j$(TEST_JOBS) check
	$(MAKE) -j$(TEST_JOBS) check SAN=1 OBJ=build/asan BIN=build/asan/bin RUN_FUZZ=0
	@echo "all tests passed in both builds"

# Every test of one build; test-deps has installed what they use before the first runs.
# RUN_FUZZ=0: without the fuzz targets.
RUN_FUZZ ?= 1
check: test-deps tools library $(UNIT_TESTS) $(REFERENCE) $(if $(filter 0,$(RUN_FUZZ)),,fuzz-build)
	tests/run.sh $(OBJ) $(BIN) $(if $(filter 0,$(RUN_FUZZ)),,$(FUZZ_OBJ)/tests/fuzz)

bench: deps tools library $(OBJ)/bench/bench_core
	bench/run.sh $(BIN) $(OBJ)

# The group extremes', the solution counts' and the farthest phase's searches' cost, run
# by hand (see builder/extremes/README.md, builder/farthest/README.md, bench/README.md):
# they need the builder.
$(OBJ)/bench/bench_extremes $(OBJ)/bench/bench_farthest $(OBJ)/bench/bench_phase: $(OBJ)/bench/%: bench/%.c $(OBJ)/libbuilder.a $(OBJ)/libklotski.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP $(LDFLAGS) -o $@ $< $(filter %.a,$^) $(LDLIBS)

$(OBJ)/bench/%: bench/%.c $(OBJ)/libklotski.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP $(LDFLAGS) -o $@ $< $(filter %.a,$^) $(LDLIBS)

# The tools, the man page and the database, which an installed klotski finds as
# PREFIX/share/klotski/klotski.db (KL_DB_INSTALLED_PATH of core/database/format.h).  The
# database is built when missing, never rebuilt here.
# The library, its header and pkg-config file, the SQLite extension and the Python
# module go beside them (lib/README.md).
install: tools library | $(DB)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/klotski \
	  $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/lib/klotski \
	  $(DESTDIR)$(PYTHON_SITE)
	install -m 755 $(BIN)/klotski $(BIN)/klotski-build $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(DB) $(DESTDIR)$(PREFIX)/share/klotski/klotski.db
	if [ -f docs/klotski.1 ]; then install -m 644 docs/klotski.1 $(DESTDIR)$(PREFIX)/share/man/man1; fi
	install -m 644 lib/klotski.h $(DESTDIR)$(PREFIX)/include
	install -m 755 $(LIB_DIR)/libklotski.so.$(LIB_VERSION) $(DESTDIR)$(PREFIX)/lib
	ln -sf libklotski.so.$(LIB_VERSION) $(DESTDIR)$(PREFIX)/lib/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $(DESTDIR)$(PREFIX)/lib/libklotski.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(LIB_VERSION)|' lib/klotski.pc.in \
	  > $(DESTDIR)$(PREFIX)/lib/pkgconfig/klotski.pc
	install -m 755 $(SQLITE_EXT) $(DESTDIR)$(PREFIX)/lib/klotski
	install -m 755 $(PYTHON_MODULE) $(DESTDIR)$(PYTHON_SITE)
	install -m 644 python/klotski.pyi $(DESTDIR)$(PYTHON_SITE)

clean:
	rm -rf build bin

-include $(shell find $(OBJ) -name '*.d' 2>/dev/null)
