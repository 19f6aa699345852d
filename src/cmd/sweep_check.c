/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweep_check.c: can a sweep's command line run here, asked before it
 * runs (sweep.h).  A guided run (iosweep nas, iosweep profile) is many
 * sweeps in turn; one that would be refused halfway (an --iodepth no
 * engine of this build keeps, -I on a folder that takes no direct I/O, a
 * folder without room) must be known before the first starts, so the
 * run can take another way or leave that part out and still finish.
 *
 * The checks are the sweep's own, in the order it makes them, stopping
 * short of creating the test file: the grid, the engine
 * (qd_check: the kernel may refuse it), the folder (runner_check), and,
 * for -I, a 4 kB direct write and read of a file of its own in that
 * folder, removed after (sweep_direct_works): whether -I works is only
 * known by trying, and a sweep learns it at its first cell.
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "cmd/sweep.h"
#include "iosweep.h"
#include "lib/err.h"
#include "options/options.h"
#include "platform/platform.h"
#include "run/sweep/plan.h"
#include "run/qd/qd.h"
#include "run/sweep/runner.h"

int sweep_direct_works(const char *dir, char *err, size_t errlen)
{
	struct io_mode mode = { .direct = 1 };
	char path[4200], scratch[256];
	unsigned char *buf = io_alloc(4096);
	int flags = 0, fd, ok = 0;

	snprintf(path, sizeof(path), "%s/iosweep-direct-probe.tmp", dir);
	if (!buf) {
		err_set(err, errlen, "out of memory");
	} else if (io_mode_flags(&mode, &flags, err, errlen) == 0 &&
		   io_create(path, IO_CREATE_TRUNCATE, err, errlen) == 0) {
		memset(buf, 0x5a, 4096);
		if ((fd = io_open(path, flags | O_RDWR, &mode, err, errlen)) >= 0) {
			ok = io_full_pwrite(fd, buf, 4096, 0, path, err, errlen) == 0 &&
			     io_full_pread(fd, buf, 4096, 0, path, err, errlen) == 0;
			io_close(fd, path, scratch, sizeof(scratch));
		}
		io_remove_test_file(path);
	}
	io_free(buf);
	return ok;
}

int sweep_check(const struct options *o, char *err, size_t errlen)
{
	struct sweep_plan p = { 0 };
	char dir[4096], why[IOSWEEP_ERR_MAX];
	int rc = -1;

	if (plan_build(&p, o, err, errlen) != 0 || qd_check(o, err, errlen) != 0 ||
	    runner_check(o, err, errlen) != 0)
		goto out;
	io_dir_of(options_file(o), dir, sizeof(dir));
	if (o->direct && !sweep_direct_works(dir, why, sizeof(why))) {
		err_set(err, errlen, "-I: '%s' takes no direct I/O (%s)", dir, why);
		goto out;
	}
	rc = 0;
out:
	plan_release(&p);
	return rc;
}
