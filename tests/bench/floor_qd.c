/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * floor_qd.c: the bare loop of a time-based queue-depth pass (floor -q).
 *
 * The same I/Os as iosweep --iodepth --jobs --mix --runtime --ramp on a
 * file already laid out (src/run/qd/qd.c): job i of J takes records
 * n*i/J .. n*(i+1)/J - 1 of the order, wrapping round them; the order is
 * iosweep's fixed permutation (src/run/sweep/tests_order.c: Fisher-Yates
 * with its seed and its splitmix64 draws) or, with -S, the records in
 * turn; with -m PCT each I/O reads when the job's splitmix64 generator
 * (iosweep's seed + i) gives a value whose remainder by 100 is below
 * PCT.  Writes send each slot's own buffer of random bytes with the last
 * 8 bytes of every 512-byte block set to a fresh tag just before, as
 * iosweep's tagged writes do, so no block written repeats.
 *
 * Per job, nothing else: "psync" is one pread/pwrite after another;
 * "uring" one io_uring ring as deep as -d, set up with the flags
 * iosweep's engine tries (the first the kernel takes), and the loop
 * fills every free slot, makes one io_uring_submit_and_wait for at least
 * one completion, walks the completion ring and moves it on in one step.
 * No clock is read in the loop: the main thread sleeps the ramp, takes
 * each job's count, sleeps the counted time and takes them again, so
 * IOPS is the I/Os that completed in between over the time between the
 * two readings.  A job publishes its count with one relaxed store per
 * batch (uring) or per I/O (psync) to a cache line of its own.  It is a
 * benchmark reference, not part of the product: no project headers,
 * and it dies on any error.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#ifndef _FILE_OFFSET_BITS
#define _FILE_OFFSET_BITS 64
#endif

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef FLOOR_URING
#include <liburing.h>
#endif

#include "floor_qd.h"

#ifndef O_DIRECT
#define O_DIRECT 0
#endif

#define QD_ORDER_SEED 0x10205a7e5eedull /* iosweep's permutation */
#define QD_MIX_SEED 0x9d5eed00ull      /* iosweep's --mix generators */
#define QD_GRID 512u                   /* a tag every 512 bytes */
#define QD_LINE 64

struct qd_cfg {
	const char *file, *engine;
	uint64_t size_kb, rec_kb, nrecs, reclen;
	unsigned depth, njobs, read_pct;
	int seq, direct;
	uint64_t run_ms, ramp_ms;
	uint64_t *order;             /* record numbers, or NULL: in turn */
	int fd;
	atomic_int stop;
	pthread_barrier_t gate;
};

struct qd_job {
	_Alignas(QD_LINE) _Atomic uint64_t done;   /* completed I/Os, published */
	struct qd_cfg *c;
	unsigned idx;
	uint64_t first, count, rng, tag;
	unsigned char *bufs;         /* depth records */
};

static void qd_die(const char *what, const char *path, int err)
{
	errno = err;
	floor_die(what, path);
}

static uint64_t qd_splitmix(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* iosweep's permutation of 0..n-1 (the same draws, without modulo bias). */
static void qd_permutation(uint64_t *idx, uint64_t n)
{
	uint64_t state = QD_ORDER_SEED;

	for (uint64_t i = 0; i < n; i++)
		idx[i] = i;
	for (uint64_t i = n; i > 1; i--) {
		uint64_t threshold = (0 - i) % i, r;
		do
			r = qd_splitmix(&state);
		while (r < threshold);
		uint64_t j = r % i, t = idx[i - 1];
		idx[i - 1] = idx[j];
		idx[j] = t;
	}
}

static void qd_parse(struct qd_cfg *c, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		int takes = 1;

		if (strcmp(a, "-q") == 0 && v)
			c->engine = v;
		else if (strcmp(a, "-f") == 0 && v)
			c->file = v;
		else if (strcmp(a, "-s") == 0)
			c->size_kb = floor_parse_u64(a, v);
		else if (strcmp(a, "-r") == 0)
			c->rec_kb = floor_parse_u64(a, v);
		else if (strcmp(a, "-d") == 0)
			c->depth = (unsigned)floor_parse_u64(a, v);
		else if (strcmp(a, "-j") == 0)
			c->njobs = (unsigned)floor_parse_u64(a, v);
		else if (strcmp(a, "-m") == 0)
			c->read_pct = (unsigned)floor_parse_u64(a, v);
		else if (strcmp(a, "-T") == 0)
			c->run_ms = floor_parse_u64(a, v);
		else if (strcmp(a, "-R") == 0)
			c->ramp_ms = floor_parse_u64(a, v);
		else if (strcmp(a, "-S") == 0)
			c->seq = 1, takes = 0;
		else if (strcmp(a, "-I") == 0)
			c->direct = 1, takes = 0;
		else
			floor_usage("unknown option or missing value", a);
		i += takes;
	}
	if (!c->file || !c->size_kb || !c->rec_kb || c->rec_kb > c->size_kb)
		floor_usage("-s, -r (not above -s) and -f are required", "");
	if (strcmp(c->engine, "psync") != 0 && strcmp(c->engine, "uring") != 0)
		floor_usage("engines are psync and uring, not", c->engine);
	if (!c->depth || !c->njobs || c->read_pct > 100 || !c->run_ms ||
	    (strcmp(c->engine, "psync") == 0 && c->depth != 1))
		floor_usage("-d, -j and -T must be above 0 (psync: -d 1), -m at most 100", "");
}

static void qd_sleep_ms(uint64_t ms)
{
	struct timespec ts = { .tv_sec = (time_t)(ms / 1000),
			       .tv_nsec = (long)(ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* The next I/O of job j: its offset, and whether it writes (tags set). */
static inline uint64_t qd_next(struct qd_job *j, uint64_t *pos, unsigned char *buf,
			       int *is_write)
{
	const struct qd_cfg *c = j->c;
	uint64_t k = j->first + (*pos)++ % j->count;

	*is_write = c->read_pct == 0 ||
		(c->read_pct < 100 && qd_splitmix(&j->rng) % 100 >= c->read_pct);
	if (*is_write)
		for (uint64_t o = QD_GRID - 8; o + 8 <= c->reclen; o += QD_GRID) {
			uint64_t state = j->tag++ * 0x9e3779b97f4a7c15ull;
			uint64_t v = qd_splitmix(&state);
			memcpy(buf + o, &v, 8);
		}
	return (c->order ? c->order[k] : k) * c->reclen;
}

static void *qd_psync_job(void *arg)
{
	struct qd_job *j = arg;
	struct qd_cfg *c = j->c;
	uint64_t pos = 0, done = 0;

	pthread_barrier_wait(&c->gate);
	while (!atomic_load_explicit(&c->stop, memory_order_relaxed)) {
		int w;
		uint64_t off = qd_next(j, &pos, j->bufs, &w);
		ssize_t n = w ? pwrite(c->fd, j->bufs, c->reclen, (off_t)off)
			      : pread(c->fd, j->bufs, c->reclen, (off_t)off);
		if (n != (ssize_t)c->reclen)
			qd_die(w ? "short write to" : "short read from", c->file,
			       n < 0 ? errno : EIO);
		atomic_store_explicit(&j->done, ++done, memory_order_relaxed);
	}
	return NULL;
}

#ifdef FLOOR_URING
/* iosweep's engine's flags, the first the kernel takes (engine_uring.c). */
static void qd_ring(struct io_uring *ring, unsigned depth, const char *file)
{
	static const unsigned setups[] = {
#ifdef IORING_SETUP_DEFER_TASKRUN
		IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN,
#endif
#ifdef IORING_SETUP_COOP_TASKRUN
		IORING_SETUP_COOP_TASKRUN,
#endif
		0,
	};
	int rc = -EINVAL;

	for (size_t i = 0; i < sizeof(setups) / sizeof(setups[0]) && rc == -EINVAL; i++) {
		struct io_uring_params p;
		memset(&p, 0, sizeof(p));
		p.flags = setups[i];
		rc = io_uring_queue_init_params(depth, ring, &p);
	}
	if (rc < 0)
		qd_die("io_uring_queue_init for", file, -rc);
}

static void *qd_uring_job(void *arg)
{
	struct qd_job *j = arg;
	struct qd_cfg *c = j->c;
	struct io_uring ring;
	unsigned *freeslots = malloc(c->depth * sizeof(*freeslots));
	unsigned nfree = c->depth, inflight = 0;
	uint64_t pos = 0, done = 0;

	if (!freeslots)
		qd_die("out of memory for", c->file, ENOMEM);
	for (unsigned i = 0; i < c->depth; i++)
		freeslots[i] = c->depth - 1 - i;
	qd_ring(&ring, c->depth, c->file);
	pthread_barrier_wait(&c->gate);
	for (;;) {
		int issuing = !atomic_load_explicit(&c->stop, memory_order_relaxed);
		while (issuing && nfree > 0) {
			unsigned slot = freeslots[--nfree];
			unsigned char *buf = j->bufs + (size_t)slot * c->reclen;
			struct io_uring_sqe *sqe = io_uring_get_sqe(&ring);
			int w;
			uint64_t off = qd_next(j, &pos, buf, &w);
			if (w)
				io_uring_prep_write(sqe, c->fd, buf, (unsigned)c->reclen, off);
			else
				io_uring_prep_read(sqe, c->fd, buf, (unsigned)c->reclen, off);
			sqe->user_data = slot;
			inflight++;
		}
		if (inflight == 0)
			break;
		int rc = io_uring_submit_and_wait(&ring, 1);
		if (rc < 0 && rc != -EINTR && rc != -EAGAIN && rc != -EBUSY)
			qd_die("io_uring_submit_and_wait on", c->file, -rc);
		struct io_uring_cqe *cqe;
		unsigned head, n = 0;
		io_uring_for_each_cqe(&ring, head, cqe) {
			if (cqe->res != (int)c->reclen)
				qd_die("short or failed transfer on", c->file,
				       cqe->res < 0 ? -cqe->res : EIO);
			freeslots[nfree++] = (unsigned)cqe->user_data;
			n++;
		}
		io_uring_cq_advance(&ring, n);
		inflight -= n;
		done += n;
		atomic_store_explicit(&j->done, done, memory_order_relaxed);
	}
	io_uring_queue_exit(&ring);
	free(freeslots);
	return NULL;
}
#endif

static uint64_t qd_count(struct qd_job *jobs, unsigned n)
{
	uint64_t sum = 0;

	for (unsigned i = 0; i < n; i++)
		sum += atomic_load_explicit(&jobs[i].done, memory_order_relaxed);
	return sum;
}

/* The jobs: their shares, buffers (random bytes) and tag streams. */
static struct qd_job *qd_jobs(struct qd_cfg *c)
{
	struct qd_job *jobs = aligned_alloc(QD_LINE, ((c->njobs * sizeof(*jobs) +
						       QD_LINE - 1) / QD_LINE) * QD_LINE);
	uint64_t seed = 0x5eed0f100full;

	if (!jobs)
		qd_die("out of memory for", c->file, ENOMEM);
	memset(jobs, 0, c->njobs * sizeof(*jobs));
	for (unsigned i = 0; i < c->njobs; i++) {
		struct qd_job *j = &jobs[i];
		size_t len = (size_t)c->depth * c->reclen;
		j->c = c;
		j->idx = i;
		j->first = c->nrecs * i / c->njobs;
		j->count = c->nrecs * (i + 1) / c->njobs - j->first;
		j->rng = QD_MIX_SEED + i;
		j->tag = (uint64_t)(i + 1) << 40;
		if (j->count == 0 || posix_memalign((void **)&j->bufs, 4096, len) != 0)
			qd_die("no records or no memory for a job of", c->file, ENOMEM);
		for (size_t o = 0; o + 8 <= len; o += 8) {
			uint64_t r = qd_splitmix(&seed);
			memcpy(j->bufs + o, &r, 8);
		}
	}
	return jobs;
}

int floor_qd_main(int argc, char **argv)
{
	struct qd_cfg c = { .engine = "", .depth = 1, .njobs = 1, .read_pct = 100,
			    .run_ms = 4000, .ramp_ms = 1000 };
	void *(*job)(void *) = qd_psync_job;

	qd_parse(&c, argc, argv);
#ifdef FLOOR_URING
	if (strcmp(c.engine, "uring") == 0)
		job = qd_uring_job;
#else
	if (strcmp(c.engine, "uring") == 0)
		floor_usage("built without liburing (-DFLOOR_URING -luring):", c.engine);
#endif
	c.reclen = c.rec_kb * 1024u;
	c.nrecs = c.size_kb / c.rec_kb;
	if (c.njobs > c.nrecs)
		floor_usage("more jobs than records:", "-j");
	if (!c.seq) {
		c.order = malloc(c.nrecs * sizeof(*c.order));
		if (!c.order)
			qd_die("out of memory for the order of", c.file, ENOMEM);
		qd_permutation(c.order, c.nrecs);
	}
	c.fd = open(c.file, (c.read_pct < 100 ? O_RDWR : O_RDONLY) |
		    (c.direct ? O_DIRECT : 0));
	if (c.fd < 0)
		qd_die("cannot open", c.file, errno);
	struct qd_job *jobs = qd_jobs(&c);
	pthread_t *th = calloc(c.njobs, sizeof(*th));
	if (!th || pthread_barrier_init(&c.gate, NULL, c.njobs + 1) != 0)
		qd_die("cannot start the jobs of", c.file, ENOMEM);
	for (unsigned i = 0; i < c.njobs; i++)
		if (pthread_create(&th[i], NULL, job, &jobs[i]) != 0)
			qd_die("cannot start a job on", c.file, EAGAIN);
	pthread_barrier_wait(&c.gate);
	qd_sleep_ms(c.ramp_ms);
	uint64_t n0 = qd_count(jobs, c.njobs), t0 = floor_now_ns();
	qd_sleep_ms(c.run_ms);
	uint64_t n1 = qd_count(jobs, c.njobs), t1 = floor_now_ns();
	atomic_store(&c.stop, 1);
	for (unsigned i = 0; i < c.njobs; i++)
		pthread_join(th[i], NULL);
	double secs = (double)(t1 - t0) / 1e9;
	printf("qd\t%.1f\t%.9f\t%" PRIu64 "\n", (double)(n1 - n0) / secs, secs, n1 - n0);
	fflush(stdout);
	if (close(c.fd) != 0)
		qd_die("cannot close", c.file, errno);
	for (unsigned i = 0; i < c.njobs; i++)
		free(jobs[i].bufs);
	free(jobs);
	free(th);
	free(c.order);
	return 0;
}
