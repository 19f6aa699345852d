/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clusterfile.h: IOzone's cluster file (-+m FILE), read for iosweep-mpi.
 *
 * IOzone's file has one client a line, "HOST WORKDIR IOZONE-PATH [FILE]",
 * fields split by blanks, '#' in the first column a comment.  IOzone's
 * master starts each client on HOST by rsh and the client works in
 * WORKDIR (on FILE, when given).  Under MPI, mpirun starts the clients,
 * so HOST and IOZONE-PATH are read and checked but not used: line i
 * gives rank i its working directory or its file.
 *
 * Ownership: clusterfile_parse() fills a struct cluster_file the caller
 * releases with clusterfile_release().
 */
#ifndef IOSWEEP_CLUSTERFILE_H
#define IOSWEEP_CLUSTERFILE_H

#include <stddef.h>

struct cluster_line {
	char *host;        /* HOST (mpirun's hosts are used instead) */
	char *workdir;     /* WORKDIR: where the client's test file goes */
	char *exec_path;   /* IOZONE-PATH (mpirun starts the binary instead) */
	char *file;        /* FILE, or NULL: the client's test file itself */
	unsigned line_no;  /* its line in the file, from 1 */
};

struct cluster_file {
	struct cluster_line *lines;
	size_t n;
};

/*
 * Parse text (len bytes) of the file name.  A line that is not a comment,
 * not blank and has other than 3 or 4 fields is refused "NAME:LINE: why".
 * 0, or -1 with err set (cf then holds nothing).
 */
int clusterfile_parse(const char *name, const char *text, size_t len,
		      struct cluster_file *cf, char *err, size_t errlen);

/*
 * The test file of the client of line l whose own file is own (its -f,
 * expanded): l's FILE when given, else own inside l's WORKDIR (own as is
 * when it is an absolute path, as IOzone's client changes into WORKDIR).
 * 0, or -1 when it does not fit in out.
 */
int clusterfile_path(const struct cluster_line *l, const char *own, char *out,
		     size_t outlen, char *err, size_t errlen);

void clusterfile_release(struct cluster_file *cf);

/*
 * -f's template for client rank of size clients on host: %r the rank, %h
 * the host, %n the count, %% a %; without any, ".RANK" is appended.  0,
 * or -1 (an unknown %, or longer than outlen) with err set.
 */
int clusterfile_expand(const char *tmpl, int rank, int size, const char *host,
		       char *out, size_t outlen, char *err, size_t errlen);
/*
 * 0 when every client gets a file of its own from tmpl (%r, or %h with one
 * rank per host, or no % at all: ".RANK"), else -1 with err set.
 */
int clusterfile_distinct(const char *tmpl, unsigned ranks_per_host, char *err,
			 size_t errlen);

#endif
