/*
 * test_io_dir.c: io_dir_of, the directory part of a test file's path
 * (used by the sweep and throughput mode for the free-space check).
 */
#include "compat.h"

#include <string.h>

#include "cu.h"
#include "platform/platform.h"

static void test_dir_of(void)
{
	static const struct {
		const char *path, *dir;
	} cases[] = {
		{ "iosweep.tmp", "." }, { "/t", "/" }, { "/mnt/nas/t", "/mnt/nas" },
		{ "a/b", "a" }, { "./t", "." }, { "dir/", "dir" }, { "", "." },
	};
	char out[64];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		io_dir_of(cases[i].path, out, sizeof(out));
		CU_ASSERT_STRING_EQUAL(out, cases[i].dir);
	}
	/* a small buffer is cut, never overrun */
	char small[4];
	io_dir_of("/abcdef/t", small, sizeof(small));
	CU_ASSERT_STRING_EQUAL(small, "/ab");
}

static const struct cu_case cases[] = {
	CU_CASE(test_dir_of),
	{ 0 },
};

CU_MAIN("io_dir", cases)
