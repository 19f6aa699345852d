/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_jsonout.c: summary.json from a folder's CSV files: fields, types, escapes, refusals. */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "cu.h"
#include "report/jsonout.h"
#include "model/results.h"
#include "testutil.h"

static char dir[256];

static void put(const char *name, const char *text)
{
	char path[400];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *fp = fopen(path, "wb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	fputs(text, fp);
	fclose(fp);
}

static void put_gz(const char *name, const char *text)
{
	char path[400];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	gzFile gz = gzopen(path, "wb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(gz);
	CU_ASSERT_EQUAL(gzwrite(gz, text, (unsigned)strlen(text)), (int)strlen(text));
	gzclose(gz);
}

static char *written(void)
{
	char path[400];
	snprintf(path, sizeof(path), "%s/summary.json", dir);
	return tu_slurp(path, NULL);
}

static void fresh(void)
{
	snprintf(dir, sizeof(dir), "/tmp/iosweep-jsonout-XXXXXX");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
}

static void cleanup(void)
{
	char cmd[400];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	CU_ASSERT_EQUAL(system(cmd), 0);
}

static const char meta[] =
	"key,value\nschema,1\nlabel,2024\nhost,\"a,b\"\nram_kb,1024\n"
	"command_line,\"iosweep -a --label \"\"x\"\"\"\nflags,\n";
static const char summary[] =
	"label,test,file_kb,record_kb,n,mean,ci95_low\n"
	"2024,write,64,4,3,100.500,-2.5\n"
	"2024,read,64,4,1,7,\n";
/* throughput.csv as tpcsv.c writes it: a test's row, then a -C child's row */
static const char throughput[] =
	"schema,label,test,processes,trial,child,file_kb,record_kb,unit,children_see,"
	"parent_sees,min,max,avg,min_xfer,xfer,rate,cpu_wall_s,cpu_s,cpu_pct\n"
	"1,2024,initial writers,2,0,,2048,64,kB,547228.090000,214914.930000,270000.000000,"
	"277228.090000,273614.045000,2048.000000,,,0.500000,0.900000,180.000000\n"
	"1,2024,initial writers,2,0,0,2048,64,kB,,,,,,,2048.000000,270000.000000,,,\n";

static void test_fields_and_types(void)
{
	char err[IOSWEEP_ERR_MAX] = "";
	const char *findings[] = { "read falls 8.7x between \"128 MB\" and 256 MB\n" };
	char want[4096];

	fresh();
	put("meta.csv", meta);
	put("summary.csv", summary);
	put("throughput.csv", throughput);
	put("cliffs.csv", "label,test,ratio,finding\n2024,read,8.70,1\n");
	CU_ASSERT_EQUAL_FATAL(jsonout_write(dir, findings, 1, 0, err, sizeof(err)), 0);
	snprintf(want, sizeof(want),
		 "{\n  \"schema\": %d,\n  \"meta\": {\n"
		 "    \"schema\": 1,\n    \"label\": \"2024\",\n    \"host\": \"a,b\",\n"
		 "    \"ram_kb\": 1024,\n"
		 "    \"command_line\": \"iosweep -a --label \\\"x\\\"\",\n"
		 "    \"flags\": null\n  },\n"
		 "  \"summary\": [\n"
		 "    {\"label\": \"2024\", \"test\": \"write\", \"file_kb\": 64, \"record_kb\": 4, "
		 "\"n\": 3, \"mean\": 100.500, \"ci95_low\": -2.5},\n"
		 "    {\"label\": \"2024\", \"test\": \"read\", \"file_kb\": 64, \"record_kb\": 4, "
		 "\"n\": 1, \"mean\": 7, \"ci95_low\": null}\n  ],\n"
		 "  \"throughput\": [\n"
		 "    {\"schema\": 1, \"label\": \"2024\", \"test\": \"initial writers\", "
		 "\"processes\": 2, \"trial\": 0, \"child\": null, \"file_kb\": 2048, "
		 "\"record_kb\": 64, \"unit\": \"kB\", \"children_see\": 547228.090000, "
		 "\"parent_sees\": 214914.930000, \"min\": 270000.000000, "
		 "\"max\": 277228.090000, \"avg\": 273614.045000, \"min_xfer\": 2048.000000, "
		 "\"xfer\": null, \"rate\": null, \"cpu_wall_s\": 0.500000, "
		 "\"cpu_s\": 0.900000, \"cpu_pct\": 180.000000},\n"
		 "    {\"schema\": 1, \"label\": \"2024\", \"test\": \"initial writers\", "
		 "\"processes\": 2, \"trial\": 0, \"child\": 0, \"file_kb\": 2048, "
		 "\"record_kb\": 64, \"unit\": \"kB\", \"children_see\": null, "
		 "\"parent_sees\": null, \"min\": null, \"max\": null, \"avg\": null, "
		 "\"min_xfer\": null, \"xfer\": 2048.000000, \"rate\": 270000.000000, "
		 "\"cpu_wall_s\": null, \"cpu_s\": null, \"cpu_pct\": null}\n  ],\n"
		 "  \"cliffs\": [\n    {\"label\": \"2024\", \"test\": \"read\", \"ratio\": 8.70, "
		 "\"finding\": 1}\n  ],\n"
		 "  \"findings\": [\n    \"read falls 8.7x between \\\"128 MB\\\" and 256 MB\\n\"\n  ]\n}\n",
		 RESULTS_SCHEMA);
	char *got = written();
	CU_ASSERT_PTR_NOT_NULL_FATAL(got);
	CU_ASSERT_STRING_EQUAL(got, want);
	free(got);
	/* exists: refused unless overwrite */
	CU_ASSERT_EQUAL(jsonout_write(dir, NULL, 0, 0, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "exists already"));
	CU_ASSERT_EQUAL(jsonout_write(dir, NULL, 0, 1, err, sizeof(err)), 0);
	cleanup();
}

/* gzipped CSV files read back; no throughput.csv, no cliffs.csv: empty lists */
static void test_gzip_and_missing(void)
{
	char err[IOSWEEP_ERR_MAX] = "";

	fresh();
	put_gz("meta.csv.gz", meta);
	CU_ASSERT_EQUAL(jsonout_write(dir, NULL, 0, 0, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "no summary.csv"));
	put_gz("summary.csv.gz", summary);
	CU_ASSERT_EQUAL_FATAL(jsonout_write(dir, NULL, 0, 0, err, sizeof(err)), 0);
	char *got = written();
	CU_ASSERT_PTR_NOT_NULL_FATAL(got);
	CU_ASSERT_PTR_NOT_NULL(strstr(got, "\"mean\": 100.500"));
	CU_ASSERT_PTR_NOT_NULL(strstr(got, "\"throughput\": [],\n  \"cliffs\": [],\n"
				      "  \"findings\": []\n}\n"));
	free(got);
	/* a -t run written with --gzip: throughput.csv.gz, read back the same */
	put_gz("throughput.csv.gz", throughput);
	CU_ASSERT_EQUAL_FATAL(jsonout_write(dir, NULL, 0, 1, err, sizeof(err)), 0);
	got = written();
	CU_ASSERT_PTR_NOT_NULL_FATAL(got);
	CU_ASSERT_PTR_NOT_NULL(strstr(got, "\"throughput\": [\n    {\"schema\": 1, "
				      "\"label\": \"2024\", \"test\": \"initial writers\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(got, "\"child\": 0, "));
	free(got);
	cleanup();
	/* an empty throughput.csv (not even its header): refused, named */
	fresh();
	put("meta.csv", meta);
	put("summary.csv", summary);
	put("throughput.csv", "");
	CU_ASSERT_EQUAL(jsonout_write(dir, NULL, 0, 0, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "throughput.csv"));
	cleanup();
	/* a malformed CSV file: an error naming it, nothing written */
	fresh();
	put("meta.csv", meta);
	put("summary.csv", "label,test\n\"open,quote\n");
	CU_ASSERT_EQUAL(jsonout_write(dir, NULL, 0, 0, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "summary.csv"));
	char path[400];
	snprintf(path, sizeof(path), "%s/summary.json", dir);
	CU_ASSERT_EQUAL(access(path, F_OK), -1);
	cleanup();
}

/* found by fuzz_jsonout: a skipped short meta row, numbers JSON forbids,
 * bytes that are not UTF-8 */
static void test_fuzz_findings(void)
{
	char err[IOSWEEP_ERR_MAX] = "";

	fresh();
	put("meta.csv", "key,value\nlonely\nlabel,x\n");
	put("summary.csv", "label,test,a,b,c,d,e,f\nx,\xe9t\xc3\xa9,00.5,0x1A,-.5,1e5,-0,inf\n");
	CU_ASSERT_EQUAL_FATAL(jsonout_write(dir, NULL, 0, 0, err, sizeof(err)), 0);
	char *got = written();
	CU_ASSERT_PTR_NOT_NULL_FATAL(got);
	CU_ASSERT_PTR_NOT_NULL(strstr(got, "\"meta\": {\n    \"label\": \"x\"\n  }"));
	CU_ASSERT_PTR_NOT_NULL(strstr(got, "\"test\": \"\\ufffdt\xc3\xa9\", \"a\": \"00.5\", "
				      "\"b\": \"0x1A\", \"c\": \"-.5\", \"d\": 1e5, \"e\": -0, "
				      "\"f\": \"inf\"}"));
	free(got);
	cleanup();
}

static const struct cu_case cases[] = {
	CU_CASE(test_fuzz_findings),
	CU_CASE(test_fields_and_types),
	CU_CASE(test_gzip_and_missing),
	{ 0 }
};
CU_MAIN("jsonout", cases)
