#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# The families whose per-pin values are in the DT, rehearsed with their
# SoC's own mainline driver (scripts/rehearse.sh): STM32
# (pincheck/families/stm32.py), BCM2835/2711 (bcm2835.py) and Samsung
# (samsung.py). Each reference board agrees pin by pin; register words are
# compared with values worked out by hand below from the board's DT rows
# and the driver; a second enabled device on a pin another device has is
# a CONFLICT naming both DT paths, the second device FAILED; the guest's
# KTAP (console.ktap) is the host's (verdict.ktap) on every run
# (check_ktap, window_of: tests/lib.sh). Every window starts as
# 0xa5a5a5a5, so a field no state writes keeps its bits of that word: per
# 2-bit field, pins 4k..4k+3 of a byte read 1, 1, 2, 2; per 4-bit field
# 5, a, 5, a, ...
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

R=$TOP/scripts/rehearse.sh
out=$BUILD/rehearse

# tests/lib.sh's rehearse_agrees and window_word, the names dtvalue-*
agrees() { rehearse_agrees dtvalue "$@"; }
word() { window_word dtvalue "$@"; }

# --- STM32: arm/st/stm32mp157c-dk2 (pinctrl-stm32.c, -stm32mp157.c) -------
# 67 pins, 11 consumers (the verdict's rows; every enabled device with a
# default state: mmc, ltdc, i2s2, uart4, i2c1, cec, sai2, adc, ethernet0,
# i2c4, stusb1600). One window per enabled bank, A to K in DT order: GPIOG
# is window 6 of /soc/pinctrl@50002000; GPIOZ window 0 of pinctrl@54004000.
# pinctrl-stm32.c: MODER 0x00 (2 bits a pin), OTYPER 0x04 (1 bit), OSPEEDR
# 0x08 (2 bits), PUPDR 0x0c (2 bits), AFRL 0x20 / AFRH 0x24 (4 bits, pin %
# 8 * 4). STM32_PINMUX(port, line, f): f = AFn + 1, so the alternate is
# f - 1 and the mode 2 (stm32_gpio_get_mode/_alt()).
# The writers of GPIOG (stm32mp15-pinctrl.dtsi):
#   ethernet0_rgmii_pins_a pins1: PG4, PG5, PG13, PG14 AF11, bias-disable,
#     drive-push-pull, slew-rate <2>
#   uart4_pins_a pins1: PG11 AF6, bias-disable, drive-push-pull, slew-rate <0>
#   ltdc_pins_a: PG7, PG10, PG12 AF14, bias-disable, drive-push-pull,
#     slew-rate <1>
agrees stm32 arm/st/stm32mp157c-dk2 67 11 0
d=$out/arm_st_stm32mp157c-dk2
g=$(window_of "$d" /soc/pinctrl@50002000 6)
# MODER: pins 4, 5, 7, 10-14 = 2; the rest reset (1, 1, 2, 2 per byte):
# pins 0-3 1,1,2,2 = 0xa5; 4-7 2,2,2,2 = 0xaa; 8-11 1,1,2,2 = 0xa5; 12-15 0xaa
word stm32-g-moder "$g" 0x0 0xaaa5aaa5
# OTYPER: bits 4, 5, 7, 10-14 cleared in 0xa5a5a5a5: of 0xa5a5 bits 0, 2, 8,
# 15 stay: 0x8105
word stm32-g-otyper "$g" 0x4 0xa5a58105
# OSPEEDR: 4, 5, 13, 14 = 2; 11 = 0; 7, 10, 12 = 1; pin 6 and 15 reset 2,
# 8, 9 reset 1: bytes 1,1,2,2 = 0xa5; 2,2,2,1 = 0x6a; 1,1,1,0 = 0x15;
# 1,2,2,2 = 0xa9
word stm32-g-ospeedr "$g" 0x8 0xa9156aa5
# PUPDR: the eight written pins 0; pins 6 and 15 reset 2, 8 and 9 reset 1:
# bytes 0xa5, 0x20, 0x05, 0x80
word stm32-g-pupdr "$g" 0xc 0x800520a5
# AFRH (pins 8-15): PG8 5, PG9 a (reset), PG10 e, PG11 6, PG12 e, PG13 b,
# PG14 b, PG15 a (reset)
word stm32-g-afrh "$g" 0x24 0xabbe6ea5
# GPIOZ, its own controller: i2c4_pins_a PZ4, PZ5 AF6: AFRL bits 16-23 = 0x66
z=$(window_of "$d" /soc/pinctrl@54004000)
word stm32-z-afrl "$z" 0x20 0xa566a5a5

# --- BCM2711: broadcom/bcm2711-rpi-4-b (pinctrl-bcm2835.c) ----------------
# 16 pins, 5 consumers applied (uart0 gpio30-33, uart1 gpio14/15, emmc
# gpio34-39, i2c1 gpio2/3, pwm gpio40/41) and /i2c-mux0 (no default state).
# GPFSELn at (pin / 10) * 4, 3 bits at (pin % 10) * 3; alt0 = 4, alt3 = 7,
# alt5 = 2 (dt-bindings/pinctrl/bcm2835.h). Pulls: 2 bits at 0xe4 +
# (pin / 16) * 4, bit (pin % 16) * 2; brcm,pull UP (2) becomes 1, DOWN 2,
# OFF 0 (bcm2711_pinconf_set()).
agrees bcm2711 broadcom/bcm2711-rpi-4-b 16 5 0
w=$(window_of "$out/broadcom_bcm2711-rpi-4-b" /soc/gpio@7e200000)
# GPFSEL0: i2c1_gpio2 pins 2, 3 alt0 = 4 at bits 6 and 9: 0x900 in
# 0xa5a5a5a5 with bits 6-11 cleared (0xa5a5a025)
word bcm2711-gpfsel0 "$w" 0x0 0xa5a5a925
# GPFSEL1: uart1_gpio14 pins 14, 15 alt5 = 2 at bits 12 and 15: 0x12000 in
# 0xa5a5a5a5 with bits 12-17 cleared (0xa5a405a5)
word bcm2711-gpfsel1 "$w" 0x4 0xa5a525a5
# PUP_PDN_CNTRL1 (pins 16-31): uart0_ctsrts_gpio30 pull <UP OFF>: pin 30 1
# at bits 28-29, pin 31 0 at 30-31: top nibble 0x1
word bcm2711-pull1 "$w" 0xe8 0x15a5a5a5
# PUP_PDN_CNTRL2 (pins 32-47): uart0_gpio32 <OFF UP> (32 0, 33 1),
# emmc_gpio34 <OFF UP UP UP UP UP> (34 0, 35-39 1), pwm0_gpio40 and
# pwm1_gpio41 bias-disable (0); 42-47 reset: bytes 0x44, 0x55, 0xa0, 0xa5
word bcm2711-pull2 "$w" 0xec 0xa5a05544

# --- BCM2837: arm/broadcom/bcm2837-rpi-3-b (the BCM2835's pulls) ----------
# 23 pins, 7 consumers; the pulls of 3 pin nodes go through GPPUD and
# GPPUDCLKn: "not rehearsed: ... clocked pull sequence", never mismatches.
agrees bcm2837 arm/broadcom/bcm2837-rpi-3-b 23 7 3
d=$out/arm_broadcom_bcm2837-rpi-3-b
w=$(window_of "$d" /soc/gpio@7e200000)
grep -q '^not rehearsed: state default of /soc/mmc@7e300000: /soc/gpio@7e200000/emmc-gpio34: the pulls of gpio34, gpio35, gpio36, gpio37, gpio38, gpio39: clocked pull sequence' "$d/verdict.txt" &&
	pass dtvalue-bcm2837-pulls-not-rehearsed ||
	fail dtvalue-bcm2837-pulls-not-rehearsed "$(grep '^not rehearsed' "$d/verdict.txt" | tr '\n' ' ')"
# GPFSEL0: i2c0_gpio0 and i2c1_gpio2, pins 0-3 alt0 = 4: bits 0-11 0x924
word bcm2837-gpfsel0 "$w" 0x0 0xa5a5a924
# the last pull of the boot is emmc_gpio34's gpio39 UP: GPPUD 0x94 = 2;
# GPPUDCLK1 (0x98 + 4, pins 32-53) clocked and back to 0; GPPUDCLK0 (pins
# 0-31, no pull) untouched
word bcm2837-gppud "$w" 0x94 0x00000002
word bcm2837-gppudclk1 "$w" 0x9c 0x00000000
word bcm2837-gppudclk0-untouched "$w" 0x98 0xa5a5a5a5
# the probe: GPAREN0 (0x7c) 0; GPEDS0 (0x40) cleared a bit at a time from
# 0xa5a5a5a5, the last write BIT(31)
word bcm2837-probe-gparen0 "$w" 0x7c 0x00000000
word bcm2837-probe-gpeds0 "$w" 0x40 0x80000000

# --- Samsung: arm/samsung/exynos4412-odroidu3 (pinctrl-exynos-arm.c) -------
# 39 pins, 13 consumers (i2s0, two mmc, i2c0 and its pmic, i2c1, i2c2,
# spi1, pwm, hdmi, cec, gpio-keys, pwrseq). /soc/pinctrl@11400000 is alias
# pinctrl0: exynos4x12_pin_ctrl[0], whose exynos4x12_pin_banks0 rows give
# EXYNOS_PIN_BANK_EINTG(4, 0x0A0, "gpd0", ...) and (4, 0x0C0, "gpd1", ...),
# bank_type_off: CON +0x0 (4 bits a pin), DAT +0x4 (1), PUD +0x8 (2), DRV
# +0xc (2), CON_PDN +0x10, PUD_PDN +0x14. exynos4x12-pinctrl.dtsi:
#   i2c0_bus gpd1-0, gpd1-1 and i2c1_bus gpd1-2, gpd1-3: function 2,
#     pud 3 (PULL_UP), drv 0 (EXYNOS4_PIN_DRV_LV1)
#   pwm0_out gpd0-0: function 2, pud 0, drv 0
agrees exynos4412 arm/samsung/exynos4412-odroidu3 39 13 0
w=$(window_of "$out/arm_samsung_exynos4412-odroidu3" /soc/pinctrl@11400000)
# GPD0CON: pin 0's nibble 2, the others reset (5, a, 5, ...)
word exynos4412-gpd0con "$w" 0xa0 0xa5a5a5a2
# GPD1CON: pins 0-3 nibbles 2; pins 4-7 (none on a 4-pin bank) reset
word exynos4412-gpd1con "$w" 0xc0 0xa5a52222
# GPD1PUD: pins 0-3 3 at bits 0-7
word exynos4412-gpd1pud "$w" 0xc8 0xa5a5a5ff
# GPD1DRV: pins 0-3 0 at bits 0-7
word exynos4412-gpd1drv "$w" 0xcc 0xa5a5a500

# --- a second enabled device on a pin another device has ------------------
# NAME DTS PIN CONSOLE CONSOLE-NODE CTL-NODE TESTS: exit 1, one CONFLICT
# line for PIN naming the console's and /clash-leds' DT paths and pin
# nodes, /clash-leds FAILED with the kernel's claim, one KTAP test not ok
clash() {
	rehearse_clash dtvalue "$1" "$2" "$3" "$4" "$5" "$6" "$7" "${3#*:}"
}
# the reference boards' pins and consumers, plus /clash-leds (its pin is
# the console's, or i2c0's on the ODROID: the LED device writes nothing)
clash stm32 "$TOP/tests/rehearse/stm32mp157c-dk2-clash.dts" pinctrl:PG11 \
	/soc/bus@5c007000/serial@40010000 /soc/pinctrl@50002000/uart4-0 \
	/soc/pinctrl@50002000/clash-led-0 $((67 + 11 + 1))
clash bcm2711 "$TOP/tests/rehearse/bcm2711-rpi-4-b-clash.dts" gpio14 /soc/serial@7e215040 \
	/soc/gpio@7e200000/uart1-gpio14 /soc/gpio@7e200000/clash-led-pin $((16 + 6 + 1))
clash exynos4412 "$TOP/tests/rehearse/exynos4412-odroidu3-clash.dts" pinctrl_0:gpd1-0 \
	/soc/i2c@13860000 /soc/pinctrl@11400000/i2c0-bus-pins \
	/soc/pinctrl@11400000/clash-led-pin $((39 + 13 + 1))
finish
