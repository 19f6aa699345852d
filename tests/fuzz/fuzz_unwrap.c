/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_unwrap.c: libFuzzer target for the pre-pass that finds IOzone
 * reports inside other text (import_unwrap.h), and for the import of
 * what it finds.  Every input is unwrapped and each report checked: its
 * text holds exactly its lines, their file line numbers rise and stay in
 * the file, its column header and its stop line lie where they should,
 * and a cut table's command line comes from a line above its header.
 * Then the input, as a file, goes through import_load_sets as
 * `iosweep import` does: when the first byte is 1 to 7 it is dropped and
 * its bits choose a --command (bit 0) and a --pick of 1 or 2 (bits 1-2);
 * every set accepted must be usable and every refusal one line.
 * Seeds: the wrapped forms of the fixtures (tests/fuzz/run.sh).
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_util.h"
#include "import/import.h"
#include "import/import_unwrap.h"
#include "iosweep.h"
#include "model/results.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[64];

static void remove_input(void)
{
	unlink(path);
}

static void check_reports(const char *buf, size_t len)
{
	struct import_unwrapped u;
	char err[IOSWEEP_ERR_MAX];
	size_t lines = 1;

	for (size_t i = 0; i < len; i++)
		lines += buf[i] == '\n';
	if (import_unwrap(buf, len, &u, err, sizeof(err))) {
		fuzz_check_message(err, sizeof(err));
		return;
	}
	if (u.n == 0)
		abort();	/* a file always gives at least one report */
	unsigned after = 0;
	for (size_t k = 0; k < u.n; k++) {
		const struct import_report *r = &u.reports[k];
		size_t nl = 0;
		if ((r->nlines == 0 && (u.n != 1 || r->len)) || r->len > len ||
		    strlen(r->text) > r->len || r->text[r->len] != '\0')
			abort();
		for (size_t i = 0; i < r->len; i++)
			nl += r->text[i] == '\n';
		if (nl != r->nlines && nl + 1 != r->nlines)
			abort();
		for (size_t i = 0; i < r->nlines; i++) {
			if (r->line_no[i] <= after || r->line_no[i] > lines)
				abort();	/* reports in order, lines rising */
			after = r->line_no[i];
		}
		if (r->nlines == 0)
			continue;	/* the empty report of a file of fence lines */
		if (r->header_line && (r->header_line < r->line_no[0] ||
				       r->header_line > r->line_no[r->nlines - 1]))
			abort();
		if (r->stop_line && r->stop_line <= r->line_no[r->nlines - 1])
			abort();
		/* a cut table's command line: from the text above its header */
		if ((r->command != NULL) != (r->command_line != 0) ||
		    (r->command && (!r->table_only || r->command_line >= r->header_line ||
				    strlen(r->command) == 0)))
			abort();
	}
	import_unwrap_release(&u);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct import_opts opts;
	char notes[2048], err[IOSWEEP_ERR_MAX];
	unsigned steer = 0;

	if (!path[0]) {
		/* memory-backed when there is one: the disk may be busy with sweeps */
		const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
		snprintf(path, sizeof(path), "%s/iosweep-fuzz-unwrap.%ld", dir, (long)getpid());
		atexit(remove_input);
	}
	if (size > 1 && data[0] >= 1 && data[0] <= 7) {
		steer = data[0];
		data++;
		size--;
	}
	check_reports((const char *)data, size);

	FILE *fp = fopen(path, "wb");
	if (!fp)
		return 0;
	if (size)
		fwrite(data, 1, size, fp);
	fclose(fp);
	memset(&opts, 0, sizeof(opts));
	memset(err, 0, sizeof(err));
	notes[0] = '\0';
	opts.notes = notes;
	opts.notes_size = sizeof(notes);
	if (steer & 1)
		opts.command = "iozone -a -i 0 -i 1 -i 2";
	opts.pick = (steer >> 1) & 3;
	if (opts.pick == 3)
		opts.pick = 0;
	char *paths[] = { path };
	struct result_set *sets = NULL;
	size_t nsets = 0;
	if (import_load_sets(&sets, &nsets, paths, 1, &opts, err, sizeof(err)) == 0) {
		if (nsets == 0 || (opts.pick && nsets != 1))
			abort();
		for (size_t k = 0; k < nsets; k++) {
			const struct result_set *rs = &sets[k];
			if (!rs->ntp && (rs->nsamples == 0 || rs->cols_mask == 0))
				abort();
			for (size_t i = 0; i < rs->nsamples; i++)
				if (rs->samples[i].cell >= rs->ncells)
					abort();
			if (nsets > 1 && (!rs->meta.label || !strchr(rs->meta.label, '#')))
				abort();
		}
		for (size_t k = 0; k < nsets; k++)
			results_release(&sets[k]);
		free(sets);
	} else {
		fuzz_check_message(err, sizeof(err));
		if (sets || nsets)
			abort();
	}
	if (memchr(notes, '\0', sizeof(notes)) == NULL)
		abort();
	return 0;
}
