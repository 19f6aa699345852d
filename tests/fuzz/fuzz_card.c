/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_card.c: libFuzzer target for the NAS card's five parsers: a
 * .workloads file (verdict.c), a files.csv, a streams.csv and a link.csv
 * (card.c), a box.csv (card_box.c).  The first byte picks the parser
 * (0xff: link.csv; 0xfe: box.csv; else 0, 1, 2 modulo 3: workloads,
 * files.csv, streams.csv), the rest is the text.  What is accepted must be usable (workloads with a name, a
 * positive rate or size and a window; rates that are finite), and it is
 * judged against a card to exercise the answers; what is refused must
 * come with a one-line message.
 * Build and run: make fuzz (see GNUmakefile and tests/fuzz/run.sh).
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/card.h"
#include "fuzz_util.h"
#include "iosweep.h"
#include "analysis/verdict.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * A box.csv: what is accepted has phases with shares from 0 to 100, and
 * the card judges a share slower than its link against it.
 */
static void check_box(struct card *c, struct verdicts *v, const char *text, size_t len)
{
	char err[IOSWEEP_ERR_MAX], words[256];

	memset(err, 0, sizeof(err));
	if (card_box_parse_csv(&c->box, text, len, "box.csv", err, sizeof(err)) != 0) {
		fuzz_check_message(err, sizeof(err));
		if (c->box.n)
			abort();
		return;
	}
	for (size_t i = 0; i < c->box.n; i++) {
		const struct card_box_phase *p = &c->box.phases[i];
		if (!p->name[0] || (!isnan(p->cpu_pct) && !(p->cpu_pct >= 0 && p->cpu_pct <= 100)) ||
		    (p->disk[0] && !(p->disk_pct >= 0 && p->disk_pct <= 100)) || !(p->seconds >= 0))
			abort();
		card_box_words(p, words, sizeof(words));
		if (!words[0] || strchr(words, '\n'))
			abort();
	}
	c->sustained_rd.found = 1;
	c->sustained_rd.kbps = 50000;
	c->net.link_found = 1;
	c->net.up_kbps = c->net.down_kbps = 110000;
	verdict_judge(v, c, NULL, 1, NULL, 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct verdict_workloads w;
	static struct verdicts v;
	static struct card c;
	char err[IOSWEEP_ERR_MAX];
	const char *text;

	if (size < 1)
		return 0;
	text = (const char *)data + 1;
	memset(err, 0, sizeof(err));
	card_init(&c);
	if (data[0] == 0xff) {
		/* a link that is accepted has both ways, positive; the card
		 * then judges a share against it without trouble */
		if (card_parse_link_csv(&c, text, size - 1, "link.csv", err, sizeof(err)) != 0) {
			fuzz_check_message(err, sizeof(err));
			if (c.net.link_found)
				abort();
			return 0;
		}
		if (!c.net.link_found || !(c.net.up_kbps > 0) || !(c.net.down_kbps > 0) ||
		    !isfinite(c.net.up_kbps) || !isfinite(c.net.down_kbps))
			abort();
		c.sustained_rd.found = 1;
		c.sustained_rd.kbps = c.net.down_kbps;
		c.net.pool_found = 1;
		c.net.pool_rd_kbps = 2 * c.net.down_kbps;
		verdict_judge(&v, &c, NULL, 1, NULL, 0);
		return 0;
	}
	if (data[0] == 0xfe) {
		check_box(&c, &v, text, size - 1);
		return 0;
	}
	if (data[0] % 3 == 2) {
		if (card_parse_streams_csv(&c, text, size - 1, "streams.csv", err,
					   sizeof(err)) != 0) {
			fuzz_check_message(err, sizeof(err));
			if (c.streams.n)
				abort();
			return 0;
		}
		for (size_t i = 0; i < c.streams.n; i++)
			if (!c.streams.runs[i].streams || !(c.streams.runs[i].rate_bps > 0) ||
			    c.streams.runs[i].missed > c.streams.runs[i].chunks)
				abort();
		/* the streams answer the workloads without trouble */
		static const char wl[] = "stream | s | read | 8MB | 2 | -\n";
		if (verdict_parse_workloads(&w, wl, sizeof(wl) - 1, "w", err, sizeof(err)) != 0)
			abort();
		verdict_judge(&v, &c, NULL, 1, &w, 5.0);
		if (v.nanswers != 1)
			abort();
	} else if (data[0] % 3 == 0) {
		if (verdict_parse_workloads(&w, text, size - 1, "w", err, sizeof(err)) != 0) {
			fuzz_check_message(err, sizeof(err));
			return 0;
		}
		for (size_t i = 0; i < w.n; i++) {
			const struct verdict_workload *it = &w.items[i];
			if (!it->name[0] || (it->kind == VERDICT_WL_STREAM &&
					     (!(it->rate_kbps > 0) || !isfinite(it->rate_kbps) ||
					      it->streams == 0)) ||
			    (it->kind == VERDICT_WL_BATCH && (it->size_kb == 0 || it->window_ms == 0)))
				abort();
		}
		c.sustained_rd.found = c.sustained_wr.found = 1;
		c.sustained_rd.kbps = 40000;
		c.sustained_wr.kbps = 30000;
		c.rd_p99_us = 120000;
		verdict_judge(&v, &c, NULL, 1, &w, 5.0);
		if (v.nanswers != w.n)
			abort();
	} else {
		if (card_parse_files_csv(&c, text, size - 1, "files.csv", err, sizeof(err)) != 0) {
			fuzz_check_message(err, sizeof(err));
			if (c.files.found)
				abort();
			return 0;
		}
		if (!c.files.found || (isfinite(c.files.create_fps) && c.files.create_fps < 0))
			abort();
	}
	return 0;
}
