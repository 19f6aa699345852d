/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_files_clients.c: libFuzzer target for rank 0's reading of the
 * clients' phases in `iosweep-mpi files` (files_clients.c).  The first
 * byte chooses 1 to 4 clients and the input's rest is split among them
 * at byte offsets taken from the next bytes.  A reading that succeeds
 * must have every client's phase in its row and the aggregate their
 * sums; a refusal must be one line naming a client.
 * Build and run: make fuzz (see GNUmakefile and tests/fuzz/run.sh).
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "iosweep.h"
#include "run/files/files.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct files_result mine, agg;
	char err[IOSWEEP_ERR_MAX];
	size_t lens[4] = { 0 }, left;
	unsigned n;

	if (size < 4)
		return 0;
	n = 1u + data[0] % 4u;
	left = size - 4;
	for (unsigned c = 0; c + 1 < n; c++) {
		lens[c] = left ? data[1 + c] * (size_t)left / 256u : 0;
		left -= lens[c];
	}
	lens[n - 1] = left;
	if (files_result_init(&mine, 1) != 0 || files_result_init(&agg, n) != 0)
		abort();
	memset(err, 0, sizeof(err));
	if (files_result_unpack(&agg, &mine, data + 4, lens, n, err, sizeof(err)) == 0) {
		for (unsigned op = 0; op < FILES_NOPS; op++) {
			uint64_t calls = 0, files = 0;
			for (unsigned c = 0; c < n; c++) {
				calls += files_job_phase(&agg, c, op)->call.count;
				files += files_job_phase(&agg, c, op)->files;
			}
			if (agg.all[op].call.count != calls || agg.all[op].files != files ||
			    !agg.clients)
				abort();
		}
	} else {
		fuzz_check_message(err, sizeof(err));
		if (!strstr(err, "client"))
			abort();
	}
	files_result_release(&mine);
	files_result_release(&agg);
	return 0;
}
