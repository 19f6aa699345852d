/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options_iozone.c: the handlers of IOzone options whose argument or
 * meaning needs more than the generic handlers of options.c: -+b's
 * "SIZE,MS" pair (bursts), -k (async I/O without copies, which is
 * iosweep's queue depth), -+U (Windows' unbuffered API, where the
 * platform has it), -J (compute delay), -X/-Y (telemetry files), -P (the
 * CPU to bind to) and -+X (short-circuit mode).  Like every handler they only store and check what
 * they are given; the rules across options stay in options_check.c.
 */
#include "compat.h"

#include <string.h>

#include "options/options.h"
#include "options/options_priv.h"
#include "platform/platform.h"
#include "model/units.h"

#define OPT_BURST_MAX_MS 3600000u   /* -+b's longest sleep: an hour */

/*
 * -+b SIZE,MS: IOzone's bursts, SIZE in kB (k, m, g suffixes as -s) and
 * MS milliseconds of sleep after each SIZE written.  IOzone prints its
 * lines after the stride line, so nothing goes into the splash here.
 */
int opt_burst(struct opt_parse *ps, const struct opt_row *row,
	      const char *text, uint64_t value)
{
	const char *comma = strchr(text, ',');
	char size[64], why[160];
	uint64_t kb, ms;

	(void)row; (void)value;
	if (!comma || comma == text || (size_t)(comma - text) >= sizeof(size))
		return opt_error(ps, "%s '%.100s': wants SIZE,MS (burst size in kB, "
				 "sleep in milliseconds), e.g. %s 1m,100", ps->shown,
				 text, ps->shown);
	memcpy(size, text, (size_t)(comma - text));
	size[comma - text] = '\0';
	if (units_parse_size_kb(size, &kb, why, sizeof(why)) != 0)
		return opt_error(ps, "%s '%.100s': burst size: %s", ps->shown, text,
				 why);
	if (units_parse_uint(comma + 1, 1, OPT_BURST_MAX_MS, &ms, why,
			     sizeof(why)) != 0)
		return opt_error(ps, "%s '%.100s': sleep: %s", ps->shown, text, why);
	ps->o->burst_kb = kb;
	ps->o->burst_ms = (unsigned)ms;
	return 0;
}

/*
 * -+U: IOzone's unbuffered Windows API, CreateFile with
 * FILE_FLAG_NO_BUFFERING and FILE_FLAG_WRITE_THROUGH: -I and -o on the
 * platform layer's Windows files, with IOzone's line.  IOzone has no -+U
 * elsewhere ("Unsupported Plus option"), so neither has iosweep.
 */
int opt_unbuffered(struct opt_parse *ps, const struct opt_row *row,
		   const char *text, uint64_t value)
{
	(void)row; (void)text; (void)value;
	if (!plat_caps()->unbuffered_api)
		return opt_error(ps, "%s: IOzone's unbuffered Windows API, which "
				 "IOzone refuses off Windows too; -I bypasses the "
				 "cache here (%s): use -I", ps->shown,
				 plat_caps()->direct_splash ? "O_DIRECT or F_NOCACHE" :
				 "where the system can");
	ps->o->direct = 1;
	ps->o->osync = 1;
	return opt_splash_line(ps, "\tUnbuffered Windows API usage. >>> Very "
			       "Experimental <<<");
}

/*
 * The rules across options for the options of this file, once the whole
 * line is read.  -k: one depth, as IOzone refuses -k with -H.  -+b: IOzone
 * sleeps in the write tests' loops and in throughput mode's writers
 * (throughput_child.c); its async and mmap paths and telemetry replays
 * are not iosweep's loops here, so they are refused rather than left
 * without bursts.
 */
int opt_check_iozone(struct opt_parse *ps)
{
	const struct options *o = ps->o;

	/* IOzone: "Can not do both -H and -k" */
	if (opt_seen(ps, "k") && opt_seen(ps, "H"))
		return opt_error(ps, "-k and -H (--iodepth): both set the I/Os in "
				 "flight; give one");
	if (o->burst_kb) {
		const char *with = options_qd(o) ? options_qd_name(o) :
			options_mmap(o) ? (opt_seen(ps, "B") ? "-B" : "-D") :
			o->traj_path[0] ? "-X" : NULL;
		if (with)
			return opt_error(ps, "-+b and %s: bursts are only supported in "
					 "the write tests (the sweep's 0, 2, 4, 6, 9; throughput "
					 "mode's writers, rewriters and random writers) without "
					 "queue depth, mmap files or telemetry; drop one",
					 with);
	}
	return 0;
}

/*
 * -J MS: IOzone's compute delay.  Its header line is not printed in argv
 * order but after "Output is in ..." (report.c), so nothing goes into
 * the splash lines here.
 */
int opt_compute(struct opt_parse *ps, const struct opt_row *row,
		const char *text, uint64_t value)
{
	(void)row; (void)text;
	ps->o->compute_given = 1;
	ps->o->compute_ms = (unsigned)value;
	return 0;
}

/* -X FILE, -Y FILE: telemetry files (run/sweep/telemetry.h), read after the parse. */
int opt_telemetry(struct opt_parse *ps, const struct opt_row *row,
		  const char *text, uint64_t value)
{
	int reads = !strcmp(row->letter, "Y");

	(void)value;
	if (opt_strdup(ps, &ps->o->traj_path[reads], text) != 0)
		return -1;
	return opt_splash(ps, "\tUsing %s telemetry file \"%s\"",
			  reads ? "read" : "write", text);
}

/* -P N: a CPU this machine has, where the platform can bind to one. */
int opt_bind(struct opt_parse *ps, const struct opt_row *row,
	     const char *text, uint64_t value)
{
	unsigned ncpu = plat_cpu_count();

	(void)row;
	if (plat_caps()->no_bind)
		return opt_error(ps, "-P: %s", plat_caps()->no_bind);
	if (value >= ncpu)
		return opt_error(ps, "-P '%s': this machine has %u CPU%s online, "
				 "0 to %u", text, ncpu, ncpu == 1 ? "" : "s", ncpu - 1);
	ps->o->bind_given = 1;
	ps->o->bind_cpu = (unsigned)value;
	return opt_splash(ps, "\tBinding of processors beginning with %u ",
			  (unsigned)value);
}

/*
 * -+X: IOzone's short-circuit mode, for a file system that answers
 * reads with a fixed pattern instead of storing: verify mode with
 * IOzone's byte for it, and IOzone's two lines (not -V's).
 */
#define OPT_SHORT_CIRCUIT_BYTE 0xbbu

int opt_short_circuit(struct opt_parse *ps, const struct opt_row *row,
		      const char *text, uint64_t value)
{
	(void)row; (void)text; (void)value;
	ps->o->short_circuit = 1;
	ps->o->verify = 1;
	ps->o->verify_byte = OPT_SHORT_CIRCUIT_BYTE;
	if (opt_splash(ps, "\tShort circuit mode. For"))
		return -1;
	return opt_splash(ps, "\t filesystem development testing ONLY !");
}
