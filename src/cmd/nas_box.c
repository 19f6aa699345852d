/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * nas_box.c: the box sampled while the share's phases run (nas_box.h).
 *
 * One thread, one connection to the agent.  It asks for a snapshot of the
 * box's counters every NAS_BOX_EVERY_MS and whenever the run moves to
 * another phase, and writes the difference from the one before
 * (boxstat_diff) as rows of box.csv, under the phase that interval
 * belonged to.  A change of phase waits (a little) for the sampler to
 * take its snapshot, so no interval straddles two phases however short
 * a phase is.  The figures are the box's own: the interval's length is
 * the agent's clock, not this one.
 *
 * The sampler ends when asked (a last snapshot closes the last interval),
 * on Ctrl-C (cmd_stop: no last snapshot), or when the agent cannot answer;
 * meta.csv says which.
 */
#include "compat.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/nas_box.h"
#include "iosweep.h"
#include "lib/err.h"
#include "lib/outfile.h"
#include "net/net_sock.h"
#include "platform/boxstat.h"
#include "platform/clock.h"
#include "platform/platform.h"

#define NAS_BOX_EVERY_MS 1000
#define NAS_BOX_SLICE_US 20000
#define NAS_BOX_ANSWER_MS 5000
#define NAS_BOX_PHASE_WAIT_MS 3000

struct nas_box {
	const char *addr, *token;
	char dir[4200];
	struct plat_thread *t;
	struct outfile csv;
	int finished;                     /* sampled to the end of the phases */
	volatile sig_atomic_t quit;
	const char *_Atomic phase;        /* what the next interval belongs to */
	atomic_uint want, done;           /* phase changes asked, and sampled */
	atomic_int ended;                 /* the thread is past its loop */
	struct boxstat_snap snap[2];      /* the last two snapshots */
	unsigned long samples, rows;
	uint64_t t0_ms;
	char source[BOXSTAT_SOURCE];
	char why[IOSWEEP_ERR_MAX];        /* why sampling ended */
	uint8_t *buf;
};

/*
 * One snapshot from the agent on fd into s: 0, or -1 (why).  An answer
 * in flight is waited for (NAS_BOX_ANSWER_MS at most) whatever stops, so
 * a stop between two samples still takes the last one.
 */
static int ask(struct nas_box *b, int fd, struct boxstat_snap *s, char *err, size_t errlen)
{
	static volatile sig_atomic_t never;
	struct proto_header h;
	int rc;

	if (net_send(fd, PROTO_SAMPLE, NULL, 0, err, errlen) != 0)
		return -1;
	rc = net_recv(fd, &h, b->buf, &never, NAS_BOX_ANSWER_MS, err, errlen);
	if (rc == 1)
		return err_set(err, errlen, "the agent closed the connection%s", b->samples ? "" :
			       " (an agent older than this iosweep answers no samples)");
	if (rc != 0)
		return -1;
	if (h.type == PROTO_ERR)
		return err_set(err, errlen, "the agent refused: %.*s", (int)h.len,
			       (const char *)b->buf);
	if (h.type != PROTO_BOX)
		return err_set(err, errlen, "the agent answered %s, not its counters",
			       proto_type_name(h.type));
	return boxstat_parse(s, (const char *)b->buf, h.len, err, errlen);
}

/* A figure, or nothing when it is unknown. */
static void field(struct outfile *f, double v, int decimals)
{
	outfile_printf(f, ",");
	if (!isnan(v))
		outfile_printf(f, "%.*f", decimals, v);
}

/* The interval from snap[0] to snap[1] as rows of box.csv. */
static void write_rows(struct nas_box *b, const char *phase)
{
	struct boxstat_interval *iv = malloc(sizeof(*iv));
	size_t n;

	if (!iv)
		return;
	boxstat_diff(&b->snap[0], &b->snap[1], iv);
	n = iv->ndisks ? iv->ndisks : 1;
	for (size_t i = 0; i < n; i++) {
		const struct boxstat_disk_rate *d = iv->ndisks ? &iv->disks[i] : NULL;
		outfile_printf(&b->csv, "%.3f,%s", (double)(b->snap[1].t_ms - b->t0_ms) / 1000.0,
			       phase);
		field(&b->csv, iv->seconds, 3);
		field(&b->csv, iv->cpu_busy_pct, 1);
		outfile_printf(&b->csv, ",%s", d ? d->name : "");
		field(&b->csv, d ? d->busy_pct : NAN, 1);
		field(&b->csv, d ? d->rd_mbps : NAN, 2);
		field(&b->csv, d ? d->wr_mbps : NAN, 2);
		field(&b->csv, iv->arc_bytes, 0);
		field(&b->csv, iv->arc_hit_pct, 1);
		outfile_printf(&b->csv, "\n");
		b->rows++;
	}
	free(iv);
}

/* Wait for the next sampling time, a change of phase or a stop. */
static void pause_until_next(struct nas_box *b, uint64_t from_ns)
{
	uint64_t until = from_ns + (uint64_t)NAS_BOX_EVERY_MS * 1000000;

	while (!b->quit && !cmd_stop && atomic_load(&b->want) == atomic_load(&b->done) &&
	       clock_now_ns() < until)
		plat_sleep_us(NAS_BOX_SLICE_US, &b->quit);
}

/* Take one snapshot and write the interval it ends: 0, or -1 (why in b->why). */
static int step(struct nas_box *b, int fd, const char **phase)
{
	unsigned want = atomic_load(&b->want);
	const char *next = atomic_load(&b->phase);

	if (ask(b, fd, &b->snap[1], b->why, sizeof(b->why)) != 0)
		return -1;
	if (b->samples++ == 0) {
		b->t0_ms = b->snap[1].t_ms;
		snprintf(b->source, sizeof(b->source), "%s", b->snap[1].source);
	} else {
		write_rows(b, *phase);
	}
	b->snap[0] = b->snap[1];
	*phase = next;
	atomic_store(&b->done, want);
	return 0;
}

static int sampler(void *arg)
{
	struct nas_box *b = arg;
	const char *phase = atomic_load(&b->phase);
	int fd = -1;

	if (net_dial(b->addr, b->token, &fd, b->why, sizeof(b->why)) != 0)
		goto out;
	net_nodelay(fd);
	while (!b->quit && !cmd_stop) {
		uint64_t t = clock_now_ns();
		if (step(b, fd, &phase) != 0)
			goto out;
		pause_until_next(b, t);
	}
	if (cmd_stop)
		snprintf(b->why, sizeof(b->why), "stopped (a signal)");
	else if (step(b, fd, &phase) == 0) {
		b->finished = 1;
		snprintf(b->why, sizeof(b->why), "the share's phases ended");
	}
out:
	net_close(fd);
	atomic_store(&b->ended, 1);
	return 0;
}

struct nas_box *nas_box_start(const char *addr, const char *token, const char *dir,
			      const char *phase)
{
	struct nas_box *b = calloc(1, sizeof(*b));
	char p[4300], err[IOSWEEP_ERR_MAX];

	if (!b || !(b->buf = malloc(PROTO_MAX_PAYLOAD))) {
		cmd_msg("nas", "[box] out of memory: the box is not sampled");
		goto fail;
	}
	b->addr = addr;
	b->token = token;
	atomic_store(&b->phase, phase);
	snprintf(b->dir, sizeof(b->dir), "%s/box", dir);
	snprintf(p, sizeof(p), "%s/box.csv", b->dir);
	if (outfile_mkdirs(b->dir, err, sizeof(err)) != 0 ||
	    outfile_open(&b->csv, p, 0, 1, err, sizeof(err)) != 0) {
		cmd_msg("nas", "[box] %s: the box is not sampled", err);
		goto fail;
	}
	outfile_printf(&b->csv, "time_s,phase,seconds,cpu_busy_pct,disk,disk_busy_pct,"
		       "read_mb_per_s,write_mb_per_s,arc_bytes,arc_hit_pct\n");
	if (plat_thread_start(&b->t, sampler, b, err, sizeof(err)) != 0) {
		cmd_msg("nas", "[box] %s: the box is not sampled", err);
		outfile_abort(&b->csv);
		goto fail;
	}
	cmd_msg("nas", "[box] sampling %s's CPU, disks and ARC every %.0f s", addr,
		NAS_BOX_EVERY_MS / 1000.0);
	return b;
fail:
	if (b)
		free(b->buf);
	free(b);
	return NULL;
}

double nas_box_phase(struct nas_box *b, const char *phase)
{
	unsigned want;
	uint64_t until = clock_now_ns() + (uint64_t)NAS_BOX_PHASE_WAIT_MS * 1000000;

	if (!b)
		return (double)clock_now_ns() / 1e9;
	atomic_store(&b->phase, phase);
	want = atomic_fetch_add(&b->want, 1) + 1;
	/* the sampler closes the last phase's interval now */
	while (!atomic_load(&b->ended) && atomic_load(&b->done) != want && !cmd_stop &&
	       clock_now_ns() < until)
		plat_sleep_us(2000, &cmd_stop);
	return (double)clock_now_ns() / 1e9;
}

/* "text" as one CSV field, quoted when it holds a comma or a quote. */
static void csv_text(struct outfile *f, const char *text)
{
	if (!strpbrk(text, ",\"\n")) {
		outfile_printf(f, "%s", text);
		return;
	}
	outfile_printf(f, "\"");
	for (const char *p = text; *p; p++)
		outfile_printf(f, *p == '"' ? "\"\"" : *p == '\n' ? " " : "%c", *p);
	outfile_printf(f, "\"");
}

/* box/meta.csv: where the figures came from and why sampling ended. */
static void write_meta(struct nas_box *b)
{
	struct outfile m;
	char p[4300], err[IOSWEEP_ERR_MAX];

	snprintf(p, sizeof(p), "%s/meta.csv", b->dir);
	if (outfile_open(&m, p, 0, 1, err, sizeof(err)) != 0) {
		cmd_msg("nas", "[box] %s", err);
		return;
	}
	outfile_printf(&m, "figure,value\nschema,1\nagent,");
	csv_text(&m, b->addr);
	outfile_printf(&m, "\nsource,");
	csv_text(&m, b->source[0] ? b->source : "none");
	outfile_printf(&m, "\ninterval_ms,%d\nsamples,%lu\nrows,%lu\nended,", NAS_BOX_EVERY_MS,
		       b->samples, b->rows);
	csv_text(&m, b->why);
	outfile_printf(&m, "\n");
	if (outfile_commit(&m, err, sizeof(err)) != 0)
		cmd_msg("nas", "[box] %s", err);
}

struct nas_box *nas_box_stop(struct nas_box *b)
{
	char err[IOSWEEP_ERR_MAX];

	if (!b)
		return NULL;
	b->quit = 1;
	plat_thread_join(b->t);
	if (outfile_commit(&b->csv, err, sizeof(err)) != 0)
		cmd_msg("nas", "[box] %s", err);
	write_meta(b);
	if (!b->finished)
		cmd_msg("nas", "[box] sampling the box ended early: %s", b->why);
	free(b->buf);
	free(b);
	return NULL;
}
