/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * link.c: both sides of a measured link (link.h).  A stream is a
 * connection of its own that proves the token, asks for one direction
 * (PROTO_LINK: warm-up and measured milliseconds), waits for the agent's
 * yes, then carries raw bytes: the sender sends for warm-up plus measured
 * time and shuts its side down; the receiver counts the bytes that
 * arrive inside the measured window, by its own clock, and reads to the
 * end.  Up, the agent then sends what it counted (PROTO_RESULT); down,
 * the client counted itself.  The streams of a direction start together
 * (a thread each) and their rates add up.
 */
#include "compat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "iosweep.h"
#include "lib/err.h"
#include "net/agent.h"
#include "net/link.h"
#include "net/net_sock.h"
#include "platform/clock.h"
#include "platform/platform.h"

#define RAW_CHUNK (128 * 1024)
#define LINK_GRACE_NS (UINT64_C(10) * 1000000000)

double link_median(double *v, size_t n)
{
	if (!n)
		return 0;
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
			double t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/*
 * Read fd to its end, counting the bytes that arrive from from_ns to
 * to_ns (clock_now_ns); give up at to_ns + the grace.  0 or -1 (why).
 */
static int count_in(int fd, uint8_t *buf, uint64_t from_ns, uint64_t to_ns,
		    volatile sig_atomic_t *stop, uint64_t *bytes, char *err, size_t errlen)
{
	*bytes = 0;
	for (;;) {
		long n = net_read_some(fd, buf, RAW_CHUNK, 200, err, errlen);
		uint64_t now = clock_now_ns();
		if (n == -1)
			return -1;
		if (n == 0)
			return 0;
		if (*stop)
			return err_set(err, errlen, "stopped");
		if (now > to_ns + LINK_GRACE_NS)
			return err_set(err, errlen, "the sender did not stop in time");
		if (n > 0 && now >= from_ns && now <= to_ns)
			*bytes += (uint64_t)n;
	}
}

/* Send raw bytes until until_ns, then shut the sending side. */
static int send_until(int fd, const uint8_t *buf, uint64_t until_ns,
		      volatile sig_atomic_t *stop, char *err, size_t errlen)
{
	while (clock_now_ns() < until_ns) {
		if (*stop)
			return err_set(err, errlen, "stopped");
		if (net_write_all(fd, buf, RAW_CHUNK, err, errlen) != 0)
			return -1;
	}
	net_shut_write(fd);
	return 0;
}

#if HAVE_BSD_SOCKETS

int agent_link_stream(struct agent_conn *c, const struct proto_link *l, char *err,
		      size_t errlen)
{
	uint64_t t0, from, to, bytes;
	uint8_t res[16];

	if (net_send_text(c->fd, PROTO_OK, "link", err, errlen) != 0)
		return -1;
	t0 = clock_now_ns();
	from = t0 + (uint64_t)l->warmup_ms * 1000000;
	to = from + (uint64_t)l->measure_ms * 1000000;
	if (l->down) {
		memset(c->buf, 0x5a, RAW_CHUNK);
		return send_until(c->fd, c->buf, to, c->stop, err, errlen);
	}
	if (count_in(c->fd, c->buf, from, to, c->stop, &bytes, err, errlen) != 0)
		return -1;
	proto_u64_put(res, bytes);
	proto_u64_put(res + 8, (uint64_t)l->measure_ms * 1000000);
	return net_send(c->fd, PROTO_RESULT, res, sizeof(res), err, errlen);
}

#endif

struct stream {
	const struct link_cfg *cfg;
	int down;
	struct plat_gate *gate;
	uint64_t bytes, ns;
	int rc;
	char err[IOSWEEP_ERR_MAX];
};

/* Wait for the agent's answer to a request: 0 on OK, -1 (why). */
static int await_ok(int fd, uint8_t *buf, struct proto_header *h, volatile sig_atomic_t *stop,
		    int ms, char *err, size_t errlen)
{
	int rc = net_recv(fd, h, buf, stop, ms, err, errlen);

	if (rc == 1)
		return err_set(err, errlen, "the agent closed the connection");
	if (rc != 0)
		return -1;
	if (h->type == PROTO_ERR)
		return err_set(err, errlen, "the agent refused: %.*s", (int)h->len, (char *)buf);
	return 0;
}

/* One stream: connect and ask, then (all streams ready) carry and count. */
static int stream_run(void *arg)
{
	struct stream *s = arg;
	const struct link_cfg *c = s->cfg;
	struct proto_link l = { .down = s->down, .warmup_ms = c->warmup_ms,
				.measure_ms = c->measure_ms };
	struct proto_header h;
	uint8_t req[9], *buf = malloc(PROTO_MAX_PAYLOAD);
	int fd = -1, go;
	uint64_t from, to;

	s->rc = -1;
	if (!buf)
		err_set(s->err, sizeof(s->err), "out of memory");
	else if (net_dial(c->addr, c->token, &fd, s->err, sizeof(s->err)) == 0)
		s->rc = 0;
	go = plat_gate_arrive(s->gate);
	if (s->rc != 0 || !go)
		goto out;
	proto_link_put(req, &l);
	s->rc = -1;
	if (net_send(fd, PROTO_LINK, req, sizeof(req), s->err, sizeof(s->err)) != 0 ||
	    await_ok(fd, buf, &h, c->stop, 10000, s->err, sizeof(s->err)) != 0)
		goto out;
	from = clock_now_ns() + (uint64_t)c->warmup_ms * 1000000;
	to = from + (uint64_t)c->measure_ms * 1000000;
	if (s->down) {
		if (count_in(fd, buf, from, to, c->stop, &s->bytes, s->err, sizeof(s->err)) != 0)
			goto out;
		s->ns = (uint64_t)c->measure_ms * 1000000;
	} else {
		memset(buf, 0xa5, RAW_CHUNK);
		if (send_until(fd, buf, to, c->stop, s->err, sizeof(s->err)) != 0 ||
		    await_ok(fd, buf, &h, c->stop, 30000, s->err, sizeof(s->err)) != 0)
			goto out;
		if (h.type != PROTO_RESULT) {
			err_set(s->err, sizeof(s->err), "the agent answered %s, not a result",
				proto_type_name(h.type));
			goto out;
		}
		s->bytes = proto_u64_get(buf);
		s->ns = proto_u64_get(buf + 8);
	}
	s->rc = 0;
out:
	net_close(fd);
	free(buf);
	return 0;
}

/* All streams of one direction: their sum into d.  0 or -1 (why). */
static int run_dir(const struct link_cfg *c, int down, struct link_dir *d, char *err,
		   size_t errlen)
{
	struct stream *s = calloc(c->streams, sizeof(*s));
	struct plat_thread **t = calloc(c->streams, sizeof(*t));
	struct plat_gate *gate = plat_gate_new();
	unsigned started = 0;
	int rc = 0;

	memset(d, 0, sizeof(*d));
	if (!s || !t || !gate) {
		rc = err_set(err, errlen, "out of memory");
		goto out;
	}
	for (; started < c->streams; started++) {
		s[started] = (struct stream){ .cfg = c, .down = down, .gate = gate };
		if (plat_thread_start(&t[started], stream_run, &s[started], err, errlen) != 0) {
			rc = -1;
			break;
		}
	}
	plat_gate_wait(gate, started);
	plat_gate_open(gate, rc == 0);
	for (unsigned i = 0; i < started; i++) {
		plat_thread_join(t[i]);
		if (s[i].rc != 0 && rc == 0)
			rc = err_set(err, errlen, "%s stream %u: %s", down ? "down" : "up",
				     i + 1, s[i].err);
		d->bytes += s[i].bytes;
		if (s[i].ns)
			d->bytes_per_s += (double)s[i].bytes / ((double)s[i].ns / 1e9);
	}
	d->seconds = c->measure_ms / 1000.0;
out:
	plat_gate_free(gate);
	free(t);
	free(s);
	return rc;
}

/* LINK_PINGS round trips on one connection into r. */
static int ping(const struct link_cfg *c, struct link_result *r, char *err, size_t errlen)
{
	double ms[LINK_PINGS];
	uint8_t *buf = malloc(PROTO_MAX_PAYLOAD), p[8];
	struct proto_header h;
	int fd = -1, rc = -1;

	if (!buf)
		return err_set(err, errlen, "out of memory");
	if (net_dial(c->addr, c->token, &fd, err, errlen) != 0)
		goto out;
	net_nodelay(fd);
	for (int i = 0; i < LINK_PINGS; i++) {
		uint64_t t0 = clock_now_ns();
		proto_u64_put(p, t0);
		if (net_send(fd, PROTO_PING, p, sizeof(p), err, errlen) != 0 ||
		    await_ok(fd, buf, &h, c->stop, 10000, err, errlen) != 0)
			goto out;
		if (h.type != PROTO_PONG || memcmp(buf, p, sizeof(p)) != 0) {
			err_set(err, errlen, "the agent's answer to a ping is not its pong");
			goto out;
		}
		ms[i] = (double)(clock_now_ns() - t0) / 1e6;
	}
	r->rtt_min_ms = r->rtt_max_ms = ms[0];
	for (int i = 1; i < LINK_PINGS; i++) {
		r->rtt_min_ms = ms[i] < r->rtt_min_ms ? ms[i] : r->rtt_min_ms;
		r->rtt_max_ms = ms[i] > r->rtt_max_ms ? ms[i] : r->rtt_max_ms;
	}
	r->rtt_ms = link_median(ms, LINK_PINGS);
	rc = 0;
out:
	net_close(fd);
	free(buf);
	return rc;
}

int link_measure(const struct link_cfg *cfg, struct link_result *r, char *err,
		 size_t errlen)
{
	memset(r, 0, sizeof(*r));
	if (ping(cfg, r, err, errlen) != 0 || run_dir(cfg, 0, &r->up, err, errlen) != 0 ||
	    run_dir(cfg, 1, &r->down, err, errlen) != 0)
		return -1;
	return 0;
}
