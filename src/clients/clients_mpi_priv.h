/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clients_mpi_priv.h: what the two halves of iosweep-mpi's clients share
 * (both compiled by mpicc, in place of clients_local.c): clients_mpi.c,
 * the run's agreements (init, flags, passes, stonewall, the end), and
 * clients_mpi_cell.c, the reduction of each cell's figures to rank 0.
 * Their one state, and the calls the cell's half makes of the run's
 * (which calls none of it: clients.h's entry points are the runner's).
 */
#ifndef IOSWEEP_CLIENTS_MPI_PRIV_H
#define IOSWEEP_CLIENTS_MPI_PRIV_H

#include <mpi.h>

#include <stddef.h>
#include <stdint.h>

#include "iosweep.h"

struct result_set;

struct clients_mpi_state {
	MPI_Comm comm;              /* the clients that run: the world, or a step's */
	int rank, size;
	char *hosts;                /* size x CLIENTS_HOST_MAX */
	unsigned ranks_per_host;
	int stop_agreed;            /* a flag call returned "stop" */
	uint64_t t_start;           /* end of pass_start's barrier */
	char *read_path;            /* --reorder */
	int read_writer;
	int wall;                   /* --stonewall */
	int wall_posted;            /* the pass's receive is posted */
	int wall_got;               /* ...and has completed */
	int wall_in;                /* its buffer */
	MPI_Request wall_rx;
	MPI_Request *wall_tx;       /* size - 1 sends of a finished pass */
	int wall_sent;              /* they are posted */
	int threads;                /* MPI_Init_thread's level */
	uint64_t runtime_ns, ramp_ns; /* --runtime, --ramp: time-based passes */
	unsigned char *aggregated;  /* leader: [cell] the cell is aggregated */
	size_t naggregated;
	MPI_Op red_op;              /* clients_red_merge as an MPI operator */
	MPI_Op tl_op;               /* clients_tl_red_merge, over tl_type */
	MPI_Datatype tl_type;       /* a struct clients_tl_red */
	int timelines;              /* --log-interval: gather the clients' rows */
	int verify;                 /* IOSWEEP_MPI_VERIFY: check the reductions */
	size_t verified;            /* rank 0: the aggregates found equal */
	size_t verified_tl;         /* ...and the timeline totals' rows */
	uint64_t reduce_ns;         /* the cells' reduce and gather phases */
	char local_err[IOSWEEP_ERR_MAX]; /* a failure inside this module */
};
extern struct clients_mpi_state clients_st;

/*
 * The one collective of a run: 0 go on, 1 stop (then never again);
 * *senders (may be NULL): how many ranks passed sent = 1 (clients_mpi.c).
 */
int clients_mpi_flags(int error, int stopping, int sent, int *senders);

/* Leader: rs->samples without the raw samples of cell (or of every cell
 * not aggregated, when cell is SIZE_MAX); their histograms are freed
 * (clients_mpi.c). */
void clients_mpi_drop_raw(struct result_set *rs, size_t cell);

#endif
