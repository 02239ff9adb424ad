# ferret: a dynamic tracer that compiles the bpftrace language to eBPF.

CC      ?= cc
PREFIX  ?= /usr/local
VERSION := 0.1.0
BUILD   ?= build

# What building and running ferret needs, and what only its tests need
# (the peers compared against, the guest kernel's emulator, a browser for
# the flame graphs, clang for the fuzzers, go tool pprof and perf report
# for the profiles, Prometheus and node_exporter for --export, trace-cmd
# for the recording benchmark in the guest, gawk for the tests' awk programs
# that read hexadecimal).
DEPS_RUN  := gcc libc6-dev make libbpf-dev libelf-dev zlib1g-dev pkg-config libiberty-dev
DEPS_TEST := $(DEPS_RUN) bpftrace qemu-system-x86 busybox-static cpio dwz elfutils \
             systemtap-sdt-dev time strace chromium fonts-dejavu-core \
             libxml2-utils clang man-db bsdextrautils tcpdump openssl iproute2 g++ \
             prometheus prometheus-node-exporter curl golang-go linux-perf babeltrace2 \
             python3-bt2 nodejs trace-cmd gawk
WARN    := -Wall -Wextra -Werror -Wno-unused-parameter -Wshadow -Wstrict-prototypes \
           -Wmissing-prototypes -Wpointer-arith -Wformat=2
CFLAGS  ?= -O2 -g
override CFLAGS += -std=gnu11 $(WARN) -D_GNU_SOURCE -DFERRET_VERSION=\"$(VERSION)\" -Isrc
# libbpf, libelf and zlib are linked in: loading and relocating the three
# shared objects costs every run about half a millisecond before main().
# libiberty (static only) demangles C++ names as strace -k does.
LIBS    := -Wl,-Bstatic $(shell pkg-config --libs --static libbpf libelf zlib 2>/dev/null || \
             echo -lbpf -lelf -lz) -liberty -Wl,-Bdynamic -lm

SRCS    := $(wildcard src/*.c src/*/*.c)
LIBSRCS := $(filter-out src/main.c,$(SRCS))
# D's built-in library (src/dlang/lib/*.d), compiled in as one string.
DLIB    := $(sort $(wildcard src/dlang/lib/*.d))
OBJS    := $(patsubst src/%.c,$(BUILD)/%.o,$(SRCS)) $(BUILD)/dlang/d_lib.o
LIBOBJS := $(patsubst src/%.c,$(BUILD)/%.o,$(LIBSRCS)) $(BUILD)/dlang/d_lib.o

UNIT_SRCS := $(wildcard tests/unit/*.c)
UNIT_BINS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRCS))

.PHONY: all deps deps-test run test unit-test runtime-test asan-test test-vm install clean asan bench fuzz

all: $(BUILD)/ferret

$(BUILD)/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/dlang/d_lib.c: $(DLIB) Makefile
	@mkdir -p $(dir $@)
	{ echo 'extern const char d_lib_text[];'; echo 'const char d_lib_text[] ='; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/\t"/' -e 's/$$/\\n"/' $(DLIB); \
	  echo '	"";'; } >$@

$(BUILD)/dlang/d_lib.o: $(BUILD)/dlang/d_lib.c
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/ferret: $(OBJS)
	$(CC) $(CFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/tests/workload: tests/runtime/workload.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -fno-omit-frame-pointer -Wall -Wextra -Werror -o $@ $<

# The USDT fixture (tests/usdt/): a PIE and a fixed-address build, both
# using libferret_usdt.so from their own directory.
USDT_FX_SRCS := tests/usdt/fixture.c tests/usdt/fixture_sema.c tests/usdt/fixture_asm.S
USDT_FX := $(BUILD)/tests/usdt_fixture $(BUILD)/tests/usdt_fixture_nopie

$(BUILD)/tests/libferret_usdt.so: tests/usdt/fixture_lib.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -Wall -Wextra -Werror -fPIC -shared -o $@ $<

$(BUILD)/tests/usdt_fixture: $(USDT_FX_SRCS) tests/usdt/fixture.h $(BUILD)/tests/libferret_usdt.so
	$(CC) -O2 -Wall -Wextra -Werror -fPIE -pie -o $@ $(USDT_FX_SRCS) \
		-L$(BUILD)/tests -lferret_usdt -Wl,-rpath,'$$ORIGIN'

$(BUILD)/tests/usdt_fixture_nopie: $(USDT_FX_SRCS) tests/usdt/fixture.h $(BUILD)/tests/libferret_usdt.so
	$(CC) -O2 -Wall -Wextra -Werror -fno-pie -no-pie -o $@ $(USDT_FX_SRCS) \
		-L$(BUILD)/tests -lferret_usdt -Wl,-rpath,'$$ORIGIN'

$(BUILD)/tests/%: tests/unit/%.c $(LIBOBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< $(LIBOBJS) $(LIBS)

-include $(OBJS:.o=.d)

# Installs from Debian what building and running need (deps), and what
# the tests need too (deps-test).
define apt_install
	@if ! dpkg -s $(1) >/dev/null 2>&1; then \
		apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			--no-install-recommends $(1); \
	fi
endef

deps:
	$(call apt_install,$(DEPS_RUN))

# npm (the Chrome JSON test fetches DevTools' trace engine with it) comes
# with some builds of nodejs, which then conflict with Debian's npm.
deps-test:
	$(call apt_install,$(DEPS_TEST))
	@command -v npm >/dev/null 2>&1 || { apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends npm; }

run: deps
	$(MAKE) all
	./tests/demo.sh $(BUILD)/ferret

unit-test: $(BUILD)/ferret $(UNIT_BINS)
	./tests/run-unit.sh $(BUILD)

runtime-test: $(BUILD)/ferret $(BUILD)/tests/workload $(USDT_FX)
	./tests/run-runtime.sh $(BUILD)
	./tests/usdt/run.sh $(BUILD)

test: deps-test
	$(MAKE) all
	$(MAKE) $(UNIT_BINS) $(BUILD)/tests/workload $(USDT_FX)
	$(MAKE) asan
	./tests/run-all.sh $(BUILD) build-asan

# libFuzzer harnesses, each run for FUZZ_SECONDS on the repository's scripts.
fuzz: deps-test
	./tests/fuzz/run.sh $(BUILD)

ASAN_CFLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer

asan:
	$(MAKE) BUILD=build-asan CFLAGS="$(ASAN_CFLAGS)" all \
		$(patsubst $(BUILD)/%,build-asan/%,$(UNIT_BINS))

# Every failing run (the "mode: error" runtime cases, cli.sh's error
# checks) under ASan/UBSan with leak detection; make test runs these too.
asan-test: $(BUILD)/ferret $(BUILD)/tests/workload $(USDT_FX) asan
	./tests/asan/run.sh $(BUILD) build-asan
	./tests/runtime/cli.sh $(BUILD) build-asan

# Kernel-function probes need a kernel with kprobes and BPF trampolines:
# Debian's stock kernel, booted under QEMU (TCG) with ferret in an initramfs.
test-vm: deps-test
	$(MAKE) all $(BUILD)/tests/workload
	./tests/vm/run.sh $(BUILD)

bench: deps-test
	$(MAKE) all
	./bench/run.sh $(BUILD)/ferret
	./bench/usdt.sh $(BUILD)/ferret
	./bench/uprobe.sh $(BUILD)/ferret
	./bench/startup.sh $(BUILD)/ferret
	./bench/stat.sh $(BUILD)/ferret
	./bench/export.sh $(BUILD)/ferret
	./bench/dtrace.sh $(BUILD)/ferret
	./bench/record.sh $(BUILD)/ferret
	$(MAKE) $(BUILD)/tests/workload
	./bench/record-vm.sh $(BUILD)

install: all
	install -D -m 755 $(BUILD)/ferret $(DESTDIR)$(PREFIX)/bin/ferret
	install -D -m 644 man/ferret.1 $(DESTDIR)$(PREFIX)/share/man/man1/ferret.1
	install -D -m 644 man/ferret-strace.1 $(DESTDIR)$(PREFIX)/share/man/man1/ferret-strace.1
	install -D -m 644 man/ferret-profile.1 $(DESTDIR)$(PREFIX)/share/man/man1/ferret-profile.1
	install -D -m 644 man/ferret-dtrace.1 $(DESTDIR)$(PREFIX)/share/man/man1/ferret-dtrace.1
	install -D -m 644 man/ferret-stat.1 $(DESTDIR)$(PREFIX)/share/man/man1/ferret-stat.1
	install -D -m 644 man/ferret-record.1 $(DESTDIR)$(PREFIX)/share/man/man1/ferret-record.1
	install -D -m 644 man/ferret-report.1 $(DESTDIR)$(PREFIX)/share/man/man1/ferret-report.1
	@# "dtrace" runs ferret dtrace, unless another dtrace is installed
	@# (systemtap-sdt-dev ships one that builds probes, not traces).
	if ! command -v dtrace >/dev/null && [ ! -e $(DESTDIR)$(PREFIX)/bin/dtrace ]; then \
		ln -s ferret $(DESTDIR)$(PREFIX)/bin/dtrace; fi

clean:
	rm -rf build build-asan
