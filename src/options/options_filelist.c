/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options_filelist.c: -+R FILE, IOzone's "filenames from a file": the
 * children's files of throughput mode named one a line of FILE instead
 * of after -F.  The names land where -F puts them (o->files), so the rest
 * of iosweep sees no difference; how many are needed is checked with the
 * other rules across options (options_check.c), once -t is known.
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "iosweep.h"
#include "lib/readfile.h"
#include "options/options.h"
#include "options/options_priv.h"

#define OPT_FILELIST_MAX (1u << 20)    /* bytes of the -+R file */

static int add_name(struct opt_parse *ps, const char *list, unsigned line_no,
		    const char *name, size_t len)
{
	struct options *o = ps->o;
	char **grown;
	char *copy;

	for (size_t i = 0; i < o->nfiles; i++)
		if (strlen(o->files[i]) == len && !memcmp(o->files[i], name, len))
			return opt_error(ps, "-+R '%.300s':%u: '%.*s' is named twice; "
					 "every child needs a file of its own", list,
					 line_no, (int)(len > 300 ? 300 : len), name);
	grown = realloc(o->files, (o->nfiles + 1) * sizeof(*grown));
	if (!grown)
		return opt_error(ps, "out of memory");
	o->files = grown;
	copy = malloc(len + 1);
	if (!copy)
		return opt_error(ps, "out of memory");
	memcpy(copy, name, len);
	copy[len] = '\0';
	o->files[o->nfiles++] = copy;
	return 0;
}

int opt_file_list(struct opt_parse *ps, const struct opt_row *row,
		  const char *text, uint64_t value)
{
	struct options *o = ps->o;
	char why[IOSWEEP_ERR_MAX];
	char line[IOSWEEP_ERR_MAX];
	char *buf = NULL;
	size_t len = 0, pos = 0;
	unsigned line_no = 0;
	int rc = -1;

	(void)row;
	(void)value;
	if (o->nfiles)
		return opt_error(ps, "-+R: the children's files are named already%s",
				 o->file_list ? " (-+R given twice)" : " (-F)");
	if (readfile_all(text, OPT_FILELIST_MAX, "a list of file names", &buf, &len,
			 why, sizeof(why)) != 0)
		return opt_error(ps, "-+R: %s", why);
	if (memchr(buf, '\0', len)) {
		opt_error(ps, "-+R '%.300s': a NUL byte; not a list of file names", text);
		goto out;
	}
	while (pos < len) {
		const char *s = buf + pos, *nl = memchr(s, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - s) : len - pos;

		pos += n + (nl != NULL);
		line_no++;
		while (n > 0 && s[n - 1] == '\r')	/* a CRLF file */
			n--;
		if (n > 0 && add_name(ps, text, line_no, s, n) != 0)
			goto out;
	}
	if (!o->nfiles) {
		opt_error(ps, "-+R '%.300s': no file names in it", text);
		goto out;
	}
	o->file_list = strdup(text);
	if (!o->file_list) {
		opt_error(ps, "out of memory");
		goto out;
	}
	/* IOzone's line, which ends with a space for the next line */
	snprintf(line, sizeof(line), "\tFilenames from a file option enabled. File: %s",
		 text);
	if (opt_splash_line(ps, line) != 0)
		goto out;
	o->splash_space = 1;
	rc = 0;
out:
	free(buf);
	return rc;
}
