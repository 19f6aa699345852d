/* import_csv.c: iosweep's own results.csv / meta.csv (being written). */
#include "compat.h"

#include <stdio.h>

#include "import_priv.h"
#include "results.h"

int import_csv_parse(struct result_set *rs, const char *path,
		     const char *buf, size_t len, const char *meta_path,
		     char *err, size_t errlen)
{
	(void)rs; (void)buf; (void)len; (void)meta_path;
	snprintf(err, errlen, "%s: reading iosweep CSV is not implemented yet", path);
	return -1;
}
