/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_remote.c: what a client sends an agent (net/remote.c): the
 * command line without its own --agent, --token and --out, in both
 * forms ("--x V", "--x=V"), everything else kept in order.
 */
#include "compat.h"

#include <string.h>

#include "cu.h"
#include "net/remote.h"

struct words_case {
	const char *in;      /* words joined by spaces */
	const char *out;     /* what is kept, joined by spaces */
};

static const struct words_case cases_words[] = {
	{ "-s 64k -f t.tmp --agent 127.0.0.1:7300 --token abc --out r", "-s 64k -f t.tmp" },
	{ "--agent=127.0.0.1:7300 -i 0 --token=abc --out=r -i 1", "-i 0 -i 1" },
	{ "files --count 8 --dir d --agent h:1 --token t", "files --count 8 --dir d" },
	{ "--label x --agent h:1 -s 64k", "--label x -s 64k" },
	{ "-s 64k --agentx 1 --outer", "-s 64k --agentx 1 --outer" },
	{ "--token", "" },
};

static void split(const char *text, char *buf, size_t len, char **w, size_t *n)
{
	*n = 0;
	snprintf(buf, len, "%s", text);
	for (char *s = strtok(buf, " "); s; s = strtok(NULL, " "))
		w[(*n)++] = s;
}

static void test_words(void)
{
	for (size_t i = 0; i < sizeof(cases_words) / sizeof(cases_words[0]); i++) {
		char buf[256], got[256] = "", *w[32], *kept[33];
		size_t n, k;
		split(cases_words[i].in, buf, sizeof(buf), w, &n);
		k = remote_words(w, n, kept);
		for (size_t j = 0; j < k; j++)
			snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%s", j ? " " : "",
				 kept[j]);
		CU_ASSERT_STRING_EQUAL(got, cases_words[i].out);
		CU_ASSERT_PTR_NULL(kept[k]);
	}
}

static const struct cu_case cases[] = { CU_CASE(test_words), { 0 } };

CU_MAIN("remote", cases)
