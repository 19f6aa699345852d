/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cu.h: the tiny CUnit runner every tests/unit/test_*.c uses.
 *
 * A test file defines its cases and one table:
 *     static const struct cu_case cases[] = { CU_CASE(test_x), ..., { 0 } };
 *     CU_MAIN("units", cases)
 * The runner exits non-zero when any assertion failed (it checks
 * CU_get_number_of_failures(), not only CU_get_error()), and prints
 * "unit <suite>: N passed, N failed" for tests/unit/run.sh to add up.
 */
#ifndef IOSWEEP_CU_H
#define IOSWEEP_CU_H

#include <CUnit/Basic.h>
#include <stdio.h>
#include <fcntl.h>   /* the tests use open(2), close(2), unlink(2) directly */
#include <unistd.h>
#if defined(_WIN32)
#include "wincompat.h"   /* mkdtemp, open_memstream, ... for the tests themselves */
#endif

struct cu_case {
	const char *name;
	void (*fn)(void);
};
#define CU_CASE(f) { #f, f }

static inline int cu_run(const char *suite_name, const struct cu_case *cases)
{
	unsigned failed_tests, run_tests, failures;
	CU_pSuite suite;

	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	suite = CU_add_suite(suite_name, NULL, NULL);
	if (!suite)
		return 2;
	for (; cases->name; cases++)
		if (!CU_add_test(suite, cases->name, cases->fn))
			return 2;
	CU_basic_set_mode(CU_BRM_NORMAL);
	CU_basic_run_tests();
	run_tests = CU_get_number_of_tests_run();
	failed_tests = CU_get_number_of_tests_failed();
	failures = CU_get_number_of_failures();
	CU_cleanup_registry();
	printf("unit %s: %u passed, %u failed\n", suite_name,
	       run_tests - failed_tests, failed_tests);
	return (failures || failed_tests || CU_get_error()) ? 1 : 0;
}

#define CU_MAIN(suite_name, cases) \
	int main(void) { return cu_run(suite_name, cases); }

#endif
