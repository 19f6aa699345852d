/*
 * cmd_cliffs.c: `iosweep cliffs INPUT... [--label NAME] [--out DIR]
 * [--overwrite]`.  Reads IOzone reports (text, -R, -b .xls), iosweep CSVs
 * or result folders as the trials of one set (import.c, as `iosweep
 * import` does), looks for cache cliffs (cliff.c), prints the "Cache
 * cliffs" section on stdout and writes DIR/cliffs.csv.  DIR defaults to
 * the input folder when the only input is a result folder, else
 * ./iosweep-cliffs.  The path of the CSV goes to stderr.
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cliff.h"
#include "commands.h"
#include "import.h"
#include "iosweep.h"
#include "outfile.h"
#include "results.h"

#define CLIFFS_DEFAULT_DIR "iosweep-cliffs"

static void cliffs_usage(FILE *fp)
{
	fprintf(fp, "usage: iosweep cliffs INPUT... [--label NAME] [--out DIR] [--overwrite]\n"
		"  INPUT: an IOzone report (normal text, -R section, -b .xls), an iosweep\n"
		"         results.csv or result folder; several inputs are trials of one set\n"
		"  writes DIR/cliffs.csv (default: the result folder given, else ./"
		CLIFFS_DEFAULT_DIR ")\n");
}

static int is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int cmd_cliffs(int argc, char **argv)
{
	const char *label = NULL, *out = NULL;
	int overwrite = 0, nfiles = 0, only_files = 0;
	char err[IOSWEEP_ERR_MAX], path[4096];
	char **files = argv + 1; /* reordered in place: inputs first */
	struct result_set rs;
	struct cliff_list l;
	int rc;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char **dest = NULL;
		if (only_files || a[0] != '-' || strcmp(a, "-") == 0) {
			files[nfiles++] = argv[i];
			continue;
		}
		if (strcmp(a, "--") == 0) {
			only_files = 1;
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			cliffs_usage(stdout);
			return IOSWEEP_EXIT_OK;
		} else if (strcmp(a, "--overwrite") == 0) {
			overwrite = 1;
		} else if (strcmp(a, "--out") == 0 || strncmp(a, "--out=", 6) == 0) {
			dest = &out;
		} else if (strcmp(a, "--label") == 0 || strncmp(a, "--label=", 8) == 0) {
			dest = &label;
		} else {
			fprintf(stderr, "iosweep cliffs: unknown option '%s'\n", a);
			cliffs_usage(stderr);
			return IOSWEEP_EXIT_USAGE;
		}
		if (dest) {
			const char *eq = strchr(a, '=');
			if (!eq && i + 1 >= argc) {
				fprintf(stderr, "iosweep cliffs: option '%s' needs a value\n", a);
				return IOSWEEP_EXIT_USAGE;
			}
			*dest = eq ? eq + 1 : argv[++i];
			if (!**dest) {
				fprintf(stderr, "iosweep cliffs: option '%.*s' needs a non-empty value\n",
					(int)(eq ? (size_t)(eq - a) : strlen(a)), a);
				return IOSWEEP_EXIT_USAGE;
			}
		}
	}
	if (nfiles == 0) {
		fprintf(stderr, "iosweep cliffs: no input files\n");
		cliffs_usage(stderr);
		return IOSWEEP_EXIT_USAGE;
	}
	if (!out)
		out = nfiles == 1 && is_dir(files[0]) ? files[0] : CLIFFS_DEFAULT_DIR;
	if ((size_t)snprintf(path, sizeof(path), "%s/cliffs.csv", out) >= sizeof(path)) {
		fprintf(stderr, "iosweep cliffs: --out '%s': path too long\n", out);
		return IOSWEEP_EXIT_USAGE;
	}

	results_init(&rs);
	memset(&l, 0, sizeof(l));
	if (import_load_many(&rs, files, (size_t)nfiles, err, sizeof(err))) {
		fprintf(stderr, "iosweep cliffs: %s\n", err);
		rc = IOSWEEP_EXIT_INPUT;
		goto done;
	}
	if (label && results_set_str(&rs.meta.label, label)) {
		fprintf(stderr, "iosweep cliffs: out of memory\n");
		rc = IOSWEEP_EXIT_FAILURE;
		goto done;
	}
	if (cliff_detect(&rs, &l, err, sizeof(err))) {
		fprintf(stderr, "iosweep cliffs: %s\n", err);
		rc = IOSWEEP_EXIT_FAILURE;
		goto done;
	}
	if (outfile_mkdirs(out, err, sizeof(err)) ||
	    cliff_write_csv(&rs, &l, path, overwrite, err, sizeof(err))) {
		fprintf(stderr, "iosweep cliffs: %s\n", err);
		rc = IOSWEEP_EXIT_IO;
		goto done;
	}
	cliff_write_text(stdout, &l);
	if (fflush(stdout) != 0) {
		fprintf(stderr, "iosweep cliffs: cannot write the report to stdout\n");
		rc = IOSWEEP_EXIT_IO;
		goto done;
	}
	fprintf(stderr, "%s\n", path);
	rc = IOSWEEP_EXIT_OK;
done:
	cliff_list_release(&l);
	results_release(&rs);
	return rc;
}
