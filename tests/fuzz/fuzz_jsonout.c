/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_jsonout.c: libFuzzer target for --json (jsonout.c).  The input is
 * split at NULs into meta.csv, summary.csv, cliffs.csv, one finding
 * sentence and throughput.csv (missing parts: a minimal valid meta.csv,
 * no cliffs.csv, no finding, no throughput.csv; the last part came last so
 * that older inputs keep their meaning).  jsonout_write then reads the
 * folder back with libcsv; what it writes must be one valid JSON document
 * of the documented shape, and a refusal must come with a one-line
 * message.  Build and run: make fuzz.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_util.h"
#include "report/jsonout.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* the files of the input's parts (the finding, part 3, is no file), then the output */
#define NFILES 6
#define OUT 5
static char dir[64], paths[NFILES][96];
static const char *const names[NFILES] = { "meta.csv", "summary.csv", "cliffs.csv", "",
					   "throughput.csv", "summary.json" };

static void remove_dir(void)
{
	for (int i = 0; i < NFILES; i++)
		if (names[i][0])
			unlink(paths[i]);
	rmdir(dir);
}

static int put(const char *path, const void *a, size_t n)
{
	FILE *fp = fopen(path, "wb");
	if (!fp)
		return -1;
	int ok = n == 0 || fwrite(a, 1, n, fp) == n;
	return fclose(fp) == 0 && ok ? 0 : -1;
}

/* ---- a strict JSON checker (RFC 8259), enough to reject any malformed output ---- */

struct js {
	const char *p, *end;
	int depth;
};

static void ws(struct js *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\n' || *j->p == '\t' || *j->p == '\r'))
		j->p++;
}

static int lit(struct js *j, const char *w)
{
	size_t n = strlen(w);
	if ((size_t)(j->end - j->p) < n || memcmp(j->p, w, n))
		return 0;
	j->p += n;
	return 1;
}

static int string(struct js *j)
{
	if (j->p >= j->end || *j->p++ != '"')
		return 0;
	while (j->p < j->end) {
		unsigned char c = (unsigned char)*j->p++;
		if (c == '"')
			return 1;
		if (c < 0x20)
			return 0;
		if (c >= 0x80) {	/* UTF-8: a lead byte, then its continuation bytes */
			int more = c >= 0xf0 && c <= 0xf4 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 && c <= 0xdf ? 1 : -1;
			if (more < 0 || c > 0xf4)
				return 0;
			for (int i = 0; i < more; i++, j->p++)
				if (j->p >= j->end || ((unsigned char)*j->p & 0xc0) != 0x80)
					return 0;
			continue;
		}
		if (c == '\\') {
			if (j->p >= j->end)
				return 0;
			c = (unsigned char)*j->p++;
			if (c == 'u') {
				for (int i = 0; i < 4; i++, j->p++)
					if (j->p >= j->end || !strchr("0123456789abcdefABCDEF", *j->p))
						return 0;
			} else if (!strchr("\"\\/bfnrt", c)) {
				return 0;
			}
		}
	}
	return 0;
}

static int digits(struct js *j)
{
	const char *s = j->p;
	while (j->p < j->end && *j->p >= '0' && *j->p <= '9')
		j->p++;
	return j->p > s;
}

static int number(struct js *j)
{
	if (j->p < j->end && *j->p == '-')
		j->p++;
	if (j->p < j->end && *j->p == '0')
		j->p++;
	else if (!digits(j))
		return 0;
	if (j->p < j->end && *j->p == '.') {
		j->p++;
		if (!digits(j))
			return 0;
	}
	if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
		j->p++;
		if (j->p < j->end && (*j->p == '+' || *j->p == '-'))
			j->p++;
		if (!digits(j))
			return 0;
	}
	return 1;
}

static int value(struct js *j);

static int members(struct js *j, char close, int keyed)
{
	j->p++;
	if (++j->depth > 16)
		return 0;
	ws(j);
	if (j->p < j->end && *j->p == close) {
		j->p++;
		j->depth--;
		return 1;
	}
	for (;;) {
		ws(j);
		if (keyed) {
			if (!string(j))
				return 0;
			ws(j);
			if (j->p >= j->end || *j->p++ != ':')
				return 0;
		}
		if (!value(j))
			return 0;
		ws(j);
		if (j->p >= j->end)
			return 0;
		char c = *j->p++;
		if (c == close) {
			j->depth--;
			return 1;
		}
		if (c != ',')
			return 0;
	}
}

static int value(struct js *j)
{
	ws(j);
	if (j->p >= j->end)
		return 0;
	switch (*j->p) {
	case '{': return members(j, '}', 1);
	case '[': return members(j, ']', 0);
	case '"': return string(j);
	case 'n': return lit(j, "null");
	case 't': return lit(j, "true");
	case 'f': return lit(j, "false");
	default: return number(j);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *part[5] = { NULL, NULL, NULL, NULL, NULL };
	size_t len[5] = { 0, 0, 0, 0, 0 };
	const uint8_t *p = data, *end = data + size;
	char err[IOSWEEP_ERR_MAX] = "", finding[512];

	if (!dir[0]) {
		snprintf(dir, sizeof(dir), "%s/iosweep-fuzz-json.XXXXXX",
			 access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
		if (!mkdtemp(dir))
			abort();
		for (int i = 0; i < NFILES; i++)
			snprintf(paths[i], sizeof(paths[i]), "%s/%s", dir, names[i]);
		atexit(remove_dir);
	}
	for (int i = 0; i < 5 && p <= end; i++) {
		const uint8_t *nul = memchr(p, '\0', (size_t)(end - p));
		part[i] = p;
		len[i] = nul ? (size_t)(nul - p) : (size_t)(end - p);
		p = nul ? nul + 1 : end + 1;
	}
	for (int i = 0; i < NFILES; i++)
		if (names[i][0])
			unlink(paths[i]);
	if (put(paths[0], part[0] ? part[0] : (const uint8_t *)"key,value\n",
		part[0] ? len[0] : 10) != 0 ||
	    (part[1] && put(paths[1], part[1], len[1]) != 0) ||
	    (part[2] && put(paths[2], part[2], len[2]) != 0) ||
	    (part[4] && put(paths[4], part[4], len[4]) != 0))
		return 0;
	snprintf(finding, sizeof(finding), "%.*s", (int)(len[3] < 500 ? len[3] : 500),
		 part[3] ? (const char *)part[3] : "");
	const char *findings[1] = { finding };
	if (jsonout_write(dir, findings, part[3] ? 1 : 0, 1, err, sizeof(err)) != 0) {
		fuzz_check_message(err, sizeof(err));
		return 0;
	}
	FILE *fp = fopen(paths[OUT], "rb");
	if (!fp)
		abort();
	static char out[1 << 22];
	size_t n = fread(out, 1, sizeof(out), fp);
	fclose(fp);
	struct js j = { out, out + n, 0 };
	if (!value(&j))
		abort();
	ws(&j);
	if (j.p != j.end || memcmp(out, "{\n  \"schema\": ", 14) != 0)
		abort();
	/* the documented members, in order, each once at the top level */
	static const char *const members[] = {
		"\n  \"meta\": {", "\n  \"summary\": [", "\n  \"throughput\": [",
		"\n  \"cliffs\": [", "\n  \"findings\": ["
	};
	out[n < sizeof(out) ? n : sizeof(out) - 1] = '\0';
	const char *at = out;
	for (size_t i = 0; i < sizeof(members) / sizeof(members[0]); i++) {
		at = strstr(at, members[i]);
		if (!at)
			abort();
	}
	return 0;
}
