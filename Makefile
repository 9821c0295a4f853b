# The front door of Neve. `make run` and `make test` set everything up from a
# clean clone: dependencies (scripts/install-deps.sh), configure, build.
#
#   make run         only what running a program needs (neve, neve-translate,
#                    neve-launch, the runtime; target neve-run-depends), then
#                    compile and run examples/hello.nv
#   make build       everything: also neve-opt, the language servers, the unit
#                    tests, the sanitizer and fuzzer builds (target all)
#   make test        build, then every test; ends with `N passed, N failed, N skipped`
#   make bench       the run set, then the CPU benchmarks (Neve vs C++,
#                    bench/results/cpu.json)
#   make bench-concurrency  channels and spawn/join: Neve runtime vs Go vs C++
#                    (bench/results/concurrency.json; installs golang-go)
#   make gpu-bundle  build the folder that scripts/gpu-run.sh runs on the GPU machine
#   make install PREFIX=DIR  install the tools, runtime and packages (std_lib, frost),
#                    and the SDK plugins build against (libNeve, headers, .td, lib/cmake/neve)
#   make docs        the dialect and pass reference from ODS (build/docs/), and a
#                    check that every ```neve block of docs/ compiles
#
# Each target installs the packages it needs (install-deps.sh run, test or
# bench) once per change of the installer. JOBS defaults to the number of
# cores.

BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD_TYPE ?= Release
CMAKE ?= cmake

.PHONY: all deps configure build run test bench bench-concurrency gpu-bundle install docs clean

all: build

# Re-run the installer, in the mode a target needs, whenever it changes (it
# is idempotent and quick when everything is present).
.deps-%-stamp: scripts/install-deps.sh
	bash scripts/install-deps.sh $*
	@touch $@

# The modes install supersets of each other; one at a time, since two
# installers at once (make -j) fight over apt's lock.
.deps-test-stamp: .deps-run-stamp
.deps-all-stamp: .deps-test-stamp

deps: .deps-all-stamp

$(BUILD)/build.ninja: .deps-run-stamp CMakeLists.txt
	$(CMAKE) -G Ninja -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

configure: $(BUILD)/build.ninja

# Once the test packages are in, configure again so that CMake finds them
# (GoogleTest, clang-22); NEVE_REQUIRE_TEST_TOOLS makes a missing one an error
# rather than a silently smaller test suite.
$(BUILD)/.test-configured: .deps-test-stamp $(BUILD)/build.ninja
	$(CMAKE) -S . -B $(BUILD) -DNEVE_REQUIRE_TEST_TOOLS=ON
	@touch $@

build: $(BUILD)/.test-configured
	$(CMAKE) --build $(BUILD) -j $(JOBS)

run: configure
	$(CMAKE) --build $(BUILD) -j $(JOBS) --target neve-run-depends
	$(BUILD)/bin/neve run examples/hello.nv

test: build
	python3 scripts/run-tests.py --build $(BUILD) -j $(JOBS)

bench: configure
	$(CMAKE) --build $(BUILD) -j $(JOBS) --target neve-run-depends
	python3 bench/cpu/run.py --build $(BUILD)

bench-concurrency: configure .deps-bench-stamp
	python3 bench/concurrency/run.py --build $(BUILD)

# FILTER=REGEX: only the programs whose bundle name matches (scripts/gpu-bundle.sh)
gpu-bundle: build
	bash scripts/gpu-bundle.sh $(BUILD) gpu-bundle '$(value FILTER)'

# Installs neve, neve-translate, neve-opt, the runtime, its header, the
# packages (std_lib, frost) and the SDK (libNeve.so, the headers and .td
# files, lib/cmake/neve) under $(PREFIX); remove the prefix to uninstall.
PREFIX ?= /usr/local
install: build
	$(CMAKE) --install $(BUILD) --prefix $(PREFIX)

docs: build
	$(CMAKE) --build $(BUILD) --target mlir-doc
	python3 scripts/check-doc-code.py $(BUILD)/bin/neve-translate docs/*.md
	@echo "docs: generated reference in $(BUILD)/docs/ (index: docs/reference/README.md)"

clean:
	rm -rf $(BUILD) gpu-bundle .deps-*-stamp
