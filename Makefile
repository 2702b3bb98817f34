# SPDX-License-Identifier: GPL-2.0
#
# VSOC board bring-up: build the kernel with the VSOC pin controller, boot a
# board under QEMU and verify its pins.
#
#   make run [BOARD=vsoc-evb|path/to/board.dts]   boot a board, show its pins
#   make run BOARD=vsoc-evb BOOT=u-boot           the same through U-Boot and
#                                                 the FIT's conf-vsoc-evb
#   make fit                                      the FIT image, build/vsoc.itb
#   make test                                     the whole test suite
#   make test-debug                               boots again on a debug kernel
#   make stress                                   faults, churn, races and
#                                                 malformed debugfs writes on
#                                                 the debug kernel, a table;
#                                                 then make fuzz
#   make fuzz [SEED=1]                            2400 boards with mutated pin
#                                                 nodes and states, each
#                                                 booted and judged
#   make series                                   upstream series in build/series
#   make series-check [SET=NN-name]               the mainline sets of
#                                                 kernel/mainline/ on Linux 7.3:
#                                                 git am, checkpatch, kernel-doc
#   make series-build [SET=NN-name]               and a W=1 arm64 build of each
#   make bench [COLD=1]                           benchmarks in build/bench
#                                                 (informational, never fail)
#   make rehearse BOARD=freescale/imx8mm-evk      a real board of the kernel
#                                                 tree with its SoC's own
#                                                 pin controller driver
#   make rehearse BOARD=arm/ti/omap/am335x-evm    ... of arch/arm (arm/ in
#                                                 front), on the same machine
#   make rehearse-all [FAMILY="imx k3"]           every board of the families
#                                                 (or groups: pcs arm arm64)
#   make rehearse BOARD=... KERNEL=debian         ... on Debian's own arm64
#                                                 kernel (or KERNEL=path/to/
#                                                 Image MODULES=lib/modules/V)
#   make board-kit BOARD=freescale/imx8mm-evk     the plan, static checkers
#                                                 and a how-to for the board
#                                                 itself, build/board-kit/
#   make rehearse[-all] ... TREE=7.3              the boards of Debian's
#                                                 linux-source-7.3 instead
#                                                 (build/rehearse-7.3/); with
#                                                 KERNEL=debian, booted on
#                                                 Debian's 7.3 kernel
#   make rehearse[-all] ... FIX=1                 a DT patch per finding with
#                                                 one obvious fix, in <run>/fix/
#   make bench-rehearse                           throughput of rehearse-all
#   make report                                   the HTML pin map of every
#                                                 board run, build/report/
#   make lava [BOARDS=...] [FAMILY=...] [LAVA_URL=...]
#                                                 a LAVA job per board in
#                                                 build/lava/
#
# BOARD may also be a board variant, boards/<board>-<addon>.dtso: an
# overlay applied to <board> with fdtoverlay (BOARD=vsoc-evb-display).
#
# The kernel tree, its build and ccache live in $(VSOC_CACHE), by default
# ~/.cache/vsoc; small outputs live in build/.

BOARD	?= vsoc-evb
# The kernel every boot uses: vsoc (the project's) or debug (its build with
# KASAN, kmemleak, lockdep and UBSAN); one name for it everywhere. For
# rehearse and rehearse-all also debian or a path to an Image
# (scripts/anykernel.sh; MODULES and KCONFIG for a path)
KERNEL	?= vsoc
export KERNEL MODULES KCONFIG
BOOT	?= direct
BUILD	:= $(CURDIR)/build
CROSS	:= aarch64-linux-gnu-

# BOARD is a name under boards/ or a path to a .dts file.
BOARD_NAME := $(basename $(notdir $(BOARD)))
BOARD_DTB  := $(BUILD)/dtb/$(BOARD_NAME).dtb
FIT        := $(BUILD)/vsoc.itb

# BOOT=direct: QEMU loads kernel, initramfs and DTB; BOOT=u-boot: QEMU
# starts U-Boot, which boots the FIT's configuration conf-<board>.
ifeq ($(BOOT),direct)
RUN_NEEDS := dtb
RUN_BOOT  :=
else ifeq ($(BOOT),u-boot)
RUN_NEEDS := dtb fit
RUN_BOOT  := --u-boot $(FIT)
else
$(error BOOT=$(BOOT): use BOOT=direct or BOOT=u-boot)
endif

HOST_CFLAGS := -O2 -Wall -Wextra -Werror
# The host tools: one Python package, on Debian's python3
PINCHECK := PYTHONPATH=$(CURDIR) /usr/bin/python3 -m pincheck
# The checker (checker/): rehearse-ktap, a board's verdict in the guest
# from the plan in its DTB (the host's is pincheck verdict)
REHEARSE_KTAP_SRC := $(addprefix checker/,rehearse-ktap.c rehearse-debugfs.c rehearse-klog.c \
		rehearse-vsoc.c util.c)

.PHONY: all deps kernel initramfs tools dtb fit run test test-debug stress fuzz series bench report clean \
	series-check series-build \
	rehearse rehearse-all bench-rehearse lava board-kit

all: kernel initramfs tools

deps:
	@scripts/deps.sh

# KERNEL=debian or a path to an Image (MODULES=its lib/modules/VERSION):
# another kernel boots (scripts/anykernel.sh), the project's own build
# still gives dtc and gen_init_cpio
kernel: deps
	@case "$(KERNEL)" in vsoc|debug) scripts/kernel.sh build $(KERNEL) ;; \
	 *) scripts/kernel.sh build vsoc && scripts/anykernel.sh prepare ;; esac

# The guest's /init, linked statically, in a cpio made by the kernel's own
# gen_init_cpio (so /dev/console exists without root rights).
$(BUILD)/init: guest/init.c guest/modules.c guest/modules.h | deps
	@mkdir -p $(@D)
	$(CROSS)gcc -static $(HOST_CFLAGS) -o $@ guest/init.c guest/modules.c

# The verdict in the guest (KTAP on the console from the plan in the
# booted DTB, pincheck/ktap.py)
$(BUILD)/guest/rehearse-ktap: $(REHEARSE_KTAP_SRC) checker/util.h checker/rehearse.h | deps
	@mkdir -p $(@D)
	$(CROSS)gcc -static -std=gnu11 $(HOST_CFLAGS) -o $@ $(REHEARSE_KTAP_SRC)

# /stress: the guest side of make stress (guest/stress/stress.c), started by /init
STRESS_SRC := guest/stress/stress.c guest/stress/stress-io.c guest/stress/stress-states.c guest/stress/stress-probe.c
$(BUILD)/stress: $(STRESS_SRC) guest/stress/stress.h | deps
	@mkdir -p $(@D)
	$(CROSS)gcc -static -pthread $(HOST_CFLAGS) -o $@ $(STRESS_SRC)

# Debian's arm64 gpiod tools (gpiod:arm64, scripts/deps.sh), with what they
# load: libgpiod, the loader and the C library of libc6:arm64
ARM64LIB := /lib/aarch64-linux-gnu
GPIOD    := /usr
GPIOD_FILES := $(ARM64LIB)/ld-linux-aarch64.so.1 $(ARM64LIB)/libc.so.6 \
	$(GPIOD)/lib/aarch64-linux-gnu/libgpiod.so.2 \
	$(addprefix $(GPIOD)/bin/,gpiodetect gpioinfo gpioget gpioset gpiofind)

$(BUILD)/initramfs.cpio: $(BUILD)/init $(BUILD)/guest/rehearse-ktap \
		$(BUILD)/stress guest/initramfs.list kernel $(GPIOD_FILES)
	@gen=$$(scripts/kernel.sh path | tail -n 1)/usr/gen_init_cpio; \
	 sed -e 's|@INIT@|$(BUILD)/init|' \
	     -e 's|@REHEARSE@|$(BUILD)/guest/rehearse-ktap|' \
	     -e 's|@STRESS@|$(BUILD)/stress|' -e 's|@ARM64LIB@|$(ARM64LIB)|' \
	     -e 's|@GPIOD@|$(GPIOD)|' guest/initramfs.list > $@.list && \
	 $$gen $@.list > $@.tmp && mv $@.tmp $@ && rm -f $@.list

initramfs: $(BUILD)/initramfs.cpio

$(BUILD)/vsoc-reset: qemu/vsoc-reset.c | deps
	@mkdir -p $(@D)
	gcc $(HOST_CFLAGS) -o $@ $<

$(BUILD)/vsoc-reset.bin: $(BUILD)/vsoc-reset
	$< $@

# The guest's rehearsal verdict built for the host too: 70-rehearse runs it
# on captures it changed (--root, tests/verify/guest-root.py)
$(BUILD)/rehearse-ktap: $(REHEARSE_KTAP_SRC) checker/util.h checker/rehearse.h | deps
	@mkdir -p $(@D)
	gcc -std=gnu11 $(HOST_CFLAGS) -o $@ $(REHEARSE_KTAP_SRC)

tools: $(BUILD)/vsoc-reset.bin $(BUILD)/rehearse-ktap

dtb: kernel
	@scripts/dtb.sh $(BOARD) $(BOARD_DTB)

# One FIT image: the kernel, the initramfs, the DTB of every board and
# board variant, and a configuration conf-<board> for each (scripts/fit.sh).
fit: kernel initramfs
	@scripts/fit.sh --kernel $(KERNEL) $(FIT)

# Boot, then the verdict: what the DTB asks for against debugfs and the
# registers, pin by pin, through the one pipeline (the board as it is: its
# plan, the guest's checker, the host's verdict; scripts/rehearse.sh --run)
run: all $(RUN_NEEDS)
	@scripts/rehearse.sh --run $(RUN_BOOT) $(BOARD)

# The suite's optional packages (Chromium for the report's pages, LAVA's
# dispatcher) are installed here, not by the cases, which skip without them.
test: all
	@scripts/deps.sh report lava kit
	@tests/run.sh

# The cases that declare the debug kernel (a "# kernels: vsoc debug" line),
# on the image with KASAN, kmemleak, lockdep and UBSAN: qemu/run.sh fails a
# boot on any report.
test-debug: all
	@scripts/kernel.sh build debug
	@KERNEL=debug tests/run.sh

# The stress board under allocation failures (fail-nth), 1000 unbind/bind
# cycles, racing threads and 10^4 malformed pinmux-select writes, on the
# debug kernel; ends with one figure table (scripts/stress.sh).
stress: all
	@scripts/kernel.sh build debug
	@rc=0; KERNEL=debug scripts/stress.sh || rc=1; \
	 scripts/fuzz.sh --seed $(SEED) || rc=1; \
	 KERNEL=debug scripts/fuzz.sh --seed $(SEED) --count $(FUZZ_DEBUG) --out-name debug || rc=1; \
	 scripts/fuzz.sh --replay || rc=1; exit $$rc

# DT fuzzing (scripts/fuzz.sh, pincheck/fuzz/): 2400 distinct boards made by
# seeded mutations of the pin nodes and states of every VSOC board, the test
# boards and two rehearsed real boards, each booted on the plain kernel and
# judged; FUZZ_DEBUG of them again on the debug kernel; then the corpus
# cases of the faults found so far (tests/corpus/fuzz/), which fail until
# fixed.
SEED       ?= 1
FUZZ_DEBUG ?= 400
fuzz: all
	@rc=0; scripts/fuzz.sh --seed $(SEED) || rc=1; \
	 scripts/fuzz.sh --replay || rc=1; exit $$rc

# Probe times against pinctrl-single, scaling, the edit-to-verdict loop and,
# with COLD=1, a cold build (bench/README.md). Timings never fail anything.
bench: all
	@BENCH_MAKE_RUN=1 COLD=$(COLD) BOOTS=$(BOOTS) bench/run.sh

# Real boards (pincheck/): BOARD is vendor/board of arch/arm64/boot/dts,
# arm/vendor/board of arch/arm/boot/dts, vendor/board+overlay, or a .dts.
rehearse: kernel initramfs tools
	@scripts/rehearse.sh $(foreach d,$(INCLUDE),--include $(d)) $(BOARD)

# LAVA jobs (scripts/lava.sh; docs/lava-kernelci.md):
# BOARDS as make run and make rehearse take them (default: every VSOC board
# and variant, and every board rehearsed so far), FAMILY the families of
# make rehearse-all, LAVA_URL where build/lava/ is served (default: file://),
# LAVA_CALLBACK (and LAVA_TOKEN, a token's name) where the lab sends results
lava: kernel initramfs tools
	@scripts/lava.sh jobs $(if $(LAVA_URL),--url $(LAVA_URL)) \
		$(if $(LAVA_CALLBACK),--callback $(LAVA_CALLBACK)) $(if $(LAVA_TOKEN),--token $(LAVA_TOKEN)) $(BOARDS) \
		$(if $(FAMILY),$$(scripts/lava.sh families $(FAMILY)))

# The board kit (scripts/board-kit.sh): build/board-kit/<board>/, the plan,
# the checker as static arm64 and armhf binaries and a how-to, to check the
# pins on the board itself
board-kit: deps
	@scripts/deps.sh kit
	@scripts/kernel.sh build vsoc
	@scripts/board-kit.sh $(BOARD)

rehearse-all: kernel initramfs tools
	@scripts/rehearse-all.sh $(FAMILY)

bench-rehearse: kernel initramfs tools
	@bench/rehearse.sh $(FAMILY)

# The HTML pin map of every board run found (VSOC boards under build/run/,
# rehearsed real boards under build/rehearse/): build/report/index.html and
# a page per board (pincheck/report.py). Boots nothing.
report:
	@$(PINCHECK) report --out $(BUILD)/report

series: deps
	@scripts/kernel.sh series $(BUILD)/series

# The mainline sets of kernel/mainline/ on the pinned Linux 7.3
# (scripts/linux73.sh): each applied with git am on a fresh branch of
# pristine-7.3, checkpatch --strict, kernel-doc; series-build adds a W=1
# arm64 build of each set's files (SET=01-pinctrl-fixes for one set)
series-check:
	@scripts/linux73.sh check $(SET)

series-build:
	@scripts/linux73.sh build $(SET)

clean:
	rm -rf $(BUILD)
