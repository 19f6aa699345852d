/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report_qd.c: the IOPS and latency section (see report_qd.h).  The
 * combined figures are the reviews' way of combining the two directions
 * of a mix: IOPS summed (all operations over the pass's time), latency
 * over every operation of both (the mean is weighted by operations, the
 * maximum is the larger of the two), from the merged histograms.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "model/latency.h"
#include "report/report_qd.h"
#include "model/results.h"

static int report_qd_in_set(const struct result_set *rs)
{
	for (size_t i = 0; i < rs->nsamples; i++)
		if (rs->samples[i].flags & RESULTS_SF_SPLIT)
			return 1;
	return 0;
}

/* avg, max, sd and p99 of h in microseconds, or blanks. */
static void put_lat(FILE *out, const struct latency_hist *h, int have, int all)
{
	struct latency_summary ls;

	if (!have || latency_summarize(h, &ls) != 0) {
		fprintf(out, all ? "%10s%11s%10s%10s" : "%10s%11s", "-", "-", "-", "-");
		return;
	}
	/* us[]: min mean max sd p50 p90 p99 p99.9 */
	if (all)
		fprintf(out, "%10.1f%11.1f%10.1f%10.1f", ls.us[1], ls.us[2], ls.us[3],
			ls.us[6]);
	else
		fprintf(out, "%10.1f%11.1f", ls.us[1], ls.us[2]);
}

/*
 * meta.async_pct (engines that count it) as the share the system finished
 * inside ReadFile/WriteFile: 100 - it, whole when it is 0 or 100.
 */
static void put_sync_share(FILE *out, double v)
{
	if (!(v >= 0.0 && v <= 100.0))
		return;
	if (v == 0.0 || v == 100.0)
		fprintf(out, "transfers the system completed inside the call: %d%%\n",
			v == 0.0 ? 100 : 0);
	else
		fprintf(out, "transfers the system completed inside the call: %.1f%%\n",
			100.0 - v);
}

void report_qd(FILE *out, const struct result_set *rs)
{
	struct latency_hist all, dir[2];
	int header = 0;

	if (!report_qd_in_set(rs))
		return;
	if (latency_init(&all) != 0 || latency_init(&dir[0]) != 0 ||
	    latency_init(&dir[1]) != 0)
		goto out;
	for (size_t cell = 0; cell < rs->ncells; cell++) {
		if (rs->cells[cell].placeholder)
			continue;
		for (int col = 0; col < RC_COUNT; col++) {
			double iops[3];
			int n, nd[2];
			if (!(rs->cols_mask & (1u << col)) ||
			    results_iops_mean(rs, cell, col, iops) == 0)
				continue;
			n = results_lat_merge_cell(rs, cell, col, &all);
			nd[0] = results_lat_merge_cell_dir(rs, cell, col, 0, &dir[0]);
			nd[1] = results_lat_merge_cell_dir(rs, cell, col, 1, &dir[1]);
			if (!header) {
				fprintf(out, "\nIOPS and latency (IOPS: mean of the trials; "
					"latency in microseconds, trials merged)\n");
				if (rs->meta.workload)
					fprintf(out, "workload: %s\n", rs->meta.workload);
				if (rs->meta.inflight_max)
					fprintf(out, "most I/Os in flight at once per job: %u\n",
						rs->meta.inflight_max);
				if (rs->meta.engine_calls)
					fprintf(out, "system calls: %s\n", rs->meta.engine_calls);
				put_sync_share(out, rs->meta.async_pct);
				fprintf(out, "%-13s%12s%8s%12s%11s%11s%6s%10s%11s%10s%10s"
					"%10s%11s%10s%11s\n", "test", "kB", "reclen", "IOPS",
					"rd IOPS", "wr IOPS", "rd%", "avg", "max", "sd", "p99",
					"rd avg", "rd max", "wr avg", "wr max");
				header = 1;
			}
			fprintf(out, "%-13s%12llu%8llu%12.0f%11.0f%11.0f%6.1f",
				results_col_name(col),
				(unsigned long long)rs->cells[cell].file_kb,
				(unsigned long long)rs->cells[cell].record_kb, iops[0],
				iops[1], iops[2], iops[0] > 0 ? 100.0 * iops[1] / iops[0] : NAN);
			put_lat(out, &all, n > 0, 1);
			put_lat(out, &dir[0], nd[0] > 0, 0);
			put_lat(out, &dir[1], nd[1] > 0, 0);
			fputc('\n', out);
		}
	}
out:
	latency_release(&all);
	latency_release(&dir[0]);
	latency_release(&dir[1]);
}
