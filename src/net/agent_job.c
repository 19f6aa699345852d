/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * agent_job.c: one job on the agent (agent.h).  A job is a sweep's
 * options as the client's user typed them; the agent checks that every
 * path it names stays under the root (on the resolved path: the parent
 * folder through realpath, the file itself never a symbolic link), then
 * runs its own program with those words in the root and "--out" a
 * folder of its own (.iosweep-job-PID-N under the root), sends back the
 * standard output and error as they come, then the result folder's
 * files and the exit status, and removes the folder.  The client going
 * away, or the agent being stopped, ends the sweep with SIGTERM (it
 * cleans up its test file) and the folder is removed all the same.
 */
#include "compat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/files_opts.h"
#include "iosweep.h"
#include "lib/err.h"
#include "net/agent.h"
#include "net/net_sock.h"
#include "options/options.h"
#include "platform/platform.h"

#if HAVE_BSD_SOCKETS

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define CHUNK (256 * 1024)

/* rel (relative to root_real) stays under it once resolved: 0, or -1 (why). */
static int path_under(const char *what, const char *root_real, const char *rel,
		      char *err, size_t errlen)
{
	char full[4096 + PROTO_MAX_PATH], *slash, *real;
	struct stat st;
	size_t rl = strlen(root_real);
	int ok;

	if (proto_relpath_check(rel, err, errlen) != 0) {
		char why[IOSWEEP_ERR_MAX];
		snprintf(why, sizeof(why), "%s", err);
		return err_set(err, errlen, "%s '%s': %s; give a path relative to the agent's "
			       "root", what, rel, why);
	}
	snprintf(full, sizeof(full), "%s/%s", root_real, rel);
	if (lstat(full, &st) == 0 && S_ISLNK(st.st_mode))
		return err_set(err, errlen, "%s '%s': a symbolic link; the agent serves no "
			       "link", what, rel);
	slash = strrchr(full, '/');
	*slash = '\0';
	real = plat_realpath(full);
	if (!real)
		return err_set(err, errlen, "%s '%s': its folder: %s", what, rel, strerror(errno));
	ok = strncmp(real, root_real, rl) == 0 && (real[rl] == '\0' || real[rl] == '/' ||
						   (rl == 1 && root_real[0] == '/'));
	free(real);
	if (!ok)
		return err_set(err, errlen, "%s '%s': outside the agent's root", what, rel);
	return 0;
}

/* `files WORDS...`: its --dir under the root, no --out. */
static int files_check(char **words, size_t n, const char *root_real, char *err,
		       size_t errlen)
{
	struct files_opts o;
	char probe[PROTO_MAX_PATH + 8];
	int rc = files_opts_parse(&o, (int)n, words, err, errlen);

	if (rc == FILES_OPTS_HELP || (rc == 0 && o.list))
		return err_set(err, errlen, "--help and --list are not jobs");
	if (rc != 0)
		return -1;
	if (o.agent)
		return err_set(err, errlen, "--agent: a job runs on this agent, not on another");
	if (o.out)
		return err_set(err, errlen, "--out names a path on the agent; the agent "
			       "refuses it (results come back into the local --out)");
	if (!o.dir || !strcmp(o.dir, "."))
		return 0;
	/* the folder itself must resolve under the root: a name inside it is checked */
	snprintf(probe, sizeof(probe), "%s", o.dir);
	for (size_t l = strlen(probe); l > 1 && probe[l - 1] == '/'; l--)
		probe[l - 1] = '\0';    /* "d/" is "d" */
	snprintf(probe + strlen(probe), sizeof(probe) - strlen(probe), "/x");
	if (path_under("--dir", root_real, probe, err, errlen) != 0) {
		char why[IOSWEEP_ERR_MAX];
		snprintf(why, sizeof(why), "%s", err);
		return err_set(err, errlen, "--dir '%s'%s", o.dir, strstr(why, "': ") ?
			       strstr(why, "': ") + 1 : why);
	}
	return 0;
}

int agent_job_check(char **words, size_t n, const char *root_real, char *err,
		    size_t errlen)
{
	struct options o;
	char **argv;
	int rc = -1;

	if (n && !strcmp(words[0], "files"))
		return files_check(words, n, root_real, err, errlen);
	argv = calloc(n + 2, sizeof(char *));
	if (!argv)
		return err_set(err, errlen, "out of memory");
	argv[0] = "iosweep";
	memcpy(argv + 1, words, n * sizeof(char *));
	if (n == 0 || words[0][0] != '-')
		err_set(err, errlen, "the agent runs a sweep or files (a sweep's options "
			"start with '-')");
	else if (options_parse(&o, (int)n + 1, argv, err, errlen) != 0)
		;
	else if (o.help || o.version)
		err_set(err, errlen, "--help and --version are not jobs");
	else if (o.agent)
		err_set(err, errlen, "--agent: a job runs on this agent, not on another");
	else if (o.out_dir || o.xls_path || o.remount_dir || o.traj_path[0] || o.traj_path[1] ||
		 o.file_list || o.cluster_file || o.db || o.db_add)
		err_set(err, errlen, "--out, -b, -U, -X, -Y, -+R, -+m and --db name paths "
			"on the agent; the agent refuses them (results come back into the "
			"local --out)");
	else if (path_under("-f", root_real, options_file(&o), err, errlen) == 0) {
		rc = 0;
		for (size_t i = 0; i < o.nfiles && rc == 0; i++)
			rc = path_under("-F", root_real, o.files[i], err, errlen);
	}
	if (n && words[0][0] == '-')
		options_release(&o);
	free(argv);
	return rc;
}

/* Remove dir and what it holds, never following a link (a job's folder). */
static void rm_tree(const char *dir, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && depth < 16 && (e = readdir(d))) {
		char path[4400];
		struct stat st;
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    snprintf(path, sizeof(path), "%s/%s", dir, e->d_name) >= (int)sizeof(path))
			continue;
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
			rm_tree(path, depth + 1);
		else
			unlink(path);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

/* Start the sweep: *pid, its output on out[0] and err[0]. */
static int spawn(const struct agent_conn *c, char **words, size_t n, const char *outdir,
		 pid_t *pid, int out[2], int errp[2], char *err, size_t errlen)
{
	char **argv = calloc(n + 4, sizeof(char *));

	if (!argv)
		return err_set(err, errlen, "out of memory");
	argv[0] = (char *)c->self_exe;
	memcpy(argv + 1, words, n * sizeof(char *));
	argv[n + 1] = "--out";
	argv[n + 2] = (char *)outdir;
	if (pipe(out) != 0 || pipe(errp) != 0) {
		free(argv);
		return err_set(err, errlen, "pipe: %s", strerror(errno));
	}
	*pid = fork();
	if (*pid == 0) {
		int nul = open("/dev/null", O_RDONLY);
		if (nul < 0 || dup2(nul, 0) < 0 || dup2(out[1], 1) < 0 || dup2(errp[1], 2) < 0 ||
		    chdir(c->root_real) != 0)
			_exit(127);
		close(out[0]);
		close(errp[0]);
		execv(c->self_exe, argv);
		_exit(127);
	}
	free(argv);
	close(out[1]);
	close(errp[1]);
	if (*pid < 0) {
		close(out[0]);
		close(errp[0]);
		return err_set(err, errlen, "fork: %s", strerror(errno));
	}
	return 0;
}

/* Forward the sweep's output until both pipes end: 0, or -1 (client gone, stop). */
static int pump(struct agent_conn *c, int out, int errp, char *err, size_t errlen)
{
	struct pollfd p[3] = { { .fd = out, .events = POLLIN }, { .fd = errp, .events = POLLIN },
			       { .fd = c->fd, .events = POLLIN } };
	int open = 2;

	while (open) {
		if (*c->stop)
			return err_set(err, errlen, "stopped");
		if (poll(p, 3, 200) < 0 && errno != EINTR)
			return err_set(err, errlen, "poll: %s", strerror(errno));
		/* the client says nothing during a job: readable is gone */
		if (p[2].revents)
			return err_set(err, errlen, "the client went away during the job");
		for (int i = 0; i < 2; i++) {
			ssize_t n;
			if (!p[i].revents)
				continue;
			n = read(p[i].fd, c->buf, CHUNK);
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				p[i].fd = -1;
				open--;
				continue;
			}
			if (net_send(c->fd, i ? PROTO_STDERR : PROTO_STDOUT, c->buf, (size_t)n,
				     err, errlen) != 0)
				return -1;
		}
	}
	return 0;
}

/* Send the files of dir (rel its path below the result folder, "" at the top). */
static int send_files(struct agent_conn *c, const char *dir, const char *rel, int depth,
		      char *err, size_t errlen)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int rc = 0;

	if (!d)
		return 0;    /* none: --dry-run, a refused command line */
	while (rc == 0 && (e = readdir(d))) {
		char path[4096], name[PROTO_MAX_PATH + 1];
		struct stat st;
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (snprintf(name, sizeof(name), "%s%s%s", rel, *rel ? "/" : "", e->d_name) >=
		    (int)sizeof(name) || lstat(path, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode) && depth < 4) {
			rc = send_files(c, path, name, depth + 1, err, errlen);
		} else if (S_ISREG(st.st_mode)) {
			size_t nl = strlen(name) + 1;
			int fd = open(path, O_RDONLY | O_NOFOLLOW);
			ssize_t n = 1;
			for (int first = 1; fd >= 0 && rc == 0 && (n > 0 || first); first = 0) {
				memcpy(c->buf, name, nl);
				n = read(fd, c->buf + nl, CHUNK);
				if (n < 0)
					break;
				if (n > 0 || first)
					rc = net_send(c->fd, PROTO_FILE, c->buf, nl + (size_t)n,
						      err, errlen);
			}
			if (fd >= 0)
				close(fd);
		}
	}
	closedir(d);
	return rc;
}

/* The job's folder under the root: made (0700), its name into dir. */
static int make_job_dir(const struct agent_conn *c, char *dir, size_t len, char *err,
			size_t errlen)
{
	static unsigned seq;

	snprintf(dir, len, "%s/.iosweep-job-%ld-%u", c->root_real, (long)getpid(), ++seq);
	if (mkdir(dir, 0700) != 0)
		return err_set(err, errlen, "cannot make '%s': %s", dir, strerror(errno));
	return 0;
}

/* Run the checked words in dir: the exit status into *status. */
static int run_in(struct agent_conn *c, struct proto_words *w, const char *dir,
		  int *status, char *err, size_t errlen)
{
	char outdir[4300];
	int out[2], errp[2], ws = 0, rc;
	pid_t pid = -1;

	snprintf(outdir, sizeof(outdir), "%s/out", dir);
	if (spawn(c, w->w, w->n, outdir, &pid, out, errp, err, errlen) != 0)
		return -1;
	rc = pump(c, out[0], errp[0], err, errlen);
	if (rc != 0)
		kill(pid, SIGTERM);
	close(out[0]);
	close(errp[0]);
	while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
		;
	*status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + (WIFSIGNALED(ws) ? WTERMSIG(ws) : 0);
	if (rc == 0 && *status != 127)
		rc = send_files(c, outdir, "", 0, err, errlen);
	return rc;
}

int agent_job_run(struct agent_conn *c, const uint8_t *payload, size_t len,
		  char *err, size_t errlen)
{
	struct proto_words w;
	char dir[4200], e2[IOSWEEP_ERR_MAX];
	uint8_t st[4];
	int status = 0, rc;

	if (proto_words_parse(payload, len, &w, err, errlen) != 0)
		return -1;
	if (agent_job_check(w.w, w.n, c->root_real, err, errlen) != 0 ||
	    make_job_dir(c, dir, sizeof(dir), err, errlen) != 0) {
		net_send_text(c->fd, PROTO_ERR, err, e2, sizeof(e2));
		proto_words_release(&w);
		return -1;
	}
	rc = net_send_text(c->fd, PROTO_OK, "job started", err, errlen);
	if (rc == 0)
		rc = run_in(c, &w, dir, &status, err, errlen);
	rm_tree(dir, 0);
	proto_words_release(&w);
	if (rc == 0) {
		proto_u32_put(st, (uint32_t)status);
		rc = net_send(c->fd, PROTO_END, st, sizeof(st), err, errlen);
	}
	return rc;
}

#else

int agent_job_check(char **words, size_t n, const char *root_real, char *err,
		    size_t errlen)
{
	(void)words; (void)n; (void)root_real;
	return err_set(err, errlen, "this build has no TCP sockets");
}

#endif
