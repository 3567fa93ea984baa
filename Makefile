# klotski: `make` builds the tools and the default database (data/klotski.db), installing
# missing Debian packages first (never with NO_DEPS=1: see deps); `make test` installs what
# the tests need, then runs every test in a normal and a sanitizer build.  See README.md.

CC      ?= gcc
OBJ     ?= build/release
BIN     ?= bin
DB      ?= data/klotski.db
PREFIX  ?= /usr/local
# Where `make install` puts the libraries (and pkgconfig/) and the header: LIBDIR may be
# a multiarch folder, PREFIX/lib/x86_64-linux-gnu (lib/README.md).
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
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
# clang, its wasm32 builtins, lld and wasi-libc compile the engine of `klotski site` to
# WebAssembly (site/README.md).  Wanted, not needed: without them klotski is built all the
# same, and its `site` command says how to get them.
WASM_NEEDS  = command:$(WASM_CC)=clang command:wasm-ld=lld file:/usr/include/wasm32-wasi/stdio.h=wasi-libc \
              file:/usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a=libclang-rt-14-dev-wasm32
# cmocka for the unit tests; the sqlite3 shell, to read the database as a user would;
# jq for the JSON answers; python3 and Chromium for the pictures and the player page;
# clang for the libFuzzer targets of tests/fuzz/; abidiff to compare the library's ABI
# with the releases' kept in lib/abi/; Debian's python3 with venv, pip, setuptools and
# wheel for the Python package's `pip install` in a venv, and mypy for its stubtest
# (e2e_library_python.sh); Unicode's Unihan readings, from which e2e_names.sh remakes
# data/classic_pinyin.tsv (data/classic_pinyin.sh); mandoc, whose lint checks the manual
# pages (e2e_man.sh); systemd-analyze and nginx for the deployment of docs/deploy/
# (e2e_deploy.sh).
TEST_NEEDS  = pkg-config:cmocka=libcmocka-dev command:sqlite3=sqlite3 command:jq=jq \
              command:python3=python3 command:$(CHROMIUM)=chromium command:firefox-esr=firefox-esr \
              command:clang=clang \
              command:abidiff=abigail-tools \
              python:ensurepip=python3-venv python:pip=python3-pip python:setuptools=python3-setuptools \
              python:wheel=python3-wheel python:mypy.stubtest=python3-mypy \
              file:/usr/share/unicode/Unihan_Readings.txt.bz2=unicode-data \
              file:/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc=fonts-noto-cjk \
              command:mandoc=mandoc command:systemd-analyze=systemd file:/usr/sbin/nginx=nginx \
              $(NPM_NEEDS)
# Node.js and npm pack the npm package (`make npm`) and test it.
NPM_NEEDS   = command:node=nodejs command:npm=npm
# wrk loads the server for make bench (bench/serve.sh); chromium and sqlite3 time the page
# with no server (bench/site.py).
BENCH_NEEDS = command:wrk=wrk command:chromium=chromium command:sqlite3=sqlite3

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
# answer/: what the query tool and the page with no server (site/) both compile.
ANSWER_OBJ   = $(call objects,$(call sources,answer))
QUERY_OBJ    = $(call objects,$(call sources,query)) $(ANSWER_OBJ)
# Tests: every cmocka program of tests/unit/, and the independent checkers of
# tests/reference/ that the end-to-end scripts run.
# The farthest phase's searches on an NVIDIA GPU (builder/farthest/gpu.cu, README
# there), built when nvcc is found (PATH, then /usr/local/cuda/bin), else gpu_none.c, and
# never in the sanitizer or fuzz builds: their runtimes cannot check device code, and
# this keeps them the same on every machine.  sm_90 (H100, H200) and its PTX for later
# chips; warnings are errors; the CUDA runtime is linked statically, so that the binary
# runs wherever a driver is, with no CUDA library to carry.
NVCC        ?= $(or $(shell command -v nvcc 2>/dev/null),$(wildcard /usr/local/cuda/bin/nvcc))
ifneq ($(SAN)$(FUZZ),)
NVCC        :=
endif
ifneq ($(NVCC),)
CUDA_HOME   ?= $(patsubst %/bin/nvcc,%,$(NVCC))
NVCC_FLAGS   = -std=c++17 -O2 -I. -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror,-fno-threadsafe-statics,-fno-exceptions \
               -gencode arch=compute_90,code=[sm_90,compute_90]
BUILDER_OBJ := $(filter-out $(OBJ)/builder/farthest/gpu_none.o,$(BUILDER_OBJ)) $(OBJ)/builder/farthest/gpu.o
BUILDER_LIBS = -L$(CUDA_HOME)/lib64 -lcudart_static -ldl -lrt
else
ifeq ($(MAKELEVEL)$(SAN)$(FUZZ),0)
$(info klotski: no nvcc found: klotski-build is built without its GPU searches)
endif
endif
UNIT_TESTS   = $(patsubst tests/unit/%.c,$(OBJ)/tests/%,$(wildcard tests/unit/*.c))
REFERENCE    = $(patsubst %.c,$(OBJ)/%,$(wildcard tests/reference/*.c))
# The fuzz targets, one program per tests/fuzz/fuzz_*.c, built in their own folder; `make
# fuzz` runs each for FUZZ_SECONDS, `make check` for a few seconds.
FUZZ_OBJ     = build/fuzz
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = $(patsubst tests/fuzz/%.c,$(OBJ)/tests/fuzz/%,$(wildcard tests/fuzz/fuzz_*.c))
# Text files compiled in as C string literals: the schema, the classic names and their
# pinyin, the web
# pages' style sheets and scripts, the web application's page.
EMBEDDED     = $(patsubst %,$(OBJ)/gen/%.inc,$(wildcard schema/*.sql) data/classic_names.tsv data/classic_pinyin.tsv \
                 $(wildcard answer/assets/*.css answer/assets/*.js) \
                 $(wildcard query/render/assets/*.css query/render/assets/*.js) \
                 $(wildcard query/serve/assets/*.html query/serve/assets/*.css query/serve/assets/*.js) \
                 $(wildcard site/assets/*.html site/assets/*.js))

# The engine of the page with no server (site/), compiled to WebAssembly by clang with
# wasi-libc as a reactor module (its functions exported, no main): the same C files of
# core/ and answer/ that the query tool compiles (never query/'s), site/'s thin export
# layer, and site/wasm/pthread.h in place of the threads wasi-libc lacks.  klotski.wasm.inc holds its
# bytes for query/commands/site.c.
WASM_CC       = clang
WASM_SOURCES  = core/code.c core/piece.c core/board.c core/layout_text.c core/moves.c core/rank.c \
                core/symmetry.c core/classes.c core/drawing.c core/message.c core/utf8.c core/json.c core/database/names.c core/database/columns.c \
                core/classic.c core/pinyin.c core/text_distance.c core/typed.c core/picture/markup.c core/picture/svg_board.c \
                core/pack/pack.c core/pack/crc32.c answer/report.c answer/typed_input.c \
                core/move_outcomes.c answer/route_step.c answer/html_player.c \
                answer/value.c answer/value_json.c answer/board_value.c answer/moves_value.c \
                answer/route_value.c answer/layout_value.c answer/group_value.c answer/names_value.c \
                answer/pack_values.c \
                answer/hint_value.c answer/check_value.c answer/farthest_group_value.c answer/hardest_value.c \
                answer/stats_value.c answer/members_value.c answer/solutions_value.c answer/farthest_value.c \
                answer/search/layers.c answer/search/path.c answer/search/solutions.c answer/search/searched_group.c \
                answer/search/extremes.c answer/search/bfs.c answer/search/code_list.c \
                core/graph/extremes.c core/graph/bitparallel_bfs.c core/graph/group_graph.c core/graph/codemap.c \
                site/engine.c site/loader.c site/inflate.c
WASM_FLAGS    = --target=wasm32-wasi -mexec-model=reactor -O2 -std=c11 -Wall -Wextra -D_GNU_SOURCE \
                -Isite/wasm -I. -I$(OBJ)/gen -Wl,--strip-all
WASM          = $(OBJ)/site/klotski.wasm

.PHONY: all deps test-deps npm-deps bench-deps tools library npm farthest test check fuzz fuzz-build \
        fuzz-targets bench install uninstall abi-baseline clean FORCE
.DELETE_ON_ERROR:
.SECONDARY:

all: deps tools library $(DB)

# Install the Debian packages the build, or the tests, need when any is missing, waiting
# for a package manager that holds the lock; when that is impossible they say in one line
# what is missing and why, and stop make before anything is built or tested.  The
# WebAssembly toolchain's failure only says so.  NO_DEPS=1 (a packager's build, as git's
# NO_* switches): never apt-get; what is missing is named, and the build stops when the
# build or the tests need it.
ifeq ($(NO_DEPS),1)
PACKAGES = tests/packages.sh --check
else
PACKAGES = tests/packages.sh
endif
deps:
	@$(PACKAGES) $(BUILD_NEEDS)
	@$(PACKAGES) $(WASM_NEEDS) || echo "klotski: building without the WebAssembly engine of \`klotski site\`"

test-deps:
	@$(PACKAGES) $(TEST_NEEDS)

bench-deps:
	@$(PACKAGES) $(BENCH_NEEDS)

tools: $(BIN)/klotski-build $(BIN)/klotski

$(DB): $(BIN)/klotski-build
	$(BIN)/klotski-build --db $@

# Completes the database with the farthest phase: long (see README), resumable, and the
# database stays usable meanwhile.
farthest: deps tools $(DB)
	$(BIN)/klotski-build --farthest --db $(DB)

# Whether the toolchain is there: its missing parts, as tests/packages.sh --check names
# them (empty when none), rewritten only when they change, so that installing or removing
# the toolchain rebuilds the engine, and nothing else does.
WASM_TOOLCHAIN = $(OBJ)/site/toolchain-missing
FORCE:
$(WASM_TOOLCHAIN): FORCE
	@mkdir -p $(@D)
	@missing=$$(tests/packages.sh --check $(WASM_NEEDS) 2>&1); \
	  printf '%s' "$$missing" | cmp -s - $@ || printf '%s' "$$missing" > $@

# Without the toolchain the engine is an empty file: klotski is built all the same, and
# `klotski site` says how to get the toolchain (query/commands/site.c).
$(WASM): $(WASM_SOURCES) $(wildcard core/*.h core/*/*.h answer/*.h answer/*/*.h site/*.h site/wasm/*.h site/wasm/*/*.h) \
         $(WASM_TOOLCHAIN) | $(EMBEDDED)
	@mkdir -p $(@D)
	@if [ -s $(WASM_TOOLCHAIN) ]; then cat $(WASM_TOOLCHAIN); echo; : > $@; \
	  echo "klotski: $@ left empty: \`klotski site\` will say how to get the toolchain"; \
	else echo "$(WASM_CC) $(WASM_FLAGS) -o $@ $(WASM_SOURCES)"; $(WASM_CC) $(WASM_FLAGS) -o $@ $(WASM_SOURCES); fi

# A binary file as the bytes of a C array initialiser.
$(OBJ)/gen/site/klotski.wasm.inc: $(WASM)
	@mkdir -p $(@D)
	od -An -v -tx1 $< | sed -e 's/ \([0-9a-f][0-9a-f]\)/0x\1,/g' > $@

$(OBJ)/query/commands/site.o: $(OBJ)/gen/site/klotski.wasm.inc

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
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(BUILDER_LIBS)

$(OBJ)/builder/farthest/gpu.o: builder/farthest/gpu.cu
	@mkdir -p $(@D)
	$(NVCC) $(NVCC_FLAGS) -MMD -MP -c -o $@ $<

$(BIN)/klotski: $(QUERY_OBJ) $(OBJ)/libklotski.a
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# libklotski for other programs (lib/, README "Programs"): the engine (with the board
# picture of core/picture/) and lib/'s API over it, compiled again as position-independent
# code with every symbol hidden but klotski.h's, as a shared library with a soname; the
# loadable SQLite extension, lib/sql.c compiled on SQLite's extension API and linked to
# the library; the Python module, python/*.c linked to the library.  The rpaths
# find the library beside them in the build tree (OBJ/lib) and once installed
# (PREFIX/lib; the extension's also under another LIBDIR).
# The version is klotski.h's KLOTSKI_VERSION; the soname changes with its major number.
LIB_VERSION   = $(shell sed -n 's/^#define KLOTSKI_VERSION "\(.*\)"/\1/p' lib/klotski.h)
LIB_SONAME    = libklotski.so.1
LIB_DIR       = $(OBJ)/lib
# The group searches of core/graph/ stay out: the library makes no group graph, and the
# bit-parallel search's target clones would export their resolver.
GROUP_SEARCH  = core/graph/extremes.c core/graph/bitparallel_bfs.c core/graph/group_graph.c
SHARED_OBJ    = $(patsubst %.c,$(OBJ)/pic/%.o,$(filter-out $(GROUP_SEARCH),$(call sources,core)) lib/layout.c \
                  lib/database.c lib/handle.c lib/members.c lib/pack.c lib/sql.c)
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

# The module's files, split along its types (python/module.h).
PYTHON_SOURCES = python/module.c python/handle.c python/layout.c python/database.c python/cursor.c python/pack.c

$(PYTHON_MODULE): $(PYTHON_SOURCES) python/module.h lib/klotski.h $(LIB_DIR)/$(LIB_SONAME) $(LIB_DIR)/libklotski.so
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(PIC) -Ilib $(shell pkg-config --cflags python3 2>/dev/null) $(LDFLAGS) -shared \
	  -o $@ $(filter %.c,$^) -L$(LIB_DIR) -lklotski $(LDLIBS) -Wl,-rpath,'$$ORIGIN/../lib:$$ORIGIN/../..'

$(OBJ)/python/klotski.pyi: python/klotski.pyi
	@mkdir -p $(@D)
	cp $< $@

# The ABI of this version, kept for the tests (tests/e2e/e2e_abi.sh compares the library
# with every file of lib/abi/): run once per release, never to hide a change.
abi-baseline: $(LIB_DIR)/libklotski.so.$(LIB_VERSION)
	abidw --headers-dir lib --no-corpus-path --no-comp-dir-path --short-locs \
	  --out-file lib/abi/libklotski.so.$(LIB_VERSION).abi $<

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
# the test packages come first), and the objects a test names as its prerequisites.  Only the source and the libraries go to the compiler:
# $^ also holds the headers that -MMD listed.
$(OBJ)/tests/%: tests/unit/%.c $(OBJ)/libbuilder.a $(OBJ)/libklotski.a | test-deps
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(shell pkg-config --cflags cmocka) -MMD -MP $(LDFLAGS) -o $@ $< \
	  $(filter %.o,$^) $(filter %.a,$^) $(LDLIBS) $(LDLIBS_TEST) $(BUILDER_LIBS)

# The unit tests of an answer's value and of a group's depth layers link the answer/
# files they check.
$(OBJ)/tests/unit_value: $(OBJ)/answer/value.o $(OBJ)/answer/value_json.o $(OBJ)/answer/report.o
$(OBJ)/tests/unit_layers: $(OBJ)/answer/search/layers.o $(OBJ)/answer/search/bfs.o $(OBJ)/answer/search/code_list.o \
                          $(OBJ)/answer/report.o

# The unit test of the searches from a layout links the answer/search/ files it checks.
$(OBJ)/tests/unit_solutions: $(OBJ)/answer/search/solutions.o $(OBJ)/answer/search/searched_group.o \
                             $(OBJ)/answer/search/bfs.o $(OBJ)/answer/search/code_list.o $(OBJ)/answer/report.o

# The engine's inflater, native here, checked against zlib.
$(OBJ)/tests/unit_inflate: $(OBJ)/site/inflate.o

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

# The npm package of the engine (site/npm/README.md), `make npm`: klotski.js is the
# engine's driver (site/assets/engine.js) and the module's exports, beside the engine,
# its types and the pack of the database; `npm pack` makes the tarball, which the tests
# install (npm is one of TEST_NEEDS).  The database is a prerequisite of the normal build
# alone: the sanitizer build's check, which make test runs after the normal one, must not
# build it again with its own klotski-build.
NPM_DIR     = $(OBJ)/npm/klotski
NPM_TARBALL = $(OBJ)/npm/klotski-$(LIB_VERSION).tgz
npm: $(NPM_TARBALL)
npm-deps:
	@$(PACKAGES) $(NPM_NEEDS)
$(NPM_TARBALL): site/assets/engine.js $(wildcard site/npm/*) LICENSE $(WASM) $(BIN)/klotski $(if $(filter 1,$(SAN)),,$(DB)) \
                | npm-deps
	@rm -rf $(NPM_DIR) && mkdir -p $(NPM_DIR)
	cat site/assets/engine.js site/npm/pack.js > $(NPM_DIR)/klotski.js
	sed 's/@VERSION@/$(LIB_VERSION)/' site/npm/package.json > $(NPM_DIR)/package.json
	cp site/npm/klotski.d.ts site/npm/README.md LICENSE $(WASM) $(NPM_DIR)/
	$(BIN)/klotski --db $(DB) pack $(NPM_DIR)/klotski.pack
	cd $(OBJ)/npm && npm pack --silent ./klotski > /dev/null

test: deps test-deps
	$(MAKE) -j$(TEST_JOBS) check
	$(MAKE) -j$(TEST_JOBS) check SAN=1 OBJ=build/asan BIN=build/asan/bin RUN_FUZZ=0
	@echo "all tests passed in both builds"

# Every test of one build; test-deps has installed what they use before the first runs.
# RUN_FUZZ=0: without the fuzz targets.
RUN_FUZZ ?= 1
check: test-deps tools library npm $(UNIT_TESTS) $(REFERENCE) $(if $(filter 0,$(RUN_FUZZ)),,fuzz-build)
	tests/run.sh $(OBJ) $(BIN) $(if $(filter 0,$(RUN_FUZZ)),,$(FUZZ_OBJ)/tests/fuzz)

bench: deps bench-deps tools library $(OBJ)/bench/bench_core $(OBJ)/bench/bench_pack
	bench/run.sh $(BIN) $(OBJ)

# The group extremes', the solution counts' and the farthest phase's searches' cost, run
# by hand (see builder/extremes/README.md, builder/farthest/README.md, bench/README.md):
# they need the builder.
$(OBJ)/bench/bench_extremes $(OBJ)/bench/bench_farthest $(OBJ)/bench/bench_phase: $(OBJ)/bench/%: bench/%.c $(OBJ)/libbuilder.a $(OBJ)/libklotski.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP $(LDFLAGS) -o $@ $< $(filter %.a,$^) $(LDLIBS) $(BUILDER_LIBS)

$(OBJ)/bench/%: bench/%.c $(OBJ)/libklotski.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP $(LDFLAGS) -o $@ $< $(filter %.a,$^) $(LDLIBS)

# The tools, their manual pages and the database, which an installed klotski finds as
# PREFIX/share/klotski/klotski.db (KL_DB_INSTALLED_PATH of core/database/format.h).  The
# database is built when missing, never rebuilt here.
# The library, its header and pkg-config file, the SQLite extension and the Python
# module go beside them (lib/README.md).  Last, as libtool's install does, what a program
# needs to find the library when LIBDIR is no folder the loader searches
# (lib/loader_notice.sh).
install: tools library | $(DB)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/klotski \
	  $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(LIBDIR)/klotski $(DESTDIR)$(PYTHON_SITE)
	install -m 755 $(BIN)/klotski $(BIN)/klotski-build $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(DB) $(DESTDIR)$(PREFIX)/share/klotski/klotski.db
	install -m 644 docs/klotski.1 docs/klotski-build.1 $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 lib/klotski.h $(DESTDIR)$(INCLUDEDIR)
	install -m 755 $(LIB_DIR)/libklotski.so.$(LIB_VERSION) $(DESTDIR)$(LIBDIR)
	ln -sf libklotski.so.$(LIB_VERSION) $(DESTDIR)$(LIBDIR)/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $(DESTDIR)$(LIBDIR)/libklotski.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	  -e 's|@VERSION@|$(LIB_VERSION)|' lib/klotski.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/klotski.pc
	install -m 755 $(SQLITE_EXT) $(DESTDIR)$(LIBDIR)/klotski
	install -m 755 $(PYTHON_MODULE) $(DESTDIR)$(PYTHON_SITE)
	install -m 644 python/klotski.pyi $(DESTDIR)$(PYTHON_SITE)
	@lib/loader_notice.sh "$(LIBDIR)" "$(DESTDIR)"

# Removes what `make install` put in place, with the same PREFIX, LIBDIR, INCLUDEDIR,
# PYTHON_SITE and DESTDIR, and the folders of klotski's own when empty.
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/klotski $(DESTDIR)$(PREFIX)/bin/klotski-build \
	  $(DESTDIR)$(PREFIX)/share/klotski/klotski.db $(DESTDIR)$(PREFIX)/share/man/man1/klotski.1 \
	  $(DESTDIR)$(PREFIX)/share/man/man1/klotski-build.1 \
	  $(DESTDIR)$(INCLUDEDIR)/klotski.h $(DESTDIR)$(LIBDIR)/libklotski.so.$(LIB_VERSION) \
	  $(DESTDIR)$(LIBDIR)/$(LIB_SONAME) $(DESTDIR)$(LIBDIR)/libklotski.so $(DESTDIR)$(LIBDIR)/pkgconfig/klotski.pc \
	  $(DESTDIR)$(LIBDIR)/klotski/$(notdir $(SQLITE_EXT)) $(DESTDIR)$(PYTHON_SITE)/$(notdir $(PYTHON_MODULE)) \
	  $(DESTDIR)$(PYTHON_SITE)/klotski.pyi
	rmdir $(DESTDIR)$(PREFIX)/share/klotski $(DESTDIR)$(LIBDIR)/klotski 2>/dev/null || true

clean:
	rm -rf build bin

-include $(shell find $(OBJ) -name '*.d' 2>/dev/null)
