/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * platform_win_sys.c: the Win32 side of the platform layer beyond the test
 * file (see platform.h): capabilities, UTF-8 paths through wide calls,
 * QueryPerformanceCounter and GetProcessTimes/GetThreadTimes, Ctrl-C
 * through SetConsoleCtrlHandler, throughput children and the queue-depth
 * workers as Win32 threads (CreateThread, no winpthreads; their start
 * gate an SRWLOCK and a CONDITION_VARIABLE) with anonymous pipes, machine facts
 * (RtlGetVersion, GetVolumeInformationW, GlobalMemoryStatusEx), and
 * gnuplot found on PATH (';'-separated, '.exe') and run with
 * CreateProcessW.  The command line is read as UTF-16 and handed on as
 * UTF-8; standard output and error are binary, so the report has the same
 * '\n' line ends as on Linux.
 */
#include "platform/win/platform_win.h"

#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <shellapi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <wchar.h>

#include "platform/clock.h"
#include "platform/platform.h"
#include "lib/err.h"

/* ---- shared helpers (platform_win.h) ------------------------------------ */

wchar_t *win_wide(const char *utf8)
{
	int n = MultiByteToWideChar(CP_UTF8, 0, utf8, -1, NULL, 0);
	wchar_t *w;

	if (n <= 0)
		return NULL;
	w = malloc((size_t)n * sizeof(*w));
	if (w && MultiByteToWideChar(CP_UTF8, 0, utf8, -1, w, n) <= 0) {
		free(w);
		return NULL;
	}
	return w;
}

int win_utf8(const wchar_t *w, char *out, size_t outlen)
{
	int n = WideCharToMultiByte(CP_UTF8, 0, w, -1, out, (int)outlen, NULL, NULL);

	if (n <= 0) {
		if (outlen)
			out[0] = '\0';
		return -1;
	}
	return 0;
}

void win_error_text(DWORD e, char *out, size_t outlen)
{
	wchar_t buf[512];
	DWORD n = FormatMessageW(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
				 NULL, e, MAKELANGID(LANG_NEUTRAL, SUBLANG_DEFAULT),
				 buf, sizeof(buf) / sizeof(buf[0]), NULL);

	if (n == 0 || win_utf8(buf, out, outlen) != 0) {
		snprintf(out, outlen, "Windows error %lu", (unsigned long)e);
		return;
	}
	size_t len = strlen(out);
	while (len && (out[len - 1] == '\n' || out[len - 1] == '\r' ||
		       out[len - 1] == ' ' || out[len - 1] == '.'))
		out[--len] = '\0';
}

int win_errno(DWORD e)
{
	switch (e) {
	case ERROR_FILE_NOT_FOUND: case ERROR_PATH_NOT_FOUND: case ERROR_INVALID_DRIVE:
	case ERROR_BAD_NETPATH: case ERROR_BAD_NET_NAME:
		return ENOENT;
	case ERROR_FILE_EXISTS: case ERROR_ALREADY_EXISTS:
		return EEXIST;
	case ERROR_ACCESS_DENIED: case ERROR_SHARING_VIOLATION: case ERROR_LOCK_VIOLATION:
	case ERROR_WRITE_PROTECT:
		return EACCES;
	case ERROR_DISK_FULL: case ERROR_HANDLE_DISK_FULL:
		return ENOSPC;
	case ERROR_NOT_ENOUGH_MEMORY: case ERROR_OUTOFMEMORY:
		return ENOMEM;
	case ERROR_DIRECTORY:
		return ENOTDIR;
	case ERROR_DIR_NOT_EMPTY:
		return ENOTEMPTY;
	case ERROR_BROKEN_PIPE: case ERROR_NO_DATA:
		return EPIPE;
	case ERROR_INVALID_NAME: case ERROR_INVALID_PARAMETER:
		return EINVAL;
	default:
		return EIO;
	}
}

/* Set errno from GetLastError(); returns -1. */
static int last_errno(void)
{
	errno = win_errno(GetLastError());
	return -1;
}

/* ---- capabilities -------------------------------------------------------- */

const struct plat_caps *plat_caps(void)
{
	static const struct plat_caps caps = {
		.os = "windows",
		.direct_splash = "\tFILE_FLAG_NO_BUFFERING - Turns data caching off",
		.odsync = 1,      /* FILE_FLAG_WRITE_THROUGH */
		.orsync = 0,
		.purge = 0,
		.processes = 0,   /* children are threads */
		.hardlinks = 0,   /* fileop drops link and unlink here, as IOzone's does */
		.unbuffered_api = 1, /* -+U: NO_BUFFERING | WRITE_THROUGH */
	};
	return &caps;
}

/* ---- paths and streams ---------------------------------------------------- */

enum plat_kind plat_stat(const char *path, int follow, uint64_t *size)
{
	wchar_t *w = win_wide(path);
	WIN32_FILE_ATTRIBUTE_DATA a;
	enum plat_kind k;

	if (!w) {
		errno = ENOMEM;
		return PLAT_NONE;
	}
	if (!GetFileAttributesExW(w, GetFileExInfoStandard, &a)) {
		free(w);
		last_errno();
		return PLAT_NONE;
	}
	if ((a.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) && follow) {
		/* what the link names: open it, following */
		HANDLE h = CreateFileW(w, 0, FILE_SHARE_READ | FILE_SHARE_WRITE |
				       FILE_SHARE_DELETE, NULL, OPEN_EXISTING,
				       FILE_FLAG_BACKUP_SEMANTICS, NULL);
		BY_HANDLE_FILE_INFORMATION bi;
		if (h == INVALID_HANDLE_VALUE || !GetFileInformationByHandle(h, &bi)) {
			if (h != INVALID_HANDLE_VALUE)
				CloseHandle(h);
			free(w);
			last_errno();
			return PLAT_NONE;
		}
		CloseHandle(h);
		a.dwFileAttributes = bi.dwFileAttributes & ~(DWORD)FILE_ATTRIBUTE_REPARSE_POINT;
		a.nFileSizeHigh = bi.nFileSizeHigh;
		a.nFileSizeLow = bi.nFileSizeLow;
	}
	free(w);
	if (size)
		*size = ((uint64_t)a.nFileSizeHigh << 32) | a.nFileSizeLow;
	if (a.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)
		k = PLAT_LINK;
	else if (a.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY)
		k = PLAT_DIR;
	else if (a.dwFileAttributes & FILE_ATTRIBUTE_DEVICE)
		k = PLAT_OTHER;
	else
		k = PLAT_FILE;
	return k;
}

/* Run a wide-path call that returns a BOOL; 0 or -1 with errno. */
static int wide_call(const char *path, BOOL (WINAPI *fn)(LPCWSTR))
{
	wchar_t *w = win_wide(path);
	BOOL ok;

	if (!w) {
		errno = ENOMEM;
		return -1;
	}
	ok = fn(w);
	free(w);
	return ok ? 0 : last_errno();
}

static BOOL WINAPI make_dir(LPCWSTR w)
{
	return CreateDirectoryW(w, NULL);
}

int plat_mkdir(const char *path)
{
	return wide_call(path, make_dir);
}

int plat_rmdir(const char *path)
{
	return wide_call(path, RemoveDirectoryW);
}

int plat_remove(const char *path)
{
	return wide_call(path, DeleteFileW);
}

int plat_rename(const char *from, const char *to)
{
	wchar_t *a = win_wide(from), *b = win_wide(to);
	int rc = -1;

	if (a && b)
		rc = MoveFileExW(a, b, MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)
			? 0 : last_errno();
	else
		errno = ENOMEM;
	free(a);
	free(b);
	return rc;
}

int plat_dir_writable(const char *dir)
{
	wchar_t *w = win_wide(dir);
	DWORD a = w ? GetFileAttributesW(w) : INVALID_FILE_ATTRIBUTES;

	free(w);
	if (a == INVALID_FILE_ATTRIBUTES)
		return last_errno() + 1;
	if (!(a & FILE_ATTRIBUTE_DIRECTORY)) {
		errno = ENOTDIR;
		return 0;
	}
	return 1;
}

char *plat_mkdtemp(char *tmpl)
{
	size_t n = strlen(tmpl);

	for (int tries = 0; tries < 100; tries++) {
		static const char abc[] = "abcdefghijklmnopqrstuvwxyz0123456789";
		unsigned v = (unsigned)(clock_now_ns() ^ ((uint64_t)GetCurrentProcessId() << 20));
		for (size_t i = n >= 6 ? n - 6 : n; i < n; i++) {
			tmpl[i] = abc[v % 36];
			v = v / 36 + (unsigned)tries * 7919u + (unsigned)i;
		}
		if (plat_mkdir(tmpl) == 0)
			return tmpl;
		if (errno != EEXIST)
			return NULL;
	}
	return NULL;
}

char *plat_realpath(const char *path)
{
	wchar_t *w, full[32768];
	char *out = NULL;

	if (plat_stat(path, 1, NULL) == PLAT_NONE)
		return NULL;   /* like realpath(3): the path must exist */
	w = win_wide(path);
	if (w && GetFullPathNameW(w, sizeof(full) / sizeof(full[0]), full, NULL) > 0) {
		size_t cap = wcslen(full) * 3 + 1;
		out = malloc(cap);
		if (out && win_utf8(full, out, cap) != 0) {
			free(out);
			out = NULL;
		}
	}
	free(w);
	return out;
}

FILE *plat_fopen(const char *path, const char *mode)
{
	wchar_t *w = win_wide(path), wm[8];
	size_t i = 0;
	FILE *fp = NULL;

	for (; i < 5 && mode[i]; i++)
		wm[i] = (wchar_t)(unsigned char)mode[i];
	if (!strchr(mode, 'b'))
		wm[i++] = L'b';
	wm[i] = 0;
	if (w)
		fp = _wfopen(w, wm);
	else
		errno = ENOMEM;
	free(w);
	return fp;
}

static int wide_open(const char *path, int flags)
{
	wchar_t *w = win_wide(path);
	int fd = -1;

	if (w)
		fd = _wopen(w, flags | _O_BINARY, _S_IREAD | _S_IWRITE);
	else
		errno = ENOMEM;
	free(w);
	return fd;
}

int plat_create_fd(const char *path)
{
	return wide_open(path, _O_WRONLY | _O_CREAT | _O_EXCL);
}

int plat_open_read_fd(const char *path)
{
	return wide_open(path, _O_RDONLY);
}

void plat_close_fd(int fd)
{
	if (fd >= 0)
		_close(fd);
}

int plat_fsync_fd(int fd)
{
	return FlushFileBuffers((HANDLE)_get_osfhandle(fd)) ? 0 : last_errno();
}

int plat_fsync_dir(const char *dir)
{
	(void)dir;
	return 0;
}

long plat_pid(void)
{
	return (long)GetCurrentProcessId();
}

int plat_stderr_is_tty(void)
{
	return _isatty(2);
}

int plat_stdin_is_tty(void)
{
	return _isatty(0);
}

/* ---- time ------------------------------------------------------------------ */

uint64_t clock_now_ns(void)
{
	static LARGE_INTEGER freq;
	LARGE_INTEGER c;

	if (!freq.QuadPart)
		QueryPerformanceFrequency(&freq);
	QueryPerformanceCounter(&c);
	uint64_t f = (uint64_t)freq.QuadPart, v = (uint64_t)c.QuadPart;
	return v / f * 1000000000ull + v % f * 1000000000ull / f;
}

static double filetime_s(const FILETIME *ft)
{
	return (double)(((uint64_t)ft->dwHighDateTime << 32) | ft->dwLowDateTime) / 1e7;
}

void clock_cpu(double *user_s, double *sys_s)
{
	FILETIME c, e, k, u;

	if (!GetProcessTimes(GetCurrentProcess(), &c, &e, &k, &u)) {
		*user_s = 0.0;
		*sys_s = 0.0;
		return;
	}
	*user_s = filetime_s(&u);
	*sys_s = filetime_s(&k);
}

/* GetSystemTimes: the kernel time includes the idle time. */
int clock_host_cpu(uint64_t *busy, uint64_t *total)
{
	FILETIME idle, kern, user;
	uint64_t i, k, u;

	if (!GetSystemTimes(&idle, &kern, &user))
		return -1;
	i = ((uint64_t)idle.dwHighDateTime << 32) | idle.dwLowDateTime;
	k = ((uint64_t)kern.dwHighDateTime << 32) | kern.dwLowDateTime;
	u = ((uint64_t)user.dwHighDateTime << 32) | user.dwLowDateTime;
	*total = k + u;
	*busy = *total > i ? *total - i : 0;
	return 0;
}

unsigned plat_cpu_count(void)
{
	SYSTEM_INFO si;

	GetSystemInfo(&si);
	return si.dwNumberOfProcessors > 0 ? (unsigned)si.dwNumberOfProcessors : 1u;
}

int plat_bind_cpu(unsigned cpu, char *err, size_t errlen)
{
	char text[256];

	if (cpu >= sizeof(DWORD_PTR) * 8)
		return err_set(err, errlen, "cannot bind to CPU %u: a thread's "
			"affinity mask covers CPUs 0 to %u of its group", cpu,
			(unsigned)(sizeof(DWORD_PTR) * 8 - 1));
	if (SetThreadAffinityMask(GetCurrentThread(), (DWORD_PTR)1 << cpu) == 0) {
		win_error_text(GetLastError(), text, sizeof(text));
		return err_set(err, errlen, "cannot bind to CPU %u: "
			"SetThreadAffinityMask: %s", cpu, text);
	}
	return 0;
}

int plat_thread_cpu(double *user_s, double *sys_s)
{
	FILETIME c, e, k, u;

	if (!GetThreadTimes(GetCurrentThread(), &c, &e, &k, &u))
		return -1;
	*user_s = filetime_s(&u);
	*sys_s = filetime_s(&k);
	return 0;
}

uint64_t plat_peak_rss_kb(void)
{
	return 0;	/* GetProcessMemoryInfo needs psapi, which the build does not link */
}

int plat_localtime(time_t t, struct tm *tm)
{
	memset(tm, 0, sizeof(*tm));   /* Microsoft's localtime_s: (out, in) */
	return localtime_s(tm, &t) == 0 ? 0 : -1;
}

int plat_utc_offset(time_t t, char *out, size_t outlen)
{
	struct tm l = { 0 }, g = { 0 };

	if (localtime_s(&l, &t) != 0 || gmtime_s(&g, &t) != 0)
		return -1;
	long days = l.tm_year != g.tm_year ? (l.tm_year > g.tm_year ? 1 : -1)
		: l.tm_yday - g.tm_yday;
	long off = days * 86400 + (l.tm_hour - g.tm_hour) * 3600L +
		(l.tm_min - g.tm_min) * 60L;
	long a = off < 0 ? -off : off;
	int w = snprintf(out, outlen, "%c%02ld:%02ld", off < 0 ? '-' : '+', a / 3600,
			 a / 60 % 60);
	return w < 0 || (size_t)w >= outlen ? -1 : 0;
}

void plat_sleep(unsigned seconds, const volatile sig_atomic_t *stop)
{
	plat_sleep_us((uint64_t)seconds * 1000000u, stop);
}

/* Sleep() counts milliseconds: a part of one is a whole one. */
void plat_sleep_us(uint64_t us, const volatile sig_atomic_t *stop)
{
	for (uint64_t ms = (us + 999) / 1000; ms && !(stop && *stop);) {
		DWORD step = ms > 100 ? 100 : (DWORD)ms;
		Sleep(step);
		ms -= step;
	}
}

/* ---- signals ---------------------------------------------------------------- */

static void (*ctrl_on_stop)(int);

static BOOL WINAPI on_ctrl(DWORD type)
{
	if (!ctrl_on_stop)
		return FALSE;
	ctrl_on_stop(type == CTRL_C_EVENT ? SIGINT : SIGTERM);
	return TRUE;
}

void plat_catch_stop(void (*on_stop)(int), void (*on_pipe)(int))
{
	(void)on_pipe;   /* no SIGPIPE: a write to a closed pipe fails instead */
	ctrl_on_stop = on_stop;
	SetConsoleCtrlHandler(on_ctrl, TRUE);
}

void plat_write_stderr(const char *s, size_t len)
{
	DWORD done;

	WriteFile(GetStdHandle(STD_ERROR_HANDLE), s, (DWORD)len, &done, NULL);
}

const char *plat_signal_name(int sig)
{
	switch (sig) {
	case SIGINT: return "SIGINT";
	case SIGTERM: return "SIGTERM";
	default: return "a signal";
	}
}

/* ---- children: threads -------------------------------------------------------- */

struct plat_thread {
	HANDLE h;
	int (*fn)(void *);
	void *arg;
};

static DWORD WINAPI thread_main(LPVOID p)
{
	struct plat_thread *t = p;

	return (DWORD)t->fn(t->arg);
}

int plat_thread_start(struct plat_thread **out, int (*fn)(void *), void *arg,
		      char *err, size_t errlen)
{
	struct plat_thread *t = calloc(1, sizeof(*t));

	*out = NULL;
	if (!t)
		return err_set(err, errlen, "cannot start a thread: out of memory");
	t->fn = fn;
	t->arg = arg;
	t->h = CreateThread(NULL, 0, thread_main, t, 0, NULL);
	if (!t->h) {
		char text[256];
		win_error_text(GetLastError(), text, sizeof(text));
		err_set(err, errlen, "cannot start a thread: %s", text);
		free(t);
		return -1;
	}
	*out = t;
	return 0;
}

int plat_thread_join(struct plat_thread *t)
{
	DWORD code = 0;

	WaitForSingleObject(t->h, INFINITE);
	GetExitCodeThread(t->h, &code);
	CloseHandle(t->h);
	free(t);
	return (int)code;
}

/* The start gate: a slim reader/writer lock (exclusive) and a condition variable. */
struct plat_gate {
	SRWLOCK mu;
	CONDITION_VARIABLE cv;
	unsigned arrived;
	int open, go;
};

struct plat_gate *plat_gate_new(void)
{
	struct plat_gate *g = calloc(1, sizeof(*g));

	if (!g)
		return NULL;
	InitializeSRWLock(&g->mu);
	InitializeConditionVariable(&g->cv);
	return g;
}

void plat_gate_free(struct plat_gate *g)
{
	free(g);   /* SRW locks and condition variables hold no resources */
}

int plat_gate_arrive(struct plat_gate *g)
{
	int go;

	AcquireSRWLockExclusive(&g->mu);
	g->arrived++;
	WakeAllConditionVariable(&g->cv);
	while (!g->open)
		SleepConditionVariableSRW(&g->cv, &g->mu, INFINITE, 0);
	go = g->go;
	ReleaseSRWLockExclusive(&g->mu);
	return go;
}

void plat_gate_wait(struct plat_gate *g, unsigned n)
{
	AcquireSRWLockExclusive(&g->mu);
	while (g->arrived < n)
		SleepConditionVariableSRW(&g->cv, &g->mu, INFINITE, 0);
	ReleaseSRWLockExclusive(&g->mu);
}

void plat_gate_open(struct plat_gate *g, int go)
{
	AcquireSRWLockExclusive(&g->mu);
	g->go = go;
	g->open = 1;
	WakeAllConditionVariable(&g->cv);
	ReleaseSRWLockExclusive(&g->mu);
}

int plat_child_start(struct plat_child *ch, int threads, int (*fn)(void *),
		     void *arg, const int *close_fds, int nclose,
		     char *err, size_t errlen)
{
	struct plat_thread *t;

	(void)close_fds;
	(void)nclose;
	memset(ch, 0, sizeof(*ch));
	if (!threads)
		return err_set(err, errlen, "cannot start a process: Windows runs "
			"throughput children as threads");
	if (plat_thread_start(&t, fn, arg, err, errlen) != 0)
		return -1;
	ch->thread = t;
	return 0;
}

int plat_child_wait(struct plat_child *ch, int *sig,
		    const volatile sig_atomic_t *stop,
		    void (*on_stop)(void *), void *ctx)
{
	struct plat_thread *t = ch->thread;
	int told = 0;

	*sig = 0;
	if (!t)
		return 0;
	while (WaitForSingleObject(t->h, 100) == WAIT_TIMEOUT) {
		if (stop && *stop && !told && on_stop) {
			on_stop(ctx);
			told = 1;
		}
	}
	plat_thread_join(t);
	ch->thread = NULL;
	return 0;
}

void *plat_shared_alloc(size_t len)
{
	return calloc(1, len ? len : 1);   /* threads share the process's memory */
}

void plat_shared_free(void *p, size_t len)
{
	(void)len;
	free(p);
}

int plat_pipe(int fds[2])
{
	HANDLE r, w;

	if (!CreatePipe(&r, &w, NULL, 0))
		return last_errno();
	fds[0] = _open_osfhandle((intptr_t)r, _O_RDONLY | _O_BINARY);
	fds[1] = _open_osfhandle((intptr_t)w, _O_WRONLY | _O_BINARY);
	if (fds[0] < 0 || fds[1] < 0) {
		if (fds[0] >= 0)
			_close(fds[0]);
		else
			CloseHandle(r);
		if (fds[1] >= 0)
			_close(fds[1]);
		else
			CloseHandle(w);
		errno = EMFILE;
		return -1;
	}
	return 0;
}

long plat_pipe_read(int fd, void *buf, size_t len)
{
	DWORD n = 0;

	if (ReadFile((HANDLE)_get_osfhandle(fd), buf, (DWORD)len, &n, NULL))
		return (long)n;
	if (GetLastError() == ERROR_BROKEN_PIPE)
		return 0;   /* every writer closed it */
	return last_errno();
}

void plat_pipe_signal(int fd)
{
	DWORD n;
	char b = 1;

	WriteFile((HANDLE)_get_osfhandle(fd), &b, 1, &n, NULL);
}

/* ---- machine facts ------------------------------------------------------------ */

void plat_host_name(char *out, size_t outlen)
{
	wchar_t w[256];
	DWORD n = sizeof(w) / sizeof(w[0]);

	if (!GetComputerNameExW(ComputerNameDnsHostname, w, &n) || !w[0] ||
	    win_utf8(w, out, outlen) != 0)
		snprintf(out, outlen, "unknown");
}

/* Major, minor and build of the running Windows (RtlGetVersion does not lie). */
static void os_version(unsigned long *major, unsigned long *minor, unsigned long *build)
{
	typedef LONG (WINAPI *get_version_fn)(OSVERSIONINFOW *);
	OSVERSIONINFOW v;
	HMODULE nt = GetModuleHandleW(L"ntdll.dll");
	get_version_fn fn = NULL;

	*major = *minor = *build = 0;
	if (nt) {
		FARPROC p = GetProcAddress(nt, "RtlGetVersion");
		memcpy(&fn, &p, sizeof(fn));
	}
	memset(&v, 0, sizeof(v));
	v.dwOSVersionInfoSize = sizeof(v);
	if (fn && fn(&v) == 0) {
		*major = v.dwMajorVersion;
		*minor = v.dwMinorVersion;
		*build = v.dwBuildNumber;
	}
}

void plat_machine(char *out, size_t outlen)
{
	SYSTEM_INFO si;

	GetNativeSystemInfo(&si);
	switch (si.wProcessorArchitecture) {
	case PROCESSOR_ARCHITECTURE_AMD64: snprintf(out, outlen, "x86_64"); break;
	case PROCESSOR_ARCHITECTURE_ARM64: snprintf(out, outlen, "aarch64"); break;
	case PROCESSOR_ARCHITECTURE_INTEL: snprintf(out, outlen, "i686"); break;
	default: snprintf(out, outlen, "unknown"); break;
	}
}

void plat_os_name(char *out, size_t outlen)
{
	unsigned long major, minor, build;
	char machine[32];

	os_version(&major, &minor, &build);
	plat_machine(machine, sizeof(machine));
	snprintf(out, outlen, "Windows %lu.%lu.%lu %s", major, minor, build, machine);
}

int plat_uname_line(char *out, size_t outlen)
{
	unsigned long major, minor, build;
	char host[256], machine[32];

	os_version(&major, &minor, &build);
	plat_host_name(host, sizeof(host));
	plat_machine(machine, sizeof(machine));
	snprintf(out, outlen, "Windows %s %lu.%lu build %lu %s", host, major, minor,
		 build, machine);
	return 0;
}

uint64_t plat_ram_kb(void)
{
	MEMORYSTATUSEX m;

	m.dwLength = sizeof(m);
	return GlobalMemoryStatusEx(&m) ? (uint64_t)m.ullTotalPhys / 1024u : 0;
}

int plat_fs_info(const char *dir, char *fs_type, size_t fs_len,
		 char *options, size_t options_len)
{
	wchar_t *w = win_wide(dir), root[MAX_PATH + 1], fs[MAX_PATH + 1];
	DWORD flags = 0;
	int rc = -1;

	if (w && GetVolumePathNameW(w, root, MAX_PATH + 1) &&
	    GetVolumeInformationW(root, NULL, 0, NULL, NULL, &flags, fs, MAX_PATH + 1) &&
	    win_utf8(fs, fs_type, fs_len) == 0) {
		snprintf(options, options_len, "%s%s%s",
			 (flags & FILE_READ_ONLY_VOLUME) ? "ro" : "rw",
			 GetDriveTypeW(root) == DRIVE_REMOTE ? ",remote" : "",
			 (flags & FILE_VOLUME_IS_COMPRESSED) ? ",compressed" : "");
		rc = 0;
	}
	free(w);
	return rc;
}

/* ---- running a program -------------------------------------------------------- */

static int is_file(const char *path)
{
	return plat_stat(path, 1, NULL) == PLAT_FILE;
}

int plat_program_found(const char *prog)
{
	char full[4096];

	if (strchr(prog, '/') || strchr(prog, '\\')) {
		snprintf(full, sizeof(full), "%s.exe", prog);
		return is_file(prog) || is_file(full);
	}
	const char *path = getenv("PATH");
	if (!path)
		return 0;
	while (*path) {
		size_t n = strcspn(path, ";");
		if (n) {
			snprintf(full, sizeof(full), "%.*s/%s", (int)n, path, prog);
			if (is_file(full))
				return 1;
			snprintf(full, sizeof(full), "%.*s/%s.exe", (int)n, path, prog);
			if (is_file(full))
				return 1;
		}
		path += n + (path[n] == ';');
	}
	return 0;
}

/* Append arg to the command line cmd, quoted the way CommandLineToArgvW reads it. */
static int quote_arg(wchar_t *cmd, size_t cap, size_t *used, const char *arg)
{
	wchar_t *w = win_wide(arg);
	size_t u = *used;

	if (!w)
		return -1;
#define PUT(c) do { if (u + 1 >= cap) { free(w); return -1; } cmd[u++] = (c); } while (0)
	if (u)
		PUT(L' ');
	PUT(L'"');
	for (const wchar_t *p = w;; p++) {
		size_t slashes = 0;
		while (*p == L'\\') {
			p++;
			slashes++;
		}
		if (!*p) {
			for (size_t i = 0; i < slashes * 2; i++)
				PUT(L'\\');
			break;
		}
		if (*p == L'"') {
			for (size_t i = 0; i < slashes * 2 + 1; i++)
				PUT(L'\\');
		} else {
			for (size_t i = 0; i < slashes; i++)
				PUT(L'\\');
		}
		PUT(*p);
	}
	PUT(L'"');
#undef PUT
	cmd[u] = 0;
	*used = u;
	free(w);
	return 0;
}

int plat_run(const char *prog, const char *const *args, const char *dir,
	     char *msg, size_t msglen, int *status, char *err, size_t errlen)
{
	SECURITY_ATTRIBUTES sa = { sizeof(sa), NULL, TRUE };
	STARTUPINFOW si;
	PROCESS_INFORMATION pi;
	HANDLE rd = NULL, wr = NULL, nul;
	wchar_t cmd[32768], *wdir = win_wide(dir);
	size_t used = 0, got = 0;
	DWORD code = 0;
	int rc = -1;

	if (msglen)
		msg[0] = '\0';
	cmd[0] = 0;
	for (size_t i = 0; args[i]; i++)
		if (quote_arg(cmd, sizeof(cmd) / sizeof(cmd[0]), &used, args[i]) != 0) {
			err_set(err, errlen, "cannot run %s: command line too long", prog);
			free(wdir);
			return -1;
		}
	nul = CreateFileW(L"NUL", GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ |
			  FILE_SHARE_WRITE, &sa, OPEN_EXISTING, 0, NULL);
	if (!wdir || !CreatePipe(&rd, &wr, &sa, 0)) {
		err_set(err, errlen, "cannot run %s: cannot make a pipe", prog);
		goto out;
	}
	SetHandleInformation(rd, HANDLE_FLAG_INHERIT, 0);
	memset(&si, 0, sizeof(si));
	si.cb = sizeof(si);
	si.dwFlags = STARTF_USESTDHANDLES;
	si.hStdInput = nul;
	si.hStdOutput = nul;
	si.hStdError = wr;
	if (!CreateProcessW(NULL, cmd, NULL, NULL, TRUE, CREATE_NO_WINDOW, NULL, wdir,
			    &si, &pi)) {
		char text[256];
		win_error_text(GetLastError(), text, sizeof(text));
		err_set(err, errlen, "cannot run '%s' in '%s': %s", prog, dir, text);
		goto out;
	}
	CloseHandle(wr);
	wr = NULL;
	for (;;) {
		char chunk[1024];
		DWORD n = 0;
		if (!ReadFile(rd, chunk, sizeof(chunk), &n, NULL) || n == 0)
			break;
		size_t keep = n;
		if (msglen && keep > msglen - 1 - got)
			keep = msglen - 1 - got;
		if (keep) {
			memcpy(msg + got, chunk, keep);
			got += keep;
			msg[got] = '\0';
		}
	}
	WaitForSingleObject(pi.hProcess, INFINITE);
	GetExitCodeProcess(pi.hProcess, &code);
	CloseHandle(pi.hProcess);
	CloseHandle(pi.hThread);
	*status = (int)code;
	rc = 0;
out:
	if (rd)
		CloseHandle(rd);
	if (wr)
		CloseHandle(wr);
	if (nul != INVALID_HANDLE_VALUE)
		CloseHandle(nul);
	free(wdir);
	return rc;
}

void plat_utf8_args(int *argc, char ***argv)
{
	int n = 0;
	wchar_t **w = CommandLineToArgvW(GetCommandLineW(), &n);

	/* the report and the messages keep '\n' line ends, as on Linux */
	_setmode(1, _O_BINARY);
	_setmode(2, _O_BINARY);
	SetConsoleOutputCP(CP_UTF8);
	if (!w || n < 1)
		return;
	char **v = calloc((size_t)n + 1, sizeof(*v));
	if (!v)
		return;
	for (int i = 0; i < n; i++) {
		size_t cap = wcslen(w[i]) * 3 + 1;
		v[i] = malloc(cap);
		if (!v[i] || win_utf8(w[i], v[i], cap) != 0)
			return;   /* keep the C runtime's arguments */
	}
	LocalFree(w);
	*argc = n;
	*argv = v;   /* lives until exit, like the C runtime's */
}

/*
 * The stall watchdog's counters (platform.h): not kept here yet, so
 * --io-timeout is refused on Windows by name.
 */
int plat_io_progress(long tid, uint64_t *ops)
{
	(void)tid; (void)ops;
	return -1;
}

long plat_thread_self_id(void)
{
	return 0;
}

int plat_blocked_call(long tid, char *name, size_t namelen)
{
	(void)tid; (void)name; (void)namelen;
	return -1;
}
