/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clients_local.c: the clients interface of the plain build (see
 * clients.h): one client, which is the leader, with nothing to agree on
 * and no barriers.  iosweep-mpi links clients_mpi.c instead.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clients/clients.h"
#include "options/options.h"
#include "lib/err.h"

int clients_init(int *argc, char ***argv, char *err, size_t errlen)
{
	(void)argc;
	(void)argv;
	(void)err;
	(void)errlen;
	return 0;
}

void clients_finish(void)
{
}

int clients_active(void)
{
	return 0;
}

int clients_leader(void)
{
	return 1;
}

int clients_rank(void)
{
	return 0;
}

int clients_count(void)
{
	return 1;
}

int clients_step(unsigned n, int stop)
{
	(void)n;
	return stop ? -1 : 1;
}

int clients_world(void)
{
	return 1;
}

int clients_agree(int rc, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	return rc;
}

int clients_setup(struct options *o, char *err, size_t errlen)
{
	if (o->cluster_file)
		return err_set(err, errlen, "-+m (IOzone's cluster mode) runs as "
			"iosweep-mpi: mpirun -np N iosweep-mpi ... -+m '%.300s', N "
			"the client lines of the file (build it with make MPI=1)",
			o->cluster_file);
	if (o->reorder || o->reorder_shift || o->stonewall)
		return err_set(err, errlen, "%s: needs several clients; run iosweep-mpi "
			"under mpirun (build it with make MPI=1)%s",
			o->reorder ? "--reorder" : o->reorder_shift ?
			"--reorder-shift" : "--stonewall",
			o->reorder || o->reorder_shift ? "" :
			"; throughput mode (-t) stonewalls already, -x turns it off");
	return 0;
}

const char *clients_read_path(int *writer)
{
	*writer = -1;
	return NULL;
}

int clients_describe(struct result_set *rs, char *err, size_t errlen)
{
	(void)rs;
	(void)err;
	(void)errlen;
	return 0;
}

int clients_pass_start(int stopping)
{
	(void)stopping;
	return 0;
}

int clients_walled(void)
{
	return 0;
}

int clients_pass_end(int stopping, int walled, uint64_t *sync_ns)
{
	(void)stopping;
	(void)walled;
	*sync_ns = 0;
	return 0;
}

int clients_cell_done(struct result_set *rs, size_t cell)
{
	(void)rs;
	(void)cell;
	return 0;
}

int clients_gather(const void *mine, size_t len, unsigned char **all, size_t **lens,
		   char *err, size_t errlen)
{
	*all = malloc(len ? len : 1);
	*lens = malloc(sizeof(**lens));
	if (!*all || !*lens) {
		free(*all);
		free(*lens);
		*all = NULL;
		*lens = NULL;
		return err_set(err, errlen, "out of memory");
	}
	memcpy(*all, mine, len);
	**lens = len;
	return 0;
}

int clients_run_end(struct result_set *rs, int rc, volatile sig_atomic_t *stop,
		    char *err, size_t errlen)
{
	(void)rs;
	(void)stop;
	(void)err;
	(void)errlen;
	return rc;
}
