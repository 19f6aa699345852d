/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * outfile.c: atomic output files (see outfile.h).  Every file iosweep
 * writes goes through here, so "never half a file" holds in one place.
 */
#include "compat.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "lib/outfile.h"
#include "platform/platform.h"
#include "lib/err.h"

static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n);
	if (p)
		memcpy(p, s, n);
	return p;
}

static void outfile_clear(struct outfile *f)
{
	free(f->tmp_path);
	free(f->final_path);
	memset(f, 0, sizeof(*f));
}

int outfile_open(struct outfile *f, const char *path, int gzip, int overwrite,
		 char *err, size_t errlen)
{
	int fd = -1;

	memset(f, 0, sizeof(*f));
	if (!overwrite && plat_stat(path, 0, NULL) != PLAT_NONE)
		return err_set(err, errlen, "'%s' exists already; remove it or use --overwrite", path);
	size_t n = strlen(path) + 32;
	f->tmp_path = malloc(n);
	f->final_path = xstrdup(path);
	if (!f->tmp_path || !f->final_path) {
		err_set(err, errlen, "cannot write '%s': out of memory", path);
		outfile_clear(f);
		return -1;
	}
	snprintf(f->tmp_path, n, "%s.tmp.%ld", path, plat_pid());
	fd = plat_create_fd(f->tmp_path);
	if (fd < 0) {
		err_set(err, errlen, "cannot create '%s': %s", f->tmp_path, strerror(errno));
		outfile_clear(f);
		return -1;
	}
	if (gzip) {
		f->gz = gzdopen(fd, "wb6");
		if (!f->gz) {
			plat_close_fd(fd);
			plat_remove(f->tmp_path);
			err_set(err, errlen, "cannot start gzip on '%s'", f->tmp_path);
			outfile_clear(f);
			return -1;
		}
	} else {
		f->fp = fdopen(fd, "wb");
		if (!f->fp) {
			int e = errno;
			plat_close_fd(fd);
			plat_remove(f->tmp_path);
			err_set(err, errlen, "cannot write '%s': %s", f->tmp_path, strerror(e));
			outfile_clear(f);
			return -1;
		}
	}
	return 0;
}

int outfile_write(struct outfile *f, const void *buf, size_t len)
{
	if (f->failed)
		return -1;
	if (len == 0)
		return 0;
	if (f->gz) {
		if (gzwrite(f->gz, buf, (unsigned)len) != (int)len) {
			f->failed = 1;
			f->saved_errno = errno ? errno : EIO;
			return -1;
		}
	} else if (fwrite(buf, 1, len, f->fp) != len) {
		f->failed = 1;
		f->saved_errno = errno;
		return -1;
	}
	return 0;
}

int outfile_printf(struct outfile *f, const char *fmt, ...)
{
	char small[1024];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0) {
		f->failed = 1;
		return -1;
	}
	if ((size_t)n < sizeof(small))
		return outfile_write(f, small, (size_t)n);
	char *big = malloc((size_t)n + 1);
	if (!big) {
		f->failed = 1;
		f->saved_errno = ENOMEM;
		return -1;
	}
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	int rc = outfile_write(f, big, (size_t)n);
	free(big);
	return rc;
}

int outfile_commit(struct outfile *f, char *err, size_t errlen)
{
	int rc = 0;
	if (f->gz) {
		if (gzclose(f->gz) != Z_OK && !f->failed) {
			f->failed = 1;
			f->saved_errno = EIO;
		}
		f->gz = NULL;
	} else if (f->fp) {
		if (fflush(f->fp) != 0 || plat_fsync_fd(fileno(f->fp)) != 0) {
			if (!f->failed && errno != EINVAL) {
				f->failed = 1;
				f->saved_errno = errno;
			}
		}
		if (fclose(f->fp) != 0 && !f->failed) {
			f->failed = 1;
			f->saved_errno = errno;
		}
		f->fp = NULL;
	}
	if (f->failed) {
		err_set(err, errlen, "cannot write '%s': %s", f->final_path,
			strerror(f->saved_errno ? f->saved_errno : EIO));
		plat_remove(f->tmp_path);
		rc = -1;
	} else if (plat_rename(f->tmp_path, f->final_path) != 0) {
		err_set(err, errlen, "cannot rename '%s' to '%s': %s", f->tmp_path,
			f->final_path, strerror(errno));
		plat_remove(f->tmp_path);
		rc = -1;
	}
	outfile_clear(f);
	return rc;
}

void outfile_abort(struct outfile *f)
{
	if (f->gz)
		gzclose(f->gz);
	if (f->fp)
		fclose(f->fp);
	if (f->tmp_path)
		plat_remove(f->tmp_path);
	outfile_clear(f);
}

int outfile_mkdirs(const char *dir, char *err, size_t errlen)
{
	char *p = xstrdup(dir);
	if (!p)
		return err_set(err, errlen, "cannot create '%s': out of memory", dir);
	for (char *s = p + 1;; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		char c = *s;
		*s = '\0';
		if (plat_mkdir(p) != 0 && errno != EEXIST) {
			err_set(err, errlen, "cannot create '%s': %s", p, strerror(errno));
			free(p);
			return -1;
		}
		*s = c;
		if (!c)
			break;
	}
	if (plat_stat(dir, 1, NULL) != PLAT_DIR) {
		err_set(err, errlen, "cannot create '%s': not a directory", dir);
		free(p);
		return -1;
	}
	free(p);
	return 0;
}

int outfile_claim_dir(const char *base, char *out, size_t outlen, char *err,
		      size_t errlen)
{
	char parent[4096];
	const char *slash = strrchr(base, '/');

	if (slash && slash != base) {
		int n = snprintf(parent, sizeof(parent), "%.*s", (int)(slash - base), base);
		if (n < 0 || (size_t)n >= sizeof(parent))
			return err_set(err, errlen, "cannot create '%.300s': name too long", base);
		if (outfile_mkdirs(parent, err, errlen) != 0)
			return -1;
	}
	for (unsigned i = 1; i < 10000; i++) {
		int n = i == 1 ? snprintf(out, outlen, "%s", base)
			: snprintf(out, outlen, "%s-%u", base, i);
		if (n < 0 || (size_t)n >= outlen)
			return err_set(err, errlen, "cannot create '%.300s': name too long", base);
		if (plat_mkdir(out) == 0)
			return 0;
		if (errno != EEXIST)
			return err_set(err, errlen, "cannot create '%.300s': %s", out, strerror(errno));
	}
	return err_set(err, errlen, "cannot create '%.300s': 9999 folders of that name exist", base);
}

int outfile_claim_files(const char *dir, const char *const *names, size_t n,
			int overwrite, char *const *paths, size_t len, char *err,
			size_t errlen)
{
	for (size_t i = 0; i < n; i++)
		if ((size_t)snprintf(paths[i], len, "%s/%s", dir, names[i]) >= len)
			return err_set(err, errlen, "'%s': path too long", dir);
	for (size_t i = 0; i < n && !overwrite; i++)
		if (plat_stat(paths[i], 0, NULL) != PLAT_NONE)
			return err_set(err, errlen, "'%s' exists already; remove it or use "
				       "--overwrite", paths[i]);
	return outfile_mkdirs(dir, err, errlen);
}
