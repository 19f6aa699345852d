/*
 * fuzz_import_dir.c: libFuzzer target for a result folder, the one input
 * fuzz_import does not reach: meta.csv read beside results.csv.  The input
 * is split at its first NUL: the part before becomes meta.csv, the part
 * after the body of results.csv (behind our header line, so the CSV
 * parser is always reached); without a NUL, results.csv gets one valid
 * row.  import_load then reads the folder.  Build and run: make fuzz.
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
	"cpu_user_s,cpu_sys_s,wall_s,partial\n";
static const char one_row[] =
	"1,disk,write,64,4,0,65536,0.000100000,640000.000,16,0.000010,0.000020,0.000200000,0\n";

static char dir[64], meta_path[96], results_path[96];

static void remove_dir(void)
{
	unlink(meta_path);
	unlink(results_path);
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

	if (!dir[0]) {
		/* memory-backed when there is one: the disk may be busy with sweeps */
		snprintf(dir, sizeof(dir), "%s/iosweep-fuzz-dir.XXXXXX",
			 access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
		if (!mkdtemp(dir))
			abort();
		snprintf(meta_path, sizeof(meta_path), "%s/meta.csv", dir);
		snprintf(results_path, sizeof(results_path), "%s/results.csv", dir);
		atexit(remove_dir);
	}
	if (put(meta_path, data, meta_len, NULL, 0) != 0)
		return 0;
	if (nul ? put(results_path, header, sizeof(header) - 1, nul + 1,
		      size - meta_len - 1)
		: put(results_path, header, sizeof(header) - 1, one_row,
		      sizeof(one_row) - 1))
		return 0;

	fuzz_check_import(dir);
	return 0;
}
