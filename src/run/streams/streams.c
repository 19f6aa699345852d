/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * streams.c: paced streams with deadlines (streams.h).  One thread per
 * stream and one for the background writer, all let go at one start
 * gate with the same t0; each stream sleeps to its chunk's slot, makes
 * the call, and holds the end against the slot's deadline.  Nothing is
 * shared between the streams while they run but the stop flag.
 *
 * The streams' slots are spread over a period (stream i starts i/n of a
 * period after t0), as independent players' are: a share that carries
 * the streams' rate then meets them one at a time.  With --aligned every
 * stream asks for its chunk at the same instant, the harshest case: on a
 * client that serves one request at a time (smbnetfs: one 128 kB SMB
 * read in flight per server), three aligned 30 MB/s streams at 24 fps
 * queue 30 reads at each frame and the last ends a few ms before its
 * deadline, so any pause of the client misses one.
 */
#include "compat.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iosweep.h"
#include "lib/err.h"
#include "options/options.h"
#include "platform/clock.h"
#include "platform/platform.h"
#include "run/data/pattern.h"
#include "run/streams/streams.h"

#define STREAMS_PREP_RECORD (1u << 20)
#define STREAMS_BG_SYNC_EVERY 64          /* records between the backup's fsyncs */
#define STREAMS_START_DELAY_NS 20000000u  /* t0: this long after the last arrival */
#define SEED_STREAM(i, k) (((uint64_t)0x5354u << 48) ^ ((uint64_t)(i) << 32) ^ (uint64_t)(k))
#define SEED_BG(k) (((uint64_t)0x4247u << 48) ^ (uint64_t)(k))

uint64_t streams_chunk_bytes(const struct streams_cfg *c)
{
	double b = c->rate_bps / (double)c->fps;

	return b < 1.0 ? 1 : (uint64_t)(b + 0.5);
}

int streams_writes(const struct streams_cfg *c, unsigned i)
{
	return c->mode == STREAMS_WRITE || (c->mode == STREAMS_MIX && (i & 1u));
}

static uint64_t nchunks_of(const struct streams_cfg *c)
{
	uint64_t n = c->duration_ms * c->fps / 1000;

	return n ? n : 1;
}

static void file_of(const struct streams_cfg *c, int i, char *out, size_t len)
{
	if (i < 0)
		snprintf(out, len, "%s/iosweep-stream-bg.tmp", c->dir);
	else
		snprintf(out, len, "%s/iosweep-stream-%d.tmp", c->dir, i);
}

/* Write stream i's file: every chunk the run reads, unique data, synced. */
static int prepare_one(const struct streams_cfg *c, unsigned i, char *err, size_t errlen)
{
	uint64_t size = streams_chunk_bytes(c) * nchunks_of(c);
	struct io_mode mode = { 0 };
	char path[4200];
	int flags = 0, fd, rc = -1;
	unsigned char *buf = io_alloc(STREAMS_PREP_RECORD);

	file_of(c, (int)i, path, sizeof(path));
	if (!buf)
		return err_set(err, errlen, "out of memory");
	if (io_mode_flags(&mode, &flags, err, errlen) != 0 ||
	    io_create(path, IO_CREATE_TRUNCATE, err, errlen) != 0 ||
	    (fd = io_open(path, flags | O_RDWR, &mode, err, errlen)) < 0) {
		io_free(buf);
		return -1;
	}
	rc = 0;
	for (uint64_t off = 0; rc == 0 && off < size; off += STREAMS_PREP_RECORD) {
		size_t n = size - off < STREAMS_PREP_RECORD ? (size_t)(size - off) :
			STREAMS_PREP_RECORD;
		pattern_fill(buf, n, OPTIONS_DATA_RANDOM, 0.0, SEED_STREAM(i, off));
		rc = io_full_pwrite(fd, buf, n, off, path, err, errlen);
	}
	if (rc == 0)
		rc = io_purge_cache(fd, path, err, errlen);
	char scratch[256] = "";
	/* a close that fails after an error keeps the first error */
	if (io_close(fd, path, rc ? scratch : err, rc ? sizeof(scratch) : errlen) != 0)
		rc = -1;
	io_free(buf);
	return rc;
}

int streams_prepare(const struct streams_cfg *c, unsigned n, char *err, size_t errlen)
{
	for (unsigned i = 0; i < n; i++)
		if (!streams_writes(c, i) && prepare_one(c, i, err, errlen) != 0)
			return -1;
	return 0;
}

void streams_cleanup(const struct streams_cfg *c, unsigned n)
{
	char path[4200];

	for (unsigned i = 0; i < n; i++) {
		file_of(c, (int)i, path, sizeof(path));
		io_remove_test_file(path);
	}
	file_of(c, -1, path, sizeof(path));
	io_remove_test_file(path);
}

/* What the run's threads share. */
struct streams_shared {
	const struct streams_cfg *c;
	struct plat_gate *gate;
	uint64_t t0_ns, period_ns, nchunks, chunk;
	volatile sig_atomic_t stop;      /* a call failed, or the streams are done */
};

struct stream_job {
	struct streams_shared *sh;
	int index;                       /* the stream; -1: the background writer */
	int fd;
	char path[4200];
	unsigned char *buf;
	struct stream_figures *fig;
	uint64_t bg_bytes;
	double bg_seconds;
	char err[IOSWEEP_ERR_MAX];
};

static double since_s(uint64_t t0, uint64_t t)
{
	return t > t0 ? (double)(t - t0) / 1e9 : 0.0;
}

/* Chunk k of a stream: at its slot (or at once when late), then held to its deadline. */
static int stream_chunk(struct stream_job *j, uint64_t k)
{
	struct streams_shared *sh = j->sh;
	uint64_t start0 = sh->t0_ns + (sh->c->aligned ? 0 :
		(uint64_t)j->index * sh->period_ns / sh->c->n);
	uint64_t slot = start0 + k * sh->period_ns, now;
	uint64_t off = k * sh->chunk;
	int rc;

	/* a writer's data is ready before its slot, as a camera's frame is */
	if (j->fig->writes)
		pattern_fill(j->buf, sh->chunk, OPTIONS_DATA_RANDOM, 0.0,
			     SEED_STREAM(j->index, k));
	now = clock_now_ns();
	if (now < slot)
		plat_sleep_us((slot - now) / 1000, &sh->stop);
	uint64_t start = clock_now_ns();
	if (j->fig->writes) {
		rc = io_full_pwrite(j->fd, j->buf, sh->chunk, off, j->path, j->err,
				    sizeof(j->err));
		if (rc == 0 && sh->c->sync)
			rc = io_fsync(j->fd, j->path, j->err, sizeof(j->err));
	} else {
		rc = io_full_pread(j->fd, j->buf, sh->chunk, off, j->path, j->err,
				   sizeof(j->err));
	}
	uint64_t end = clock_now_ns(), deadline = slot + sh->period_ns;
	if (rc != 0)
		return -1;
	latency_add(&j->fig->lat, end - start);
	j->fig->chunks++;
	j->fig->bytes += sh->chunk;
	if (end > deadline) {
		double late = (double)(end - deadline) / 1e9;
		if (!j->fig->missed)
			j->fig->first_miss_s = since_s(start0, deadline);
		j->fig->missed++;
		if (late > j->fig->worst_late_s)
			j->fig->worst_late_s = late;
	}
	/* a stream's rate is over its span: a chunk done early waits for its slot */
	double span = (double)((k + 1) * sh->period_ns) / 1e9;
	j->fig->seconds = since_s(start0, end) > span ? since_s(start0, end) : span;
	return 0;
}

static int stream_main(void *arg)
{
	struct stream_job *j = arg;
	struct streams_shared *sh = j->sh;
	const volatile sig_atomic_t *intr = sh->c->interrupt;

	if (!plat_gate_arrive(sh->gate))
		return 0;
	for (uint64_t k = 0; k < sh->nchunks && !sh->stop && !(intr && *intr); k++)
		if (stream_chunk(j, k) != 0) {
			sh->stop = 1;
			return -1;
		}
	/* a buffered writer's chunks are the stream's once they are stored */
	if (j->fig->writes && !sh->c->sync && !sh->stop && !(intr && *intr)) {
		if (io_fsync(j->fd, j->path, j->err, sizeof(j->err)) != 0) {
			sh->stop = 1;
			return -1;
		}
		double done = since_s(sh->t0_ns, clock_now_ns());
		if (done > j->fig->seconds)
			j->fig->seconds = done;
	}
	return 0;
}

/* The backup: 1 MB records, in order, unpaced, until the streams are done. */
static int background_main(void *arg)
{
	struct stream_job *j = arg;
	struct streams_shared *sh = j->sh;
	uint64_t off = 0, k = 0, cap = sh->c->background_cap;

	if (!plat_gate_arrive(sh->gate))
		return 0;
	cap = cap < STREAMS_BG_RECORD ? STREAMS_BG_RECORD : cap;
	while (!sh->stop) {
		pattern_fill(j->buf, STREAMS_BG_RECORD, OPTIONS_DATA_RANDOM, 0.0, SEED_BG(k));
		if (io_full_pwrite(j->fd, j->buf, STREAMS_BG_RECORD, off, j->path, j->err,
				   sizeof(j->err)) != 0 ||
		    (++k % STREAMS_BG_SYNC_EVERY == 0 &&
		     io_fsync(j->fd, j->path, j->err, sizeof(j->err)) != 0)) {
			sh->stop = 1;
			return -1;
		}
		j->bg_bytes += STREAMS_BG_RECORD;
		off = off + STREAMS_BG_RECORD >= cap ? 0 : off + STREAMS_BG_RECORD;
	}
	j->bg_seconds = since_s(sh->t0_ns, clock_now_ns());
	return 0;
}

/* Open job j's file (a reader's as prepared, a writer's anew) and its buffer. */
static int job_open(struct stream_job *j, size_t buflen, int writes, char *err, size_t errlen)
{
	struct io_mode mode = { 0 };
	int flags = 0;

	file_of(j->sh->c, j->index, j->path, sizeof(j->path));
	if (!(j->buf = io_alloc(buflen)))
		return err_set(err, errlen, "out of memory");
	if (io_mode_flags(&mode, &flags, err, errlen) != 0)
		return -1;
	if (writes && io_create(j->path, IO_CREATE_TRUNCATE, err, errlen) != 0)
		return -1;
	if (!writes && io_drop_cache(j->path, err, errlen) != 0)
		return -1;
	j->fd = io_open(j->path, flags | (writes ? O_RDWR : O_RDONLY), &mode, err, errlen);
	return j->fd < 0 ? -1 : 0;
}

static void job_close(struct stream_job *j)
{
	char scratch[256];

	if (j->fd >= 0)
		io_close(j->fd, j->path, scratch, sizeof(scratch));
	io_free(j->buf);
}

/* Start every job's thread, let them go together, wait for them: 0 or -1. */
static int run_jobs(struct streams_shared *sh, struct stream_job *jobs, unsigned njobs,
		    int background, char *err, size_t errlen)
{
	struct plat_thread **th = calloc(njobs, sizeof(*th));
	unsigned started = 0;
	int rc = 0;

	if (!th)
		return err_set(err, errlen, "out of memory");
	for (; started < njobs; started++) {
		int bg = background && started == njobs - 1;
		if (plat_thread_start(&th[started], bg ? background_main : stream_main,
				      &jobs[started], err, errlen) != 0) {
			rc = -1;
			break;
		}
	}
	plat_gate_wait(sh->gate, started);
	sh->t0_ns = clock_now_ns() + STREAMS_START_DELAY_NS;
	plat_gate_open(sh->gate, rc == 0);
	/* the streams end on their own; the backup when they have */
	for (unsigned i = 0; i < started; i++) {
		if (background && i == njobs - 1)
			sh->stop = 1;
		if (plat_thread_join(th[i]) != 0 && rc == 0)
			rc = err_set(err, errlen, "%s", jobs[i].err);
	}
	free(th);
	return rc;
}

int streams_run(const struct streams_cfg *c, struct streams_result *r, char *err,
		size_t errlen)
{
	struct streams_shared sh = { .c = c, .nchunks = nchunks_of(c),
				     .chunk = streams_chunk_bytes(c),
				     .period_ns = 1000000000u / c->fps };
	unsigned njobs = c->n + (c->background ? 1u : 0u);
	struct stream_job *jobs = calloc(njobs, sizeof(*jobs));
	int rc = -1;

	memset(r, 0, sizeof(*r));
	r->s = calloc(c->n, sizeof(*r->s));
	r->n = c->n;
	r->chunk_bytes = sh.chunk;
	r->nchunks = sh.nchunks;
	if (!jobs || !r->s || !(sh.gate = plat_gate_new())) {
		err_set(err, errlen, "out of memory");
		goto out;
	}
	for (unsigned i = 0; i < njobs; i++)
		jobs[i].fd = -1;
	for (unsigned i = 0; i < njobs; i++) {
		struct stream_job *j = &jobs[i];
		int bg = i == c->n;
		j->sh = &sh;
		j->index = bg ? -1 : (int)i;
		if (!bg) {
			j->fig = &r->s[i];
			j->fig->writes = streams_writes(c, i);
			j->fig->first_miss_s = -1.0;
			if (latency_init(&j->fig->lat) != 0) {
				err_set(err, errlen, "out of memory");
				goto out;
			}
		}
		if (job_open(j, bg ? STREAMS_BG_RECORD : (size_t)sh.chunk,
			     bg || j->fig->writes, err, errlen) != 0)
			goto out;
	}
	rc = run_jobs(&sh, jobs, njobs, c->background, err, errlen);
	if (c->background) {
		r->bg_bytes = jobs[c->n].bg_bytes;
		r->bg_seconds = jobs[c->n].bg_seconds;
	}
out:
	for (unsigned i = 0; jobs && i < njobs; i++)
		job_close(&jobs[i]);
	free(jobs);
	if (sh.gate)
		plat_gate_free(sh.gate);
	return rc;
}

void streams_result_release(struct streams_result *r)
{
	for (unsigned i = 0; r->s && i < r->n; i++)
		latency_release(&r->s[i].lat);
	free(r->s);
	memset(r, 0, sizeof(*r));
}
