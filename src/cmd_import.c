/*
 * cmd_import.c: `iosweep import FILE... [--label NAME] [--out DIR]
 * [--gzip] [--overwrite]`.  Reads IOzone reports (text, -R, -b .xls) or
 * iosweep result folders as the trials of one set (import.c) and writes
 * the set as an iosweep CSV folder (csvout.c), so charts, cliffs and
 * compare work on old runs as on new ones.  Nothing is written unless
 * every input reads cleanly.  The folder's path goes to stderr.
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "csvout.h"
#include "import.h"
#include "iosweep.h"
#include "results.h"

static void import_usage(FILE *fp)
{
	fprintf(fp, "usage: iosweep import FILE... [--label NAME] [--out DIR] [--gzip] [--overwrite]\n"
		"  FILE: an IOzone report (normal text, -R section, -b .xls) or an iosweep\n"
		"        result folder / results.csv; several files are trials of one set\n");
}

/* "--opt VALUE" or "--opt=VALUE": 1 and *val when argv[*i] is opt, else 0; -1 missing. */
static int opt_value(int argc, char **argv, int *i, const char *opt, const char **val)
{
	size_t n = strlen(opt);
	if (strncmp(argv[*i], opt, n) != 0)
		return 0;
	if (argv[*i][n] == '=') {
		*val = argv[*i] + n + 1;
		return 1;
	}
	if (argv[*i][n] != '\0')
		return 0;
	if (*i + 1 >= argc)
		return -1;
	*val = argv[++*i];
	return 1;
}

int cmd_import(int argc, char **argv)
{
	const char *label = NULL, *out = NULL;
	int gzip = 0, overwrite = 0, nfiles = 0, only_files = 0;
	char err[IOSWEEP_ERR_MAX], dir[4096];
	char **files = argv + 1; /* reordered in place: inputs first */
	struct result_set rs;
	int rc;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int r;
		if (only_files || a[0] != '-' || strcmp(a, "-") == 0) {
			files[nfiles++] = argv[i];
			continue;
		}
		if (strcmp(a, "--") == 0) {
			only_files = 1;
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			import_usage(stdout);
			return IOSWEEP_EXIT_OK;
		} else if (strcmp(a, "--gzip") == 0) {
			gzip = 1;
		} else if (strcmp(a, "--overwrite") == 0) {
			overwrite = 1;
		} else if ((r = opt_value(argc, argv, &i, "--label", &label)) != 0 ||
			   (r = opt_value(argc, argv, &i, "--out", &out)) != 0) {
			if (r < 0) {
				fprintf(stderr, "iosweep import: option '%s' needs a value\n", a);
				return IOSWEEP_EXIT_USAGE;
			}
		} else {
			fprintf(stderr, "iosweep import: unknown option '%s'\n", a);
			import_usage(stderr);
			return IOSWEEP_EXIT_USAGE;
		}
	}
	if ((label && !*label) || (out && !*out)) {
		fprintf(stderr, "iosweep import: --label and --out need a non-empty value\n");
		return IOSWEEP_EXIT_USAGE;
	}
	if (nfiles == 0) {
		fprintf(stderr, "iosweep import: no input files\n");
		import_usage(stderr);
		return IOSWEEP_EXIT_USAGE;
	}

	results_init(&rs);
	if (import_load_many(&rs, files, (size_t)nfiles, err, sizeof(err))) {
		fprintf(stderr, "iosweep import: %s\n", err);
		rc = IOSWEEP_EXIT_INPUT;
		goto done;
	}
	if (label && results_set_str(&rs.meta.label, label)) {
		fprintf(stderr, "iosweep import: out of memory\n");
		rc = IOSWEEP_EXIT_FAILURE;
		goto done;
	}
	if (!out) {
		if (csvout_default_dir(&rs.meta, dir, sizeof(dir))) {
			fprintf(stderr, "iosweep import: the default output folder name is too long; use --out\n");
			rc = IOSWEEP_EXIT_USAGE;
			goto done;
		}
		out = dir;
	}
	if (csvout_write_dir(&rs, out, gzip, overwrite, err, sizeof(err))) {
		fprintf(stderr, "iosweep import: %s\n", err);
		rc = IOSWEEP_EXIT_IO;
		goto done;
	}
	fprintf(stderr, "%s\n", out);
	rc = IOSWEEP_EXIT_OK;
done:
	results_release(&rs);
	return rc;
}
