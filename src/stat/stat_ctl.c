/* SPDX-License-Identifier: GPL-2.0 */
/* ferret stat: --control's commands. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stat_ctl.h"
#include "util.h"

/* The longest command read at once, its NUL included, as perf's. */
#define CMD_MAX 64

enum cmd {
	CMD_NONE,
	CMD_ENABLE,
	CMD_DISABLE,
	CMD_SNAPSHOT,
	CMD_EVLIST,
	CMD_STOP,
	CMD_PING,
};

/* Commands by the word they start with, tried in perf's order. */
static const struct {
	const char *tag;
	enum cmd cmd;
} cmds[] = {
	{ "enable", CMD_ENABLE },
	{ "disable", CMD_DISABLE },
	{ "snapshot", CMD_SNAPSHOT },
	{ "evlist", CMD_EVLIST },
	{ "stop", CMD_STOP },
	{ "ping", CMD_PING },
};

void stat_ctl_init(struct stat_ctl *c)
{
	c->fd = c->ack = -1;
	c->owned = false;
}

void stat_ctl_close(struct stat_ctl *c)
{
	if (c->owned) {
		close(c->fd);
		if (c->ack >= 0)
			close(c->ack);
	}
	stat_ctl_init(c);
}

/* A fifo opened for reading and writing: it never hangs up. */
static int open_fifo(const char *path)
{
	int fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0) {
		fprintf(stderr, "Failed to open '%s'\n", path);
		return -errno;
	}
	return fd;
}

static int parse_fifo(struct stat_ctl *c, const char *spec)
{
	char *s, *ack;
	int fd, err = 0;

	if (strncmp(spec, "fifo:", 5))
		return -EINVAL;
	spec += 5;
	if (!*spec || *spec == ',')
		return -EINVAL;
	s = xstrdup(spec);
	ack = strchr(s, ',');
	if (ack)
		*ack++ = '\0';
	fd = open_fifo(s);
	if (fd < 0) {
		err = fd;
		goto out;
	}
	c->fd = fd;
	c->owned = true;
	if (ack && *ack) {
		fd = open_fifo(ack);
		if (fd < 0) {
			err = fd;
			goto out;
		}
		c->ack = fd;
	}
out:
	free(s);
	return err;
}

int stat_ctl_parse(struct stat_ctl *c, const char *spec)
{
	const char *comma;
	char *end;
	int fd;

	stat_ctl_close(c);
	if (strncmp(spec, "fd:", 3))
		return parse_fifo(c, spec);
	/*
	 * strtoul()'s numbers, as perf takes them: "fd:-1" is no
	 * descriptor, and what follows a number without a comma is not
	 * looked at.
	 */
	fd = (int)strtoul(spec + 3, &end, 0);
	if (end == spec + 3)
		return -EINVAL;
	comma = strchr(spec, ',');
	if (comma) {
		if (end != comma)
			return -EINVAL;
		c->ack = (int)strtoul(comma + 1, &end, 0);
		if (end == comma + 1 || *end) {
			c->ack = -1;
			return -EINVAL;
		}
	}
	c->fd = fd;
	return 0;
}

/*
 * One command, up to a newline or NUL or what is there now, into buf
 * (size bytes, NUL-terminated): its length, or -1 when not a byte was
 * there.  A descriptor that is not ready is not waited for, whether or
 * not it blocks.
 */
static int recv_cmd(int fd, char *buf, size_t size)
{
	bool got = false;
	size_t n = 0;
	char ch;

	memset(buf, 0, size);
	while (n < size - 1) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		ssize_t r;

		if (poll(&p, 1, 0) <= 0 || !(p.revents & POLLIN))
			break;
		r = read(fd, &ch, 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 && errno != EAGAIN)
			fprintf(stderr, "Failed to read from ctlfd %d: %s\n", fd,
				strerror(errno));
		if (r <= 0)
			break;
		got = true;
		if (ch == '\n' || ch == '\0')
			break;
		buf[n++] = ch;
	}
	return got ? (int)n : -1;
}

/*
 * The argument after a command's word (len bytes): 0 when there is
 * none, 1 and *arg after a space, -1 when the word goes on.
 */
static int cmd_arg(char *cmd, size_t len, char **arg)
{
	char *p = cmd + len;

	if (!*p)
		return 0;
	if (*p != ' ')
		return -1;
	*arg = p + 1;
	return 1;
}

/*
 * enable or disable: every event, or those named NAME that lead their
 * group or are alone (perf's evlist__enable_evsel() switches leaders
 * only; a member's name is found, and switches nothing).
 */
static void cmd_switch(char *cmd, const struct stat_evlist *l,
		       const struct stat_ctl_ops *ops, bool on)
{
	char *name;
	int r = cmd_arg(cmd, strlen(on ? "enable" : "disable"), &name), i;

	if (r < 0) {
		fprintf(stderr, "failed: wrong command\n");
		return;
	}
	if (!r) {
		ops->toggle(ops->arg, -1, on);
		fprintf(stderr, "Events %s\n", on ? "enabled" : "disabled");
		return;
	}
	for (i = 0; i < l->n && strcmp(l->v[i].name, name); i++)
		;
	if (i == l->n) {
		fprintf(stderr, "failed: can't find '%s' event\n", name);
		return;
	}
	for (i = 0; i < l->n; i++)
		if (!strcmp(l->v[i].name, name) &&
		    (l->v[i].leader < 0 || l->v[i].leader == i))
			ops->toggle(ops->arg, i, on);
	fprintf(stderr, "Event %s %s\n", name, on ? "enabled" : "disabled");
}

/* evlist [-v|-g|-F]: the events, as perf lists its own. */
static void cmd_evlist(char *cmd, const struct stat_evlist *l,
		       const struct stat_ctl_ops *ops)
{
	bool verbose = false, group = false, freq = false;
	char *arg;
	int r = cmd_arg(cmd, strlen("evlist"), &arg), i, j;

	if (r > 0) {
		verbose = !strcmp(arg, "-v");
		group = !strcmp(arg, "-g");
		freq = !strcmp(arg, "-F");
	}
	if (r < 0 || (r > 0 && !verbose && !group && !freq)) {
		fprintf(stderr, "failed: wrong command\n");
		return;
	}
	for (i = 0; i < l->n; i++) {
		const struct stat_event *e = &l->v[i];

		if (group && e->leader >= 0 && e->leader != i)
			continue;
		if (group && e->leader == i && i + 1 < l->n &&
		    l->v[i + 1].leader == i) {
			fprintf(stderr, "{%s", e->name);
			for (j = i + 1; j < l->n && l->v[j].leader == i; j++)
				fprintf(stderr, ",%s", l->v[j].name);
			fprintf(stderr, "}\n");
			continue;
		}
		fprintf(stderr, "%s", e->name);
		if (verbose)
			ops->describe(ops->arg, i, stderr);
		else if (freq)
			fprintf(stderr, ": sample_period=0");
		fprintf(stderr, "\n");
	}
}

static void ack(const struct stat_ctl *c)
{
	/* perf writes its tag's NUL too. */
	if (c->ack >= 0 && write(c->ack, "ack\n", 5) < 0)
		fprintf(stderr, "failed to write to ctl_ack_fd %d: %s\n", c->ack,
			strerror(errno));
}

bool stat_ctl_process(struct stat_ctl *c, const struct stat_evlist *l,
		      const struct stat_ctl_ops *ops)
{
	char cmd[CMD_MAX];
	enum cmd kind = CMD_NONE;
	size_t i;
	int n = recv_cmd(c->fd, cmd, sizeof(cmd));

	if (n <= 0)
		return n == 0;
	for (i = 0; i < ARRAY_SIZE(cmds) && kind == CMD_NONE; i++)
		if (!strncmp(cmd, cmds[i].tag, strlen(cmds[i].tag)))
			kind = cmds[i].cmd;
	if (kind == CMD_ENABLE || kind == CMD_DISABLE)
		cmd_switch(cmd, l, ops, kind == CMD_ENABLE);
	else if (kind == CMD_EVLIST)
		cmd_evlist(cmd, l, ops);
	/*
	 * perf stat 6.1 acknowledges stop and ping, and does
	 * nothing else for them; snapshot it neither does nor
	 * acknowledges, as a command it does not know.
	 */
	if (kind != CMD_NONE && kind != CMD_SNAPSHOT)
		ack(c);
	return true;
}
