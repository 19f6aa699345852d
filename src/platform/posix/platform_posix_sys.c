/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * platform_posix_sys.c: the POSIX side of the platform layer beyond the
 * test file (see platform.h): capabilities, paths and streams, clocks and
 * CPU time, signals, children as forked processes or pthreads, threads
 * and a start gate for the queue-depth workers, machine
 * facts (uname, sysconf, /proc/self/mountinfo or statfs's f_fstypename)
 * and running gnuplot with fork/exec.
 *
 * Differences between the POSIX systems are tested as capabilities
 * (HAVE_* from platform_posix.h), never as names, except where a system
 * has no feature macro to test (the name of the build, /proc).
 */
#include "platform/posix/platform_posix.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#if defined(HAVE_SCHED_SETAFFINITY)
#include <sched.h>
#elif defined(HAVE_CPUSET_SETAFFINITY)
#include <sys/param.h>
#include <sys/cpuset.h>
#endif
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/utsname.h>
#include <sys/wait.h>

/*
 * statfs with f_fstypename: <sys/mount.h> defines MFSNAMELEN, the size of
 * that field, where the field exists (a feature test, not an OS name).
 */
#if !defined(HAVE_PROC_MOUNTS) && defined(__has_include)
#if __has_include(<sys/mount.h>) && __has_include(<sys/param.h>)
#include <sys/param.h>
#include <sys/mount.h>
#if defined(MFSNAMELEN)
#define HAVE_STATFS_FSTYPENAME 1
#endif
#endif
#endif

#include "platform/clock.h"
#include "platform/nfsfile.h"
#include "platform/platform.h"
#include "platform/mountinfo.h"
#include "lib/err.h"

#if defined(CLOCK_MONOTONIC_RAW)
#define CLOCK_ID CLOCK_MONOTONIC_RAW
#else
#define CLOCK_ID CLOCK_MONOTONIC
#endif

#if defined(MAP_ANON) && !defined(MAP_ANONYMOUS)
#define MAP_ANONYMOUS MAP_ANON
#endif

/* ---- capabilities --------------------------------------------------------- */

const struct plat_caps *plat_caps(void)
{
	static const struct plat_caps caps = {
		.os = IOSWEEP_BUILD_OS,
#if defined(HAVE_O_DIRECT)
		.direct_splash = "\tO_DIRECT feature enabled",
#elif defined(HAVE_F_NOCACHE)
		.direct_splash = "\tF_NOCACHE=1 - Turns data caching off",
#endif
#if defined(HAVE_O_DSYNC)
		.odsync = 1,
#endif
#if defined(HAVE_O_RSYNC)
		.orsync = 1,
#endif
#if defined(HAVE_POSIX_FADVISE)
		.purge = 1,
#endif
		.processes = 1,
		.hardlinks = 1,
		.madvise = 1,
#if defined(__APPLE__)
		.no_bind = "macOS has no hard CPU binding (thread affinity there is "
			   "only a hint)",
#elif !defined(HAVE_SCHED_SETAFFINITY) && !defined(HAVE_CPUSET_SETAFFINITY)
		.no_bind = "this build has no call that binds a thread to a CPU",
#endif
	};
	return &caps;
}

/* ---- paths and streams ---------------------------------------------------- */

enum plat_kind plat_stat(const char *path, int follow, uint64_t *size)
{
	struct stat st;

	if ((follow ? stat(path, &st) : lstat(path, &st)) != 0)
		return PLAT_NONE;
	if (size)
		*size = (uint64_t)st.st_size;
	if (S_ISREG(st.st_mode))
		return PLAT_FILE;
	if (S_ISDIR(st.st_mode))
		return PLAT_DIR;
	if (S_ISLNK(st.st_mode))
		return PLAT_LINK;
	return PLAT_OTHER;
}

int plat_mkdir(const char *path)
{
	return mkdir(path, 0777);
}

int plat_rmdir(const char *path)
{
	return rmdir(path);
}

int plat_remove(const char *path)
{
	return unlink(path);
}

int plat_rename(const char *from, const char *to)
{
	return rename(from, to);
}

int plat_dir_writable(const char *dir)
{
	return access(dir, W_OK | X_OK) == 0;
}

char *plat_mkdtemp(char *tmpl)
{
	return mkdtemp(tmpl);
}

char *plat_realpath(const char *path)
{
	return realpath(path, NULL);
}

FILE *plat_fopen(const char *path, const char *mode)
{
	return fopen(path, mode);
}

int plat_create_fd(const char *path)
{
	return open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0666);
}

int plat_open_read_fd(const char *path)
{
	int fd;

	do
		fd = open(path, O_RDONLY);
	while (fd < 0 && errno == EINTR);
	return fd;
}

void plat_close_fd(int fd)
{
	if (nfsfile_fd_is(fd))
		nfsfile_abandon(fd);
	else if (fd >= 0)
		close(fd);
}

int plat_fsync_fd(int fd)
{
	int rc;

	do
		rc = fsync(fd);
	while (rc != 0 && errno == EINTR);
	return rc;
}

int plat_fsync_dir(const char *dir)
{
	int fd = plat_open_read_fd(dir), rc, e;

	if (fd < 0)
		return -1;
	rc = plat_fsync_fd(fd);
	e = errno;
	close(fd);
	errno = e;
	return rc;
}

long plat_pid(void)
{
	return (long)getpid();
}

int plat_stderr_is_tty(void)
{
	return isatty(2);
}

int plat_stdin_is_tty(void)
{
	return isatty(0);
}

/* ---- time ------------------------------------------------------------------ */

uint64_t clock_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static double tv_seconds(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

void clock_cpu(double *user_s, double *sys_s)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0) {
		*user_s = 0.0;
		*sys_s = 0.0;
		return;
	}
	*user_s = tv_seconds(&ru.ru_utime);
	*sys_s = tv_seconds(&ru.ru_stime);
}

uint64_t plat_peak_rss_kb(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0 || ru.ru_maxrss < 0)
		return 0;
#if defined(__APPLE__)
	return (uint64_t)ru.ru_maxrss / 1024u;	/* bytes there */
#else
	return (uint64_t)ru.ru_maxrss;		/* kB on Linux and the BSDs */
#endif
}

/*
 * Linux's /proc/stat: "cpu  user nice system idle iowait irq softirq
 * steal ..." in ticks; idle and iowait are the machine waiting, the rest
 * busy (guest time is already inside user).  Other systems have no such
 * file (their sysctls differ by name): -1 there.
 */
int clock_host_cpu(uint64_t *busy, uint64_t *total)
{
	unsigned long long v[8] = { 0 };
	FILE *f = fopen("/proc/stat", "r");
	int n;

	if (!f)
		return -1;
	n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1],
		   &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]);
	fclose(f);
	if (n < 4)
		return -1;
	*total = 0;
	for (int i = 0; i < n; i++)
		*total += v[i];
	*busy = *total - v[3] - v[4];
	return 0;
}

unsigned plat_cpu_count(void)
{
#if defined(_SC_NPROCESSORS_ONLN)
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (unsigned)n : 1u;
#else
	return 1u;
#endif
}

int plat_bind_cpu(unsigned cpu, char *err, size_t errlen)
{
#if defined(HAVE_SCHED_SETAFFINITY)
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) != 0)
		return err_set(err, errlen, "cannot bind to CPU %u: sched_setaffinity: "
			"%s", cpu, strerror(errno));
	return 0;
#elif defined(HAVE_CPUSET_SETAFFINITY)
	cpuset_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (cpuset_setaffinity(CPU_LEVEL_WHICH, CPU_WHICH_TID, -1, sizeof(set),
			       &set) != 0)
		return err_set(err, errlen, "cannot bind to CPU %u: cpuset_setaffinity: "
			"%s", cpu, strerror(errno));
	return 0;
#else
	(void)cpu;
	return err_set(err, errlen, "-P: %s", plat_caps()->no_bind);
#endif
}

int plat_thread_cpu(double *user_s, double *sys_s)
{
#if defined(RUSAGE_THREAD)
	struct rusage ru;

	if (getrusage(RUSAGE_THREAD, &ru) == 0) {
		*user_s = tv_seconds(&ru.ru_utime);
		*sys_s = tv_seconds(&ru.ru_stime);
		return 0;
	}
#elif defined(CLOCK_THREAD_CPUTIME_ID)
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0) {
		*user_s = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
		*sys_s = 0.0;
		return 0;
	}
#endif
	(void)user_s;
	(void)sys_s;
	return -1;
}

int plat_localtime(time_t t, struct tm *tm)
{
	return localtime_r(&t, tm) ? 0 : -1;
}

int plat_utc_offset(time_t t, char *out, size_t outlen)
{
	struct tm tm;
	char z[16];

	if (plat_localtime(t, &tm) != 0 || strftime(z, sizeof(z), "%z", &tm) != 5)
		return -1;
	/* %z gives +hhmm; ISO 8601's extended form wants +hh:mm */
	int w = snprintf(out, outlen, "%.3s:%s", z, z + 3);
	return w < 0 || (size_t)w >= outlen ? -1 : 0;
}

void plat_sleep_us(uint64_t us, const volatile sig_atomic_t *stop)
{
	struct timespec ts = { (time_t)(us / 1000000u), (long)(us % 1000000u) * 1000 };

	while (!(stop && *stop) && nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

void plat_sleep(unsigned seconds, const volatile sig_atomic_t *stop)
{
	plat_sleep_us((uint64_t)seconds * 1000000u, stop);
}

/* ---- signals ---------------------------------------------------------------- */

void plat_catch_stop(void (*on_stop)(int), void (*on_pipe)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = on_pipe;
	sigaction(SIGPIPE, &sa, NULL);
}

void plat_write_stderr(const char *s, size_t len)
{
	while (len > 0) {
		ssize_t n = write(2, s, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		s += n;
		len -= (size_t)n;
	}
}

const char *plat_signal_name(int sig)
{
	switch (sig) {
	case SIGINT: return "SIGINT";
	case SIGTERM: return "SIGTERM";
	case SIGHUP: return "SIGHUP";
	case SIGPIPE: return "SIGPIPE (the reader of stdout went away)";
	default: return "a signal";
	}
}

/* ---- children -------------------------------------------------------------- */

struct plat_thread {
	pthread_t tid;
	int (*fn)(void *);
	void *arg;
	int rc;
};

static void *thread_main(void *p)
{
	struct plat_thread *t = p;

	t->rc = t->fn(t->arg);
	return NULL;
}

int plat_thread_start(struct plat_thread **out, int (*fn)(void *), void *arg,
		      char *err, size_t errlen)
{
	struct plat_thread *t = calloc(1, sizeof(*t));
	int rc;

	*out = NULL;
	if (!t)
		return err_set(err, errlen, "cannot start a thread: out of memory");
	t->fn = fn;
	t->arg = arg;
	rc = pthread_create(&t->tid, NULL, thread_main, t);
	if (rc != 0) {
		err_set(err, errlen, "cannot start a thread: %s", strerror(rc));
		free(t);
		return -1;
	}
	*out = t;
	return 0;
}

int plat_thread_join(struct plat_thread *t)
{
	int rc;

	pthread_join(t->tid, NULL);
	rc = t->rc;
	free(t);
	return rc;
}

struct plat_gate {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	unsigned arrived;
	int open, go;
};

struct plat_gate *plat_gate_new(void)
{
	struct plat_gate *g = calloc(1, sizeof(*g));

	if (!g)
		return NULL;
	if (pthread_mutex_init(&g->mu, NULL) != 0) {
		free(g);
		return NULL;
	}
	if (pthread_cond_init(&g->cv, NULL) != 0) {
		pthread_mutex_destroy(&g->mu);
		free(g);
		return NULL;
	}
	return g;
}

void plat_gate_free(struct plat_gate *g)
{
	if (!g)
		return;
	pthread_cond_destroy(&g->cv);
	pthread_mutex_destroy(&g->mu);
	free(g);
}

int plat_gate_arrive(struct plat_gate *g)
{
	int go;

	pthread_mutex_lock(&g->mu);
	g->arrived++;
	pthread_cond_broadcast(&g->cv);
	while (!g->open)
		pthread_cond_wait(&g->cv, &g->mu);
	go = g->go;
	pthread_mutex_unlock(&g->mu);
	return go;
}

void plat_gate_wait(struct plat_gate *g, unsigned n)
{
	pthread_mutex_lock(&g->mu);
	while (g->arrived < n)
		pthread_cond_wait(&g->cv, &g->mu);
	pthread_mutex_unlock(&g->mu);
}

void plat_gate_open(struct plat_gate *g, int go)
{
	pthread_mutex_lock(&g->mu);
	g->go = go;
	g->open = 1;
	pthread_cond_broadcast(&g->cv);
	pthread_mutex_unlock(&g->mu);
}

int plat_child_start(struct plat_child *ch, int threads, int (*fn)(void *),
		     void *arg, const int *close_fds, int nclose,
		     char *err, size_t errlen)
{
	memset(ch, 0, sizeof(*ch));
	if (threads) {
		struct plat_thread *t;
		if (plat_thread_start(&t, fn, arg, err, errlen) != 0)
			return -1;
		ch->thread = t;
		return 0;
	}
	pid_t pid = fork();
	if (pid < 0)
		return err_set(err, errlen, "cannot start a process: %s", strerror(errno));
	if (pid == 0) {
		for (int i = 0; i < nclose; i++)
			close(close_fds[i]);
		_exit(fn(arg));
	}
	ch->pid = (long)pid;
	return 0;
}

int plat_child_wait(struct plat_child *ch, int *sig,
		    const volatile sig_atomic_t *stop,
		    void (*on_stop)(void *), void *ctx)
{
	int status = 0, told = 0;

	*sig = 0;
	if (ch->thread) {
		plat_thread_join(ch->thread);
		ch->thread = NULL;
		return 0;
	}
	while (waitpid((pid_t)ch->pid, &status, 0) < 0) {
		if (errno != EINTR)
			return -1;
		if (stop && *stop && !told && on_stop) {
			on_stop(ctx);
			told = 1;
		}
	}
	if (WIFSIGNALED(status))
		*sig = WTERMSIG(status);
	ch->pid = 0;
	return 0;
}

void *plat_shared_alloc(size_t len)
{
#if defined(MAP_ANONYMOUS)
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		       -1, 0);
	return p == MAP_FAILED ? NULL : p;
#else
	/* no anonymous shared mappings: a file-less shared object is not portable */
	(void)len;
	errno = ENOSYS;
	return NULL;
#endif
}

void plat_shared_free(void *p, size_t len)
{
	if (p)
		munmap(p, len);
}

int plat_pipe(int fds[2])
{
	return pipe(fds);
}

long plat_pipe_read(int fd, void *buf, size_t len)
{
	return (long)read(fd, buf, len);
}

void plat_pipe_signal(int fd)
{
	char b = 1;

	while (write(fd, &b, 1) < 0 && errno == EINTR)
		;
}

/* ---- machine facts --------------------------------------------------------- */

void plat_host_name(char *out, size_t outlen)
{
	char host[256];

	if (gethostname(host, sizeof(host)) != 0 || !host[0])
		snprintf(host, sizeof(host), "unknown");
	host[sizeof(host) - 1] = '\0';
	snprintf(out, outlen, "%s", host);
}

void plat_os_name(char *out, size_t outlen)
{
	struct utsname u;

	if (uname(&u) == 0)
		snprintf(out, outlen, "%s %s %s", u.sysname, u.release, u.machine);
	else
		snprintf(out, outlen, "unknown");
}

void plat_machine(char *out, size_t outlen)
{
	struct utsname u;

	snprintf(out, outlen, "%s", uname(&u) == 0 ? u.machine : "unknown");
}

int plat_uname_line(char *out, size_t outlen)
{
	struct utsname u;

	if (uname(&u) != 0)
		return -1;
	snprintf(out, outlen, "%s %s %s %s %s", u.sysname, u.nodename, u.release,
		 u.version, u.machine);
	return 0;
}

uint64_t plat_ram_kb(void)
{
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	if (pages > 0 && page > 0)
		return (uint64_t)pages * (uint64_t)page / 1024u;
#endif
	return 0;
}

#if defined(HAVE_STATFS_FSTYPENAME)
static const struct {
	unsigned long long flag;
	const char *word;
} mnt_words[] = {
#ifdef MNT_NOATIME
	{ MNT_NOATIME, "noatime" },
#endif
#ifdef MNT_NOSUID
	{ MNT_NOSUID, "nosuid" },
#endif
#ifdef MNT_NOEXEC
	{ MNT_NOEXEC, "noexec" },
#endif
#ifdef MNT_SYNCHRONOUS
	{ MNT_SYNCHRONOUS, "sync" },
#endif
#ifdef MNT_ASYNC
	{ MNT_ASYNC, "async" },
#endif
#ifdef MNT_LOCAL
	{ MNT_LOCAL, "local" },
#endif
#ifdef MNT_JOURNALED
	{ MNT_JOURNALED, "journaled" },
#endif
	{ 0, NULL }
};

static int statfs_lookup(const char *dir, char *fs_type, size_t fs_len,
			 char *options, size_t options_len)
{
	struct statfs sf;
	if (statfs(dir, &sf) != 0)
		return -1;
	snprintf(fs_type, fs_len, "%s", sf.f_fstypename);
	unsigned long long fl = (unsigned long long)sf.f_flags;
#ifdef MNT_RDONLY
	snprintf(options, options_len, "%s", (fl & MNT_RDONLY) ? "ro" : "rw");
#else
	options[0] = '\0';
#endif
	for (size_t i = 0; mnt_words[i].word; i++)
		if (fl & mnt_words[i].flag)
			mountinfo_merge_options(options, options_len, options,
					      mnt_words[i].word);
	return 0;
}
#endif

int plat_fs_info(const char *dir, char *fs_type, size_t fs_len,
		 char *options, size_t options_len)
{
	int found = -1;

#if defined(HAVE_PROC_MOUNTS)
	FILE *fp = fopen("/proc/self/mountinfo", "r");
	if (fp) {
		found = mountinfo_parse(fp, dir, fs_type, fs_len,
						options, options_len);
		fclose(fp);
	}
#elif defined(HAVE_STATFS_FSTYPENAME)
	found = statfs_lookup(dir, fs_type, fs_len, options, options_len);
#else
	(void)dir; (void)fs_type; (void)fs_len; (void)options; (void)options_len;
#endif
	return found;
}

/* ---- running a program ---------------------------------------------------- */

int plat_program_found(const char *prog)
{
	if (strchr(prog, '/'))
		return access(prog, X_OK) == 0;
	const char *path = getenv("PATH");
	if (!path)
		path = "/usr/bin:/bin";
	while (*path) {
		size_t n = strcspn(path, ":");
		char full[4096];
		snprintf(full, sizeof(full), "%.*s/%s", (int)n, n ? path : ".", prog);
		if (access(full, X_OK) == 0)
			return 1;
		path += n + (path[n] == ':');
	}
	return 0;
}

/* In the child: write a message to stderr (the pipe) without stdio. */
static void child_say(const char *what, const char *name, int e)
{
	char line[1200];
	int n = snprintf(line, sizeof(line), "cannot %s '%s': %s\n", what, name,
			 strerror(e));
	if (n > 0)
		(void)!write(2, line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
}

int plat_run(const char *prog, const char *const *args, const char *dir,
	     char *msg, size_t msglen, int *status, char *err, size_t errlen)
{
	int pfd[2], st = 0;
	size_t used = 0;

	if (msglen)
		msg[0] = '\0';
	if (pipe(pfd) != 0)
		return err_set(err, errlen, "cannot run %s: pipe: %s", prog, strerror(errno));
	pid_t pid = fork();
	if (pid < 0) {
		err_set(err, errlen, "cannot run %s: fork: %s", prog, strerror(errno));
		close(pfd[0]);
		close(pfd[1]);
		return -1;
	}
	if (pid == 0) {
		int devnull = open("/dev/null", O_RDWR);
		if (devnull >= 0) {
			dup2(devnull, 0);
			dup2(devnull, 1);
		}
		dup2(pfd[1], 2);
		close(pfd[0]);
		close(pfd[1]);
		if (chdir(dir) != 0) {
			child_say("enter", dir, errno);
			_exit(126);
		}
		execvp(prog, (char *const *)(uintptr_t)args);
		child_say("run", prog, errno);
		_exit(127);
	}
	close(pfd[1]);
	for (;;) {
		char chunk[1024];
		ssize_t n = read(pfd[0], chunk, sizeof(chunk));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		size_t keep = (size_t)n;
		if (msglen && keep > msglen - 1 - used)
			keep = msglen - 1 - used;
		if (keep) {
			memcpy(msg + used, chunk, keep);
			used += keep;
			msg[used] = '\0';
		}
	}
	close(pfd[0]);
	while (waitpid(pid, &st, 0) < 0) {
		if (errno != EINTR)
			return err_set(err, errlen, "cannot run %s: waitpid: %s", prog,
				strerror(errno));
	}
	*status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	return 0;
}

void plat_utf8_args(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
}
