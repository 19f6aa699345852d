/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_ops.c: results.csv's rows of small-file operations read back
 * into struct result_op records (the columns are opscsv.h's).  A row
 * holds either its calls and seconds (a run, or fileop -t's blocks) or
 * only its rate (fileop's table imported); both come back as written.
 * Every field is checked: a figure that is not a number is an error
 * naming the column, never a zero.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "import/import_priv.h"
#include "lib/err.h"
#include "model/results.h"
#include "model/results_ops.h"

static const char *const names[IMPORT_OPS_NCOLS] = {
	"trial", "bytes", "seconds", "ops", "partial", "client", "iops", "files",
	"force", "moved", "best_s", "worst_s"
};

int import_ops_is_op(const char *test)
{
	return strncmp(test, "fileop ", 7) == 0 || strncmp(test, "files ", 6) == 0;
}

void import_ops_header(char *const *field, size_t n, int col[IMPORT_OPS_NCOLS])
{
	for (int k = 0; k < IMPORT_OPS_NCOLS; k++) {
		col[k] = -1;
		for (size_t i = 0; i < n; i++)
			if (strcmp(field[i], names[k]) == 0)
				col[k] = (int)i;
	}
}

/* Column k's field, "" when the file has no such column. */
static const char *fld(char *const *field, const int *col, int k)
{
	return col[k] < 0 ? "" : field[col[k]];
}

/* A whole number (empty: 0 when optional).  0 or -1 with msg. */
static int get_u64(char *const *field, const int *col, int k, int optional,
		   uint64_t *out, char *msg, size_t msglen)
{
	const char *s = fld(field, col, k);

	*out = 0;
	if ((!*s && optional) || import_parse_u64(s, out) == 0)
		return 0;
	return err_set(msg, msglen, "%s '%.40s' is not a whole number", names[k], s);
}

/* A number >= 0, NaN when empty.  0 or -1 with msg. */
static int get_num(const char *s, const char *name, double *out, char *msg, size_t msglen)
{
	*out = NAN;
	if (!*s || import_parse_double(s, out) == 0)
		return 0;
	return err_set(msg, msglen, "%s '%.40s' is not a number", name, s);
}

int import_ops_row(struct result_set *rs, const char *test, char *const *field,
		   const int col[IMPORT_OPS_NCOLS], const int lat_idx[8],
		   long client, long writer, char *msg, size_t msglen)
{
	struct result_op o;
	uint64_t trial, force, v;
	double secs;

	results_op_clear(&o);
	if (strlen(test) >= sizeof(o.test))
		return err_set(msg, msglen, "test '%.40s' is too long", test);
	snprintf(o.test, sizeof(o.test), "%s", test);
	if (col[IMPORT_OPS_FILES] < 0)
		return err_set(msg, msglen, "an operation's row, but no 'files' column");
	if (get_u64(field, col, IMPORT_OPS_TRIAL, 0, &trial, msg, msglen) ||
	    get_u64(field, col, IMPORT_OPS_FILES, 0, &o.files, msg, msglen) ||
	    get_u64(field, col, IMPORT_OPS_FORCE, 1, &force, msg, msglen) ||
	    get_num(fld(field, col, IMPORT_OPS_SECONDS), "seconds", &secs, msg, msglen) ||
	    get_num(fld(field, col, IMPORT_OPS_BEST), "best_s", &o.best_s, msg, msglen) ||
	    get_num(fld(field, col, IMPORT_OPS_WORST), "worst_s", &o.worst_s, msg, msglen))
		return -1;
	if (trial > UINT16_MAX || force > 1000000)
		return err_set(msg, msglen, "%s %llu is out of range", trial > UINT16_MAX ?
			       "trial" : "force", (unsigned long long)(trial > UINT16_MAX ?
								       trial : force));
	o.trial = (uint16_t)trial;
	o.force = (unsigned)force;
	if (isfinite(secs)) {
		o.seconds = secs;
		if (get_u64(field, col, IMPORT_OPS_OPS, 0, &o.calls, msg, msglen) ||
		    get_u64(field, col, IMPORT_OPS_BYTES, 1, &o.bytes, msg, msglen) ||
		    get_u64(field, col, IMPORT_OPS_MOVED, 1, &o.moved, msg, msglen))
			return -1;
	} else if (get_num(fld(field, col, IMPORT_OPS_IOPS), "iops", &o.ops_per_s,
			   msg, msglen)) {
		return -1;
	}
	const char *partial = fld(field, col, IMPORT_OPS_PARTIAL);
	if (strcmp(partial, "1") == 0)
		o.flags |= RESULTS_OF_PARTIAL;
	else if (*partial && strcmp(partial, "0") != 0)
		return err_set(msg, msglen, "partial '%.40s' is not 0 or 1", partial);
	const char *job = fld(field, col, IMPORT_OPS_CLIENT);
	if (client < 0 && *job && strcmp(job, "all") != 0) {
		if (import_parse_u64(job, &v) || v > 1000000)
			return err_set(msg, msglen, "client '%.40s' is not a job number", job);
		o.job = (int32_t)v;
	}
	for (int k = 0; k < 8; k++)
		if (lat_idx[k] >= 0 &&
		    get_num(field[lat_idx[k]], "lat", &o.lat_us[k], msg, msglen))
			return -1;
	o.client = (int32_t)client;
	o.writer = (int32_t)writer;
	if ((client >= 0 ? results_add_client_op(rs, &o) : results_add_op(rs, &o)) != 0)
		return err_set(msg, msglen, "out of memory");
	return 0;
}

int import_ops_sum_row(struct result_set *rs, const char *test, char *const *field,
		       int files_idx, int force_idx, uint64_t n, int short_timing,
		       const double lat[8], char *msg, size_t msglen)
{
	struct result_op o;
	uint64_t force = 0;
	const char *fs = files_idx < 0 ? "" : field[files_idx];
	const char *fo = force_idx < 0 ? "" : field[force_idx];

	results_op_clear(&o);
	if (strlen(test) >= sizeof(o.test))
		return err_set(msg, msglen, "test '%.40s' is too long", test);
	snprintf(o.test, sizeof(o.test), "%s", test);
	if (import_parse_u64(fs, &o.files))
		return err_set(msg, msglen, "files '%.40s' is not a whole number", fs);
	if (*fo && (import_parse_u64(fo, &force) || force > 1000000))
		return err_set(msg, msglen, "force '%.40s' is not a force factor", fo);
	o.force = (unsigned)force;
	o.calls = n;
	o.flags = short_timing ? RESULTS_OF_SHORT : 0;
	memcpy(o.lat_us, lat, sizeof(o.lat_us));
	if (results_add_op_sum(rs, &o) != 0)
		return err_set(msg, msglen, "out of memory");
	return 0;
}
