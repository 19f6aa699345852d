/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_platform.c: the platform layer's contract, the same on every
 * platform (POSIX here, Win32 under wine in `make check-windows`): what
 * plat_stat says about files, directories and nothing; the no-clobber
 * rule of io_create; positioned and sequential transfers; atomic replace;
 * binary streams; a non-ASCII (UTF-8) path; the local-time offset; the
 * capabilities; the sector-size rule of unbuffered I/O, whose failure
 * wine cannot show (it accepts misaligned FILE_FLAG_NO_BUFFERING I/O);
 * and threads with the start gate of the queue-depth workers.
 */
#include "compat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "platform/platform.h"

static char dir[64], err[512];

static const char *in_dir(const char *name)
{
	static char p[4][256];
	static int k;
	k = (k + 1) % 4;
	snprintf(p[k], sizeof(p[k]), "%s/%s", dir, name);
	return p[k];
}

static void setup(void)
{
	snprintf(dir, sizeof(dir), "iosweep-plat.XXXXXX");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
}

static void teardown(void)
{
	CU_ASSERT_EQUAL(plat_rmdir(dir), 0);
}

static void test_stat_kinds(void)
{
	uint64_t size = 0;

	setup();
	CU_ASSERT_EQUAL(plat_stat(dir, 0, NULL), PLAT_DIR);
	CU_ASSERT_EQUAL(plat_stat(in_dir("none"), 0, NULL), PLAT_NONE);
	CU_ASSERT_EQUAL(errno, ENOENT);
	CU_ASSERT_EQUAL_FATAL(io_create(in_dir("f"), 0, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(plat_stat(in_dir("f"), 1, &size), PLAT_FILE);
	CU_ASSERT_EQUAL(size, 0);
	CU_ASSERT_EQUAL(plat_mkdir(in_dir("d")), 0);
	CU_ASSERT_EQUAL(plat_mkdir(in_dir("d")), -1);
	CU_ASSERT_EQUAL(errno, EEXIST);
	CU_ASSERT_EQUAL(plat_rmdir(in_dir("d")), 0);
	CU_ASSERT_EQUAL(plat_remove(in_dir("f")), 0);
	CU_ASSERT_EQUAL(plat_remove(in_dir("f")), -1);
	teardown();
}

static void test_no_clobber(void)
{
	const char *f;
	int fd;

	setup();
	f = in_dir("t");
	CU_ASSERT_EQUAL_FATAL(io_create(f, 0, err, sizeof(err)), 0);
	fd = io_open(f, O_RDWR, NULL, err, sizeof(err));
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_EQUAL(io_full_write(fd, "0123456789", 10, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(io_close(fd, f, err, sizeof(err)), 0);
	/* an existing file is refused, then truncated with overwrite */
	CU_ASSERT_EQUAL(io_create(f, 0, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "exists already"));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, f));
	CU_ASSERT_EQUAL(io_create(f, 1, err, sizeof(err)), 0);
	uint64_t size = 99;
	CU_ASSERT_EQUAL(plat_stat(f, 0, &size), PLAT_FILE);
	CU_ASSERT_EQUAL(size, 0);
	/* a directory is never a test file */
	CU_ASSERT_EQUAL(io_create(dir, 1, err, sizeof(err)), -1);
	CU_ASSERT_EQUAL(plat_remove(f), 0);
	teardown();
}

static void test_transfers(void)
{
	const char *f;
	char buf[16] = "";
	int fd;

	setup();
	f = in_dir("x");
	CU_ASSERT_EQUAL_FATAL(io_create(f, 0, err, sizeof(err)), 0);
	fd = io_open(f, O_RDWR, NULL, err, sizeof(err));
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_EQUAL(io_full_pwrite(fd, "abcd", 4, 8, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(io_full_pread(fd, buf, 4, 8, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(memcmp(buf, "abcd", 4), 0);
	CU_ASSERT_EQUAL(io_seek(fd, 0, SEEK_SET, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(io_full_read(fd, buf, 12, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(memcmp(buf, "\0\0\0\0\0\0\0\0abcd", 12), 0);
	/* reading past the end names the file and the shortfall */
	CU_ASSERT_EQUAL(io_full_pread(fd, buf, 8, 8, f, err, sizeof(err)), IO_EOF);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "unexpected end of file"));
	CU_ASSERT_EQUAL(io_truncate(fd, 4, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(io_fsync(fd, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(io_close(fd, f, err, sizeof(err)), 0);
	uint64_t size = 0;
	CU_ASSERT_EQUAL(plat_stat(f, 1, &size), PLAT_FILE);
	CU_ASSERT_EQUAL(size, 4);
	/* a read-only descriptor can be fsynced (nothing of its own to flush) */
	fd = io_open(f, O_RDONLY, NULL, err, sizeof(err));
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_EQUAL(io_fsync(fd, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(io_close(fd, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(plat_remove(f), 0);
	teardown();
}

/*
 * io_map: stores through a writable mapping reach the file (after either
 * kind of sync and after unmapping), a read-only mapping shows the
 * file's bytes, a sync past the mapping or a mapping of nothing fails.
 */
static void test_map(void)
{
	enum { LEN = 3 * 4096 };
	static unsigned char data[LEN], back[LEN];
	struct io_map m;
	const char *f;
	int fd;

	setup();
	f = in_dir("m");
	for (size_t i = 0; i < LEN; i++)
		data[i] = (unsigned char)(i * 7 + 1);
	CU_ASSERT_EQUAL_FATAL(io_create(f, 0, err, sizeof(err)), 0);
	fd = io_open(f, O_RDWR, NULL, err, sizeof(err));
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_EQUAL(io_truncate(fd, LEN, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(io_map(fd, 0, 1, &m, f, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NULL(m.addr);
	CU_ASSERT_EQUAL_FATAL(io_map(fd, LEN, 1, &m, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(m.len, LEN);
	memcpy(m.addr, data, 4096);
	CU_ASSERT_EQUAL(io_map_sync(&m, 0, 4096, IO_MAP_ASYNC, f, err, sizeof(err)), 0);
	memcpy(m.addr + 4096, data + 4096, LEN - 4096);
	/* an offset inside a page is rounded down to it */
	CU_ASSERT_EQUAL(io_map_sync(&m, 5000, LEN - 5000, IO_MAP_SYNC, f, err,
				    sizeof(err)), 0);
	CU_ASSERT_EQUAL(io_map_sync(&m, 4096, LEN, IO_MAP_SYNC, f, err,
				    sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, f));
	CU_ASSERT_EQUAL(io_full_pread(fd, back, LEN, 0, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(memcmp(back, data, LEN), 0);
	data[LEN - 1] ^= 0xff;
	m.addr[LEN - 1] = data[LEN - 1];
	CU_ASSERT_EQUAL(io_unmap(&m, f, err, sizeof(err)), 0);
	CU_ASSERT_PTR_NULL(m.addr);
	CU_ASSERT_EQUAL(io_unmap(&m, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(io_close(fd, f, err, sizeof(err)), 0);
	fd = io_open(f, O_RDONLY, NULL, err, sizeof(err));
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_EQUAL_FATAL(io_map(fd, LEN, 0, &m, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(memcmp(m.addr, data, LEN), 0);
	/* a read-only mapping syncs (nothing to write back) */
	CU_ASSERT_EQUAL(io_map_sync(&m, 0, LEN, IO_MAP_SYNC, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(io_unmap(&m, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(io_close(fd, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(plat_remove(f), 0);
	teardown();
}

static void test_rename_and_streams(void)
{
	const char *a, *b;
	FILE *fp;
	uint64_t size = 0;

	setup();
	a = in_dir("a");
	b = in_dir("b");
	fp = plat_fopen(a, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	fputs("x\ny\n", fp);   /* binary: no CRLF on any platform */
	CU_ASSERT_EQUAL(fclose(fp), 0);
	fp = plat_fopen(b, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	fputs("old", fp);
	CU_ASSERT_EQUAL(fclose(fp), 0);
	CU_ASSERT_EQUAL(plat_rename(a, b), 0);   /* replaces b */
	CU_ASSERT_EQUAL(plat_stat(a, 0, NULL), PLAT_NONE);
	CU_ASSERT_EQUAL(plat_stat(b, 0, &size), PLAT_FILE);
	CU_ASSERT_EQUAL(size, 4);
	/* plat_create_fd never opens an existing file */
	CU_ASSERT_EQUAL(plat_create_fd(b), -1);
	CU_ASSERT_EQUAL(errno, EEXIST);
	CU_ASSERT_EQUAL(plat_remove(b), 0);
	teardown();
}

static void test_utf8_path(void)
{
	const char *f;
	int fd;

	setup();
	f = in_dir("r\xc3\xa9sum\xc3\xa9-\xe6\x97\xa5.tmp");   /* résumé-日 */
	CU_ASSERT_EQUAL_FATAL(io_create(f, 0, err, sizeof(err)), 0);
	fd = io_open(f, O_RDWR, NULL, err, sizeof(err));
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_EQUAL(io_full_write(fd, "z", 1, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(io_close(fd, f, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(plat_stat(f, 0, NULL), PLAT_FILE);
	CU_ASSERT_EQUAL(io_create(f, 0, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "r\xc3\xa9sum\xc3\xa9"));   /* named as given */
	CU_ASSERT_EQUAL(plat_remove(f), 0);
	teardown();
}

static void test_sector_rule(void)
{
	static const struct {
		uintptr_t addr;
		size_t len;
		uint64_t off;
		uint32_t sector;
		int misfit;
	} rows[] = {
		{ 4096, 4096, 0, 512, 0 },     { 4096, 65536, 8192, 4096, 0 },
		{ 4096, 6144, 0, 4096, 1 },    /* -r 6k on a 4Kn volume */
		{ 4096, 4096, 2048, 4096, 1 }, { 4100, 4096, 0, 512, 1 },
		{ 4100, 4096, 0, 0, 0 },       /* not unbuffered: anything goes */
	};
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		err[0] = '\0';
		CU_ASSERT_EQUAL(io_sector_misfit((const void *)rows[i].addr, rows[i].len,
						 rows[i].off, rows[i].sector, err,
						 sizeof(err)) != 0, rows[i].misfit);
		if (rows[i].misfit) {
			char want[32];
			snprintf(want, sizeof(want), "(%u bytes)", (unsigned)rows[i].sector);
			CU_ASSERT_PTR_NOT_NULL(strstr(err, want));
		}
	}
}

static void test_facts(void)
{
	const struct plat_caps *c = plat_caps();
	char buf[256], off[16];
	double u = -1, s = -1;

	CU_ASSERT_PTR_NOT_NULL_FATAL(c->os);
	CU_ASSERT(strlen(c->os) > 0);
	plat_host_name(buf, sizeof(buf));
	CU_ASSERT(buf[0] != '\0');
	plat_machine(buf, sizeof(buf));
	CU_ASSERT(buf[0] != '\0');
	CU_ASSERT(plat_ram_kb() > 1024);
	CU_ASSERT_EQUAL(plat_utc_offset(0, off, sizeof(off)), 0);
	CU_ASSERT(strlen(off) == 6 && (off[0] == '+' || off[0] == '-') && off[3] == ':');
	if (plat_thread_cpu(&u, &s) == 0)
		CU_ASSERT(u >= 0 && s >= 0);
	CU_ASSERT_EQUAL(plat_program_found("iosweep-no-such-program"), 0);
}

/*
 * Threads and the start gate (the queue-depth workers): each worker
 * arrives, waits, and once through reads what the starter wrote before
 * opening; a closed gate (go 0) lets them through without running; a
 * worker that arrives after the gate opened passes at once; join hands
 * back each thread's return value.
 */
#define GATE_WORKERS 6

struct gate_worker {
	struct plat_gate *g;
	const volatile int *published;   /* written by the starter before opening */
	int idx, go, saw;
};

static int gate_worker_main(void *arg)
{
	struct gate_worker *w = arg;

	w->go = plat_gate_arrive(w->g);
	w->saw = *w->published;
	return 100 + w->idx;
}

static void gate_round(int go)
{
	struct gate_worker w[GATE_WORKERS];
	struct plat_thread *t[GATE_WORKERS], *late;
	struct plat_gate *g = plat_gate_new();
	volatile int published = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	for (int i = 0; i < GATE_WORKERS; i++) {
		w[i] = (struct gate_worker){ g, &published, i, -1, -1 };
		CU_ASSERT_EQUAL_FATAL(plat_thread_start(&t[i], gate_worker_main, &w[i],
							err, sizeof(err)), 0);
	}
	plat_gate_wait(g, GATE_WORKERS);
	/* all arrived and none is through: each still has go -1 */
	for (int i = 0; i < GATE_WORKERS; i++)
		CU_ASSERT_EQUAL(w[i].go, -1);
	published = 42;
	plat_gate_open(g, go);
	for (int i = 0; i < GATE_WORKERS; i++) {
		CU_ASSERT_EQUAL(plat_thread_join(t[i]), 100 + i);
		CU_ASSERT_EQUAL(w[i].go, go);
		CU_ASSERT_EQUAL(w[i].saw, 42);
	}
	/* a late arrival: the gate is open, it does not wait */
	struct gate_worker lw = { g, &published, GATE_WORKERS, -1, -1 };
	CU_ASSERT_EQUAL_FATAL(plat_thread_start(&late, gate_worker_main, &lw,
						err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(plat_thread_join(late), 100 + GATE_WORKERS);
	CU_ASSERT_EQUAL(lw.go, go);
	plat_gate_free(g);
}

static void test_threads_and_gate(void)
{
	gate_round(1);
	gate_round(0);
	plat_gate_free(NULL);
}

/* io_dir_of, the directory of a test file (the free-space check's). */
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
	CU_CASE(test_stat_kinds),
	CU_CASE(test_no_clobber),
	CU_CASE(test_transfers),
	CU_CASE(test_map),
	CU_CASE(test_rename_and_streams),
	CU_CASE(test_utf8_path),
	CU_CASE(test_sector_rule),
	CU_CASE(test_facts),
	CU_CASE(test_threads_and_gate),
	CU_CASE(test_dir_of),
	{ 0 },
};

CU_MAIN("platform", cases)
