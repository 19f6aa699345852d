/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clients_mpi.c: many clients over MPI (see clients.h); with
 * clients_mpi_cell.c (a cell's figures reduced to rank 0) the only files
 * that include mpi.h; iosweep-mpi links them in place of clients_local.c.
 *
 * Every rank runs the same sweep on its own file.  The run's agreements
 * are collectives of one kind, an all-reduce (MAX) of an error flag and a
 * stop flag: before and after every timed pass, at every cell boundary
 * and at the end of the run.  A rank that fails anywhere goes straight to
 * the end of the run, whose first step is that same all-reduce with its
 * error flag set; whatever point the others have reached, their next
 * call is one too, so they all see the flag in the same collective,
 * stop, and meet again at the end, where they exchange what happened and
 * agree on one outcome.
 * Once a stop was agreed no rank makes another flag call, so the counts
 * always match and nothing waits for a rank that left.
 *
 * --stonewall adds point-to-point messages inside a pass, never a
 * collective: before its first barrier every rank posts one receive
 * from any rank; a rank whose pass runs to its end sends one message to
 * every other rank, just before its second barrier; the timed loops ask
 * (MPI_Test, once per TESTS_WALL_BYTES) whether the receive has
 * completed and stop if so.  The second barrier's all-reduce sums how
 * many ranks sent, so every rank knows how many messages are on their
 * way to it and receives them all before it leaves the pass: none is
 * left over for the next one.
 *
 * Besides those flag calls a run makes a fixed sequence of other
 * collectives that every rank reaches or none does.  After the agreement
 * that ends a cell: an all-reduce of the count of the cell's samples and
 * one of their shapes (clients_red.h), the MPI_Reduce of the cell's
 * records with clients_red_merge as the operator, and the MPI_Gather of
 * each rank's fixed-size rows; with --log-interval an all-reduce of the
 * passes' row counts and the MPI_Reduce of the intervals, and up to
 * CLIENTS_TL_ROWS_MAX ranks the gather of the rows themselves (a gather
 * of byte counts, a broadcast of whether they fit one gather, and the
 * gather of the bytes; IOSWEEP_MPI_VERIFY adds such gathers of the
 * histograms and rows for clients_check.h).  So rank 0 holds, per cell,
 * the reduced records and one row per rank and sample, never the ranks'
 * histograms.  After a trial of `iosweep files`: clients_gather.  At the
 * end of the run, after the final exchange, one all-reduce (queue depth's
 * in-flight maximum).
 *
 * Clocks of different hosts are never compared: each rank times its own
 * pass, and the aggregate figure of a cell is all ranks' bytes over the
 * time rank 0 measured from the end of the barrier before the pass to the
 * end of the barrier after it (with --runtime: the runtime, each rank
 * counting its own window; the rules: clients_agg.c).  Records and rows
 * travel as native bytes, so every rank must run the same build (the
 * same binary on every host).  Queue-depth passes (qd.c) run worker
 * threads; only the main thread calls MPI (MPI_THREAD_FUNNELED).
 *
 * Every collective above goes to clients_st.comm: the world, or during a
 * step of the saturation curve (clients_step) the communicator of its
 * first n ranks, split off the world; the ranks left out make no call
 * until the world meets again at the next step.
 */
#include "compat.h"

#include <mpi.h>

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clients/clients.h"
#include "clients/clients_mpi_priv.h"
#include "clients/clients_agg.h"
#include "clients/clients_check.h"
#include "clients/clients_red.h"
#include "clients/clients_tl.h"
#include "clients/clusterfile.h"
#include "platform/clock.h"
#include "iosweep.h"
#include "model/latency.h"
#include "options/options.h"
#include "platform/platform.h"
#include "model/results.h"
#include "lib/err.h"
#include "lib/readfile.h"

#define CLIENTS_HOST_MAX 256
#define CLIENTS_TAG_WALL 7173       /* --stonewall's "my pass is done" */
#define CLIENTS_CLUSTER_MAX (1u << 20) /* -+m FILE's largest size */

struct clients_mpi_state clients_st = { .read_writer = -1 };

/* The operator the clients' records of a cell are reduced with (clients_red.h). */
static void red_op(void *in, void *inout, int *len, MPI_Datatype *type)
{
	int size = 0;

	MPI_Type_size(*type, &size);
	for (int i = 0; i < *len; i++)
		clients_red_merge((unsigned char *)inout + (size_t)i * (size_t)size,
				  (const unsigned char *)in + (size_t)i * (size_t)size,
				  (size_t)size);
}

/* The operator the clients' timeline records are reduced with (clients_tl.h). */
static void tl_op(void *in, void *inout, int *len, MPI_Datatype *type)
{
	(void)type;	/* always clients_st.tl_type */
	clients_tl_red_merge(inout, in, (size_t)*len);
}

static const char *host_of(int rank)
{
	return clients_st.hosts + (size_t)rank * CLIENTS_HOST_MAX;
}

/* The most clients of the running ones (ranks 0..size-1) on one host. */
static void count_ranks_per_host(void)
{
	clients_st.ranks_per_host = 0;
	for (int i = 0; i < clients_st.size; i++) {
		unsigned same = 0;
		for (int k = 0; k < clients_st.size; k++)
			same += strcmp(host_of(i), host_of(k)) == 0;
		if (same > clients_st.ranks_per_host)
			clients_st.ranks_per_host = same;
	}
}

int clients_init(int *argc, char ***argv, char *err, size_t errlen)
{
	char host[CLIENTS_HOST_MAX] = "";

	/* queue-depth passes run worker threads; only this one calls MPI */
	if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &clients_st.threads) != MPI_SUCCESS)
		return err_set(err, errlen, "cannot start MPI (run iosweep-mpi under mpirun)");
	clients_st.comm = MPI_COMM_WORLD;
	MPI_Comm_rank(clients_st.comm, &clients_st.rank);
	MPI_Comm_size(clients_st.comm, &clients_st.size);
	plat_host_name(host, sizeof(host));   /* "unknown" when there is none */
	clients_st.hosts = calloc((size_t)clients_st.size, CLIENTS_HOST_MAX);
	if (!clients_st.hosts) {
		err_set(err, errlen, "out of memory for %d clients", clients_st.size);
		MPI_Abort(MPI_COMM_WORLD, IOSWEEP_EXIT_FAILURE);
		return -1;
	}
	MPI_Allgather(host, CLIENTS_HOST_MAX, MPI_CHAR, clients_st.hosts, CLIENTS_HOST_MAX,
		      MPI_CHAR, clients_st.comm);
	MPI_Op_create(red_op, 1, &clients_st.red_op);
	MPI_Type_contiguous((int)sizeof(struct clients_tl_red), MPI_BYTE, &clients_st.tl_type);
	MPI_Type_commit(&clients_st.tl_type);
	MPI_Op_create(tl_op, 1, &clients_st.tl_op);
	/* a debugging aid: rank 0's word holds for all (clients_cell_done) */
	clients_st.verify = clients_st.rank == 0 && getenv("IOSWEEP_MPI_VERIFY") &&
		strcmp(getenv("IOSWEEP_MPI_VERIFY"), "0") != 0;
	MPI_Bcast(&clients_st.verify, 1, MPI_INT, 0, clients_st.comm);
	count_ranks_per_host();
	/* the leader prints for everyone; the others' errors reach it */
	if (clients_st.rank != 0 && (!freopen("/dev/null", "w", stdout) ||
			     !freopen("/dev/null", "w", stderr))) {
		err_set(err, errlen, "rank %d: cannot silence its output", clients_st.rank);
		MPI_Abort(MPI_COMM_WORLD, IOSWEEP_EXIT_FAILURE);
		return -1;
	}
	return 0;
}

void clients_finish(void)
{
	free(clients_st.hosts);
	free(clients_st.read_path);
	free(clients_st.aggregated);
	free(clients_st.wall_tx);
	clients_st.wall_tx = NULL;
	clients_st.hosts = NULL;
	clients_st.read_path = NULL;
	clients_st.aggregated = NULL;
	if (clients_st.comm != MPI_COMM_WORLD && clients_st.comm != MPI_COMM_NULL)
		MPI_Comm_free(&clients_st.comm);
	MPI_Op_free(&clients_st.red_op);
	MPI_Op_free(&clients_st.tl_op);
	MPI_Type_free(&clients_st.tl_type);
	MPI_Finalize();
}

int clients_active(void)
{
	return 1;
}

int clients_leader(void)
{
	return clients_st.rank == 0;
}

int clients_rank(void)
{
	return clients_st.rank;
}

int clients_count(void)
{
	return clients_st.size;
}

/* err becomes rank `from`'s message msg, prefixed with its rank and host. */
static void name_rank(int from, const char *msg, char *err, size_t errlen)
{
	err_set(err, errlen, "rank %d on host %s: %s", from, host_of(from), msg);
}

/*
 * Every rank's kind (0 fine); returns the rank with the largest kind
 * (the lowest such rank), or -1 when all are 0, and its message in msg
 * on every rank.
 */
static int exchange(int kind, const char *mine, int *maxkind, char *msg,
		    size_t msglen)
{
	int *kinds = malloc((size_t)clients_st.size * sizeof(int));
	char buf[IOSWEEP_ERR_MAX];
	int from = -1;

	if (!kinds) {
		/* cannot take part: end the job rather than hang it */
		MPI_Abort(MPI_COMM_WORLD, IOSWEEP_EXIT_FAILURE);
		return -1;
	}
	MPI_Allgather(&kind, 1, MPI_INT, kinds, 1, MPI_INT, clients_st.comm);
	*maxkind = 0;
	for (int i = 0; i < clients_st.size; i++) {
		if (kinds[i] > *maxkind) {
			*maxkind = kinds[i];
			from = i;
		}
	}
	free(kinds);
	if (from < 0)
		return -1;
	snprintf(buf, sizeof(buf), "%s", mine);
	MPI_Bcast(buf, sizeof(buf), MPI_CHAR, from, clients_st.comm);
	snprintf(msg, msglen, "%s", buf);
	return from;
}

int clients_agree(int rc, char *err, size_t errlen)
{
	char msg[IOSWEEP_ERR_MAX];
	int maxkind, from = exchange(rc != 0, rc != 0 ? err : "", &maxkind, msg,
				     sizeof(msg));

	if (from < 0)
		return 0;
	name_rank(from, msg, err, errlen);
	return -1;
}

/*
 * -+m: rank 0 reads the cluster file and broadcasts its bytes, so every
 * rank parses the same text and fails alike; each then checks there is
 * one client line per rank.  0, or -1 with err set (on every rank).
 */
static int cluster_read(const char *name, struct cluster_file *cf, char *err,
			size_t errlen)
{
	char *text = NULL;
	size_t len = 0;
	long long wire = -1;
	int rc = -1;

	if (clients_st.rank == 0 &&
	    readfile_all(name, CLIENTS_CLUSTER_MAX, "an IOzone cluster file",
			 &text, &len, err, errlen) == 0)
		wire = (long long)len;
	MPI_Bcast(&wire, 1, MPI_LONG_LONG, 0, clients_st.comm);
	if (wire < 0) {
		if (clients_st.rank != 0)
			err_set(err, errlen, "-+m '%.300s': rank 0 cannot read it", name);
		goto out;
	}
	if (clients_st.rank != 0) {
		len = (size_t)wire;
		text = malloc(len + 1);
		if (!text) {	/* the others go on to the broadcast without us */
			MPI_Abort(MPI_COMM_WORLD, 1);
			goto out;
		}
	}
	MPI_Bcast(text, (int)len, MPI_CHAR, 0, clients_st.comm);
	text[len] = '\0';
	if (clusterfile_parse(name, text, len, cf, err, errlen) != 0)
		goto out;
	if (cf->n != (size_t)clients_st.size) {
		err_set(err, errlen, "-+m '%.300s': %zu client line%s but mpirun "
			"started %d rank%s; run mpirun -np %zu", name, cf->n,
			cf->n == 1 ? "" : "s", clients_st.size, clients_st.size == 1 ? "" : "s", cf->n);
		clusterfile_release(cf);
		goto out;
	}
	rc = 0;
out:
	free(text);
	return rc;
}

/* Client rank's test file: -f expanded, then placed by -+m's line. */
static int client_path(const struct options *o, const struct cluster_file *cf,
		       int rank, char *out, size_t outlen, char *err, size_t errlen)
{
	char own[4096];

	if (o->share_file) {	/* -+V: -f as it is, the same for every rank */
		if ((size_t)snprintf(out, outlen, "%s", o->file) >= outlen)
			return err_set(err, errlen, "-f '%.300s': too long", o->file);
		return 0;
	}
	if (!cf->n)
		return clusterfile_expand(o->file, rank, clients_st.size, host_of(rank), out, outlen,
					  err, errlen);
	if (clusterfile_expand(o->file, rank, clients_st.size, host_of(rank), own, sizeof(own),
			       err, errlen) != 0)
		return -1;
	return clusterfile_path(&cf->lines[rank], own, out, outlen, err, errlen);
}

/* The option iosweep-mpi cannot run in step on every client, or NULL. */
static const char *refused_option(const struct options *o)
{
	if (options_throughput(o))
		return "-t/-l/-u (throughput mode)";
	if (o->min_time_ms)
		return "--min-time";
	if (o->latency_files)	/* every rank would write ./wol.dat ... */
		return "-Q";
	if (o->refine_cliffs)
		return "--refine-cliffs";
	if (o->ci_target > 0.0)	/* ranks would stop cells after different trials */
		return "--ci";
	if (o->until_settled)
		return "--until-settled";
	if (o->compute_given)	/* the aggregate is barrier to barrier */
		return "-J";
	if (o->traj_path[0] || o->traj_path[1])
		return o->traj_path[0] ? "-X" : "-Y";
	if (o->bind_given)	/* every rank of a host would take CPU N */
		return "-P";
	return NULL;
}

/* The options, and pairs of them, that many clients cannot take.  0 or -1. */
static int check_options(const struct options *o, char *err, size_t errlen)
{
	const char *refused = refused_option(o);

	if (refused)
		return err_set(err, errlen, "%s: not available with iosweep-mpi, which runs "
			"the sweep grid on every client in step", refused);
	if (o->remount_dir)
		return err_set(err, errlen, "-U: not available with iosweep-mpi: the "
			"clients of a host share its mounts and keep their files open "
			"across each other's passes, so none can unmount between them; "
			"use --cold");
	if (o->stonewall && o->latency) {	/* tests.c: its loop times no op */
		return err_set(err, errlen, "--stonewall and --latency: a stonewalled pass "
			"does not time its operations; choose one");
	}
	if (o->stonewall && options_qd(o))
		return err_set(err, errlen, "--stonewall and %s: stonewalling ends the sweep "
			"grid's passes; queue-depth passes run their records or "
			"--runtime on every client", options_qd_name(o));
	if (options_qd(o) && clients_st.threads < MPI_THREAD_FUNNELED) {
		return err_set(err, errlen, "%s: this MPI library allows no threads besides "
			"the one calling MPI, and queue-depth passes use worker "
			"threads", options_qd_name(o));
	}
	return 0;
}

/* -+V (one file for all ranks) against -W, -+m and %-names in -f.  0 or -1. */
static int check_shared_file(const struct options *o, const struct cluster_file *cf,
			     char *err, size_t errlen)
{
	if (o->share_file && o->file_lock && clients_st.size > 1) {
		/* a rank holding the whole file would wait at the pass's end
		 * for ranks that wait for its lock */
		return err_set(err, errlen, "-W and %s: whole-file locks on the file "
			"all ranks share would deadlock at the passes' barriers; "
			"use -+L (record locks)", o->rlocking ? "-+L" : "-+V");
	}
	if (o->share_file && cf->n)
		return err_set(err, errlen, "-+m and -+V: the client file gives every rank "
			"its own place; -+V needs one file for all, named by -f");
	if (o->share_file && strchr(o->file, '%'))
		return err_set(err, errlen, "-f '%.300s' and -+V: the ranks share one file; "
			"take the %% names out of -f", o->file);
	return 0;
}

/* --stonewall with more than one client: room for the messages to send. */
static int setup_stonewall(const struct options *o, char *err, size_t errlen)
{
	if (!o->stonewall || clients_st.size <= 1)
		return 0;
	clients_st.wall = 1;
	free(clients_st.wall_tx);
	clients_st.wall_tx = malloc((size_t)(clients_st.size - 1) * sizeof(*clients_st.wall_tx));
	if (!clients_st.wall_tx)
		return err_set(err, errlen, "out of memory");
	return 0;
}

/* --reorder (or --reorder-shift): which rank's file this rank reads, and its path. */
static int setup_reorder(struct options *o, const struct cluster_file *cf,
			 size_t pathlen, char *err, size_t errlen)
{
	unsigned shift;

	if (o->reorder_shift)
		o->reorder = 1;
	if (!o->reorder)
		return 0;
	shift = o->reorder_shift ? o->reorder_shift : clients_st.ranks_per_host;
	if (!o->reorder_shift && shift % (unsigned)clients_st.size == 0)
		shift = 1;	/* one host: the next rank */
	if (shift % (unsigned)clients_st.size == 0)
		return err_set(err, errlen, "--reorder-shift %u: with %d clients every "
			       "client would read its own file", shift, clients_st.size);
	clients_st.read_writer = (int)(((unsigned)clients_st.rank + shift) % (unsigned)clients_st.size);
	free(clients_st.read_path);
	clients_st.read_path = malloc(pathlen);
	if (!clients_st.read_path)
		return err_set(err, errlen, "out of memory");
	return client_path(o, cf, clients_st.read_writer, clients_st.read_path, pathlen, err, errlen);
}

int clients_setup(struct options *o, char *err, size_t errlen)
{
	struct cluster_file cf = { 0 };
	char path[4096];
	char *own;

	if (check_options(o, err, errlen) != 0)
		return -1;
	clients_st.runtime_ns = options_qd(o) ? o->runtime_ms * 1000000u : 0;
	clients_st.timelines = o->log_interval_ms != 0;
	clients_st.ramp_ns = clients_st.runtime_ns ? o->ramp_ms * 1000000u : 0;
	/* before anything that may fail on some ranks only: it broadcasts */
	if (o->cluster_file && cluster_read(o->cluster_file, &cf, err, errlen) != 0)
		return -1;
	if (check_shared_file(o, &cf, err, errlen) != 0)
		goto fail;
	if ((!cf.n && !o->share_file && clusterfile_distinct(o->file, clients_st.ranks_per_host, err, errlen) != 0) ||
	    client_path(o, &cf, clients_st.rank, path, sizeof(path), err, errlen) != 0)
		goto fail;
	if (setup_stonewall(o, err, errlen) != 0 ||
	    setup_reorder(o, &cf, sizeof(path), err, errlen) != 0)
		goto fail;
	own = strdup(path);
	if (!own) {
		err_set(err, errlen, "out of memory");
		goto fail;
	}
	free(o->file);
	o->file = own;
	clusterfile_release(&cf);
	return 0;
fail:
	clusterfile_release(&cf);
	return -1;
}

const char *clients_read_path(int *writer)
{
	*writer = clients_st.read_path ? clients_st.read_writer : -1;
	return clients_st.read_path;
}

int clients_describe(struct result_set *rs, char *err, size_t errlen)
{
	const char **hosts = malloc((size_t)clients_st.size * sizeof(*hosts));
	int rc = -1;

	if (hosts) {
		for (int i = 0; i < clients_st.size; i++)
			hosts[i] = host_of(i);
		rc = results_set_clients(rs, hosts, (unsigned)clients_st.size);
		free(hosts);
	}
	if (rc != 0)
		err_set(err, errlen, "out of memory describing the clients");
	return rc;
}

/*
 * The one collective of a run: 0 go on, 1 stop (then never again).
 * *senders (may be NULL): how many ranks passed sent = 1.
 */
int clients_mpi_flags(int error, int stopping, int sent, int *senders)
{
	int in[3] = { error != 0, stopping != 0, sent != 0 }, out[3] = { 0, 0, 0 };

	if (clients_st.stop_agreed)
		return 1;
	MPI_Allreduce(in, out, 3, MPI_INT, MPI_SUM, clients_st.comm);
	if (out[0] || out[1])
		clients_st.stop_agreed = 1;
	if (senders)
		*senders = out[2];
	return clients_st.stop_agreed;
}

/*
 * --stonewall, at the end of a pass every rank reached: the receive
 * completed, the other expected - 1 messages received, the sends done.
 */
static void wall_close(int expected)
{
	int got = clients_st.wall_got;

	if (!got && expected > 0) {
		MPI_Wait(&clients_st.wall_rx, MPI_STATUS_IGNORE);
		got = 1;
	} else if (!got) {
		MPI_Cancel(&clients_st.wall_rx);
		MPI_Wait(&clients_st.wall_rx, MPI_STATUS_IGNORE);
	}
	for (int k = got; k < expected; k++)
		MPI_Recv(&clients_st.wall_in, 1, MPI_INT, MPI_ANY_SOURCE, CLIENTS_TAG_WALL,
			 clients_st.comm, MPI_STATUS_IGNORE);
	if (clients_st.wall_sent)	/* one by one: MPICH's MPI_STATUSES_IGNORE upsets gcc */
		for (int k = 0; k < clients_st.size - 1; k++)
			MPI_Wait(&clients_st.wall_tx[k], MPI_STATUS_IGNORE);
	clients_st.wall_posted = clients_st.wall_got = clients_st.wall_sent = 0;
}

/*
 * --stonewall, when the run stops: no count is agreed (a rank may never
 * have reached the barrier), so the receive is withdrawn and the sends
 * left to finish on their own; nothing waits on another rank.
 */
static void wall_abandon(void)
{
	if (clients_st.wall_posted && !clients_st.wall_got) {
		MPI_Cancel(&clients_st.wall_rx);
		MPI_Wait(&clients_st.wall_rx, MPI_STATUS_IGNORE);
	}
	if (clients_st.wall_sent)
		for (int k = 0; k < clients_st.size - 1; k++)
			MPI_Request_free(&clients_st.wall_tx[k]);
	clients_st.wall_posted = clients_st.wall_got = clients_st.wall_sent = 0;
}

int clients_pass_start(int stopping)
{
	int rc;

	if (clients_st.wall && !clients_st.stop_agreed) {
		MPI_Irecv(&clients_st.wall_in, 1, MPI_INT, MPI_ANY_SOURCE, CLIENTS_TAG_WALL,
			  clients_st.comm, &clients_st.wall_rx);
		clients_st.wall_posted = 1;
		clients_st.wall_got = 0;
	}
	rc = clients_mpi_flags(0, stopping, 0, NULL);
	if (rc)
		wall_abandon();
	clients_st.t_start = clock_now_ns();
	return rc;
}

int clients_walled(void)
{
	int done = 0;

	if (!clients_st.wall_posted || clients_st.wall_got)
		return clients_st.wall_got;
	MPI_Test(&clients_st.wall_rx, &done, MPI_STATUS_IGNORE);
	clients_st.wall_got = done != 0;
	return clients_st.wall_got;
}

int clients_pass_end(int stopping, int walled, uint64_t *sync_ns)
{
	static const int one = 1;
	int rc, senders = 0;

	if (clients_st.wall_posted && !walled && !stopping) {
		for (int r = 0, k = 0; r < clients_st.size; r++)
			if (r != clients_st.rank)
				MPI_Isend(&one, 1, MPI_INT, r, CLIENTS_TAG_WALL,
					  clients_st.comm, &clients_st.wall_tx[k++]);
		clients_st.wall_sent = 1;
	}
	rc = clients_mpi_flags(0, stopping, clients_st.wall_sent, &senders);
	*sync_ns = clock_now_ns() - clients_st.t_start;
	/* a stop may have come from a rank that never reached this barrier:
	 * then the count is not every sender's, and nothing waits on it */
	if (rc)
		wall_abandon();
	else if (clients_st.wall_posted)
		wall_close(senders - clients_st.wall_sent);
	return rc;
}

/* Leader: rs->samples without the raw samples of cell (clients_mpi_priv.h). */
void clients_mpi_drop_raw(struct result_set *rs, size_t cell)
{
	size_t k = 0;

	for (size_t i = 0; i < rs->nsamples; i++) {
		struct result_sample *s = &rs->samples[i];
		int raw = cell == SIZE_MAX ?
			(s->cell >= clients_st.naggregated || !clients_st.aggregated[s->cell]) :
			s->cell == cell;
		if (raw)
			clients_sample_free_hists(s);
		else
			rs->samples[k++] = *s;
	}
	rs->nsamples = k;
}

/*
 * Queue depth (meta.inflight_max): the most I/Os one worker of any client
 * had in flight, into the leader's meta.  Every rank calls it once, at the
 * end of the run, after the exchange every rank makes there.
 */
static void most_inflight(struct result_set *rs)
{
	unsigned mine = rs->meta.inflight_max, most = 0;

	MPI_Allreduce(&mine, &most, 1, MPI_UNSIGNED, MPI_MAX, clients_st.comm);
	if (clients_st.rank == 0 && most > mine)
		rs->meta.inflight_max = most;	/* else: its own */
}

/* What ended a rank's run, from least to most important. */
enum { END_OK, END_PEER, END_SIGNAL, END_ERROR };

int clients_run_end(struct result_set *rs, int rc, volatile sig_atomic_t *stop,
		    char *err, size_t errlen)
{
	char msg[IOSWEEP_ERR_MAX];
	int kind = END_OK, maxkind, from;

	if (rc != 0)
		kind = *stop ? END_SIGNAL : clients_st.stop_agreed && !clients_st.local_err[0] ?
			END_PEER : END_ERROR;
	if (kind == END_ERROR && clients_st.local_err[0])
		err_set(err, errlen, "%s", clients_st.local_err);
	wall_abandon();	/* a pass that failed between its barriers */
	(void)clients_mpi_flags(kind == END_ERROR, kind == END_SIGNAL, 0, NULL);
	from = exchange(kind, kind != END_OK ? err : "", &maxkind, msg, sizeof(msg));
	most_inflight(rs);
	if (clients_st.rank == 0) {	/* what the aggregation cost rank 0 (docs/mpi.md) */
		rs->meta.clients_rss_kb = plat_peak_rss_kb();
		rs->meta.clients_reduce_s = (double)clients_st.reduce_ns / 1e9;
		if (clients_st.verify && from < 0)
			fprintf(stderr, "iosweep-mpi: IOSWEEP_MPI_VERIFY: %zu reduced "
				"figure%s equal to the pooled clients'\n", clients_st.verified,
				clients_st.verified == 1 ? "" : "s");
		if (clients_st.verify && clients_st.timelines && from < 0)
			fprintf(stderr, "iosweep-mpi: IOSWEEP_MPI_VERIFY: %zu timeline "
				"total rows equal to the pooled clients'\n", clients_st.verified_tl);
	}
	if (from < 0)
		return 0;
	if (maxkind == END_SIGNAL) {
		if (!*stop)
			*stop = SIGINT;
	} else {
		*stop = 0;
	}
	name_rank(from, maxkind == END_PEER ? "stopped" : msg, err, errlen);
	if (clients_st.rank == 0)
		clients_mpi_drop_raw(rs, SIZE_MAX);
	return -1;
}

/*
 * Every rank of the world meets, without spinning (a rank that sat out a
 * step may wait there for minutes on a host the others work on): a
 * non-blocking all-reduce (MAX) of stop, tested every 5 ms.  Returns
 * whether any rank's stop was set.
 */
static int world_meet(int stop)
{
	int in = stop != 0, out = 0, done = 0;
	MPI_Request rq;

	MPI_Iallreduce(&in, &out, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &rq);
	while (MPI_Test(&rq, &done, MPI_STATUS_IGNORE) == MPI_SUCCESS && !done)
		plat_sleep_us(5000, NULL);
	return out;
}

/* A sweep's own state, left from the last step's sweep: forgotten. */
static void step_reset(void)
{
	free(clients_st.read_path);
	free(clients_st.aggregated);
	free(clients_st.wall_tx);
	clients_st.read_path = NULL;
	clients_st.read_writer = -1;
	clients_st.aggregated = NULL;
	clients_st.naggregated = 0;
	clients_st.wall_tx = NULL;
	clients_st.wall = 0;
	clients_st.stop_agreed = 0;
	clients_st.reduce_ns = 0;
	clients_st.verified = clients_st.verified_tl = 0;
	clients_st.local_err[0] = '\0';
}

int clients_step(unsigned n, int stop)
{
	int world = 0;

	if (clients_st.comm != MPI_COMM_WORLD && clients_st.comm != MPI_COMM_NULL)
		MPI_Comm_free(&clients_st.comm);
	clients_st.comm = MPI_COMM_WORLD;
	MPI_Comm_size(MPI_COMM_WORLD, &world);
	clients_st.size = world;
	count_ranks_per_host();
	step_reset();
	if (world_meet(stop))
		return -1;
	/* ranks 0..n-1 keep their numbers: the split is keyed by rank */
	if (n > 0 && n < (unsigned)world)
		MPI_Comm_split(MPI_COMM_WORLD, (unsigned)clients_st.rank < n ? 0 : MPI_UNDEFINED,
			       clients_st.rank, &clients_st.comm);
	if (clients_st.comm == MPI_COMM_NULL)
		return 0;
	MPI_Comm_size(clients_st.comm, &clients_st.size);
	count_ranks_per_host();
	return 1;
}

int clients_world(void)
{
	int world = 0;

	MPI_Comm_size(MPI_COMM_WORLD, &world);
	return world;
}
