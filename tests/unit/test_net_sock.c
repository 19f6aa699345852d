/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_net_sock.c: addresses as the user types them (net/net_sock.c's
 * net_addr_split): HOST:PORT, [V6]:PORT, and what is refused, each
 * refusal one line.  The sockets themselves are t_serve.sh's.
 */
#include "compat.h"

#include <string.h>

#include "cu.h"
#include "net/net_sock.h"

struct addr_case {
	const char *text;
	const char *host, *port;   /* NULL: refused */
};

static const struct addr_case addrs[] = {
	{ "127.0.0.1:7300", "127.0.0.1", "7300" },
	{ "nas.local:0", "nas.local", "0" },
	{ "[::1]:7300", "::1", "7300" },
	{ "127.0.0.1", NULL, NULL },
	{ ":7300", NULL, NULL },
	{ "127.0.0.1:", NULL, NULL },
	{ "127.0.0.1:65536", NULL, NULL },
	{ "127.0.0.1:123456", NULL, NULL },
	{ "127.0.0.1:7x", NULL, NULL },
	{ "[::1:7300", NULL, NULL },
	{ "[]:1", NULL, NULL },
};

static void test_split(void)
{
	for (size_t i = 0; i < sizeof(addrs) / sizeof(addrs[0]); i++) {
		char host[64] = "", port[16] = "", err[256] = "";
		int rc = net_addr_split(addrs[i].text, host, sizeof(host), port, sizeof(port), err,
					sizeof(err));
		if (addrs[i].host) {
			CU_ASSERT_EQUAL(rc, 0);
			CU_ASSERT_STRING_EQUAL(host, addrs[i].host);
			CU_ASSERT_STRING_EQUAL(port, addrs[i].port);
		} else {
			CU_ASSERT_EQUAL(rc, -1);
			CU_ASSERT_PTR_NOT_NULL(strstr(err, addrs[i].text));
			CU_ASSERT_PTR_NULL(strchr(err, '\n'));
		}
	}
}

static const struct cu_case cases[] = { CU_CASE(test_split), { 0 } };

CU_MAIN("net_sock", cases)
