/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_boxstat.c: libFuzzer target for the box's counters
 * (platform/boxstat.c): the first byte picks the parser (modulo 4:
 * /proc/stat, /proc/diskstats, arcstats, the agent's text form), the rest
 * is the text.  What is accepted must hold together: whole disks only,
 * names NUL-terminated, CPU busy no more than total; the text form must
 * format and parse back to the same snapshot; the difference from an
 * earlier snapshot must give shares from 0 to 100 and rates that are
 * finite.  A refusal must be one line.  Build and run: make fuzz.
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "platform/boxstat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The difference from s, one second earlier and a little less, is sound. */
static void check_diff(const struct boxstat_snap *s)
{
	static struct boxstat_snap a;
	static struct boxstat_interval iv;

	a = *s;
	a.t_ms = s->t_ms > 1000 ? s->t_ms - 1000 : 0;
	a.cpu_busy /= 2;
	a.cpu_total /= 2;
	for (size_t i = 0; i < a.ndisks; i++) {
		a.disks[i].busy_ms /= 3;
		a.disks[i].rd_sectors /= 3;
	}
	boxstat_diff(&a, s, &iv);
	if (iv.ndisks > s->ndisks || !(iv.seconds >= 0) ||
	    (!isnan(iv.cpu_busy_pct) && !(iv.cpu_busy_pct >= 0 && iv.cpu_busy_pct <= 100)) ||
	    (!isnan(iv.arc_hit_pct) && !(iv.arc_hit_pct >= 0 && iv.arc_hit_pct <= 100)))
		abort();
	for (size_t i = 0; i < iv.ndisks; i++)
		if (!(iv.disks[i].busy_pct >= 0 && iv.disks[i].busy_pct <= 100) ||
		    !isfinite(iv.disks[i].rd_mbps) || !isfinite(iv.disks[i].wr_mbps) ||
		    iv.disks[i].rd_mbps < 0 || iv.disks[i].wr_mbps < 0)
			abort();
}

/* s formats and parses back to itself. */
static void check_text(const struct boxstat_snap *s)
{
	static char text[BOXSTAT_TEXT_MAX];
	static struct boxstat_snap back;
	char err[256];
	long n = boxstat_format(s, text, sizeof(text));

	if (n < 0)
		abort();
	if (boxstat_parse(&back, text, (size_t)n, err, sizeof(err)) != 0 ||
	    back.t_ms != s->t_ms || back.cpu_found != s->cpu_found ||
	    back.cpu_busy != s->cpu_busy || back.ndisks != s->ndisks ||
	    back.arc_found != s->arc_found || back.arc_bytes != s->arc_bytes)
		abort();
	for (size_t i = 0; i < s->ndisks; i++)
		if (strcmp(back.disks[i].name, s->disks[i].name) != 0 ||
		    back.disks[i].busy_ms != s->disks[i].busy_ms)
			abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct boxstat_snap s;
	char err[512];
	const char *text;
	int rc;

	if (size < 1)
		return 0;
	text = (const char *)data + 1;
	memset(err, 0, sizeof(err));
	boxstat_init(&s);
	switch (data[0] % 4) {
	case 0: rc = boxstat_parse_proc_stat(&s, text, size - 1, err, sizeof(err)); break;
	case 1: rc = boxstat_parse_diskstats(&s, text, size - 1, err, sizeof(err)); break;
	case 2: rc = boxstat_parse_arcstats(&s, text, size - 1, err, sizeof(err)); break;
	default: rc = boxstat_parse(&s, text, size - 1, err, sizeof(err)); break;
	}
	if (rc != 0) {
		fuzz_check_message(err, sizeof(err));
		return 0;
	}
	if (s.ndisks > BOXSTAT_MAX_DISKS || (s.cpu_found && s.cpu_busy > s.cpu_total))
		abort();
	for (size_t i = 0; i < s.ndisks; i++)
		if (strnlen(s.disks[i].name, BOXSTAT_NAME) >= BOXSTAT_NAME ||
		    !boxstat_whole_disk(s.disks[i].name))
			abort();
	if (memchr(s.source, '\0', sizeof(s.source)) == NULL)
		abort();
	/* a source from the text form is words; one with a newline cannot go back */
	if (!strchr(s.source, '\n'))
		check_text(&s);
	check_diff(&s);
	return 0;
}
