# tilekit: a C toolkit for tile and word games.  GNU Make.
#
#   make                 library, CLIs in bin/, default dictionaries in build/dict/
#   make test            whole suite, then again under ASan+UBSan
#   make bench           benchmark drivers (timings are never asserted)
#   make fuzz            libFuzzer targets (needs clang), see tests/fuzz/
#   make install PREFIX=/usr/local DESTDIR=
#
# The required flags live in ALL_CFLAGS, so `make CFLAGS=-O3` keeps them.

VERSION   = 0.2.0
PREFIX   ?= /usr/local
BINDIR_I  = $(PREFIX)/bin
LIBDIR_I  = $(PREFIX)/lib
INCDIR_I  = $(PREFIX)/include
DATADIR_I = $(PREFIX)/share/tilekit
MANDIR_I  = $(PREFIX)/share/man
PCDIR_I   = $(LIBDIR_I)/pkgconfig
BASHCOMPDIR_I = $(PREFIX)/share/bash-completion/completions
DOCDIR_I  = $(PREFIX)/share/doc/tilekit

CC       ?= cc
CFLAGS   ?= -O2 -g
WARN      = -std=c11 -Wall -Wextra -Wpedantic
ALL_CFLAGS = $(WARN) -D_POSIX_C_SOURCE=200809L -Iinclude -Isrc \
             -DTILEKIT_VERSION='"$(VERSION)"' -DTILEKIT_DATADIR='"$(DATADIR_I)"' \
             -MMD -MP $(SANFLAGS) $(CFLAGS)
LDLIBS   += -lpthread -lm

# Build directory and where the CLIs go; the sanitizer run uses its own pair.
B   ?= build
BIN ?= bin

LIB_SRC  = $(sort $(wildcard src/core/*.c src/dawg/*.c src/skrafl/*.c src/mahjong/*.c src/boggle/*.c src/fmt/*.c))
# src/cli/cli.c and src/cli/cli_*.c are shared by every front-end; any other
# src/cli/PROG.c is a program, linked with its own parts src/cli/PROG_*.c.
CLI_SRC  = src/cli/cli.c $(sort $(wildcard src/cli/cli_*.c))
CLI_MAIN = $(filter-out src/cli/cli.c,$(foreach f,$(wildcard src/cli/*.c),$(if $(findstring _,$(notdir $f)),,$f)))
PROGS    = $(sort $(basename $(notdir $(CLI_MAIN))) mkdawg)
TEST_SRC = $(sort $(wildcard tests/test_*.c))
TSUP_SRC = $(sort $(wildcard tests/support/*.c))
FUZZ_SRC = $(sort $(wildcard tests/fuzz/fuzz_*.c))
BENCH_SRC = $(sort $(wildcard tools/bench_*.c))

obj = $(patsubst %.c,$(B)/obj/%.o,$(1))
LIB        = $(B)/libtilekit.a
CLI_OBJ    = $(call obj,$(CLI_SRC))
TSUP_OBJ   = $(call obj,$(TSUP_SRC))
TESTS      = $(patsubst tests/%.c,$(B)/tests/%,$(TEST_SRC))
REPLAYS    = $(patsubst tests/fuzz/fuzz_%.c,$(B)/fuzz/replay_%,$(FUZZ_SRC))
BENCHES    = $(patsubst tools/%.c,$(B)/tools/%,$(BENCH_SRC))
BINS       = $(addprefix $(BIN)/,$(PROGS))

# Word lists shipped in data/words/ and the dictionaries built from them.
DICT_LANGS = $(basename $(notdir $(wildcard data/words/*.txt)))
DICTS      = $(patsubst %,$(B)/dict/%.dawg,$(DICT_LANGS))
# mjwait's per-suit tables, filled once (tools/mkmjtable.c; optional at run time).
MJTABLE    = $(B)/mahjong/tables.bin

.PHONY: all lib test check-suite suite-programs bench fuzz install uninstall clean leaves
.SUFFIXES:
.DELETE_ON_ERROR:

all: $(BINS) $(DICTS) $(MJTABLE)
lib: $(LIB)

$(B)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(LIB): $(call obj,$(LIB_SRC))
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(BIN)/mkdawg: $(call obj,tools/mkdawg.c) $(CLI_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

.SECONDEXPANSION:
$(BIN)/%: $(B)/obj/src/cli/%.o $$(call obj,$$(wildcard src/cli/$$*_*.c)) $(CLI_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/dict/%.dawg: data/words/%.txt $(BIN)/mkdawg
	@mkdir -p $(@D)
	$(BIN)/mkdawg --force --alphabet data/alphabets/$*.txt -o $@ $<

$(MJTABLE): $(B)/tools/mkmjtable
	@mkdir -p $(@D)
	$(B)/tools/mkmjtable -o $@

$(B)/tests/%: $(B)/obj/tests/%.o $(TSUP_OBJ) $(CLI_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/fuzz/replay_%: $(B)/obj/tests/fuzz/fuzz_%.o $(B)/obj/tests/fuzz/replay.o $(CLI_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/tools/%: $(B)/obj/tools/%.o $(CLI_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# ---- tests -----------------------------------------------------------------
# check-suite runs everything built into $(B)/$(BIN), the programs several at
# a time (TK_TEST_JOBS, default one per CPU).  `make test` builds the plain
# and the sanitized programs together, then runs both suites in one pool of
# workers, the longest programs first: the plain suite as built, and under
# AddressSanitizer + UndefinedBehaviorSanitizer only what a sanitizer can
# change (unit tests and oracles, fuzz replays, the CLI scripts marked
# "# sanitized: yes"), not the golden-text comparisons.
# The sanitized objects carry line tables only (-g1): a sanitizer's report
# still names function, file and line, and they compile in 3/4 of the time.
SAN = -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all -fno-omit-frame-pointer

check-suite: $(BINS) $(DICTS) $(TESTS) $(REPLAYS)
	@sh tests/run-tests.sh "$(B)" "$(BIN)" "$(LABEL)" "$(MODE)"

NPROC   := $(shell nproc 2>/dev/null || echo 1)
SANVARS  = B=build-san BIN=build-san/bin SANFLAGS='$(SAN)' CFLAGS='-O1 -g1' LABEL=sanitized MODE=sanitized DICTS=

# $(MJTABLE): the sanitized suite builds its own table too (test_mahjong's
# table_file loads it under the sanitizers instead of skipping)
suite-programs: $(BINS) $(DICTS) $(TESTS) $(REPLAYS) $(MJTABLE)

# the two builds share one jobserver (-j$(NPROC) below)
test-programs-plain:
	@$(MAKE) --no-print-directory all suite-programs
test-programs-sanitized:
	@$(MAKE) --no-print-directory suite-programs $(SANVARS)
.PHONY: test-programs-plain test-programs-sanitized

test:
	@$(MAKE) --no-print-directory lint
	@$(MAKE) --no-print-directory -j$(NPROC) test-programs-plain test-programs-sanitized
	@TK_SANITIZED_DATA='$(CURDIR)/build:$(CURDIR)/data' sh tests/run-tests.sh \
	    "$(B)" "$(BIN)" plain all build-san build-san/bin sanitized sanitized
	@sh tests/total.sh "$(B)/test-summary" build-san/test-summary

# no function in src/ or tools/ over 100 lines but the listed ones (tests/lint.sh)
lint:
	@sh tests/lint.sh
.PHONY: lint

# ---- benchmarks and fuzzing ------------------------------------------------
bench: all $(BENCHES)
	@sh tools/run-bench.sh "$(B)"

# ---- leave tables (not run by `make test`): learnt by self-play -------------
# See data/leaves/README for the method; the figures there come from these
# steps.  Each step starts from the previous table; the first from the tables
# shipped at d03a474 (git show).  LEAVES_JOBS threads (the result does not
# depend on it).
LEAVES_EN_DICT ?= ../shared/words/enable2k.txt
LEAVES_IS_DICT ?= data/words/is.txt
LEAVES_JOBS    ?= 1
MKLEAVES = $(B)/tools/mkleaves --force --jobs $(LEAVES_JOBS) --iters 1 --full --target equity --balance
MKLEAVES_RACK = $(B)/tools/mkleaves --force --jobs $(LEAVES_JOBS) --iters 1 --full --target rack --balance
MKLEAVES_DRAWN = $(B)/tools/mkleaves --force --jobs $(LEAVES_JOBS) --iters 1 --full --target drawn --balance
# the tools under $(B)/tools find the tree's data (alphabets, tile sets) here
leaves wintab: export TILEKIT_DATA = $(CURDIR)/$(B):$(CURDIR)/data
leaves: $(B)/tools/mkleaves
	git show d03a474:data/leaves/en.csv >$(B)/leaves-en-0.csv
	nice $(MKLEAVES) --dict $(LEAVES_EN_DICT) --lang en --games 60000 --seed 101 \
	    --init $(B)/leaves-en-0.csv -o $(B)/leaves-en-101.csv
	nice $(MKLEAVES) --dict $(LEAVES_EN_DICT) --lang en --games 40000 --seed 102 \
	    --init $(B)/leaves-en-101.csv -o $(B)/leaves-en-102.csv
	nice $(MKLEAVES) --dict $(LEAVES_EN_DICT) --lang en --games 40000 --seed 103 \
	    --init $(B)/leaves-en-102.csv -o $(B)/leaves-en-103.csv
	nice $(MKLEAVES) --dict $(LEAVES_EN_DICT) --lang en --games 40000 --seed 104 \
	    --init $(B)/leaves-en-103.csv -o $(B)/leaves-en-104.csv
	$(B)/tools/mkleaves --force --lang en --pack $(B)/leaves-en-104.csv -o $(B)/leaves-en-104.tkl
	$(B)/tools/mkleaves --force --lang en --unpack $(B)/leaves-en-104.tkl -o $(B)/leaves-en-104u.csv
	nice $(MKLEAVES_DRAWN) --dict $(LEAVES_EN_DICT) --lang en --games 40000 --seed 311 \
	    --init $(B)/leaves-en-104u.csv -o $(B)/leaves-en-311.csv
	nice $(MKLEAVES_DRAWN) --dict $(LEAVES_EN_DICT) --lang en --games 80000 --seed 312 \
	    --init $(B)/leaves-en-311.csv -o $(B)/leaves-en-312.csv
	nice $(MKLEAVES_DRAWN) --dict $(LEAVES_EN_DICT) --lang en --games 120000 --seed 313 \
	    --init $(B)/leaves-en-312.csv -o $(B)/leaves-en-313.csv
	$(B)/tools/mkleaves --force --lang en --pack $(B)/leaves-en-313.csv -o data/leaves/en.tkl
	git show d03a474:data/leaves/is.csv >$(B)/leaves-is-0.csv
	nice $(MKLEAVES) --dict $(LEAVES_IS_DICT) --lang is --games 15000 --seed 201 \
	    --init $(B)/leaves-is-0.csv -o $(B)/leaves-is-201.csv
	nice $(MKLEAVES) --dict $(LEAVES_IS_DICT) --lang is --games 20000 --seed 202 \
	    --init $(B)/leaves-is-201.csv -o $(B)/leaves-is-202.csv
	$(B)/tools/mkleaves --force --lang is --pack $(B)/leaves-is-202.csv -o $(B)/leaves-is-202.tkl --bits 12 --unit 100
	$(B)/tools/mkleaves --force --lang is --unpack $(B)/leaves-is-202.tkl -o $(B)/leaves-is-202u.csv
	nice $(MKLEAVES) --dict $(LEAVES_IS_DICT) --lang is --games 150000 --seed 203 \
	    --init $(B)/leaves-is-202u.csv -o $(B)/leaves-is-203.csv
	nice $(MKLEAVES) --dict $(LEAVES_IS_DICT) --lang is --games 150000 --seed 204 \
	    --init $(B)/leaves-is-203.csv -o $(B)/leaves-is-204.csv
	$(B)/tools/mkleaves --force --lang is --pack $(B)/leaves-is-204.csv -o $(B)/leaves-is-204.tkl --bits 12 --unit 100
	$(B)/tools/mkleaves --force --lang is --unpack $(B)/leaves-is-204.tkl -o $(B)/leaves-is-204u.csv
	nice $(MKLEAVES_RACK) --dict $(LEAVES_IS_DICT) --lang is --games 40000 --seed 401 \
	    --init $(B)/leaves-is-204u.csv -o $(B)/leaves-is-401.csv
	nice $(MKLEAVES_RACK) --dict $(LEAVES_IS_DICT) --lang is --games 60000 --seed 402 \
	    --init $(B)/leaves-is-401.csv -o $(B)/leaves-is-402.csv
	nice $(MKLEAVES_RACK) --dict $(LEAVES_IS_DICT) --lang is --games 60000 --seed 403 \
	    --init $(B)/leaves-is-402.csv -o $(B)/leaves-is-403.csv
	$(B)/tools/mkleaves --force --lang is --pack $(B)/leaves-is-403.csv -o data/leaves/is.tkl --bits 12 --unit 100

# tests/cli/test_mkleaves.sh runs the trainer (shards merged = one process).
check-suite suite-programs: $(B)/tools/mkleaves

# ---- win-percentage table (not run by `make test`): fitted by self-play --------
# See data/wintab/README.
WINTAB_GAMES ?= 20000
wintab: $(B)/tools/mkwintab
	nice $(B)/tools/mkwintab --force --games $(WINTAB_GAMES) --seed 27 -o data/wintab/en.csv
.PHONY: wintab

FUZZ_CC ?= clang
fuzz:
	@sh tests/fuzz/build-fuzzers.sh "$(FUZZ_CC)"

# ---- install ---------------------------------------------------------------
install: all
	install -d $(DESTDIR)$(BINDIR_I) $(DESTDIR)$(LIBDIR_I) $(DESTDIR)$(INCDIR_I)/tilekit $(DESTDIR)$(DATADIR_I)/dict
	install -m 755 $(BINS) $(DESTDIR)$(BINDIR_I)
	install -m 644 $(LIB) $(DESTDIR)$(LIBDIR_I)
	install -m 644 include/tilekit/*.h $(DESTDIR)$(INCDIR_I)/tilekit
	install -m 644 $(DICTS) $(DESTDIR)$(DATADIR_I)/dict
	install -d $(DESTDIR)$(DATADIR_I)/mahjong
	install -m 644 $(MJTABLE) $(DESTDIR)$(DATADIR_I)/mahjong
	for d in $$(cd data && find . -mindepth 1 -type d); do install -d $(DESTDIR)$(DATADIR_I)/$$d; done
	for f in $$(cd data && find . -type f); do install -m 644 data/$$f $(DESTDIR)$(DATADIR_I)/$$f; done
	install -d $(DESTDIR)$(MANDIR_I)/man1 $(DESTDIR)$(MANDIR_I)/man3 $(DESTDIR)$(PCDIR_I) $(DESTDIR)$(BASHCOMPDIR_I)
	install -m 644 $(wildcard man/*.1) $(DESTDIR)$(MANDIR_I)/man1
	install -m 644 $(wildcard man/*.3) $(DESTDIR)$(MANDIR_I)/man3
	install -m 644 $(wildcard completions/*) $(DESTDIR)$(BASHCOMPDIR_I)
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR_I)|g' -e 's|@INCLUDEDIR@|$(INCDIR_I)|g' \
	    -e 's|@VERSION@|$(VERSION)|g' tools/tilekit.pc.in > $(DESTDIR)$(PCDIR_I)/tilekit.pc
	chmod 644 $(DESTDIR)$(PCDIR_I)/tilekit.pc
	install -d $(DESTDIR)$(DOCDIR_I)/examples
	install -m 644 examples/*.c examples/Makefile examples/README $(DESTDIR)$(DOCDIR_I)/examples

uninstall:
	rm -f $(addprefix $(DESTDIR)$(BINDIR_I)/,$(PROGS)) $(DESTDIR)$(LIBDIR_I)/libtilekit.a
	rm -rf $(DESTDIR)$(INCDIR_I)/tilekit $(DESTDIR)$(DATADIR_I)
	rm -f $(addprefix $(DESTDIR)$(MANDIR_I)/man1/,$(notdir $(wildcard man/*.1))) \
	      $(addprefix $(DESTDIR)$(MANDIR_I)/man3/,$(notdir $(wildcard man/*.3))) \
	      $(addprefix $(DESTDIR)$(BASHCOMPDIR_I)/,$(notdir $(wildcard completions/*))) \
	      $(DESTDIR)$(PCDIR_I)/tilekit.pc
	rm -rf $(DESTDIR)$(DOCDIR_I)/examples
	-rmdir $(DESTDIR)$(DOCDIR_I) 2>/dev/null

clean:
	rm -rf build build-san build-fuzz bin

# Keep objects of targets that are linked from them.
.SECONDARY:
-include $(shell find $(B) -name '*.d' 2>/dev/null)
