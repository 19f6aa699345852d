/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clients.h: many clients at once (iosweep-mpi), and the no-op version
 * of the same interface the plain build links.
 *
 * The runner, the tests and the sweep command call these functions at
 * fixed points; only clients_mpi.c includes mpi.h, and the plain build
 * links clients_local.c, where each call is the one-client answer
 * (nothing to agree on, no peers, leader always).
 *
 * Every collective a run makes at a point a client may fail before is
 * one kind of call (an all-reduce of an error and a stop flag), so a
 * client that fails anywhere takes part in the next one with its flag
 * set, whatever point the others have reached, and every client sees the
 * same verdict there: nothing hangs.  After a verdict of "stop", no
 * client makes another such call.  The other collectives (gathering a
 * cell's samples, the end of the run) come only right after such a
 * verdict of "go on" and are made by every client, whatever happens.
 *
 * Ownership: strings returned point into the module and live until
 * clients_finish().
 */
#ifndef IOSWEEP_CLIENTS_H
#define IOSWEEP_CLIENTS_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

struct options;
struct result_set;

/*
 * main(): start the clients (MPI_Init).  Clients other than the leader
 * send stdout and stderr to /dev/null: the leader prints for all.  0, or
 * -1 with a message in err.
 */
int clients_init(int *argc, char ***argv, char *err, size_t errlen);
/* main(), last: stop the clients (MPI_Finalize). */
void clients_finish(void);

/* 1 in iosweep-mpi, 0 in the plain build. */
int clients_active(void);
/* 1 for the client that prints and writes the outputs (rank 0). */
int clients_leader(void);
/* This client's number (MPI rank; 0 in the plain build). */
int clients_rank(void);
/* How many clients run the sweep (MPI ranks; 1 in the plain build). */
int clients_count(void);

/*
 * The saturation curve (`iosweep-mpi clients-curve`), collective over
 * every client mpirun started: all meet (a client that sat out the last
 * step waits without spinning) and agree on stop: when any client's is
 * set, every one returns -1, all clients running again.  Then with 0 < n < clients_world() only the
 * first n clients (ranks 0..n-1, the leader among them) run until the
 * next call, and the call returns 1 on them (clients_count() is then n)
 * and 0 on the others, which make no other collective call before the
 * next clients_step; with n == 0 or n >= clients_world(), all run again
 * (1).  Each step's sweep starts afresh (no stop agreed, --reorder and
 * --stonewall set up by its clients_setup).  The plain build: -1 with
 * stop, else 1.
 */
int clients_step(unsigned n, int stop);
/* How many clients mpirun started, whatever the step (1 in the plain build). */
int clients_world(void);

/*
 * Collective: every client's rc (0 or -1).  When any client failed,
 * returns -1 on every client with err set, on every client, to the first
 * failed client's message prefixed "rank R on host H: ".  The plain
 * build returns rc and leaves err alone.
 */
int clients_agree(int rc, char *err, size_t errlen);

/*
 * After options_parse(): refuse what this build cannot do with these
 * options (--reorder and --stonewall without MPI; with MPI throughput
 * mode, --min-time, -Q, --refine-cliffs, --ci, --until-settled, and
 * --stonewall with --latency; -+m without MPI), and give each client
 * its own -f: %r (rank), %h (host name), %n (clients) and %% in the
 * path, or ".RANK" appended when it has none; with -+m FILE, in the
 * WORKDIR of the rank's line of FILE, or that line's FILE (rank 0 reads
 * FILE and hands its bytes to every rank).  0 or -1 with err set.
 */
int clients_setup(struct options *o, char *err, size_t errlen);

/*
 * --reorder: the file the read tests use (another client's) and that
 * client's number; NULL and -1 without.
 */
const char *clients_read_path(int *writer);

/* Record the clients (count, hosts) in rs->meta's client fields. 0 or -1. */
int clients_describe(struct result_set *rs, char *err, size_t errlen);

/*
 * Around a timed pass (tests.c's, and qd.c's once its workers are
 * ready): pass_start after the file is open and before t0,
 * pass_end after t1 (stopping: this client wants to stop; walled: the
 * pass ended early because clients_walled() said so).  0 to go on,
 * 1 when some client failed or asked to stop (then stop too).
 * pass_end puts the time from the end of pass_start's barrier to the end
 * of its own into *sync_ns (0 in the plain build).
 *
 * --stonewall: a pass that ran to its end tells every other client so in
 * pass_end, before its barrier; clients_walled(), asked from inside a
 * timed loop, is 1 once some client has told this one during the current
 * pass (never in the plain build, or without --stonewall).  Every such
 * message is received within the pass it belongs to.
 */
int clients_pass_start(int stopping);
int clients_walled(void);
int clients_pass_end(int stopping, int walled, uint64_t *sync_ns);

/*
 * A cell is finished on this client: agree, then the clients reduce
 * their samples of the cell (sums, longest times, latency histograms
 * added bucket by bucket) into the leader's aggregate, which goes into
 * rs->samples in place of its own, and send it one fixed-size row per
 * sample, kept in rs->client_samples (its latency figures in lat_figs,
 * not its histograms); --log-interval's totals likewise.  Past the
 * agreement every client makes the same fixed calls (clients_mpi.c).
 * 0, or -1 when the clients agreed to stop or the leader could not
 * aggregate (the run then ends with clients_run_end()).
 */
int clients_cell_done(struct result_set *rs, size_t cell);

/*
 * A trial of `iosweep files` is finished on this client: agree (as
 * clients_cell_done), then the leader receives every client's len bytes
 * at mine: *all (malloc'd, the clients' bytes back to back) and *lens
 * (malloc'd, clients_count() lengths); the others get NULL for both.
 * Past the agreement every client makes the same fixed calls.  0, or -1
 * with err set when the clients agreed to stop or (leader) the bytes do
 * not fit one gather; the run then ends with clients_run_end().  The
 * plain build hands back a copy of its own bytes.
 */
int clients_gather(const void *mine, size_t len, unsigned char **all, size_t **lens,
		   char *err, size_t errlen);

/*
 * The end of runner_run() on every client, rc its own outcome: agree on
 * the outcome of the run.  Returns 0 when every client succeeded, else
 * -1 on every client with err naming the client that failed (an I/O
 * error wins over an interruption) and *stop set when the run was
 * interrupted (cleared when it failed), so every client exits alike.
 * The leader drops the samples of cells not aggregated.
 */
int clients_run_end(struct result_set *rs, int rc, volatile sig_atomic_t *stop,
		    char *err, size_t errlen);

#endif
