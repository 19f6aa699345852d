/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_import_dir.c: libFuzzer target for a result folder, the inputs
 * fuzz_import does not reach: meta.csv and summary.csv read beside
 * results.csv.  The input is split at its first NUL: the part before
 * becomes meta.csv, the part after the body of results.csv (behind our
 * header line, so the CSV parser is always reached); without a NUL,
 * results.csv gets one valid row.  A second NUL ends the results.csv
 * part: what follows is the body of summary.csv (behind its header with
 * short_timing and the latency columns); without it there is no
 * summary.csv.  Both headers carry schema 5's columns of small-file
 * operations (files, force, moved, best_s, worst_s), so rows of "fileop
 * ..." and "files ..." tests reach their reader too.  import_load then
 * reads the folder.  Build and run: make fuzz.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char header[] =
	"schema,label,test,file_kb,record_kb,trial,bytes,seconds,kb_per_s,ops,"
	"cpu_user_s,cpu_sys_s,wall_s,partial,client,iops,lat_p50_us,files,force,moved,"
	"best_s,worst_s\n";
static const char one_row[] =
	"1,disk,write,64,4,0,65536,0.000100000,640000.000,16,0.000010,0.000020,0.000200000,0,"
	",,,,,,,\n";

static const char sum_header[] =
	"label,test,file_kb,record_kb,n,short_timing,lat_min_us,lat_mean_us,lat_max_us,"
	"lat_sd_us,lat_p50_us,lat_p90_us,lat_p99_us,lat_p999_us,rd_lat_mean_us,"
	"wr_lat_p99_us,files,force\n";

static char dir[64], meta_path[96], results_path[96], summary_path[96];

static void remove_dir(void)
{
	unlink(meta_path);
	unlink(results_path);
	unlink(summary_path);
	rmdir(dir);
}

static int put(const char *path, const void *a, size_t alen, const void *b,
	       size_t blen)
{
	FILE *fp = fopen(path, "wb");
	int ok;

	if (!fp)
		return -1;
	ok = fwrite(a, 1, alen, fp) == alen && (blen == 0 || fwrite(b, 1, blen, fp) == blen);
	return (fclose(fp) == 0 && ok) ? 0 : -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t meta_len = nul ? (size_t)(nul - data) : size;
	const uint8_t *nul2 = nul ? memchr(nul + 1, '\0', size - meta_len - 1) : NULL;
	size_t results_len = nul ? (nul2 ? (size_t)(nul2 - nul - 1) : size - meta_len - 1) : 0;

	if (!dir[0]) {
		/* memory-backed when there is one: the disk may be busy with sweeps */
		snprintf(dir, sizeof(dir), "%s/iosweep-fuzz-dir.XXXXXX",
			 access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
		if (!mkdtemp(dir))
			abort();
		snprintf(meta_path, sizeof(meta_path), "%s/meta.csv", dir);
		snprintf(results_path, sizeof(results_path), "%s/results.csv", dir);
		snprintf(summary_path, sizeof(summary_path), "%s/summary.csv", dir);
		atexit(remove_dir);
	}
	if (put(meta_path, data, meta_len, NULL, 0) != 0)
		return 0;
	if (nul ? put(results_path, header, sizeof(header) - 1, nul + 1, results_len)
		: put(results_path, header, sizeof(header) - 1, one_row,
		      sizeof(one_row) - 1))
		return 0;
	unlink(summary_path);
	if (nul2 && put(summary_path, sum_header, sizeof(sum_header) - 1, nul2 + 1,
			size - (size_t)(nul2 + 1 - data)) != 0)
		return 0;

	fuzz_check_import(dir);
	return 0;
}
