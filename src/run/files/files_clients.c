/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * files_clients.c: `iosweep files` under many clients (files.h): one
 * client's phases as bytes for clients_gather, and rank 0's reading of
 * every client's bytes into one result, the clients in place of jobs.
 *
 * The bytes are plain fixed-width fields (struct wire_phase) followed by
 * the phase's histogram in latency_pack()'s format, so every client must
 * run the same build (as for the sweeps' samples, clients_mpi.c).  The
 * aggregate of a phase is every client's calls, files and bytes over
 * rank 0's barrier-to-barrier time, which runs from the common start to
 * the last client's end (mdtest's figure); each client's own row keeps
 * its own time, from the common start to the end of its own jobs.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/latency.h"
#include "lib/err.h"
#include "run/files/files.h"

/* One phase on the wire; its histogram follows when has_hist. */
struct wire_phase {
	uint64_t calls, total_ns, best_ns, worst_ns, files, bytes, own_ns;
	int32_t writer;
	uint32_t ran, has_hist, spare;
};

unsigned char *files_result_pack(const struct files_result *res, size_t *len)
{
	size_t bytes = 0;
	unsigned char *buf, *p;

	for (unsigned op = 0; op < FILES_NOPS; op++)
		bytes += sizeof(struct wire_phase) + (res->all[op].hist.n ?
			 latency_packed_len(&res->all[op].hist) : 0);
	p = buf = malloc(bytes);
	if (!buf)
		return NULL;
	for (unsigned op = 0; op < FILES_NOPS; op++) {
		const struct files_phase *ph = &res->all[op];
		struct wire_phase w = {
			.calls = ph->call.count, .total_ns = ph->call.total_ns,
			.best_ns = ph->call.best_ns, .worst_ns = ph->call.worst_ns,
			.files = ph->files, .bytes = ph->bytes, .own_ns = ph->own_ns,
			.writer = ph->writer, .ran = (uint32_t)ph->ran,
			.has_hist = ph->hist.n != 0,
		};
		memcpy(p, &w, sizeof(w));
		p += sizeof(w);
		if (w.has_hist)
			p += latency_pack(&ph->hist, p, (size_t)(buf + bytes - p));
	}
	*len = bytes;
	return buf;
}

/* Client c's phases from its len bytes at p into agg->job[c]. */
static int unpack_one(struct files_result *agg, unsigned c, const unsigned char *p,
		      size_t len, char *err, size_t errlen)
{
	char why[160] = "";

	for (unsigned op = 0; op < FILES_NOPS; op++) {
		struct files_phase *ph = files_job_phase(agg, c, op);
		struct latency_hist *h;
		struct wire_phase w;
		size_t used;
		if (len < sizeof(w)) {
			snprintf(why, sizeof(why), "%zu bytes left, a phase takes %zu", len,
				 sizeof(w));
			goto bad;
		}
		memcpy(&w, p, sizeof(w));
		p += sizeof(w);
		len -= sizeof(w);
		ph->call.count = w.calls;
		ph->call.total_ns = w.total_ns;
		ph->call.best_ns = w.best_ns;
		ph->call.worst_ns = w.worst_ns;
		ph->files = w.files;
		ph->bytes = w.bytes;
		ph->elapsed_ns = ph->own_ns = w.own_ns;
		ph->writer = w.writer;
		ph->ran = w.ran != 0;
		if (!w.has_hist)
			continue;
		h = latency_unpack(p, len, &used, why, sizeof(why));
		if (!h)
			goto bad;
		p += used;
		len -= used;
		if (latency_merge(&ph->hist, h) != 0) {
			latency_free(h);
			snprintf(why, sizeof(why), "out of memory");
			goto bad;
		}
		latency_free(h);
	}
	if (len == 0)
		return 0;
	snprintf(why, sizeof(why), "%zu bytes too many", len);
bad:
	return err_set(err, errlen, "the phases client %u sent for rank 0 to add up: %s",
		       c, why);
}

int files_result_unpack(struct files_result *agg, const struct files_result *mine,
			const unsigned char *all, const size_t *lens, unsigned n,
			char *err, size_t errlen)
{
	size_t off = 0;

	if (agg->jobs != n)
		return err_set(err, errlen, "%u clients' phases into a result for %u", n,
			       agg->jobs);
	agg->clients = 1;
	for (unsigned c = 0; c < n; c++) {
		if (unpack_one(agg, c, all + off, lens[c], err, errlen) != 0)
			return -1;
		off += lens[c];
	}
	for (unsigned op = 0; op < FILES_NOPS; op++) {
		struct files_phase *a = &agg->all[op];
		a->elapsed_ns = mine->all[op].elapsed_ns;
		a->own_ns = mine->all[op].own_ns;
		a->writer = -1;
		for (unsigned c = 0; c < n; c++) {
			const struct files_phase *p = files_job_phase(agg, c, op);
			fileop_stat_merge(&a->call, &p->call);
			if (latency_merge(&a->hist, &p->hist) != 0)
				return err_set(err, errlen, "out of memory");
			a->files += p->files;
			a->bytes += p->bytes;
			a->ran |= p->ran;
		}
	}
	return 0;
}
