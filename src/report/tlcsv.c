/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tlcsv.c: write timeline.csv (see tlcsv.h for the columns).  The label
 * is quoted once as csvout quotes every text field; the rest are numbers.
 */
#include "compat.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/outfile.h"
#include "report/csvout_fields.h"
#include "report/tlcsv.h"
#include "model/results.h"
#include "model/timeline.h"

static void put_lat(struct outfile *f, double us)
{
	if (isnan(us))
		outfile_printf(f, ",");
	else
		outfile_printf(f, ",%.3f", us);
}

static void put_row(struct outfile *f, const char *label, const struct timeline_row *r)
{
	char client[24];

	if (r->client == TIMELINE_CLIENT_TOTAL)
		snprintf(client, sizeof(client), "total");
	else
		snprintf(client, sizeof(client), "%" PRId32, r->client);
	outfile_printf(f, "%d,%s,%s,%" PRIu64 ",%" PRIu64 ",%u,%s,%" PRIu64 ".%09" PRIu64
		       ",%" PRIu64 ".%09" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.2f,%.2f",
		       TLCSV_SCHEMA, label, results_col_name(r->col), r->file_kb,
		       r->record_kb, (unsigned)r->trial, client,
		       r->start_ns / 1000000000u, r->start_ns % 1000000000u,
		       r->len_ns / 1000000000u, r->len_ns % 1000000000u,
		       r->bytes, r->ops, timeline_row_kbps(r), timeline_row_iops(r));
	for (int k = 0; k < TIMELINE_NLAT; k++)
		put_lat(f, r->lat_us[k]);
	outfile_printf(f, "\n");
}

int tlcsv_write(const struct result_set *rs, const char *dir, int overwrite,
		char *err, size_t errlen)
{
	char *qlabel = NULL;
	struct outfile f;
	int rc = -1;

	if (!rs->timeline.n)
		return 0;
	if (csvout_open_side(&f, dir, TLCSV_NAME, rs->meta.label ? rs->meta.label : "",
			     overwrite, &qlabel, err, errlen) != 0)
		goto out;
	outfile_printf(&f, "schema,label,test,file_kb,record_kb,trial,client,start_s,"
		       "length_s,bytes,ops,kb_per_s,iops,lat_mean_us,lat_max_us,"
		       "lat_p50_us,lat_p99_us\n");
	for (size_t i = 0; i < rs->timeline.n; i++)
		put_row(&f, qlabel, &rs->timeline.rows[i]);
	rc = outfile_commit(&f, err, errlen);
out:
	free(qlabel);
	return rc;
}
