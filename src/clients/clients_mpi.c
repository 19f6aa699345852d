/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clients_mpi.c: many clients over MPI (see clients.h), the only file
 * that includes mpi.h; iosweep-mpi links it in place of clients_local.c.
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
 */
#include "compat.h"

#include <mpi.h>

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clients/clients.h"
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

static struct {
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
} cl = { .read_writer = -1 };

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
	(void)type;	/* always cl.tl_type */
	clients_tl_red_merge(inout, in, (size_t)*len);
}

static const char *host_of(int rank)
{
	return cl.hosts + (size_t)rank * CLIENTS_HOST_MAX;
}

int clients_init(int *argc, char ***argv, char *err, size_t errlen)
{
	char host[CLIENTS_HOST_MAX] = "";

	/* queue-depth passes run worker threads; only this one calls MPI */
	if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &cl.threads) != MPI_SUCCESS)
		return err_set(err, errlen, "cannot start MPI (run iosweep-mpi under mpirun)");
	MPI_Comm_rank(MPI_COMM_WORLD, &cl.rank);
	MPI_Comm_size(MPI_COMM_WORLD, &cl.size);
	plat_host_name(host, sizeof(host));   /* "unknown" when there is none */
	cl.hosts = calloc((size_t)cl.size, CLIENTS_HOST_MAX);
	if (!cl.hosts) {
		err_set(err, errlen, "out of memory for %d clients", cl.size);
		MPI_Abort(MPI_COMM_WORLD, IOSWEEP_EXIT_FAILURE);
		return -1;
	}
	MPI_Allgather(host, CLIENTS_HOST_MAX, MPI_CHAR, cl.hosts, CLIENTS_HOST_MAX,
		      MPI_CHAR, MPI_COMM_WORLD);
	MPI_Op_create(red_op, 1, &cl.red_op);
	MPI_Type_contiguous((int)sizeof(struct clients_tl_red), MPI_BYTE, &cl.tl_type);
	MPI_Type_commit(&cl.tl_type);
	MPI_Op_create(tl_op, 1, &cl.tl_op);
	/* a debugging aid: rank 0's word holds for all (clients_cell_done) */
	cl.verify = cl.rank == 0 && getenv("IOSWEEP_MPI_VERIFY") &&
		strcmp(getenv("IOSWEEP_MPI_VERIFY"), "0") != 0;
	MPI_Bcast(&cl.verify, 1, MPI_INT, 0, MPI_COMM_WORLD);
	for (int i = 0; i < cl.size; i++) {
		unsigned same = 0;
		for (int k = 0; k < cl.size; k++)
			same += strcmp(host_of(i), host_of(k)) == 0;
		if (same > cl.ranks_per_host)
			cl.ranks_per_host = same;
	}
	/* the leader prints for everyone; the others' errors reach it */
	if (cl.rank != 0 && (!freopen("/dev/null", "w", stdout) ||
			     !freopen("/dev/null", "w", stderr))) {
		err_set(err, errlen, "rank %d: cannot silence its output", cl.rank);
		MPI_Abort(MPI_COMM_WORLD, IOSWEEP_EXIT_FAILURE);
		return -1;
	}
	return 0;
}

void clients_finish(void)
{
	free(cl.hosts);
	free(cl.read_path);
	free(cl.aggregated);
	free(cl.wall_tx);
	cl.wall_tx = NULL;
	cl.hosts = NULL;
	cl.read_path = NULL;
	cl.aggregated = NULL;
	MPI_Op_free(&cl.red_op);
	MPI_Op_free(&cl.tl_op);
	MPI_Type_free(&cl.tl_type);
	MPI_Finalize();
}

int clients_active(void)
{
	return 1;
}

int clients_leader(void)
{
	return cl.rank == 0;
}

int clients_rank(void)
{
	return cl.rank;
}

int clients_count(void)
{
	return cl.size;
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
	int *kinds = malloc((size_t)cl.size * sizeof(int));
	char buf[IOSWEEP_ERR_MAX];
	int from = -1;

	if (!kinds) {
		/* cannot take part: end the job rather than hang it */
		MPI_Abort(MPI_COMM_WORLD, IOSWEEP_EXIT_FAILURE);
		return -1;
	}
	MPI_Allgather(&kind, 1, MPI_INT, kinds, 1, MPI_INT, MPI_COMM_WORLD);
	*maxkind = 0;
	for (int i = 0; i < cl.size; i++) {
		if (kinds[i] > *maxkind) {
			*maxkind = kinds[i];
			from = i;
		}
	}
	free(kinds);
	if (from < 0)
		return -1;
	snprintf(buf, sizeof(buf), "%s", mine);
	MPI_Bcast(buf, sizeof(buf), MPI_CHAR, from, MPI_COMM_WORLD);
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

	if (cl.rank == 0 &&
	    readfile_all(name, CLIENTS_CLUSTER_MAX, "an IOzone cluster file",
			 &text, &len, err, errlen) == 0)
		wire = (long long)len;
	MPI_Bcast(&wire, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
	if (wire < 0) {
		if (cl.rank != 0)
			err_set(err, errlen, "-+m '%.300s': rank 0 cannot read it", name);
		goto out;
	}
	if (cl.rank != 0) {
		len = (size_t)wire;
		text = malloc(len + 1);
		if (!text) {	/* the others go on to the broadcast without us */
			MPI_Abort(MPI_COMM_WORLD, 1);
			goto out;
		}
	}
	MPI_Bcast(text, (int)len, MPI_CHAR, 0, MPI_COMM_WORLD);
	text[len] = '\0';
	if (clusterfile_parse(name, text, len, cf, err, errlen) != 0)
		goto out;
	if (cf->n != (size_t)cl.size) {
		err_set(err, errlen, "-+m '%.300s': %zu client line%s but mpirun "
			"started %d rank%s; run mpirun -np %zu", name, cf->n,
			cf->n == 1 ? "" : "s", cl.size, cl.size == 1 ? "" : "s", cf->n);
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
		return clusterfile_expand(o->file, rank, cl.size, host_of(rank), out, outlen,
					  err, errlen);
	if (clusterfile_expand(o->file, rank, cl.size, host_of(rank), own, sizeof(own),
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
	if (options_qd(o) && cl.threads < MPI_THREAD_FUNNELED) {
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
	if (o->share_file && o->file_lock && cl.size > 1) {
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
	if (!o->stonewall || cl.size <= 1)
		return 0;
	cl.wall = 1;
	free(cl.wall_tx);
	cl.wall_tx = malloc((size_t)(cl.size - 1) * sizeof(*cl.wall_tx));
	if (!cl.wall_tx)
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
	shift = o->reorder_shift ? o->reorder_shift : cl.ranks_per_host;
	if (!o->reorder_shift && shift % (unsigned)cl.size == 0)
		shift = 1;	/* one host: the next rank */
	if (shift % (unsigned)cl.size == 0)
		return err_set(err, errlen, "--reorder-shift %u: with %d clients every "
			       "client would read its own file", shift, cl.size);
	cl.read_writer = (int)(((unsigned)cl.rank + shift) % (unsigned)cl.size);
	free(cl.read_path);
	cl.read_path = malloc(pathlen);
	if (!cl.read_path)
		return err_set(err, errlen, "out of memory");
	return client_path(o, cf, cl.read_writer, cl.read_path, pathlen, err, errlen);
}

int clients_setup(struct options *o, char *err, size_t errlen)
{
	struct cluster_file cf = { 0 };
	char path[4096];
	char *own;

	if (check_options(o, err, errlen) != 0)
		return -1;
	cl.runtime_ns = options_qd(o) ? o->runtime_ms * 1000000u : 0;
	cl.timelines = o->log_interval_ms != 0;
	cl.ramp_ns = cl.runtime_ns ? o->ramp_ms * 1000000u : 0;
	/* before anything that may fail on some ranks only: it broadcasts */
	if (o->cluster_file && cluster_read(o->cluster_file, &cf, err, errlen) != 0)
		return -1;
	if (check_shared_file(o, &cf, err, errlen) != 0)
		goto fail;
	if ((!cf.n && !o->share_file && clusterfile_distinct(o->file, cl.ranks_per_host, err, errlen) != 0) ||
	    client_path(o, &cf, cl.rank, path, sizeof(path), err, errlen) != 0)
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
	*writer = cl.read_path ? cl.read_writer : -1;
	return cl.read_path;
}

int clients_describe(struct result_set *rs, char *err, size_t errlen)
{
	const char **hosts = malloc((size_t)cl.size * sizeof(*hosts));
	int rc = -1;

	if (hosts) {
		for (int i = 0; i < cl.size; i++)
			hosts[i] = host_of(i);
		rc = results_set_clients(rs, hosts, (unsigned)cl.size);
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
static int flags(int error, int stopping, int sent, int *senders)
{
	int in[3] = { error != 0, stopping != 0, sent != 0 }, out[3] = { 0, 0, 0 };

	if (cl.stop_agreed)
		return 1;
	MPI_Allreduce(in, out, 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
	if (out[0] || out[1])
		cl.stop_agreed = 1;
	if (senders)
		*senders = out[2];
	return cl.stop_agreed;
}

/*
 * --stonewall, at the end of a pass every rank reached: the receive
 * completed, the other expected - 1 messages received, the sends done.
 */
static void wall_close(int expected)
{
	int got = cl.wall_got;

	if (!got && expected > 0) {
		MPI_Wait(&cl.wall_rx, MPI_STATUS_IGNORE);
		got = 1;
	} else if (!got) {
		MPI_Cancel(&cl.wall_rx);
		MPI_Wait(&cl.wall_rx, MPI_STATUS_IGNORE);
	}
	for (int k = got; k < expected; k++)
		MPI_Recv(&cl.wall_in, 1, MPI_INT, MPI_ANY_SOURCE, CLIENTS_TAG_WALL,
			 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	if (cl.wall_sent)	/* one by one: MPICH's MPI_STATUSES_IGNORE upsets gcc */
		for (int k = 0; k < cl.size - 1; k++)
			MPI_Wait(&cl.wall_tx[k], MPI_STATUS_IGNORE);
	cl.wall_posted = cl.wall_got = cl.wall_sent = 0;
}

/*
 * --stonewall, when the run stops: no count is agreed (a rank may never
 * have reached the barrier), so the receive is withdrawn and the sends
 * left to finish on their own; nothing waits on another rank.
 */
static void wall_abandon(void)
{
	if (cl.wall_posted && !cl.wall_got) {
		MPI_Cancel(&cl.wall_rx);
		MPI_Wait(&cl.wall_rx, MPI_STATUS_IGNORE);
	}
	if (cl.wall_sent)
		for (int k = 0; k < cl.size - 1; k++)
			MPI_Request_free(&cl.wall_tx[k]);
	cl.wall_posted = cl.wall_got = cl.wall_sent = 0;
}

int clients_pass_start(int stopping)
{
	int rc;

	if (cl.wall && !cl.stop_agreed) {
		MPI_Irecv(&cl.wall_in, 1, MPI_INT, MPI_ANY_SOURCE, CLIENTS_TAG_WALL,
			  MPI_COMM_WORLD, &cl.wall_rx);
		cl.wall_posted = 1;
		cl.wall_got = 0;
	}
	rc = flags(0, stopping, 0, NULL);
	if (rc)
		wall_abandon();
	cl.t_start = clock_now_ns();
	return rc;
}

int clients_walled(void)
{
	int done = 0;

	if (!cl.wall_posted || cl.wall_got)
		return cl.wall_got;
	MPI_Test(&cl.wall_rx, &done, MPI_STATUS_IGNORE);
	cl.wall_got = done != 0;
	return cl.wall_got;
}

int clients_pass_end(int stopping, int walled, uint64_t *sync_ns)
{
	static const int one = 1;
	int rc, senders = 0;

	if (cl.wall_posted && !walled && !stopping) {
		for (int r = 0, k = 0; r < cl.size; r++)
			if (r != cl.rank)
				MPI_Isend(&one, 1, MPI_INT, r, CLIENTS_TAG_WALL,
					  MPI_COMM_WORLD, &cl.wall_tx[k++]);
		cl.wall_sent = 1;
	}
	rc = flags(0, stopping, cl.wall_sent, &senders);
	*sync_ns = clock_now_ns() - cl.t_start;
	/* a stop may have come from a rank that never reached this barrier:
	 * then the count is not every sender's, and nothing waits on it */
	if (rc)
		wall_abandon();
	else if (cl.wall_posted)
		wall_close(senders - cl.wall_sent);
	return rc;
}

/* Leader: rs->samples without the raw samples of cell (or of every cell
 * not aggregated, when cell is SIZE_MAX); their histograms are freed. */
static void drop_raw(struct result_set *rs, size_t cell)
{
	size_t k = 0;

	for (size_t i = 0; i < rs->nsamples; i++) {
		struct result_sample *s = &rs->samples[i];
		int raw = cell == SIZE_MAX ?
			(s->cell >= cl.naggregated || !cl.aggregated[s->cell]) :
			s->cell == cell;
		if (raw)
			clients_sample_free_hists(s);
		else
			rs->samples[k++] = *s;
	}
	rs->nsamples = k;
}

/*
 * Leader: may the clients' byte counts (len[r]) be gathered in one
 * Gatherv (int counts and displacements)?  Then count[] and off[] are set.
 */
static int gather_plan(const long long *len, int *count, int *off)
{
	long long total = 0;

	for (int r = 0; r < cl.size; r++) {
		if (len[r] < 0 || len[r] > INT_MAX - total)
			return 0;
		off[r] = (int)total;
		count[r] = (int)len[r];
		total += len[r];
	}
	return 1;
}

/*
 * Past an agreement: every rank's bytes to rank 0 in three calls made on
 * every rank (the lengths, whether they fit one gather, the bytes): *all
 * (back to back), *count, *off (cl.size each); the caller frees all three.
 * 1 when gathered; 0 when too big (rank 0 has cl.local_err set).
 */
static int gather_bytes(const unsigned char *mine, size_t mylen, unsigned char **all,
			int **count, int **off)
{
	long long len = (long long)mylen, *lens = calloc((size_t)cl.size, sizeof(*lens));
	int ok = 0;

	*all = NULL;
	*count = calloc((size_t)cl.size, sizeof(int));
	*off = calloc((size_t)cl.size, sizeof(int));
	if (!lens || !*count || !*off)	/* cannot take part: end the job */
		MPI_Abort(MPI_COMM_WORLD, IOSWEEP_EXIT_FAILURE);
	MPI_Gather(&len, 1, MPI_LONG_LONG, lens, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
	if (cl.rank == 0) {
		ok = gather_plan(lens, *count, *off);
		if (ok && !(*all = malloc((size_t)(*off)[cl.size - 1] +
					  (size_t)(*count)[cl.size - 1] + 1)))
			MPI_Abort(MPI_COMM_WORLD, IOSWEEP_EXIT_FAILURE);
	}
	free(lens);
	MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
	if (!ok) {	/* every rank knows: none sends, rank 0 stops the run */
		if (cl.rank == 0)
			snprintf(cl.local_err, sizeof(cl.local_err), "the clients' "
				 "figures of one step exceed what one MPI gather moves "
				 "(2 GiB); use fewer trials or clients");
		return 0;
	}
	MPI_Gatherv(mine, (int)mylen, MPI_BYTE, *all, *count, *off, MPI_BYTE, 0,
		    MPI_COMM_WORLD);
	return 1;
}

/*
 * --log-interval, up to CLIENTS_TL_ROWS_MAX clients (or to check the
 * totals): this client's timeline rows of cell to rank 0, which appends
 * them to into (its own too when own is set) (clients_tl.h).  Every
 * client makes gather_bytes's calls.  0, or -1 on rank 0 with
 * cl.local_err set.
 */
static int gather_timelines(struct result_set *rs, size_t cell, struct timeline *into,
			    int own)
{
	const struct result_cell *c = &rs->cells[cell];
	size_t len = clients_tl_packed_len(&rs->timeline, cl.rank, c->file_kb, c->record_kb);
	unsigned char *mine = malloc(len), *all = NULL;
	int *count = NULL, *off = NULL, rc = 0;
	char why[256];

	if (!mine)
		MPI_Abort(MPI_COMM_WORLD, IOSWEEP_EXIT_FAILURE);
	clients_tl_pack(&rs->timeline, cl.rank, c->file_kb, c->record_kb, mine);
	if (!gather_bytes(mine, len, &all, &count, &off)) {
		rc = cl.rank == 0 ? -1 : 0;
		goto out;
	}
	for (int r = 0; cl.rank == 0 && r < cl.size; r++) {
		size_t used;
		if (clients_tl_unpack(into, own || r != 0, r, c->file_kb, c->record_kb,
				      all + off[r], (size_t)count[r], &used, why,
				      sizeof(why)) != 0) {
			rc = err_set(cl.local_err, sizeof(cl.local_err), "the timeline "
				     "rank %d sent for rank 0 to total: %s", r, why);
			goto out;
		}
	}
out:
	free(mine);
	free(all);
	free(count);
	free(off);
	return rc;
}

/* A cell's figures while they are reduced: this client's, then rank 0's. */
struct cell_red {
	size_t cell, n;
	struct result_sample **mine;      /* this client's samples of the cell */
	struct clients_red_shape *sh;     /* [n] agreed */
	unsigned char *buf, *sum;         /* [len]: mine; rank 0: everyone's */
	size_t len;
	struct clients_row *rows;         /* [n]: mine; rank 0: [size * n] */
	struct clients_agg *agg;          /* rank 0: [n] */
};

static void cell_red_free(struct cell_red *c)
{
	free(c->mine);
	free(c->sh);
	free(c->buf);
	free(c->sum);
	free(c->rows);
	clients_aggs_free(c->agg, c->n);
}

/* Memory a collective needs: without it this client cannot take part. */
static void *must(void *p)
{
	if (!p)
		MPI_Abort(MPI_COMM_WORLD, IOSWEEP_EXIT_FAILURE);
	return p;
}

/*
 * This client's samples of the cell and their count, agreed between the
 * clients with their shapes (all-reduces of maxima).  0, or -1 on every
 * client when the clients' samples differ (rank 0 sets cl.local_err).
 */
static int agree_shapes(struct result_set *rs, struct cell_red *c)
{
	int64_t cnt[2], most[2], *key;
	size_t n = 0;

	for (size_t i = 0; i < rs->nsamples; i++)
		n += rs->samples[i].cell == c->cell;
	c->mine = must(malloc((n + 1) * sizeof(*c->mine)));
	for (size_t i = 0, k = 0; i < rs->nsamples; i++)
		if (rs->samples[i].cell == c->cell)
			c->mine[k++] = &rs->samples[i];
	cnt[0] = (int64_t)n;
	cnt[1] = -(int64_t)n;
	MPI_Allreduce(cnt, most, 2, MPI_INT64_T, MPI_MAX, MPI_COMM_WORLD);
	if (most[0] != -most[1] || n > (size_t)INT_MAX / CLIENTS_RED_KEY)
		goto differ;
	c->n = n;
	c->sh = must(calloc(n + 1, sizeof(*c->sh)));
	key = must(malloc((n + 1) * CLIENTS_RED_KEY * sizeof(*key)));
	for (size_t i = 0; i < n; i++) {
		clients_red_shape_of(c->mine[i], &c->sh[i]);
		clients_red_key(&c->sh[i], key + i * CLIENTS_RED_KEY);
	}
	MPI_Allreduce(MPI_IN_PLACE, key, (int)(n * CLIENTS_RED_KEY), MPI_INT64_T, MPI_MAX,
		      MPI_COMM_WORLD);
	for (size_t i = 0; i < n; i++) {
		if (clients_red_agreed(key + i * CLIENTS_RED_KEY, &c->sh[i]) != 0) {
			free(key);
			goto differ;
		}
	}
	free(key);
	return 0;
differ:
	if (cl.rank == 0)
		err_set(cl.local_err, sizeof(cl.local_err), "the clients finished "
			"different tests or trials of the cell %zu (%lld to %lld samples)",
			c->cell, (long long)-most[1], (long long)most[0]);
	return -1;
}

/*
 * The clients' records summed into rank 0's c->sum (one MPI_Reduce with
 * the user operator) and their rows gathered to rank 0 (one MPI_Gather
 * of a fixed size).  Every client makes both calls.  0, or -1 on every
 * client when a record is too large for one call.
 */
static int reduce_cell(struct cell_red *c)
{
	size_t rowlen = c->n * sizeof(*c->rows);
	MPI_Datatype rec;

	c->len = clients_red_len(c->sh, c->n);
	if (c->len > INT_MAX || rowlen > INT_MAX) {
		if (cl.rank == 0)
			err_set(cl.local_err, sizeof(cl.local_err), "a cell's figures "
				"exceed what one MPI reduction moves (2 GiB); use fewer "
				"trials");
		return -1;
	}
	c->buf = must(malloc(c->len + 1));
	clients_red_fill(c->buf, c->sh, c->mine, c->n);
	if (cl.rank == 0)
		c->sum = must(malloc(c->len + 1));
	MPI_Type_contiguous((int)c->len, MPI_BYTE, &rec);
	MPI_Type_commit(&rec);
	MPI_Reduce(c->buf, c->sum, c->len ? 1 : 0, rec, cl.red_op, 0, MPI_COMM_WORLD);
	MPI_Type_free(&rec);
	c->rows = must(calloc(c->n + 1, sizeof(*c->rows)));
	for (size_t i = 0; i < c->n; i++)
		clients_row_of(c->mine[i], &c->rows[i]);
	if (cl.rank == 0) {
		struct clients_row *all = must(calloc((size_t)cl.size * c->n + 1, sizeof(*all)));
		MPI_Gather(c->rows, (int)rowlen, MPI_BYTE, all, (int)rowlen, MPI_BYTE, 0,
			   MPI_COMM_WORLD);
		free(c->rows);
		c->rows = all;
	} else {
		MPI_Gather(c->rows, (int)rowlen, MPI_BYTE, NULL, 0, MPI_BYTE, 0,
			   MPI_COMM_WORLD);
	}
	return 0;
}

/* Rank 0: the clients' rows of the cell into rs->client_samples.  0 or -1. */
static int keep_rows(struct result_set *rs, const struct cell_red *c)
{
	for (int r = 0; r < cl.size; r++) {
		for (size_t i = 0; i < c->n; i++) {
			struct result_sample s;
			if (clients_row_sample(&c->rows[(size_t)r * c->n + i], r,
					       (uint32_t)c->cell, &s) != 0 ||
			    results_add_client_sample(rs, &s) != 0) {
				free(s.lat_figs);
				return -1;
			}
		}
	}
	return 0;
}

/*
 * Rank 0: the reduced figures of the cell into aggregates (c->agg, each
 * timed by rank 0's own barriers).  0, or -1 with cl.local_err set.
 */
static int aggregate(struct cell_red *c)
{
	const unsigned char *p = c->sum;

	c->agg = calloc(c->n + 1, sizeof(*c->agg));
	if (!c->agg)
		goto oom;
	for (size_t i = 0; i < c->n; i++) {
		struct clients_agg *a = &c->agg[i];
		a->s.cell = (uint32_t)c->cell;
		a->s.elapsed_ns = c->mine[i]->sync_ns;	/* rank 0's barrier to barrier */
		a->s.sync_ns = c->mine[i]->sync_ns;
		if (clients_red_read(&p, a) != 0)
			goto oom;
	}
	return 0;
oom:
	return err_set(cl.local_err, sizeof(cl.local_err), "out of memory "
		       "aggregating the clients' figures");
}

/* Rank 0: the cell is aggregated (clients_run_end drops the others' raw samples). */
static int mark_aggregated(const struct result_set *rs, size_t cell)
{
	if (cell >= cl.naggregated) {
		size_t want = rs->ncells > cell ? rs->ncells : cell + 1;
		unsigned char *p = realloc(cl.aggregated, want);
		if (!p)
			return err_set(cl.local_err, sizeof(cl.local_err), "out of memory "
				       "aggregating the clients' figures");
		memset(p + cl.naggregated, 0, want - cl.naggregated);
		cl.aggregated = p;
		cl.naggregated = want;
	}
	cl.aggregated[cell] = 1;
	return 0;
}

/*
 * Rank 0, after aggregate() (and the check): the clients' rows into
 * rs->client_samples, the aggregates into rs->samples in place of rank
 * 0's own.  0, or -1 with cl.local_err set.
 */
static int aggregate_keep(struct result_set *rs, struct cell_red *c)
{
	if (keep_rows(rs, c) != 0)
		goto oom;
	drop_raw(rs, c->cell);	/* c->mine points at nothing now */
	for (size_t i = 0; i < c->n; i++) {
		struct clients_agg *a = &c->agg[i];
		if (clients_agg_finish(a, cl.ramp_ns, cl.runtime_ns) != 0 ||
		    results_add_sample(rs, &a->s) != 0)
			goto oom;
		a->s.lat = a->s.lat_rd = a->s.lat_wr = NULL;	/* the set's now */
	}
	return mark_aggregated(rs, c->cell);
oom:
	return err_set(cl.local_err, sizeof(cl.local_err), "out of memory "
		       "aggregating the clients' figures");
}

/*
 * IOSWEEP_MPI_VERIFY: every client's histograms of the cell also travel
 * whole to rank 0 (as the figures did before they were reduced), which
 * pools them with the rows (clients_agg_add) and compares the pool with
 * the reduction, bucket for bucket.  Every client makes gather_bytes's
 * calls.  0, or -1 on rank 0 with cl.local_err set.
 */
static int verify_cell(struct cell_red *c)
{
	unsigned char *mine, *all = NULL;
	int *count = NULL, *off = NULL, rc = -1;
	struct clients_agg *ref = NULL;
	size_t len;
	char why[256] = "";

	mine = must(clients_check_pack(c->mine, c->n, &len));
	if (!gather_bytes(mine, len, &all, &count, &off) || cl.rank != 0 || !c->agg) {
		rc = cl.rank == 0 ? -1 : 0;
		goto out;
	}
	ref = must(calloc(c->n + 1, sizeof(*ref)));
	for (int r = 0; r < cl.size; r++) {
		const unsigned char *p = all + off[r];
		size_t left = (size_t)count[r];
		for (size_t i = 0; i < c->n; i++) {
			if (clients_check_pool(&c->rows[(size_t)r * c->n + i], r,
					       (uint32_t)c->cell, &p, &left, &ref[i], why,
					       sizeof(why)) != 0) {
				err_set(cl.local_err, sizeof(cl.local_err), "IOSWEEP_MPI_VERIFY: "
					"the histograms of rank %d: %s", r, why);
				goto out;
			}
		}
	}
	for (size_t i = 0; i < c->n; i++) {
		if (!clients_check_same(&c->agg[i], &ref[i])) {
			err_set(cl.local_err, sizeof(cl.local_err), "IOSWEEP_MPI_VERIFY: the "
				"reduced figures of test %u, trial %u of cell %zu differ from "
				"the pooled clients'", (unsigned)c->sh[i].col,
				(unsigned)c->sh[i].trial, c->cell);
			goto out;
		}
	}
	cl.verified += c->n;
	rc = 0;
out:
	clients_aggs_free(ref, ref ? c->n : 0);
	free(mine);
	free(all);
	free(count);
	free(off);
	return rc;
}

/*
 * --log-interval: the clients' rows of each pass of the cell reduced,
 * interval by interval, into rank 0's rows of client "total"
 * (clients_tl.h); a pass some client has no rows of gets none.  Every
 * client makes the same two calls (an all-reduce of the passes' row
 * counts, the reduction).  0, or -1 on rank 0 with cl.local_err set.
 */
static int reduce_timelines(struct result_set *rs, const struct cell_red *c)
{
	const struct result_cell *cc = &rs->cells[c->cell];
	int64_t *cnt = must(malloc((2 * c->n + 1) * sizeof(*cnt)));
	struct clients_tl_red *mine, *sum = NULL;
	size_t total = 0, off = 0;
	int rc = 0;

	for (size_t i = 0; i < c->n; i++) {
		size_t n;
		clients_tl_pass(&rs->timeline, cl.rank, cc->file_kb, cc->record_kb,
				(int)c->sh[i].col, c->sh[i].trial, &n);
		cnt[2 * i] = (int64_t)n;
		cnt[2 * i + 1] = -(int64_t)n;
	}
	MPI_Allreduce(MPI_IN_PLACE, cnt, (int)(2 * c->n), MPI_INT64_T, MPI_MAX,
		      MPI_COMM_WORLD);
	for (size_t i = 0; i < c->n; i++)
		total += cnt[2 * i + 1] < 0 ? (size_t)cnt[2 * i] : 0;
	if (total > INT_MAX) {	/* every client knows: none reduces */
		free(cnt);
		return cl.rank == 0 ? err_set(cl.local_err, sizeof(cl.local_err),
			"%zu timeline rows of one cell: too many to reduce; use a "
			"longer --log-interval", total) : 0;
	}
	mine = must(calloc(total + 1, sizeof(*mine)));
	for (size_t i = 0; i < c->n; i++) {
		size_t n, most = (size_t)cnt[2 * i];
		const struct timeline_row *r;
		if (cnt[2 * i + 1] >= 0)
			continue;
		r = clients_tl_pass(&rs->timeline, cl.rank, cc->file_kb, cc->record_kb,
				    (int)c->sh[i].col, c->sh[i].trial, &n);
		clients_tl_red_fill(r, n, most, mine + off);
		off += most;
	}
	if (cl.rank == 0)
		sum = must(calloc(total + 1, sizeof(*sum)));
	MPI_Reduce(mine, sum, (int)total, cl.tl_type, cl.tl_op, 0, MPI_COMM_WORLD);
	off = 0;
	for (size_t i = 0; cl.rank == 0 && i < c->n; i++) {
		struct timeline_row proto = {
			.col = (int)c->sh[i].col, .file_kb = cc->file_kb,
			.record_kb = cc->record_kb, .trial = (uint16_t)c->sh[i].trial,
		};
		if (cnt[2 * i + 1] >= 0)
			continue;
		if (clients_tl_red_keep(sum + off, (size_t)cnt[2 * i], (unsigned)cl.size,
					&proto, &rs->timeline) != 0) {
			rc = err_set(cl.local_err, sizeof(cl.local_err), "out of memory "
				     "summing the clients' timelines");
			break;
		}
		off += (size_t)cnt[2 * i];
	}
	free(cnt);
	free(mine);
	free(sum);
	return rc;
}

/*
 * IOSWEEP_MPI_VERIFY with --log-interval: every client's rows of the cell
 * also travel to rank 0, which totals them itself (clients_tl_totals)
 * and compares those totals with the reduced ones row by row.  Every
 * client makes gather_bytes's calls.  0, or -1 on rank 0 with
 * cl.local_err set.
 */
static int verify_timelines(struct result_set *rs, size_t cell)
{
	const struct result_cell *c = &rs->cells[cell];
	struct timeline pool;
	size_t checked = 0;
	int rc = 0;

	timeline_init(&pool);
	if (gather_timelines(rs, cell, &pool, 1) != 0) {
		rc = -1;
		goto out;
	}
	if (cl.rank != 0)
		goto out;
	rc = clients_check_totals(&rs->timeline, &pool, c->file_kb, c->record_kb,
				  (unsigned)cl.size, &checked);
	if (rc < 0)
		err_set(cl.local_err, sizeof(cl.local_err), "out of memory");
	else if (rc > 0)
		rc = err_set(cl.local_err, sizeof(cl.local_err), "IOSWEEP_MPI_VERIFY: the "
			     "reduced timeline totals of cell %zu differ from the pooled "
			     "clients' (row %zu)", cell, checked);
	cl.verified_tl += checked;
out:
	timeline_release(&pool);
	return rc;
}

int clients_cell_done(struct result_set *rs, size_t cell)
{
	struct cell_red c = { .cell = cell };
	uint64_t t0;
	int rc = 0;

	if (flags(0, 0, 0, NULL) != 0)
		return -1;
	/* past the agreement every client makes the same calls; failures
	 * are told at the next agreement */
	t0 = clock_now_ns();
	if (agree_shapes(rs, &c) != 0 || reduce_cell(&c) != 0) {
		rc = cl.rank == 0 ? -1 : 0;
		goto out;
	}
	if (cl.rank == 0 && aggregate(&c) != 0)
		rc = -1;
	if (cl.verify && verify_cell(&c) != 0)
		rc = -1;
	if (rc == 0 && cl.rank == 0)
		rc = aggregate_keep(rs, &c);
	if (cl.timelines && cl.size <= CLIENTS_TL_ROWS_MAX &&
	    gather_timelines(rs, cell, &rs->timeline, 0) != 0)
		rc = -1;
	if (cl.timelines && reduce_timelines(rs, &c) != 0)
		rc = -1;
	if (cl.timelines && cl.verify && verify_timelines(rs, cell) != 0)
		rc = -1;
out:
	cell_red_free(&c);
	cl.reduce_ns += clock_now_ns() - t0;
	return rc;
}

int clients_gather(const void *mine, size_t len, unsigned char **all, size_t **lens,
		   char *err, size_t errlen)
{
	int *count = NULL, *off = NULL, rc = 0;

	*lens = NULL;
	if (flags(0, 0, 0, NULL) != 0) {
		*all = NULL;
		return err_set(err, errlen, "another client stopped the run");
	}
	if (!gather_bytes(mine, len, all, &count, &off)) {
		rc = cl.rank == 0 ? err_set(err, errlen, "%s", cl.local_err) : 0;
	} else if (cl.rank == 0) {
		if (!(*lens = malloc((size_t)cl.size * sizeof(**lens))))
			MPI_Abort(MPI_COMM_WORLD, IOSWEEP_EXIT_FAILURE);
		for (int r = 0; r < cl.size; r++)
			(*lens)[r] = (size_t)count[r];
	}
	free(count);
	free(off);
	return rc;
}

/*
 * Queue depth (meta.inflight_max): the most I/Os one worker of any client
 * had in flight, into the leader's meta.  Every rank calls it once, at the
 * end of the run, after the exchange every rank makes there.
 */
static void most_inflight(struct result_set *rs)
{
	unsigned mine = rs->meta.inflight_max, most = 0;

	MPI_Allreduce(&mine, &most, 1, MPI_UNSIGNED, MPI_MAX, MPI_COMM_WORLD);
	if (cl.rank == 0 && most > mine)
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
		kind = *stop ? END_SIGNAL : cl.stop_agreed && !cl.local_err[0] ?
			END_PEER : END_ERROR;
	if (kind == END_ERROR && cl.local_err[0])
		err_set(err, errlen, "%s", cl.local_err);
	wall_abandon();	/* a pass that failed between its barriers */
	(void)flags(kind == END_ERROR, kind == END_SIGNAL, 0, NULL);
	from = exchange(kind, kind != END_OK ? err : "", &maxkind, msg, sizeof(msg));
	most_inflight(rs);
	if (cl.rank == 0) {	/* what the aggregation cost rank 0 (docs/mpi.md) */
		rs->meta.clients_rss_kb = plat_peak_rss_kb();
		rs->meta.clients_reduce_s = (double)cl.reduce_ns / 1e9;
		if (cl.verify && from < 0)
			fprintf(stderr, "iosweep-mpi: IOSWEEP_MPI_VERIFY: %zu reduced "
				"figure%s equal to the pooled clients'\n", cl.verified,
				cl.verified == 1 ? "" : "s");
		if (cl.verify && cl.timelines && from < 0)
			fprintf(stderr, "iosweep-mpi: IOSWEEP_MPI_VERIFY: %zu timeline "
				"total rows equal to the pooled clients'\n", cl.verified_tl);
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
	if (cl.rank == 0)
		drop_raw(rs, SIZE_MAX);
	return -1;
}
