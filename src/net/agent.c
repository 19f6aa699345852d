/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * agent.c: `iosweep serve`'s loop (agent.h).  The main thread accepts;
 * each connection runs in a thread of its own (at most AGENT_CONNS at
 * once, more are refused), proves the token in its first message within
 * a few seconds, then asks for one thing.  A malformed message, a wrong
 * token or a refusal ends that connection with one line in the log;
 * nothing else changes, and the agent goes on serving.  Whether a job or
 * link streams run is one pair of counters under a mutex: one job at a
 * time, and no link stream beside a job (it would measure the job).
 */
#include "compat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "iosweep.h"
#include "lib/err.h"
#include "net/agent.h"
#include "net/net_sock.h"
#include "platform/boxstat.h"
#include "platform/platform.h"

#if HAVE_BSD_SOCKETS

#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

#define AGENT_CONNS 16
#define HELLO_MS 10000
#define IDLE_MS 300000

static pthread_mutex_t busy_lock = PTHREAD_MUTEX_INITIALIZER;
static int busy_job;
static unsigned busy_links;
static FILE *agent_log;
static char agent_token[PROTO_TOKEN_HEX + 1];

/* Take the agent for a job (link 0) or a link stream (1): 0, or -1 (why). */
static int busy_take(int link, char *err, size_t errlen)
{
	int rc = 0;

	pthread_mutex_lock(&busy_lock);
	if (busy_job)
		rc = err_set(err, errlen, "busy: a job is running (the agent runs one at a "
			     "time); try again when it ends");
	else if (!link && busy_links)
		rc = err_set(err, errlen, "busy: a link measurement is running; try again "
			     "when it ends");
	else if (link)
		busy_links++;
	else
		busy_job = 1;
	pthread_mutex_unlock(&busy_lock);
	return rc;
}

static void busy_give(int link)
{
	pthread_mutex_lock(&busy_lock);
	if (link)
		busy_links--;
	else
		busy_job = 0;
	pthread_mutex_unlock(&busy_lock);
}

struct slot {
	struct plat_thread *t;
	struct agent_conn c;
	atomic_int done;          /* set by its thread when it ends */
	int used;
};

/*
 * The box's counters now (boxstat.h), or the line saying why there are
 * none: a read, not a job, so it is answered whatever else runs.
 */
static int send_box(struct agent_conn *c, char *err, size_t errlen)
{
	struct boxstat_snap *s = malloc(sizeof(*s));
	char *text = (char *)c->buf, why[IOSWEEP_ERR_MAX];
	long n = -1;

	if (s && plat_box_read(s, why, sizeof(why)) == 0)
		n = boxstat_format(s, text, PROTO_MAX_BOX);
	else
		n = snprintf(text, PROTO_MAX_BOX, "unavailable: %s", s ? why : "out of memory");
	free(s);
	if (n < 0 || n >= (long)PROTO_MAX_BOX)
		n = snprintf(text, PROTO_MAX_BOX, "unavailable: too many disks to say");
	return net_send(c->fd, PROTO_BOX, text, (size_t)n, err, errlen);
}

/*
 * After the token: one request, or pings and samples until one comes.
 * 0 or -1 (why).
 */
static int serve_requests(struct agent_conn *c, char *err, size_t errlen)
{
	struct proto_header h;
	struct proto_link l;
	char e2[IOSWEEP_ERR_MAX];

	for (;;) {
		int rc = net_recv(c->fd, &h, c->buf, c->stop, IDLE_MS, err, errlen);
		if (rc == 1)
			return 0;
		if (rc != 0)
			return -1;
		switch (h.type) {
		case PROTO_PING:
			if (net_send(c->fd, PROTO_PONG, c->buf, h.len, err, errlen) != 0)
				return -1;
			continue;
		case PROTO_SAMPLE:
			if (send_box(c, err, errlen) != 0)
				return -1;
			continue;
		case PROTO_JOB:
			if (busy_take(0, err, errlen) != 0) {
				net_send_text(c->fd, PROTO_ERR, err, e2, sizeof(e2));
				return -1;
			}
			rc = agent_job_run(c, c->buf, h.len, err, errlen);
			busy_give(0);
			return rc;
		case PROTO_LINK:
			proto_link_parse(c->buf, h.len, &l, err, errlen);
			if (busy_take(1, err, errlen) != 0) {
				net_send_text(c->fd, PROTO_ERR, err, e2, sizeof(e2));
				return -1;
			}
			rc = agent_link_stream(c, &l, err, errlen);
			busy_give(1);
			return rc;
		default:
			net_send_text(c->fd, PROTO_ERR, "unexpected message", e2, sizeof(e2));
			return err_set(err, errlen, "unexpected %s message",
				       proto_type_name(h.type));
		}
	}
}

static int serve_conn(void *arg)
{
	struct slot *s = arg;
	struct agent_conn *c = &s->c;
	struct proto_header h;
	char err[IOSWEEP_ERR_MAX], e2[IOSWEEP_ERR_MAX];
	int rc;

	c->buf = malloc(PROTO_MAX_PAYLOAD);
	if (!c->buf) {
		rc = err_set(err, sizeof(err), "out of memory");
	} else if ((rc = net_recv(c->fd, &h, c->buf, c->stop, HELLO_MS, err, sizeof(err))) == 1) {
		rc = err_set(err, sizeof(err), "closed before saying hello");
	} else if (rc == 0 && h.type != PROTO_HELLO) {
		net_send_text(c->fd, PROTO_ERR, "say hello with the token first", e2, sizeof(e2));
		rc = err_set(err, sizeof(err), "a %s message before the token",
			     proto_type_name(h.type));
	} else if (rc == 0 && !proto_token_equal(agent_token, c->buf, h.len)) {
		net_send_text(c->fd, PROTO_ERR, "wrong token (the one `iosweep serve` "
			      "printed when it started)", e2, sizeof(e2));
		rc = err_set(err, sizeof(err), "wrong token");
	} else if (rc == 0 && net_send_text(c->fd, PROTO_OK, "iosweep " IOSWEEP_VERSION,
					    err, sizeof(err)) == 0) {
		rc = serve_requests(c, err, sizeof(err));
	}
	if (rc != 0 && !*c->stop)
		fprintf(agent_log, "iosweep serve: %s: %s; connection closed\n", c->peer, err);
	net_close(c->fd);
	free(c->buf);
	c->buf = NULL;
	s->done = 1;
	return 0;
}

/* Join the finished connections (all of them with all). */
static void reap(struct slot *slots, int all)
{
	for (int i = 0; i < AGENT_CONNS; i++)
		if (slots[i].used && (all || slots[i].done)) {
			plat_thread_join(slots[i].t);
			slots[i].used = 0;
		}
}

static void start_conn(struct slot *slots, const struct agent_conn *proto, int fd,
		       const char *peer)
{
	char err[IOSWEEP_ERR_MAX], e2[IOSWEEP_ERR_MAX];
	int i = 0;

	while (i < AGENT_CONNS && slots[i].used)
		i++;
	if (i == AGENT_CONNS) {
		net_send_text(fd, PROTO_ERR, "busy: too many connections", e2, sizeof(e2));
		fprintf(agent_log, "iosweep serve: %s: refused, %d connections open\n", peer,
			AGENT_CONNS);
		net_close(fd);
		return;
	}
	slots[i].c = *proto;
	slots[i].c.fd = fd;
	net_nodelay(fd);
	net_send_timeout(fd, 30000);
	snprintf(slots[i].c.peer, sizeof(slots[i].c.peer), "%s", peer);
	slots[i].done = 0;
	if (plat_thread_start(&slots[i].t, serve_conn, &slots[i], err, sizeof(err)) != 0) {
		fprintf(agent_log, "iosweep serve: %s: %s\n", peer, err);
		net_close(fd);
		return;
	}
	slots[i].used = 1;
}

static int self_path(char *out, size_t outlen, char *err, size_t errlen)
{
	ssize_t n = readlink("/proc/self/exe", out, outlen - 1);

	if (n <= 0 || (size_t)n >= outlen - 1)
		return err_set(err, errlen, "cannot find this program's own path "
			       "(/proc/self/exe) to run jobs");
	out[n] = '\0';
	return 0;
}

int agent_serve(const struct agent_cfg *cfg, char *err, size_t errlen)
{
	static struct slot slots[AGENT_CONNS];
	struct agent_conn proto = { .fd = -1, .stop = cfg->stop };
	char bound[128], self[4096], *root = plat_realpath(cfg->root);
	uint8_t raw[PROTO_TOKEN_BYTES];
	int lfd, rc = 0;

	agent_log = cfg->log;
	if (!root)
		return err_set(err, errlen, "--root '%s': %s", cfg->root, strerror(errno));
	if (self_path(self, sizeof(self), err, errlen) != 0 ||
	    net_random(raw, sizeof(raw), err, errlen) != 0 ||
	    net_listen(cfg->listen, &lfd, bound, sizeof(bound), err, errlen) != 0) {
		free(root);
		return -1;
	}
	proto_token_format(raw, agent_token);
	proto.root_real = root;
	proto.self_exe = self;
	fprintf(cfg->out, "iosweep serve: listening on %s, serving %s\ntoken: %s\n", bound,
		root, agent_token);
	fflush(cfg->out);
	while (!*cfg->stop) {
		char peer[96];
		int fd, a = net_accept(lfd, 200, &fd, peer, sizeof(peer), err, errlen);
		reap(slots, 0);
		if (a < 0) {
			rc = -1;
			break;
		}
		if (a > 0)
			start_conn(slots, &proto, fd, peer);
	}
	net_close(lfd);
	reap(slots, 1);
	memset(agent_token, 0, sizeof(agent_token));
	free(root);
	return rc;
}

#else

int agent_serve(const struct agent_cfg *cfg, char *err, size_t errlen)
{
	(void)cfg;
	return err_set(err, errlen, "this build has no TCP sockets: serve cannot run");
}

#endif
