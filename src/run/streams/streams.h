/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * streams.h: paced streams with deadlines (`iosweep streams`): N readers,
 * writers or both, each of its own file, each moving a chunk (a frame, a
 * second of audio) per period at a set bit rate, as a player or a camera
 * does; per stream, how many chunks missed their deadline, by how much,
 * and the latency of each chunk's call.
 *
 * Chunk k of stream i of n is due to start at t0 + (k + i/n) * period
 * (t0 + k * period when aligned) and must be done a period later: a
 * chunk started late (the one before it ran over) starts at once, so one
 * slow call is one miss, and a stream that cannot keep up misses every
 * chunk after.  Reading streams read files
 * written before the clock starts (unique data, then flushed from this
 * computer's cache: streams_prepare), so every chunk comes from the
 * storage; writing streams write unique data too (a deduplicating or
 * compressing box stores every byte).  A background writer (a backup's
 * sequential 1 MB writes, unpaced) may run alongside.
 *
 * Ownership: streams_run fills a struct streams_result whose arrays
 * streams_result_release frees.
 */
#ifndef IOSWEEP_STREAMS_H
#define IOSWEEP_STREAMS_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "model/latency.h"

enum streams_mode { STREAMS_READ, STREAMS_WRITE, STREAMS_MIX };

#define STREAMS_MAX 256             /* most streams one run takes */
#define STREAMS_BG_RECORD (1u << 20) /* the background writer's record */

struct streams_cfg {
	const char *dir;          /* where the streams' files are */
	unsigned n;               /* streams */
	double rate_bps;          /* each stream's rate, bytes per second */
	unsigned fps;             /* chunks per second (frames) */
	uint64_t duration_ms;     /* how long the streams run */
	enum streams_mode mode;   /* MIX: the even streams read, the odd write */
	int sync;                 /* writers fsync each chunk (else at the end) */
	int background;           /* a sequential writer alongside */
	int aligned;              /* every stream's slots at t0 + k periods (else
				     stream i's i/n of a period later) */
	uint64_t background_cap;  /* its file wraps at this many bytes */
	const volatile sig_atomic_t *interrupt; /* nonzero: stop at the next
						 * chunk (Ctrl-C); may be NULL */
};

/* One stream's figures. */
struct stream_figures {
	int writes;               /* 1: a writing stream */
	uint64_t chunks;          /* chunks moved */
	uint64_t missed;          /* of them, done after their deadline */
	double worst_late_s;      /* the most one was late (0: none) */
	double first_miss_s;      /* when the first miss was due, from t0; -1 none */
	uint64_t bytes;
	double seconds;           /* t0 to the last chunk's end */
	struct latency_hist lat;  /* each chunk's call */
};

struct streams_result {
	struct stream_figures *s;
	unsigned n;
	uint64_t chunk_bytes;     /* one chunk */
	uint64_t nchunks;         /* chunks each stream had to move */
	uint64_t bg_bytes;        /* the background writer's bytes ... */
	double bg_seconds;        /* ... in this time */
};

/* The bytes of one chunk: the rate's share of a period, whole bytes. */
uint64_t streams_chunk_bytes(const struct streams_cfg *c);

/* Is stream i a writer under c's mode? */
int streams_writes(const struct streams_cfg *c, unsigned i);

/*
 * The reading streams' files for the first n streams of c, each holding
 * every chunk the run reads, written with unique data, synced and dropped
 * from this computer's cache.  0, or -1 with the reason in err.
 */
int streams_prepare(const struct streams_cfg *c, unsigned n, char *err, size_t errlen);

/*
 * Run c's streams (the readers' files prepared for at least c->n): 0,
 * or -1 with the reason in err (a failed call ends the run).  The
 * readers' files are dropped from the cache first, so a run after
 * another reads the storage again.
 */
int streams_run(const struct streams_cfg *c, struct streams_result *r, char *err,
		size_t errlen);
void streams_result_release(struct streams_result *r);

/* Remove every file of the first n streams and the background's. */
void streams_cleanup(const struct streams_cfg *c, unsigned n);

#endif
