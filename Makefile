# klotski: `make` builds the tools and the default database (data/klotski.db), installing
# missing Debian packages first; `make test` runs every test in a normal and a sanitizer
# build.  See README.md.

CC      ?= gcc
OBJ     ?= build/release
BIN     ?= bin
DB      ?= data/klotski.db
PREFIX  ?= /usr/local
PKGS     = sqlite3 zlib
TEST_PKGS = cmocka
DEB_PKGS = build-essential pkg-config libsqlite3-dev zlib1g-dev libcmocka-dev sqlite3 jq

OPT      = -O2
ifeq ($(SAN),1)
OPT      = -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
endif
CFLAGS  += -std=c11 $(OPT) -g -Wall -Wextra -D_GNU_SOURCE -pthread -Icore -I$(OBJ)/gen \
           $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
LDLIBS  += $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm
LDFLAGS += -pthread $(filter -fsanitize=%,$(OPT))

CORE_OBJ    = $(patsubst %.c,$(OBJ)/%.o,$(wildcard core/*.c))
BUILDER_OBJ = $(patsubst %.c,$(OBJ)/%.o,$(wildcard builder/*.c))
QUERY_OBJ   = $(patsubst %.c,$(OBJ)/%.o,$(wildcard query/*.c))
UNIT_TESTS  = $(patsubst tests/%.c,$(OBJ)/tests/%,$(wildcard tests/unit_*.c))
SCHEMA_GEN  = $(patsubst schema/%.sql,$(OBJ)/gen/schema_%.inc,$(wildcard schema/*.sql))

.PHONY: all deps tools farthest test check bench install clean
.DELETE_ON_ERROR:
.SECONDARY:

all: deps tools $(DB)

# Installs the Debian packages the build and the tests need when any is missing.
deps:
	@{ pkg-config --exists $(PKGS) $(TEST_PKGS) && command -v sqlite3 >/dev/null && command -v jq >/dev/null; } || { \
	  echo "installing missing packages: $(DEB_PKGS)"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(DEB_PKGS); }

tools: $(BIN)/klotski-build $(BIN)/klotski

$(DB): $(BIN)/klotski-build
	$(BIN)/klotski-build --db $@

# Completes the database with the farthest phase: long (see README), resumable, and the
# database stays usable meanwhile.
farthest: deps tools $(DB)
	$(BIN)/klotski-build --farthest --db $(DB)

$(OBJ)/libklotski.a: $(CORE_OBJ)
	$(AR) rcs $@ $^

$(BIN)/klotski-build: $(BUILDER_OBJ) $(OBJ)/libklotski.a
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BIN)/klotski: $(QUERY_OBJ) $(OBJ)/libklotski.a
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(OBJ)/%.o: %.c $(SCHEMA_GEN)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

# The SQL of schema/ becomes C string literals compiled into the builder.
$(OBJ)/gen/schema_%.inc: schema/%.sql
	@mkdir -p $(@D)
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $< > $@

# The names of data/classic_names.tsv become a C string literal compiled into bin/klotski,
# so that the installed tool needs no data file.  (data/classic_names.sh made the TSV.)
$(OBJ)/gen/classic_names.inc: data/classic_names.tsv
	@mkdir -p $(@D)
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $< > $@

$(OBJ)/query/classic.o: $(OBJ)/gen/classic_names.inc

$(OBJ)/tests/%: tests/%.c $(OBJ)/libklotski.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(shell pkg-config --cflags cmocka) $(LDFLAGS) -o $@ $^ \
	  $(LDLIBS) $(shell pkg-config --libs cmocka)

# unit_farthest tests the builder's farthest search, which libklotski does not hold; the
# library comes again after those objects, which need it.
$(OBJ)/tests/unit_farthest: CFLAGS += -Ibuilder
$(OBJ)/tests/unit_farthest: LDLIBS := $(OBJ)/libklotski.a $(LDLIBS)
$(OBJ)/tests/unit_farthest: $(patsubst %,$(OBJ)/builder/%.o,catalog class_graph groups progress \
                              farthest farthest_bfs farthest_graph farthest_sources)

# The database cross-check of tests/e2e_crosscheck.sh: no cmocka test, and on purpose
# without libklotski, so that it checks the database with nothing of the engine's.
$(OBJ)/tests/db_crosscheck: tests/db_crosscheck.c tests/layout_model.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(shell pkg-config --cflags cmocka) $(LDFLAGS) -o $@ $< $(LDLIBS)

# The README's test command: every test, in a normal and a sanitizer build.
test: deps
	$(MAKE) check
	$(MAKE) check SAN=1 OBJ=build/asan BIN=build/asan/bin
	@echo "all tests passed in both builds"

check: tools $(UNIT_TESTS) $(OBJ)/tests/db_crosscheck
	tests/run.sh $(OBJ) $(BIN)

bench: deps tools $(OBJ)/bench/bench_core
	bench/run.sh $(BIN) $(OBJ)

$(OBJ)/bench/%: bench/%.c $(OBJ)/libklotski.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

install: tools
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BIN)/klotski $(BIN)/klotski-build $(DESTDIR)$(PREFIX)/bin
	if [ -f docs/klotski.1 ]; then install -m 644 docs/klotski.1 $(DESTDIR)$(PREFIX)/share/man/man1; fi

clean:
	rm -rf build bin

-include $(CORE_OBJ:.o=.d) $(BUILDER_OBJ:.o=.d) $(QUERY_OBJ:.o=.d)
