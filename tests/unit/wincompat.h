/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * wincompat.h: the few POSIX calls the unit tests themselves use (not the
 * code under test) and the Microsoft C runtime lacks: mkdtemp,
 * open_memstream, fmemopen, setenv/unsetenv, lstat, nanosleep.  cu.h
 * includes it on Windows only; the tests then run unchanged under wine or
 * on Windows.  open_memstream is a temporary file whose contents are
 * copied to the caller's buffer by fclose (the only way the tests read it).
 * system("rm -rf 'DIR'"), the tests' cleanup, removes DIR itself.
 */
#ifndef IOSWEEP_WINCOMPAT_H
#define IOSWEEP_WINCOMPAT_H

#include <direct.h>
#include <dirent.h>
#include <io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* from <windows.h>, which would bring NEAR, small and the like into the tests */
__declspec(dllimport) void __stdcall Sleep(unsigned long ms);

static inline char *wc_mkdtemp(char *tmpl)
{
	if (_mktemp_s(tmpl, strlen(tmpl) + 1) != 0 || _mkdir(tmpl) != 0)
		return NULL;
	return tmpl;
}
#define mkdtemp wc_mkdtemp

struct wc_memstream {
	FILE *fp;
	char **bufp;      /* open_memstream: a malloc'd copy */
	size_t *sizep;
	char *dst;        /* fmemopen(..., "w"): the caller's buffer */
	size_t dstlen;
};
static struct wc_memstream wc_mem[32];

static inline FILE *wc_open_memstream(char **bufp, size_t *sizep)
{
	for (size_t i = 0; i < sizeof(wc_mem) / sizeof(wc_mem[0]); i++)
		if (!wc_mem[i].fp) {
			FILE *fp = tmpfile();
			if (!fp)
				return NULL;
			wc_mem[i].fp = fp;
			wc_mem[i].bufp = bufp;
			wc_mem[i].sizep = sizep;
			wc_mem[i].dst = NULL;
			if (bufp) {
				*bufp = NULL;
				*sizep = 0;
			}
			return fp;
		}
	return NULL;
}
#define open_memstream wc_open_memstream

static inline int wc_fclose(FILE *fp)
{
	for (size_t i = 0; i < sizeof(wc_mem) / sizeof(wc_mem[0]); i++)
		if (wc_mem[i].fp == fp) {
			long n;
			fflush(fp);
			n = ftell(fp);
			char *b = malloc(n > 0 ? (size_t)n + 1 : 1);
			if (b) {
				rewind(fp);
				size_t got = n > 0 ? fread(b, 1, (size_t)n, fp) : 0;
				b[got] = '\0';
				if (wc_mem[i].bufp) {
					*wc_mem[i].bufp = b;
					*wc_mem[i].sizep = got;
				} else {
					if (wc_mem[i].dstlen)
						snprintf(wc_mem[i].dst, wc_mem[i].dstlen, "%s", b);
					free(b);
				}
			}
			wc_mem[i].fp = NULL;
			break;
		}
	return fclose(fp);
}
#define fclose wc_fclose

static inline FILE *wc_fmemopen(void *buf, size_t size, const char *mode)
{
	FILE *fp;

	if (strchr(mode, 'w')) {
		fp = wc_open_memstream(NULL, NULL);
		for (size_t i = 0; fp && i < sizeof(wc_mem) / sizeof(wc_mem[0]); i++)
			if (wc_mem[i].fp == fp) {
				wc_mem[i].dst = buf;
				wc_mem[i].dstlen = size;
			}
		return fp;
	}
	fp = tmpfile();
	if (fp && ((size && fwrite(buf, 1, size, fp) != size) || fseek(fp, 0, SEEK_SET))) {
		fclose(fp);
		return NULL;
	}
	return fp;
}
#define fmemopen wc_fmemopen

static inline int wc_setenv(const char *name, const char *value, int overwrite)
{
	if (!overwrite && getenv(name))
		return 0;
	return _putenv_s(name, value) == 0 ? 0 : -1;
}
#define setenv wc_setenv

static inline int wc_unsetenv(const char *name)
{
	return _putenv_s(name, "") == 0 ? 0 : -1;
}
#define unsetenv wc_unsetenv

#define lstat stat

/* Remove path and, when it is a folder, everything in it. 0 or -1. */
static inline int wc_remove_tree(const char *path)
{
	struct stat st;
	int rc = 0;

	if (stat(path, &st) != 0)
		return 0;
	if (!S_ISDIR(st.st_mode))
		return remove(path);
	DIR *d = opendir(path);
	struct dirent *e;
	while (d && (e = readdir(d)) != NULL) {
		char sub[1024];
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name);
		if (wc_remove_tree(sub) != 0)
			rc = -1;
	}
	if (d)
		closedir(d);
	return _rmdir(path) == 0 ? rc : -1;
}

/* Only the tests' cleanup command, "rm -rf 'DIR'", is understood. */
static inline int wc_system(const char *cmd)
{
	char path[1024];
	size_t n;

	if (strncmp(cmd, "rm -rf '", 8) != 0 || (n = strlen(cmd + 8)) < 1 ||
	    cmd[8 + n - 1] != '\'' || n > sizeof(path))
		return -1;
	snprintf(path, sizeof(path), "%.*s", (int)(n - 1), cmd + 8);
	return wc_remove_tree(path);
}
#define system wc_system

static inline int wc_nanosleep(const struct timespec *req, struct timespec *rem)
{
	(void)rem;
	Sleep((unsigned long)(req->tv_sec * 1000 + req->tv_nsec / 1000000));
	return 0;
}
#define nanosleep wc_nanosleep

#endif
