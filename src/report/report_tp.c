/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report_tp.c: the throughput-mode report, its -R table and its -b sheet,
 * in IOzone 3.508's layout (see report_tp.h for the one line of ours).
 *
 * The figures come from throughput_summarize() (throughput.c); this file
 * only lays them out.  The per-test differences IOzone has in its format
 * strings (the count's width, the tabs before '=', the capital U of the
 * first CPU line) are data in the test rows, not branches here.  The -R
 * table and the -b sheet are built from one description of rows, so both
 * always hold the same figures.
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "options/options.h"
#include "platform/platform.h"
#include "report/report_tp.h"
#include "model/results.h"
#include "run/throughput/throughput.h"
#include "report/xls.h"
#include "lib/err.h"

static const char *port_one(const struct options *o)
{
	return o->threads ? "thread" : "process";
}

static const char *port_many(const struct options *o)
{
	return o->threads ? "threads" : "processes";
}

static int ops_mode(const struct options *o)
{
	return o->unit == RESULTS_UNIT_OPS;
}

void report_tp_header(FILE *out, const struct options *o)
{
	unsigned counts[OPTIONS_MAX_CHILDREN], first;
	size_t n = options_child_counts(o, counts, OPTIONS_MAX_CHILDREN);

	if (!n)
		return;
	if (o->min_children || o->max_children) {
		fprintf(out, "\tMin %s = %u \n", port_one(o), counts[0]);
		fprintf(out, "\tMax %s = %u \n", port_one(o), counts[n - 1]);
		first = counts[0];
	} else {
		first = counts[n - 1];   /* IOzone names the last -t given */
	}
	fprintf(out, "\tThroughput test with %u %s\n", first,
		first > 1 ? port_many(o) : port_one(o));
}

void report_tp_count(FILE *out, const struct options *o, uint64_t file_kb)
{
	uint64_t rec_kb = options_record_kb(o);

	fprintf(out, "\tEach %s writes a %llu kByte file in %llu kByte records\n",
		port_one(o), (unsigned long long)file_kb, (unsigned long long)rec_kb);
}

void report_tp_count_end(FILE *out)
{
	fprintf(out, "\n\n");
}

static double cpu_percent(double cpu_s, double wall_s)
{
	if (wall_s < cpu_s)
		wall_s = cpu_s;
	return wall_s > 0.0 ? 100.0 * cpu_s / wall_s : 0.0;
}

/* -C: one line per child, IOzone's layout. */
static void child_lines(FILE *out, const struct options *o, const struct tp_result *r,
			const char *unit)
{
	for (unsigned i = 0; i < r->nchildren; i++) {
		const struct tp_child *c = &r->child[i];
		double amount = ops_mode(o) ? (double)c->ops : (double)c->bytes / 1024.0;
		double secs = (double)c->elapsed_ns / 1e9;
		double rate = c->ops && secs > 0.0 ? amount / secs : 0.0;
		double cpu = c->cpu_user_s + c->cpu_sys_s;
		double wall = (double)c->wall_ns / 1e9;

		fprintf(out, "\tChild[%u] xfer count = %10.2f %s, Throughput = %10.2f %s/sec",
			i, amount, unit, rate, unit);
		if (o->cpu_util)
			fprintf(out, ", wall=%6.3f, cpu=%6.3f, %%=%6.2f", wall < cpu ? cpu : wall,
				cpu, cpu_percent(cpu, wall));
		fputc('\n', out);
	}
}

void report_tp_test(FILE *out, const struct options *o, const struct tp_result *r)
{
	const struct tp_test_def *t = throughput_test_def(r->kind);
	const char *unit = ops_mode(o) ? "ops" : "kB";
	int width = t->wide_count ? 2 : 0;
	struct tp_summary s;

	throughput_summarize(r, ops_mode(o), &s);
	fprintf(out, "\n");
	fprintf(out, "\tChildren see throughput for %*u %s %s= %10.2f %s/sec\n", width,
		r->nchildren, t->name, t->tabs_children, s.children_see, unit);
	fprintf(out, "\tParent sees throughput for %*u %s %s= %10.2f %s/sec\n", width,
		r->nchildren, t->name, t->tabs_parent, s.parent_sees, unit);
	fprintf(out, "\tMin throughput per %s \t\t\t= %10.2f %s/sec \n", port_one(o),
		s.min, unit);
	fprintf(out, "\tMax throughput per %s \t\t\t= %10.2f %s/sec\n", port_one(o),
		s.max, unit);
	fprintf(out, "\tAvg throughput per %s \t\t\t= %10.2f %s/sec\n", port_one(o),
		s.avg, unit);
	fprintf(out, "\tMin xfer \t\t\t\t\t= %10.2f %s\n", s.min_xfer, unit);
	if (s.nmoved < r->nchildren)
		fprintf(out, "\tChildren that moved no data \t\t\t= %10u of %u (stopped "
			"before their first record; min, max and avg are over the "
			"others)\n", r->nchildren - s.nmoved, r->nchildren);
	if (o->cpu_util) {
		/* IOzone capitalises the first test's line when it has a wall time */
		const char *label = r->kind == TP_WRITE && s.wall_s > 0.0 ?
			"CPU Utilization" : "CPU utilization";
		fprintf(out, "\t%s: Wall time %8.3f    CPU time %8.3f    CPU "
			"utilization %6.2f %%\n\n", label, s.wall_s, s.cpu_s, s.cpu_pct);
	}
	if (o->show_children)
		child_lines(out, o, r, unit);
}

/* ---- the -R table and the -b sheet -------------------------------------- */

/* The counts of the run, in order (the kind of the first result marks one). */
static size_t run_counts(const struct tp_run *run, unsigned *out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < run->nresults; i++)
		if ((i == 0 || run->results[i].kind <= run->results[i - 1].kind) && n < max)
			out[n++] = run->results[i].nchildren;
	return n;
}

/* The figure of kind at the j-th child count: Children see or CPU %. */
static double table_value(const struct options *o, const struct tp_run *run,
			  int kind, size_t j, int cpu)
{
	size_t seen = 0;

	for (size_t i = 0; i < run->nresults; i++) {
		const struct tp_result *r = &run->results[i];
		if (r->kind != kind)
			continue;
		if (seen++ == j) {
			struct tp_summary s;
			throughput_summarize(r, ops_mode(o), &s);
			return cpu ? s.cpu_pct : s.children_see;
		}
	}
	return 0.0;
}

static int kind_ran(const struct tp_run *run, int kind)
{
	for (size_t i = 0; i < run->nresults; i++)
		if (run->results[i].kind == kind)
			return 1;
	return 0;
}

static uint64_t run_record_kb(const struct options *o, const struct tp_run *run)
{
	if (run->nresults)
		return run->results[0].record_kb;
	return options_record_kb(o);
}

/* The three heading lines of a table; cpu selects the CPU table's. */
static void table_heads(const struct options *o, const struct tp_run *run, int cpu,
			char head[3][128])
{
	snprintf(head[0], 128, "%s report Y-axis is type of test X-axis is number "
		 "of %s", cpu ? "CPU utilization" : "Throughput", port_many(o));
	snprintf(head[1], 128, "Record size = %llu kBytes",
		 (unsigned long long)run_record_kb(o, run));
	snprintf(head[2], 128, "Output is in %s", cpu ? "CPU%" :
		 ops_mode(o) ? "ops/sec" : "kBytes/sec");
}

static void excel_table(FILE *out, const struct options *o, const struct tp_run *run,
			int cpu, size_t ncounts)
{
	char head[3][128];

	table_heads(o, run, cpu, head);
	fprintf(out, "\n\"%s\"\n\"%s \"\n\"%s\"\n\n", head[0], head[1], head[2]);
	for (int kind = 0; kind < TP_NKINDS; kind++) {
		if (!kind_ran(run, kind))
			continue;
		fprintf(out, "\"%15s \"", throughput_test_def(kind)->table_name);
		for (size_t j = 0; j < ncounts; j++)
			fprintf(out, " %10.2f ", table_value(o, run, kind, j, cpu));
		fprintf(out, "\n\n");
	}
}

void report_tp_excel(FILE *out, const struct options *o, const struct tp_run *run)
{
	unsigned counts[OPTIONS_MAX_CHILDREN];
	size_t n = run_counts(run, counts, OPTIONS_MAX_CHILDREN);

	excel_table(out, o, run, 0, n);
	if (o->cpu_util)
		excel_table(out, o, run, 1, n);
}

int report_tp_xls_check(const struct options *o, char *err, size_t errlen)
{
	unsigned counts[OPTIONS_MAX_CHILDREN];
	size_t n = options_child_counts(o, counts, OPTIONS_MAX_CHILDREN);

	if (o->xls_path && !o->overwrite && plat_stat(o->xls_path, 0, NULL) != PLAT_NONE)
		return err_set(err, errlen, "-b '%.300s' exists already; choose another "
			"name or add --overwrite", o->xls_path);
	if (2 + n > XLS_MAX_COLS) {
		return err_set(err, errlen, "'-b': %zu child counts need %zu columns, more "
			"than a BIFF2 sheet holds; use the CSV output (--out)", n, 2 + n);
	}
	return 0;
}

/* Cells of one table from row *row on; labels are written into names. */
static size_t xls_table(const struct options *o, const struct tp_run *run, int cpu,
			size_t ncounts, unsigned *row, struct xls_cell *cells,
			char head[3][128], char names[TP_NKINDS][32])
{
	size_t n = 0;

	table_heads(o, run, cpu, head);
	for (int k = 0; k < 3; k++)
		cells[n++] = (struct xls_cell){ (*row)++, 0, head[k], 0.0 };
	for (int kind = 0; kind < TP_NKINDS; kind++) {
		if (!kind_ran(run, kind))
			continue;
		snprintf(names[kind], 32, "%15s ", throughput_test_def(kind)->table_name);
		cells[n++] = (struct xls_cell){ *row, 0, names[kind], 0.0 };
		for (size_t j = 0; j < ncounts; j++)
			cells[n++] = (struct xls_cell){ *row, (unsigned)(2 + j), NULL,
							 table_value(o, run, kind, j, cpu) };
		(*row)++;
	}
	return n;
}

int report_tp_xls(const char *path, const struct options *o,
		  const struct tp_run *run, char *err, size_t errlen)
{
	unsigned counts[OPTIONS_MAX_CHILDREN], row = 0;
	size_t ncounts = run_counts(run, counts, OPTIONS_MAX_CHILDREN), n = 0;
	char cmd[XLS_LABEL_MAX + 2], head[2][3][128], names[2][TP_NKINDS][32];
	struct xls_cell *cells;
	int rc;

	if (report_tp_xls_check(o, err, errlen) != 0)
		return -1;
	cells = calloc(2 * (4 + TP_NKINDS * (1 + ncounts)), sizeof(*cells));
	if (!cells)
		return err_set(err, errlen, "out of memory for the -b sheet");
	/* IOzone's command line label ends with a space after the last word */
	snprintf(cmd, sizeof(cmd), "%s ", o->command_line ? o->command_line : "");
	cells[n++] = (struct xls_cell){ row++, 0, cmd, 0.0 };
	n += xls_table(o, run, 0, ncounts, &row, cells + n, head[0], names[0]);
	if (o->cpu_util)
		n += xls_table(o, run, 1, ncounts, &row, cells + n, head[1], names[1]);
	rc = xls_write_cells(path, cells, n, err, errlen);
	free(cells);
	return rc;
}
