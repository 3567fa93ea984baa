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
CFLAGS  += -std=c11 $(OPT) -g -Wall -Wextra -D_GNU_SOURCE -pthread -I. -I$(OBJ)/gen \
           $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
LDLIBS  += $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm
LDLIBS_TEST = $(shell pkg-config --libs cmocka 2>/dev/null)
LDFLAGS += -pthread $(filter -fsanitize=%,$(OPT))

# Every folder's sources, one level of subfolders deep.
sources      = $(wildcard $(1)/*.c $(1)/*/*.c)
objects      = $(patsubst %.c,$(OBJ)/%.o,$(1))
CORE_OBJ     = $(call objects,$(call sources,core))
BUILDER_OBJ  = $(call objects,$(filter-out builder/main.c,$(call sources,builder)))
QUERY_OBJ    = $(call objects,$(call sources,query))
UNIT_TESTS   = $(patsubst tests/%.c,$(OBJ)/tests/%,$(wildcard tests/unit_*.c))
# Text files compiled in as C string literals: the schema, the classic names, the web
# pages' style sheets and scripts.
EMBEDDED     = $(patsubst %,$(OBJ)/gen/%.inc,$(wildcard schema/*.sql) data/classic_names.tsv \
                 $(wildcard query/render/assets/*.css query/render/assets/*.js))

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

# libklotski: the engine, the graph tools and the database format (core/); libbuilder:
# the builder's phases, for klotski-build and the tests that check them.
$(OBJ)/libklotski.a: $(CORE_OBJ)
	$(AR) rcs $@ $^

$(OBJ)/libbuilder.a: $(BUILDER_OBJ)
	$(AR) rcs $@ $^

$(BIN)/klotski-build: $(OBJ)/builder/main.o $(OBJ)/libbuilder.a $(OBJ)/libklotski.a
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BIN)/klotski: $(QUERY_OBJ) $(OBJ)/libklotski.a
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# Generated files come first (order-only); after that -MMD's lists say which headers and
# embedded files each object really reads.
$(OBJ)/%.o: %.c | $(EMBEDDED)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

# A text file as one C string literal, a line per line.
$(OBJ)/gen/%.inc: %
	@mkdir -p $(@D)
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $< > $@

$(OBJ)/tests/%: tests/%.c $(OBJ)/libbuilder.a $(OBJ)/libklotski.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(shell pkg-config --cflags cmocka) -MMD -MP $(LDFLAGS) -o $@ $^ \
	  $(LDLIBS) $(LDLIBS_TEST)

# The database cross-check of tests/e2e_crosscheck.sh: no cmocka test, and on purpose
# without libklotski, so that it checks the database with nothing of the engine's.
$(OBJ)/tests/db_crosscheck: tests/db_crosscheck.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP $(LDFLAGS) -o $@ $< $(LDLIBS)

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
	$(CC) $(CFLAGS) -MMD -MP $(LDFLAGS) -o $@ $^ $(LDLIBS)

install: tools
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BIN)/klotski $(BIN)/klotski-build $(DESTDIR)$(PREFIX)/bin
	if [ -f docs/klotski.1 ]; then install -m 644 docs/klotski.1 $(DESTDIR)$(PREFIX)/share/man/man1; fi

clean:
	rm -rf build bin

-include $(shell find $(OBJ) -name '*.d' 2>/dev/null)
