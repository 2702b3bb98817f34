// SPDX-License-Identifier: GPL-2.0
/*
 * A minimal /init for 84-board-kit: what a user does on a board, nothing
 * of the project's guest/init.c. It mounts proc, sysfs, devtmpfs and
 * debugfs, then runs each command of /kit/run (one a line, split on
 * blanks: the kit's checker with --plan) between markers on the console,
 * and powers off. The markers and "==== VSOC DONE ====" are what
 * qemu/run.sh and the test look for.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/wait.h>
#include <unistd.h>

static void run(char *line)
{
	char *argv[16], *save;
	int argc = 0, status = 0;
	pid_t pid;

	for (char *t = strtok_r(line, " ", &save); t && argc < 15; t = strtok_r(NULL, " ", &save))
		argv[argc++] = t;
	argv[argc] = NULL;
	if (!argc)
		return;
	printf("==== KIT BEGIN %s ====\n", argv[0]);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		execv(argv[0], argv);
		perror(argv[0]);
		_exit(127);
	}
	waitpid(pid, &status, 0);
	printf("==== KIT END %s: exit %d ====\n", argv[0],
	       WIFEXITED(status) ? WEXITSTATUS(status) : 128);
	fflush(stdout);
}

int main(void)
{
	static char cmds[4096];
	char *line, *save;
	int fd, n = 0;

	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
	/* the kernel's messages off the console (the checker reads dmesg) */
	fd = open("/proc/sys/kernel/printk", O_WRONLY);
	if (fd >= 0) {
		if (write(fd, "1", 1) < 0)
			perror("printk");
		close(fd);
	}
	fd = open("/kit/run", O_RDONLY);
	if (fd >= 0) {
		n = read(fd, cmds, sizeof(cmds) - 1);
		close(fd);
	}
	cmds[n > 0 ? n : 0] = '\0';
	for (line = strtok_r(cmds, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		run(line);
	printf("==== VSOC DONE ====\n");
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
