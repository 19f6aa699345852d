/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * remote.c: the client side of a job on an agent (remote.h).  One
 * connection: the token, the job's words, the agent's yes or its
 * refusal, then the sweep's output as it comes and its result files,
 * chunk by chunk (each file's chunks in a row), and its exit status.
 * A file's path from the agent is checked again here (proto.h: relative,
 * no "..") and created below the local folder, never through a link.
 */
#include "compat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "iosweep.h"
#include "lib/err.h"
#include "net/net_sock.h"
#include "net/proto.h"
#include "net/remote.h"

#if HAVE_BSD_SOCKETS
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

size_t remote_words(char *const *words, size_t n, char **kept)
{
	static const char *const own[] = { "--agent", "--token", "--out" };
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		int skip = 0;
		for (size_t o = 0; o < sizeof(own) / sizeof(own[0]) && !skip; o++) {
			size_t ol = strlen(own[o]);
			if (strcmp(words[i], own[o]) == 0)
				skip = 2;
			else if (strncmp(words[i], own[o], ol) == 0 && words[i][ol] == '=')
				skip = 1;
		}
		if (skip)
			i += (size_t)skip - 1;
		else
			kept[k++] = words[i];
	}
	kept[k] = NULL;
	return k;
}

#if HAVE_BSD_SOCKETS

struct sink {
	const struct remote_job *j;
	char name[PROTO_MAX_PATH + 1];
	int fd;
};

/* Make the folders of rel below top. */
static int make_parents(const char *top, const char *rel, char *err, size_t errlen)
{
	char path[4096 + PROTO_MAX_PATH];
	size_t tl = strlen(top);

	snprintf(path, sizeof(path), "%s/%s", top, rel);
	for (char *s = path + tl + 1; (s = strchr(s, '/')); s++) {
		*s = '\0';
		if (mkdir(path, 0777) != 0 && errno != EEXIST)
			return err_set(err, errlen, "cannot make '%s': %s", path, strerror(errno));
		*s = '/';
	}
	return 0;
}

/* A chunk of a result file: to the file it continues, or a new one. */
static int sink_chunk(struct sink *k, const uint8_t *p, size_t len, char *err, size_t errlen)
{
	const char *name;
	const uint8_t *data;
	size_t dlen;

	if (proto_file_parse(p, len, &name, &data, &dlen, err, errlen) != 0)
		return -1;
	if (k->fd < 0 || strcmp(name, k->name) != 0) {
		char path[4096 + PROTO_MAX_PATH];
		if (k->fd >= 0)
			close(k->fd);
		snprintf(k->name, sizeof(k->name), "%s", name);
		snprintf(path, sizeof(path), "%s/%s", k->j->local_out, name);
		if (make_parents(k->j->local_out, name, err, errlen) != 0)
			return -1;
		k->fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC |
			     (k->j->overwrite ? O_TRUNC : O_EXCL), 0666);
		if (k->fd < 0)
			return err_set(err, errlen, "cannot write '%s': %s", path, strerror(errno));
	}
	while (dlen) {
		ssize_t n = write(k->fd, data, dlen);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return err_set(err, errlen, "cannot write '%s/%s': %s", k->j->local_out,
				       k->name, strerror(errno));
		data += n;
		dlen -= (size_t)n;
	}
	return 0;
}

/* After the agent's yes: output, files, then the status.  The status or -1. */
static int receive(const struct remote_job *j, int fd, uint8_t *buf, char *err,
		   size_t errlen)
{
	struct sink k = { .j = j, .fd = -1 };
	struct proto_header h;
	int rc;

	for (;;) {
		rc = net_recv(fd, &h, buf, j->stop, 0, err, errlen);
		if (rc == 1)
			rc = err_set(err, errlen, "the agent closed the connection before "
				     "the job ended");
		if (rc != 0)
			break;
		if (h.type == PROTO_STDOUT || h.type == PROTO_STDERR) {
			FILE *f = h.type == PROTO_STDOUT ? j->out : j->errout;
			fwrite(buf, 1, h.len, f);
			fflush(f);
		} else if (h.type == PROTO_FILE) {
			if ((rc = sink_chunk(&k, buf, h.len, err, errlen)) != 0)
				break;
		} else if (h.type == PROTO_END) {
			rc = (int)(proto_u32_get(buf) & 0xff);
			break;
		} else {
			rc = err_set(err, errlen, "the agent sent %s during the job: %.*s",
				     proto_type_name(h.type), h.type == PROTO_ERR ? (int)h.len : 0,
				     (char *)buf);
			break;
		}
	}
	if (k.fd >= 0 && close(k.fd) != 0 && rc >= 0)
		rc = err_set(err, errlen, "cannot write '%s/%s': %s", j->local_out, k.name,
			     strerror(errno));
	return rc;
}

int remote_run(const struct remote_job *j, int *refused, char *err, size_t errlen)
{
	char **kept = calloc(j->nwords + 1, sizeof(char *));
	uint8_t *buf = malloc(PROTO_MAX_PAYLOAD);
	struct proto_header h;
	long len;
	int fd = -1, rc = -1, made = 0;

	*refused = 0;
	if (!kept || !buf) {
		err_set(err, errlen, "out of memory");
		goto out;
	}
	len = proto_words_encode(kept, remote_words(j->words, j->nwords, kept), buf,
				 PROTO_MAX_PAYLOAD, err, errlen);
	if (len < 0)
		goto out;
	if (mkdir(j->local_out, 0777) != 0 && !(errno == EEXIST && j->overwrite)) {
		err_set(err, errlen, "--out '%s': %s%s", j->local_out, strerror(errno),
			errno == EEXIST ? " (--overwrite replaces its files)" : "");
		*refused = 1;
		goto out;
	}
	made = 1;
	if (net_dial(j->addr, j->token, &fd, err, errlen) != 0 ||
	    net_send(fd, PROTO_JOB, buf, (size_t)len, err, errlen) != 0)
		goto out;
	rc = net_recv(fd, &h, buf, j->stop, 30000, err, errlen);
	if (rc == 0 && h.type == PROTO_ERR) {
		rc = err_set(err, errlen, "the agent refused the job: %.*s", (int)h.len,
			     (char *)buf);
		*refused = 1;
	} else if (rc == 0 && h.type == PROTO_OK) {
		rc = receive(j, fd, buf, err, errlen);
	} else if (rc == 0 || rc == 1) {
		rc = err_set(err, errlen, "the agent did not start the job");
	}
out:
	net_close(fd);
	if (made)
		rmdir(j->local_out);    /* only when nothing came into it */
	free(buf);
	free(kept);
	return rc;
}

#else

int remote_run(const struct remote_job *j, int *refused, char *err, size_t errlen)
{
	(void)j;
	*refused = 1;
	return err_set(err, errlen, "this build has no TCP sockets: --agent cannot run");
}

#endif
