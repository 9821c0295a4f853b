# The front door of Neve. `make run` and `make test` set everything up from a
# clean clone: dependencies (scripts/install-deps.sh), configure, build.
#
#   make run         build, then compile and run examples/hello.nv
#   make test        build, then every test; ends with `N passed, N failed, N skipped`
#   make bench       build, then the CPU benchmarks (Neve vs C++, bench/results/cpu.json)
#   make bench-concurrency  channels and spawn/join: Neve runtime vs Go vs C++
#                    (bench/results/concurrency.json; needs golang-go)
#   make gpu-bundle  build the folder that scripts/gpu-run.sh runs on the GPU machine
#   make install PREFIX=DIR  install the tools, runtime and packages (std_lib, frost)
#   make docs        the dialect and pass reference from ODS (build/docs/), and a
#                    check that every ```neve block of docs/ compiles

BUILD ?= build
JOBS ?= 2
BUILD_TYPE ?= Release
CMAKE ?= cmake
DEPS_STAMP := .deps-stamp

.PHONY: all deps configure build run test bench bench-concurrency gpu-bundle install docs clean

all: build

# Re-run the installer whenever it changes (it is idempotent and quick when
# everything is present).
$(DEPS_STAMP): scripts/install-deps.sh
	bash scripts/install-deps.sh
	@touch $@

deps: $(DEPS_STAMP)

$(BUILD)/build.ninja: $(DEPS_STAMP) CMakeLists.txt
	$(CMAKE) -G Ninja -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

configure: $(BUILD)/build.ninja

build: configure
	$(CMAKE) --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/bin/neve run examples/hello.nv

test: build
	python3 scripts/run-tests.py --build $(BUILD) -j $(JOBS)

bench: build
	python3 bench/cpu/run.py --build $(BUILD)

bench-concurrency: configure
	python3 bench/concurrency/run.py --build $(BUILD)

# FILTER=REGEX: only the programs whose bundle name matches (scripts/gpu-bundle.sh)
gpu-bundle: build
	bash scripts/gpu-bundle.sh $(BUILD) gpu-bundle '$(FILTER)'

# Installs neve, neve-translate, neve-opt, the runtime, its header and the
# packages (std_lib, frost) under $(PREFIX); remove the prefix to uninstall.
PREFIX ?= /usr/local
install: build
	$(CMAKE) --install $(BUILD) --prefix $(PREFIX)

docs: build
	$(CMAKE) --build $(BUILD) --target mlir-doc
	python3 scripts/check-doc-code.py $(BUILD)/bin/neve-translate docs/*.md
	@echo "docs: generated reference in $(BUILD)/docs/ (index: docs/reference/README.md)"

clean:
	rm -rf $(BUILD) gpu-bundle $(DEPS_STAMP)
