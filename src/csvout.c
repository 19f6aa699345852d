/*
 * csvout.c: stub while the CSV folder is being written (see csvout.h).
 */
#include "compat.h"

#include <stdio.h>

#include "csvout.h"

int csvout_write_dir(const struct result_set *rs, const char *dir, int gzip,
		     int overwrite, char *err, size_t errlen)
{
	(void)rs; (void)gzip; (void)overwrite;
	snprintf(err, errlen, "cannot write '%s': CSV output not implemented yet", dir);
	return -1;
}

int csvout_default_dir(const struct result_meta *m, char *out, size_t outlen)
{
	(void)m;
	return snprintf(out, outlen, "iosweep-results/run") < (int)outlen ? 0 : -1;
}

size_t csvout_field(char *buf, size_t bufsize, const char *text, int first)
{
	(void)buf; (void)bufsize; (void)text; (void)first;
	return 0;
}
