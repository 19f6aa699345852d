/*
 * import.h: read existing results into a result set.
 *
 * Understands IOzone's normal text report (3.2xx..3.5xx), its -R Excel
 * text section (alone or after a report), its -b BIFF2 .xls, and
 * iosweep's own results.csv / result folders.  The format is detected from
 * the content, not the name.  Several files of one configuration become
 * trials of one set.
 *
 * Ownership: the caller owns rs (results_init before, results_release
 * after).  On error nothing is added to rs and err names the file and line.
 */
#ifndef IOSWEEP_IMPORT_H
#define IOSWEEP_IMPORT_H

#include <stddef.h>

struct result_set;

/*
 * Load one input (a file or a result folder) into rs as trial `trial`
 * (0 for the first file).  A result folder or our CSV brings its own
 * trials; then trial is an offset added to them.  Returns 0 or -1.
 */
int import_load(struct result_set *rs, const char *path, unsigned trial,
		char *err, size_t errlen);

/*
 * Load several inputs as one set: the files must agree on configuration
 * (units, columns); each IOzone report becomes one trial.  0 or -1.
 */
int import_load_many(struct result_set *rs, char *const *paths, size_t n,
		     char *err, size_t errlen);

#endif
