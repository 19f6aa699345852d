/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fileop.c: IOzone's fileop, the work itself (see fileop.h for the tree,
 * the phases and what each timing holds).
 *
 * A pass walks the tree from inside, with chdir and names relative to the
 * current directory, because that is what fileop times: one name looked
 * up per call.  The timed region of each call is two reads of the
 * monotonic clock around it, and the figures are added after the second
 * read.  What fileop leaves inside a timing stays inside (the buffer
 * filled before each write, the data checked after each read) and what
 * it leaves outside stays outside (fsync before close, the untimed chdirs
 * of the mkdir and rmdir phases), so the numbers compare with fileop's.
 *
 * The bookkeeping for the cleanup is one byte per directory of the first
 * two levels: made by this run, and which kinds of leaves (directories,
 * files, links) may be in it.  A leaf kind is marked before its first
 * call and cleared when its phase has removed all of them, so a cleanup
 * after any failure or signal tries exactly the names that can be there.
 */
#include "compat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "clients/clients.h"
#include "iosweep.h"
#include "lib/err.h"
#include "options/options.h"
#include "platform/clock.h"
#include "platform/platform.h"
#include "run/files/fileop.h"
#include "run/data/pattern.h"

/* The bookkeeping bits of a level-1 or level-2 directory. */
#define MADE_DIR   0x1u   /* this run made it; it may still be there */
#define HAS_DIRS   0x2u   /* level 2: leaf directories may be in it */
#define HAS_FILES  0x4u   /* level 2: files may be in it */
#define HAS_LINKS  0x8u   /* level 2: links may be in it */
#define FILEOP_SEED 0xf11e0000ull /* the pattern's, mixed with the client's rank */
#define FILEOP_PERIOD ((size_t)2 << 20) /* the pattern's length, a multiple of 512 */
_Static_assert(FILEOP_UNIQUE_MIN == PATTERN_TAG_GRID && FILEOP_PERIOD % PATTERN_TAG_GRID == 0,
	       "a file's 512-byte blocks are the pattern's tag grid, and the period holds whole ones");


static const char *const op_names[FILEOP_NOPS] = {
	[FILEOP_MKDIR] = "mkdir", [FILEOP_CHDIR] = "chdir", [FILEOP_RMDIR] = "rmdir",
	[FILEOP_CREATE] = "create", [FILEOP_OPEN] = "open", [FILEOP_READ] = "read",
	[FILEOP_WRITE] = "write", [FILEOP_CLOSE] = "close", [FILEOP_STAT] = "stat",
	[FILEOP_ACCESS] = "access", [FILEOP_CHMOD] = "chmod",
	[FILEOP_READDIR] = "readdir", [FILEOP_LINK] = "link",
	[FILEOP_UNLINK] = "unlink", [FILEOP_DELETE] = "delete",
};

const enum fileop_op fileop_run_order[FILEOP_NOPS] = {
	FILEOP_MKDIR, FILEOP_CHDIR, FILEOP_RMDIR, FILEOP_CREATE, FILEOP_WRITE,
	FILEOP_CLOSE, FILEOP_STAT, FILEOP_OPEN, FILEOP_READ, FILEOP_ACCESS,
	FILEOP_CHMOD, FILEOP_READDIR, FILEOP_LINK, FILEOP_UNLINK, FILEOP_DELETE,
};

const char *fileop_op_name(enum fileop_op op)
{
	return op < FILEOP_NOPS ? op_names[op] : "?";
}

int fileop_op_on_dirs(enum fileop_op op)
{
	return op == FILEOP_MKDIR || op == FILEOP_CHDIR || op == FILEOP_RMDIR;
}

int fileop_op_available(enum fileop_op op)
{
	if (op == FILEOP_LINK || op == FILEOP_UNLINK)
		return plat_caps()->hardlinks;
	return op < FILEOP_NOPS;
}

/* ---- figures -------------------------------------------------------------- */

void fileop_stat_clear(struct fileop_stat *s)
{
	s->count = 0;
	s->total_ns = 0;
	s->best_ns = UINT64_MAX;
	s->worst_ns = 0;
}

void fileop_stat_add(struct fileop_stat *s, uint64_t ns)
{
	s->count++;
	s->total_ns += ns;
	if (ns < s->best_ns)
		s->best_ns = ns;
	if (ns > s->worst_ns)
		s->worst_ns = ns;
}

void fileop_stat_merge(struct fileop_stat *dst, const struct fileop_stat *src)
{
	if (!src->count)
		return;
	dst->count += src->count;
	dst->total_ns += src->total_ns;
	if (src->best_ns < dst->best_ns)
		dst->best_ns = src->best_ns;
	if (src->worst_ns > dst->worst_ns)
		dst->worst_ns = src->worst_ns;
}

/* a / b as fileop divides its doubles: 0/0 is NaN, x/0 infinity. */
static double divide(double a, double b)
{
	volatile double q = a / b;	/* not folded: the division's own result */
	return q;
}

double fileop_stat_avg_per_s(const struct fileop_stat *s)
{
	return divide((double)s->count, fileop_stat_total_s(s));
}

double fileop_stat_best_per_s(const struct fileop_stat *s)
{
	return divide(1.0, fileop_stat_best_s(s));
}

double fileop_stat_worst_per_s(const struct fileop_stat *s)
{
	return divide(1.0, fileop_stat_worst_s(s));
}

double fileop_stat_total_s(const struct fileop_stat *s)
{
	return (double)s->total_ns * 1e-9;
}

double fileop_stat_mean_s(const struct fileop_stat *s)
{
	return divide(fileop_stat_total_s(s), (double)s->count);
}

double fileop_stat_best_s(const struct fileop_stat *s)
{
	return s->count ? (double)s->best_ns * 1e-9 : 0.0;
}

double fileop_stat_worst_s(const struct fileop_stat *s)
{
	return s->count ? (double)s->worst_ns * 1e-9 : 0.0;
}

int fileop_result_init(struct fileop_result *r, int hist)
{
	memset(r, 0, sizeof(*r));
	for (int op = 0; op < FILEOP_NOPS; op++)
		fileop_stat_clear(&r->op[op]);
	if (!hist)
		return 0;
	for (int op = 0; op < FILEOP_NOPS; op++)
		if (latency_init(&r->hist[op]) != 0) {
			fileop_result_release(r);
			return -1;
		}
	r->has_hist = 1;
	return 0;
}

void fileop_result_clear(struct fileop_result *r)
{
	for (int op = 0; op < FILEOP_NOPS; op++) {
		fileop_stat_clear(&r->op[op]);
		if (r->has_hist)
			latency_clear(&r->hist[op]);
	}
}

void fileop_result_merge(struct fileop_result *dst, const struct fileop_result *src)
{
	for (int op = 0; op < FILEOP_NOPS; op++) {
		fileop_stat_merge(&dst->op[op], &src->op[op]);
		if (dst->has_hist && src->has_hist)
			latency_merge(&dst->hist[op], &src->hist[op]);
	}
}

void fileop_result_release(struct fileop_result *r)
{
	for (int op = 0; op < FILEOP_NOPS; op++)
		if (r->hist[op].counts)
			latency_release(&r->hist[op]);
	r->has_hist = 0;
}

/* ---- a pass ------------------------------------------------------------- */

struct pass {
	struct fileop_run *r;
	struct fileop_result *res;
	const volatile sig_atomic_t *stop;
	unsigned x;
	unsigned i, j, k;     /* where the walk is ... */
	int depth;            /* ... 0 the base, 1 a level-1, 2 a level-2, 3 a leaf */
	char *err;
	size_t errlen;
};

static unsigned char *l2_of(const struct pass *p)
{
	return &p->r->l2[(size_t)p->i * p->x + p->j];
}

/* The path of name as seen from where the walk is, for a message. */
static void where(const struct pass *p, const char *name, char *out, size_t len)
{
	char l1[FILEOP_NAME_MAX], l2[FILEOP_NAME_MAX], leaf[FILEOP_NAME_MAX];
	int n;

	fileop_name(l1, sizeof(l1), FILEOP_NAME_L1, p->i, 0, 0);
	fileop_name(l2, sizeof(l2), FILEOP_NAME_L2, p->i, p->j, 0);
	fileop_name(leaf, sizeof(leaf), FILEOP_NAME_DIR, p->i, p->j, p->k);
	n = snprintf(out, len, "%s%s%s%s%s%s%s%s%s", p->r->base,
		     p->depth >= 1 ? "/" : "", p->depth >= 1 ? l1 : "",
		     p->depth >= 2 ? "/" : "", p->depth >= 2 ? l2 : "",
		     p->depth >= 3 ? "/" : "", p->depth >= 3 ? leaf : "",
		     name ? "/" : "", name ? name : "");
	if (n < 0)
		out[0] = '\0';
}

/* A failed call: "cannot CALL 'path': reason", errno kept in r->err_no. */
static int fail(struct pass *p, const char *call, const char *name)
{
	int e = errno ? errno : EIO;
	char path[4096 + 4 * FILEOP_NAME_MAX];

	where(p, name, path, sizeof(path));
	p->r->err_no = e;
	return err_set(p->err, p->errlen, "cannot %s '%s': %s", call, path, strerror(e));
}

/* A call that failed with EINTR was cut short by a signal: stop. */
static int failed(struct pass *p, const char *call, const char *name)
{
	if (errno == EINTR && *p->stop)
		return FILEOP_STOPPED;
	return fail(p, call, name);
}

static void record(struct pass *p, enum fileop_op op, uint64_t ns)
{
	fileop_stat_add(&p->res->op[op], ns);
	if (p->res->has_hist)
		latency_add(&p->res->hist[op], ns);
}

/*
 * Time one call into rc: the clock read on both sides of it, nothing
 * else.  A call cut short by a signal that does not stop the run (EINTR)
 * is made again and only the whole call counts.
 */
#define TIMED(p, rc, ns, call) do {					\
		uint64_t t0_;						\
		do {							\
			t0_ = clock_now_ns();				\
			(rc) = (call);					\
			(ns) = clock_now_ns() - t0_;			\
		} while ((rc) < 0 && errno == EINTR && !*(p)->stop);	\
	} while (0)

#define STOP_CHECK(p) do { if (*(p)->stop) return FILEOP_STOPPED; } while (0)

static int chdir_retry(const char *path)
{
	int rc;

	do
		rc = plat_chdir(path);
	while (rc != 0 && errno == EINTR);
	return rc;
}

/* Untimed steps down into name and back up. */
static int down(struct pass *p, const char *name)
{
	if (chdir_retry(name) != 0)
		return fail(p, "chdir", name);
	p->depth++;
	return 0;
}

static int up(struct pass *p)
{
	if (chdir_retry("..") != 0)
		return fail(p, "chdir", "..");
	p->depth--;
	return 0;
}

/* One mkdir or rmdir of name, timed alone and recorded under op. */
static int timed_dir(struct pass *p, enum fileop_op op, const char *name)
{
	uint64_t ns;
	int rc;

	if (op == FILEOP_MKDIR)
		TIMED(p, rc, ns, plat_mkdir(name));
	else
		TIMED(p, rc, ns, plat_rmdir(name));
	if (rc != 0)
		return failed(p, fileop_op_name(op), name);
	record(p, op, ns);
	return 0;
}

/* mkdir: every directory, each call timed alone. */
static int phase_mkdir(struct pass *p)
{
	char name[FILEOP_NAME_MAX];
	int rc;

	for (p->i = 0; p->i < p->x; p->i++) {
		STOP_CHECK(p);
		fileop_name(name, sizeof(name), FILEOP_NAME_L1, p->i, 0, 0);
		if ((rc = timed_dir(p, FILEOP_MKDIR, name)) != 0)
			return rc;
		p->r->l1[p->i] |= MADE_DIR;
		if ((rc = down(p, name)) != 0)
			return rc;
		for (p->j = 0; p->j < p->x; p->j++) {
			STOP_CHECK(p);
			fileop_name(name, sizeof(name), FILEOP_NAME_L2, p->i, p->j, 0);
			if ((rc = timed_dir(p, FILEOP_MKDIR, name)) != 0)
				return rc;
			*l2_of(p) |= MADE_DIR | HAS_DIRS;
			if ((rc = down(p, name)) != 0)
				return rc;
			for (p->k = 0; p->k < p->x; p->k++) {
				STOP_CHECK(p);
				fileop_name(name, sizeof(name), FILEOP_NAME_DIR, p->i, p->j, p->k);
				if ((rc = timed_dir(p, FILEOP_MKDIR, name)) != 0)
					return rc;
				/* fileop steps in and out of each new leaf, untimed */
				if ((rc = down(p, name)) != 0 || (rc = up(p)) != 0)
					return rc;
			}
			if ((rc = up(p)) != 0)
				return rc;
		}
		if ((rc = up(p)) != 0)
			return rc;
	}
	return 0;
}

/*
 * chdir: a leaf's in and out is one timing; a level-2 or level-1
 * directory's is the step in plus the step out after its children.
 */
static int phase_chdir(struct pass *p)
{
	char name[FILEOP_NAME_MAX];
	uint64_t ns, in1, in2;
	int rc;

	for (p->i = 0; p->i < p->x; p->i++) {
		STOP_CHECK(p);
		fileop_name(name, sizeof(name), FILEOP_NAME_L1, p->i, 0, 0);
		TIMED(p, rc, in1, plat_chdir(name));
		if (rc != 0)
			return failed(p, "chdir", name);
		p->depth = 1;
		for (p->j = 0; p->j < p->x; p->j++) {
			STOP_CHECK(p);
			fileop_name(name, sizeof(name), FILEOP_NAME_L2, p->i, p->j, 0);
			TIMED(p, rc, in2, plat_chdir(name));
			if (rc != 0)
				return failed(p, "chdir", name);
			p->depth = 2;
			for (p->k = 0; p->k < p->x; p->k++) {
				uint64_t t0;
				STOP_CHECK(p);
				fileop_name(name, sizeof(name), FILEOP_NAME_DIR, p->i, p->j, p->k);
				t0 = clock_now_ns();
				if (chdir_retry(name) != 0)
					return failed(p, "chdir", name);
				p->depth = 3;
				if (chdir_retry("..") != 0)
					return failed(p, "chdir", "..");
				ns = clock_now_ns() - t0;
				p->depth = 2;
				record(p, FILEOP_CHDIR, ns);
			}
			TIMED(p, rc, ns, plat_chdir(".."));
			if (rc != 0)
				return failed(p, "chdir", "..");
			p->depth = 1;
			record(p, FILEOP_CHDIR, in2 + ns);
		}
		TIMED(p, rc, ns, plat_chdir(".."));
		if (rc != 0)
			return failed(p, "chdir", "..");
		p->depth = 0;
		record(p, FILEOP_CHDIR, in1 + ns);
	}
	return 0;
}

/* rmdir: leaves first, each call timed alone (the steps between untimed). */
static int phase_rmdir(struct pass *p)
{
	char name[FILEOP_NAME_MAX];
	int rc;

	for (p->i = 0; p->i < p->x; p->i++) {
		fileop_name(name, sizeof(name), FILEOP_NAME_L1, p->i, 0, 0);
		if ((rc = down(p, name)) != 0)
			return rc;
		for (p->j = 0; p->j < p->x; p->j++) {
			fileop_name(name, sizeof(name), FILEOP_NAME_L2, p->i, p->j, 0);
			if ((rc = down(p, name)) != 0)
				return rc;
			for (p->k = 0; p->k < p->x; p->k++) {
				STOP_CHECK(p);
				fileop_name(name, sizeof(name), FILEOP_NAME_DIR, p->i, p->j, p->k);
				if ((rc = down(p, name)) != 0 || (rc = up(p)) != 0 ||
				    (rc = timed_dir(p, FILEOP_RMDIR, name)) != 0)
					return rc;
			}
			*l2_of(p) &= ~HAS_DIRS;
			if ((rc = up(p)) != 0)
				return rc;
			STOP_CHECK(p);
			fileop_name(name, sizeof(name), FILEOP_NAME_L2, p->i, p->j, 0);
			if ((rc = timed_dir(p, FILEOP_RMDIR, name)) != 0)
				return rc;
			*l2_of(p) = 0;
		}
		if ((rc = up(p)) != 0)
			return rc;
		STOP_CHECK(p);
		fileop_name(name, sizeof(name), FILEOP_NAME_L1, p->i, 0, 0);
		if ((rc = timed_dir(p, FILEOP_RMDIR, name)) != 0)
			return rc;
		p->r->l1[p->i] = 0;
	}
	return 0;
}

/*
 * ---- the data --------------------------------------------------------------
 *
 * A file's data is buf: the pattern in ref (pattern_fill's random bytes,
 * this client's seed) over and over, every FILEOP_PERIOD bytes, with the
 * file's own tag words (pattern.h) at the end of every grid-byte block.
 * The period is longer than the 1 MiB blocks a file system compresses,
 * so none of them finds a byte twice, and the tags make each 512-byte
 * block of the run unique: at different places of the period by their
 * random bytes, at the same place by their tags (each file has its own
 * numbers, from a stream each pass takes).  So the write only stores
 * size / 512 tag words, and the read compares what came back with ref
 * and the tags it expects, memcmp's speed, with one copy of the period
 * beside the buffer rather than a second buffer of the file's size.
 *
 * Files under FILEOP_UNIQUE_MIN bytes hold no whole 512-byte block for a
 * deduplicating file system to share, and fileop -s 1's default is a
 * measure of metadata calls: they keep fileop's one byte value per file
 * (its check on read too), unless -n asks for random bytes there as well
 * (a tag word at the end of files of 8 bytes and up).
 */

/* The first tag of file i_j_k of this pass. */
static uint64_t file_tag(const struct pass *p)
{
	uint64_t n = ((uint64_t)p->i * p->x + p->j) * p->x + p->k;

	return p->r->tag0 + n * (p->r->cfg.size_bytes / p->r->grid);
}

/* fileop's one byte value of file i_j_k. */
static unsigned char file_byte(const struct pass *p)
{
	return (unsigned char)((p->i ^ p->j ^ p->k) & 0xffu);
}

/* buf as the pattern again (ref repeated), tags aside. */
static void data_reset(struct fileop_run *r)
{
	size_t len = (size_t)r->cfg.size_bytes;

	for (size_t o = 0; o < len; o += r->period)
		memcpy(r->buf + o, r->ref, len - o < r->period ? len - o : r->period);
	r->stale = 0;
}

/* The data of file i_j_k into buf: inside the write's timing. */
static void data_make(struct pass *p)
{
	struct fileop_run *r = p->r;
	uint64_t tag;

	if (!r->ref) {
		memset(r->buf, file_byte(p), (size_t)r->cfg.size_bytes);
	} else if (r->grid) {
		tag = file_tag(p);
		pattern_tag(r->buf, (size_t)r->cfg.size_bytes, r->grid, 0, &tag);
	}
}

/* 1 when buf holds what data_make wrote to file i_j_k, byte for byte. */
static int data_check(const struct pass *p)
{
	const struct fileop_run *r = p->r;
	size_t len = (size_t)r->cfg.size_bytes, g = r->grid, o = 0;
	unsigned char want = file_byte(p);
	int bad = 0;

	if (!r->ref) {
		for (size_t n = 0; n < len; n++)
			bad |= r->buf[n] != want;
		return !bad;
	}
	if (g) {
		uint64_t tag = file_tag(p);
		/* blocks never cross the period: it is a multiple of grid */
		for (; o + g <= len && !bad; o += g) {
			uint64_t v = pattern_tag_word(tag++);
			bad = memcmp(r->buf + o, r->ref + o % r->period, g - sizeof(v)) != 0 ||
				memcmp(r->buf + o + g - sizeof(v), &v, sizeof(v)) != 0;
		}
	}
	return !bad && memcmp(r->buf + o, r->ref + o % r->period, len - o) == 0;
}

/* create, write (the data made inside the timing), fsync untimed, close. */
static int file_create(struct pass *p, const char *name)
{
	struct fileop_run *r = p->r;
	size_t len = (size_t)r->cfg.size_bytes;
	char scratch[IOSWEEP_ERR_MAX];
	uint64_t ns, t0;
	int fd, rc, e;

	*l2_of(p) |= HAS_FILES;
	if (r->stale)
		data_reset(r);
	TIMED(p, fd, ns, plat_create_fd(name));
	if (fd < 0)
		return failed(p, "create", name);
	record(p, FILEOP_CREATE, ns);
	t0 = clock_now_ns();
	data_make(p);
	rc = io_full_write(fd, r->buf, len, name, scratch, sizeof(scratch));
	ns = clock_now_ns() - t0;
	if (rc != 0) {
		e = errno;
		plat_close_fd(fd);
		errno = e;
		return fail(p, "write", name);
	}
	record(p, FILEOP_WRITE, ns);
	if (io_fsync(fd, name, scratch, sizeof(scratch)) != 0) {
		e = errno;
		plat_close_fd(fd);
		errno = e;
		return fail(p, "fsync", name);
	}
	t0 = clock_now_ns();
	rc = io_close(fd, name, scratch, sizeof(scratch));
	ns = clock_now_ns() - t0;
	if (rc != 0)
		return fail(p, "close", name);
	record(p, FILEOP_CLOSE, ns);
	return 0;
}

/* open timed alone; read and the check of its data timed; close untimed. */
static int file_read(struct pass *p, const char *name)
{
	struct fileop_run *r = p->r;
	size_t len = (size_t)r->cfg.size_bytes;
	char scratch[IOSWEEP_ERR_MAX];
	uint64_t ns, t0;
	int fd, rc, bad = 0, e;

	TIMED(p, fd, ns, plat_open_read_fd(name));
	if (fd < 0)
		return failed(p, "open", name);
	record(p, FILEOP_OPEN, ns);
	t0 = clock_now_ns();
	rc = io_full_read(fd, r->buf, len, name, scratch, sizeof(scratch));
	if (rc == 0)
		bad = !data_check(p);
	ns = clock_now_ns() - t0;
	e = errno;
	plat_close_fd(fd);
	errno = e;
	if (rc != 0 || bad)
		r->stale = 1;	/* buf is no longer the pattern */
	if (rc == IO_EOF || bad) {
		char path[4096 + 4 * FILEOP_NAME_MAX];
		where(p, name, path, sizeof(path));
		r->err_no = EIO;
		return err_set(p->err, p->errlen, "read '%s': %s", path, bad
			       ? "the data differs from what was written"
			       : "the file is shorter than what was written");
	}
	if (rc != 0)
		return fail(p, "read", name);
	record(p, FILEOP_READ, ns);
	return 0;
}

/* The first entry of the current (level-2) directory, opendir and closedir untimed. */
static int dir_read(struct pass *p)
{
	struct plat_dir *d = plat_dir_open(".");
	const char *entry;
	uint64_t ns;
	int rc;

	if (!d)
		return failed(p, "opendir", NULL);
	TIMED(p, rc, ns, plat_dir_read(d, &entry));
	plat_dir_close(d);
	if (rc < 0)
		return failed(p, "readdir", NULL);
	record(p, FILEOP_READDIR, ns);
	return 0;
}

/* One timed call on file i_j_k for op (stat, access, chmod, link, unlink, delete). */
static int file_call(struct pass *p, enum fileop_op op, const char *name,
		     const char *lname)
{
	uint64_t ns;
	int rc = 0;

	switch (op) {
	case FILEOP_CREATE:
		return file_create(p, name);
	case FILEOP_OPEN:
		return file_read(p, name);
	case FILEOP_STAT:
		TIMED(p, rc, ns, plat_stat(name, 1, NULL) == PLAT_NONE ? -1 : 0);
		break;
	case FILEOP_ACCESS:
		TIMED(p, rc, ns, plat_access_write(name));
		break;
	case FILEOP_CHMOD:
		TIMED(p, rc, ns, plat_chmod(name, 0666));
		break;
	case FILEOP_LINK:
		*l2_of(p) |= HAS_LINKS;
		TIMED(p, rc, ns, plat_link(name, lname));
		break;
	case FILEOP_UNLINK:
		TIMED(p, rc, ns, plat_remove(lname));
		break;
	case FILEOP_DELETE:
		TIMED(p, rc, ns, plat_remove(name));
		break;
	default:
		errno = EINVAL;
		return fail(p, fileop_op_name(op), name);
	}
	if (rc != 0)
		return failed(p, fileop_op_name(op), op == FILEOP_UNLINK ? lname : name);
	record(p, op, ns);
	return 0;
}

/* The bit a phase over the files clears when it has removed all of a kind. */
static unsigned removes(enum fileop_op op)
{
	return op == FILEOP_UNLINK ? HAS_LINKS : op == FILEOP_DELETE ? HAS_FILES : 0;
}

/*
 * The phases over the files: down each level-2 directory and op on each
 * file (readdir: once per directory).  create makes the first two levels
 * on the way down, delete removes them on the way up, untimed, as fileop.
 */
static int phase_files(struct pass *p, enum fileop_op op)
{
	char name[FILEOP_NAME_MAX], lname[FILEOP_NAME_MAX];
	int rc;

	for (p->i = 0; p->i < p->x; p->i++) {
		STOP_CHECK(p);
		fileop_name(name, sizeof(name), FILEOP_NAME_L1, p->i, 0, 0);
		if (op == FILEOP_CREATE) {
			if (plat_mkdir(name) != 0)
				return failed(p, "mkdir", name);
			p->r->l1[p->i] |= MADE_DIR;
		}
		if ((rc = down(p, name)) != 0)
			return rc;
		for (p->j = 0; p->j < p->x; p->j++) {
			STOP_CHECK(p);
			fileop_name(name, sizeof(name), FILEOP_NAME_L2, p->i, p->j, 0);
			if (op == FILEOP_CREATE) {
				if (plat_mkdir(name) != 0)
					return failed(p, "mkdir", name);
				*l2_of(p) |= MADE_DIR;
			}
			if ((rc = down(p, name)) != 0)
				return rc;
			if (op == FILEOP_READDIR) {
				if ((rc = dir_read(p)) != 0)
					return rc;
			} else {
				for (p->k = 0; p->k < p->x; p->k++) {
					STOP_CHECK(p);
					fileop_name(name, sizeof(name), FILEOP_NAME_FILE,
						    p->i, p->j, p->k);
					fileop_name(lname, sizeof(lname), FILEOP_NAME_LINK,
						    p->i, p->j, p->k);
					if ((rc = file_call(p, op, name, lname)) != 0)
						return rc;
				}
			}
			*l2_of(p) &= ~removes(op);
			if ((rc = up(p)) != 0)
				return rc;
			if (op == FILEOP_DELETE) {
				fileop_name(name, sizeof(name), FILEOP_NAME_L2, p->i, p->j, 0);
				if (plat_rmdir(name) != 0)
					return failed(p, "rmdir", name);
				*l2_of(p) = 0;
			}
		}
		if ((rc = up(p)) != 0)
			return rc;
		if (op == FILEOP_DELETE) {
			fileop_name(name, sizeof(name), FILEOP_NAME_L1, p->i, 0, 0);
			if (plat_rmdir(name) != 0)
				return failed(p, "rmdir", name);
			p->r->l1[p->i] = 0;
		}
	}
	return 0;
}

/*
 * -U: before each phase, as fileop does, the file system is unmounted and
 * mounted again (untimed), from the root directory so that this process
 * keeps nothing on it busy, and the pass goes on at the tree's base.
 */
static int purge(struct pass *p)
{
	struct fileop_run *r = p->r;

	if (!r->mount)
		return 0;
	if (chdir_retry("/") != 0) {
		r->err_no = errno ? errno : EIO;
		return err_set(p->err, p->errlen, "-U: cannot chdir '/' to remount '%s': %s",
			       r->mount->dir, strerror(r->err_no));
	}
	if (plat_remount(r->mount, p->err, p->errlen) != 0) {
		r->err_no = errno ? errno : EIO;
		return -1;
	}
	if (chdir_retry(r->base) != 0)
		return fail(p, "chdir after -U's remount to", NULL);
	return 0;
}

/* Every phase in fileop's order, each after -U's remount. */
static int phases(struct pass *p)
{
	static const enum fileop_op file_phases[] = {
		FILEOP_CREATE, FILEOP_STAT, FILEOP_OPEN, FILEOP_ACCESS, FILEOP_CHMOD,
		FILEOP_READDIR, FILEOP_LINK, FILEOP_UNLINK, FILEOP_DELETE,
	};
	int rc;

	if ((rc = purge(p)) != 0 || (rc = phase_mkdir(p)) != 0 ||
	    (rc = purge(p)) != 0 || (rc = phase_chdir(p)) != 0 ||
	    (rc = purge(p)) != 0 || (rc = phase_rmdir(p)) != 0)
		return rc;
	for (size_t n = 0; n < sizeof(file_phases) / sizeof(file_phases[0]); n++) {
		enum fileop_op op = file_phases[n];
		if (!fileop_op_available(op) || (op == FILEOP_DELETE && p->r->cfg.leave))
			continue;
		if ((rc = purge(p)) != 0 || (rc = phase_files(p, op)) != 0)
			return rc;
	}
	return 0;
}

/* ---- the run -------------------------------------------------------------- */

/* 1 when the files get the pattern, 0 for fileop's byte per file. */
static int data_random(const struct fileop_cfg *cfg)
{
	return cfg->random_data || cfg->size_bytes >= FILEOP_UNIQUE_MIN;
}

const char *fileop_data_name(const struct fileop_cfg *cfg, uint64_t *unique_bytes)
{
	*unique_bytes = cfg->size_bytes >= FILEOP_UNIQUE_MIN ? PATTERN_TAG_GRID : 0;
	return data_random(cfg) ? "random" : "byte";
}

/* buf, and for random data ref and the tag grid (the data, above).  0 or -1. */
static int data_init(struct fileop_run *r)
{
	size_t len = (size_t)r->cfg.size_bytes;

	r->buf = malloc(len ? len : 1);
	if (!r->buf)
		return -1;
	memset(r->buf, 'a', len ? len : 1);
	if (!data_random(&r->cfg))
		return 0;
	r->period = len < FILEOP_PERIOD ? len : FILEOP_PERIOD;
	r->grid = len >= FILEOP_UNIQUE_MIN ? PATTERN_TAG_GRID
		: len >= sizeof(uint64_t) ? len : 0;
	r->ref = malloc(r->period ? r->period : 1);
	if (!r->ref)
		return -1;
	pattern_fill(r->ref, r->period, OPTIONS_DATA_RANDOM, 0.0, FILEOP_SEED +
		     (uint64_t)clients_rank() * 0x9e3779b97f4a7c15ull);
	data_reset(r);
	return 0;
}

int fileop_run_init(struct fileop_run *r, const struct fileop_cfg *cfg,
		    char *err, size_t errlen)
{
	memset(r, 0, sizeof(*r));
	r->cfg = *cfg;
	r->links = plat_caps()->hardlinks;
	r->home = plat_getcwd();
	if (!r->home)
		return err_set(err, errlen, "cannot tell the current directory: %s",
			       strerror(errno));
	r->base = plat_realpath(cfg->dir);
	if (!r->base)
		return err_set(err, errlen, "cannot resolve '%s': %s", cfg->dir,
			       strerror(errno));
	r->cfg.dir = r->base;
	if (data_init(r) != 0)
		return err_set(err, errlen, "out of memory for a file of %llu bytes",
			       (unsigned long long)cfg->size_bytes);
	if (!cfg->remount)
		return 0;
	/* checked from the root, where each remount is made from */
	char *mp = plat_realpath(cfg->remount);
	if (!mp)
		return err_set(err, errlen, "-U '%s': %s", cfg->remount, strerror(errno));
	r->mount = calloc(1, sizeof(*r->mount));
	if (!r->mount || chdir_retry("/") != 0) {
		int e = r->mount ? errno : ENOMEM;
		free(mp);
		return err_set(err, errlen, "-U '%s': cannot chdir '/': %s", cfg->remount,
			       strerror(e));
	}
	int rc = plat_remount_prepare(mp, r->base, r->mount, err, errlen);
	free(mp);
	if (chdir_retry(r->home) != 0 && rc == 0)
		rc = err_set(err, errlen, "cannot chdir back to '%s': %s", r->home,
			     strerror(errno));
	return rc;
}

/* Room for a tree of force x, all marks cleared. */
static int tree_reset(struct fileop_run *r, unsigned x, char *err, size_t errlen)
{
	size_t need = (size_t)x * x;

	if (need > r->tree_alloc) {
		unsigned char *l1 = realloc(r->l1, x), *l2;
		if (l1)
			r->l1 = l1;
		l2 = l1 ? realloc(r->l2, need) : NULL;
		if (!l2)
			return err_set(err, errlen, "out of memory for a tree of force %u", x);
		r->l2 = l2;
		r->tree_alloc = need;
	}
	memset(r->l1, 0, x);
	memset(r->l2, 0, need);
	r->tree_force = x;
	return 0;
}

int fileop_run_pass(struct fileop_run *r, unsigned force, struct fileop_result *res,
		    const volatile sig_atomic_t *stop, char *err, size_t errlen)
{
	struct pass p = { .r = r, .res = res, .stop = stop, .x = force,
			  .err = err, .errlen = errlen };
	int rc;

	r->err_no = 0;
	if (force < 1 || force > FILEOP_MAX_FORCE)
		return err_set(err, errlen, "force factor %u is outside 1..%u", force,
			       FILEOP_MAX_FORCE);
	/* a tree left by an earlier pass (-L) goes first, untimed */
	if (fileop_run_cleanup(r, err, errlen) != 0 || tree_reset(r, force, err, errlen) != 0)
		return -1;
	if (*stop)
		return FILEOP_STOPPED;
	/* this pass's tags, numbers no other writer of the process sends */
	if (r->grid) {
		uint64_t files = (uint64_t)force * force * force;
		r->tag0 = pattern_tags_take(files * (r->cfg.size_bytes / r->grid) /
					    PATTERN_TAG_STREAM + 1);
	}
	if (chdir_retry(r->base) != 0) {
		r->err_no = errno;
		return err_set(err, errlen, "cannot chdir '%s': %s", r->base, strerror(errno));
	}
	rc = phases(&p);
	if (chdir_retry(r->home) != 0 && rc == 0) {
		r->err_no = errno;
		rc = err_set(err, errlen, "cannot chdir back to '%s': %s", r->home,
			     strerror(errno));
	}
	return rc;
}

/* Remove path, a name this run made; one that is gone already is fine. */
static int remove_made(const char *path, int dir, int *rc, char *err, size_t errlen)
{
	if ((dir ? plat_rmdir(path) : plat_remove(path)) == 0 || errno == ENOENT)
		return 0;
	if (*rc == 0)
		*rc = err_set(err, errlen, "cannot remove '%s': %s", path, strerror(errno));
	return -1;
}

int fileop_run_cleanup(struct fileop_run *r, char *err, size_t errlen)
{
	char l1[FILEOP_NAME_MAX], l2[FILEOP_NAME_MAX], leaf[FILEOP_NAME_MAX];
	char path[4 * FILEOP_NAME_MAX];
	unsigned x = r->tree_force;
	int rc = 0;

	if (!x)
		return 0;
	if (chdir_retry(r->base) != 0)
		return err_set(err, errlen, "cannot chdir '%s' to remove the tree: %s",
			       r->base, strerror(errno));
	for (unsigned i = 0; i < x; i++) {
		if (!(r->l1[i] & MADE_DIR))
			continue;
		fileop_name(l1, sizeof(l1), FILEOP_NAME_L1, i, 0, 0);
		for (unsigned j = 0; j < x; j++) {
			unsigned char *m = &r->l2[(size_t)i * x + j];
			if (!*m)
				continue;
			fileop_name(l2, sizeof(l2), FILEOP_NAME_L2, i, j, 0);
			for (unsigned k = 0; k < x && (*m & ~MADE_DIR); k++) {
				static const struct { unsigned bit; enum fileop_name_kind kind; } leaves[] = {
					{ HAS_LINKS, FILEOP_NAME_LINK }, { HAS_FILES, FILEOP_NAME_FILE },
					{ HAS_DIRS, FILEOP_NAME_DIR },
				};
				for (size_t n = 0; n < 3; n++) {
					if (!(*m & leaves[n].bit))
						continue;
					fileop_name(leaf, sizeof(leaf), leaves[n].kind, i, j, k);
					snprintf(path, sizeof(path), "%s/%s/%s", l1, l2, leaf);
					remove_made(path, leaves[n].kind == FILEOP_NAME_DIR, &rc,
						    err, errlen);
				}
			}
			snprintf(path, sizeof(path), "%s/%s", l1, l2);
			if ((*m & MADE_DIR) && remove_made(path, 1, &rc, err, errlen) != 0)
				continue;
			*m = 0;
		}
		if (remove_made(l1, 1, &rc, err, errlen) == 0)
			r->l1[i] = 0;
	}
	if (chdir_retry(r->home) != 0 && rc == 0)
		rc = err_set(err, errlen, "cannot chdir back to '%s': %s", r->home,
			     strerror(errno));
	if (rc == 0)
		r->tree_force = 0;
	return rc;
}

void fileop_run_release(struct fileop_run *r)
{
	free(r->base);
	free(r->home);
	free(r->buf);
	free(r->ref);
	free(r->l1);
	free(r->l2);
	free(r->mount);
	memset(r, 0, sizeof(*r));
}
