/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cliffout.h: the writers of cliff_detect's findings (cliff.h): the
 * cliffs.csv file and the "Cache cliffs" section of the text report.
 * They borrow the list; nothing they return needs freeing.
 */
#ifndef IOSWEEP_CLIFFOUT_H
#define IOSWEEP_CLIFFOUT_H

#include <stddef.h>
#include <stdio.h>

struct cliff_list;
struct result_set;

/*
 * The cliffs.csv of a result set: one row per cliff, columns label, test,
 * record_kb, before_kb, after_kb, level_before_kb_per_s,
 * level_after_kb_per_s, ratio, confidence, estimated_cache_kb, finding
 * (1-based index into l->findings), kind (cliff_kind_name: cache,
 * cpu-cache, write-back), edge (1 when after_kb is the last size
 * measured: the sweep should go further).  Written atomically
 * (outfile.h); refuses an existing file unless overwrite.  0 or -1 with
 * err.
 */
int cliffout_csv(const struct result_set *rs, const struct cliff_list *l,
		 const char *path, int overwrite, char *err, size_t errlen);

/*
 * The sentence of finding k of l ("read and reread both fall 9x between
 * 128 MB and 256 MB: cache of about 192 MB (record size 64 kB)"), a new
 * string the caller frees; NULL when out of memory.
 */
char *cliffout_sentence(const struct cliff_list *l, size_t k);
/* All of them, l->nfindings strings (NULL: memory); freed with the next. */
char **cliffout_sentences(const struct cliff_list *l);
void cliffout_sentences_free(char **s, size_t n);

/* The "Cache cliffs" section printed after the text report. */
void cliffout_text(FILE *out, const struct cliff_list *l);

/*
 * Cliffs in time (cliff_time.h).  The sentence of one ("write falls 7x
 * after 2.1 GB written (2.3 s into the pass; ...): a write cache of about
 * 2.1 GB"), a new string the caller frees (NULL: memory); timecliffs.csv,
 * one row per cliff: label, test, file_kb, record_kb, trial, client,
 * at_s, at_bytes, level_before_kb_per_s, level_after_kb_per_s, ratio,
 * confidence, kind (written as cliffout_csv); and the "Cliffs in time"
 * section of the text report.
 */
struct tcliff;
struct tcliff_list;
char *cliffout_time_sentence(const struct tcliff *c);
int cliffout_time_csv(const struct result_set *rs, const struct tcliff_list *l,
		      const char *path, int overwrite, char *err, size_t errlen);
void cliffout_time_text(FILE *out, const struct tcliff_list *l);

/*
 * --log-interval's cliffs of rs's timeline (cliff_time.h: of the totals,
 * where the timeline has them): the "Cliffs in time" section on out and
 * dir/timecliffs.csv.  0, or -1 with err.
 */
int cliffout_time_write(const struct result_set *rs, const char *dir, int overwrite,
			FILE *out, char *err, size_t errlen);

#endif
