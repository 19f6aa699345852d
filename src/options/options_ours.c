/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options_ours.c: the handlers of iosweep's own long options whose value
 * is more than a number or a word (options_priv.h): --order, --link,
 * --io-timeout, --ci, --data, the durations (--runtime, --ramp,
 * --log-interval, --steady-ramp), --steady and --mix.  The table
 * (options_table.c) names them; options.c reads the command line and
 * calls them with the value converted as the row's kind says.
 */
#include "compat.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iosweep.h"
#include "analysis/netbound.h"
#include "options/options.h"
#include "options/options_priv.h"
#include "model/units.h"

int opt_order(struct opt_parse *ps, const struct opt_row *row,
	      const char *text, uint64_t value)
{
	(void)row; (void)value;
	if (!strcmp(text, "cell"))
		ps->o->order = OPTIONS_ORDER_CELL;
	else if (!strcmp(text, "sweep"))
		ps->o->order = OPTIONS_ORDER_SWEEP;
	else
		return opt_error(ps, "%s '%s': use cell or sweep", ps->shown, text);
	return 0;
}

/* --link: a profile or a rate, checked here so a typo fails before the run. */
int opt_link(struct opt_parse *ps, const struct opt_row *row,
	     const char *text, uint64_t value)
{
	struct netbound_link l;
	char why[IOSWEEP_ERR_MAX];

	if (netbound_parse_link(text, &l, why, sizeof(why)) != 0)
		return opt_error(ps, "%s", why);
	return opt_set_string(ps, row, text, value);
}

/* --io-timeout SEC: given (even 0, which turns the default off). */
int opt_io_timeout(struct opt_parse *ps, const struct opt_row *row,
		   const char *text, uint64_t value)
{
	(void)row; (void)text;
	ps->o->io_timeout_s = (unsigned)value;
	ps->o->io_timeout_given = 1;
	return 0;
}

/* --ci 5% (or 5): a share of the mean, 0 < PCT <= 50. */
int opt_ci(struct opt_parse *ps, const struct opt_row *row,
	   const char *text, uint64_t value)
{
	char *end = NULL;
	double pct = (*text >= '0' && *text <= '9') || *text == '.' ?
		     strtod(text, &end) : -1.0;

	(void)row; (void)value;
	if (end && *end == '%')
		end++;
	if (!end || *end || !(pct > 0.0 && pct <= 50.0))
		return opt_error(ps, "%s '%s': give the interval's half-width as a "
				 "percentage of the mean, above 0 and at most 50 (5%%)",
				 ps->shown, text);
	ps->o->ci_target = pct / 100.0;
	return 0;
}

int opt_data(struct opt_parse *ps, const struct opt_row *row,
	     const char *text, uint64_t value)
{
	const char *x = text + strlen("ratio=");
	char *end = NULL;
	double ratio;

	(void)row; (void)value;
	if (!strcmp(text, "random")) {
		ps->o->data = OPTIONS_DATA_RANDOM;
		return 0;
	}
	if (!strcmp(text, "zero")) {
		ps->o->data = OPTIONS_DATA_ZERO;
		return 0;
	}
	if (strncmp(text, "ratio=", strlen("ratio=")))
		return opt_error(ps, "%s '%s': use random, zero or ratio=X "
				 "(0 <= X < 1)", ps->shown, text);
	ratio = (*x >= '0' && *x <= '9') || *x == '.' ? strtod(x, &end) : -1.0;
	if (!end || *end || !(ratio >= 0.0 && ratio < 1.0))
		return opt_error(ps, "%s '%s': the ratio must be a number with "
				 "0 <= X < 1 (ratio=0.5)", ps->shown, text);
	ps->o->data = OPTIONS_DATA_RATIO;
	ps->o->data_ratio = ratio;
	return 0;
}

/*
 * --runtime and --ramp: a duration, "60s", "2m", "500ms" or a
 * plain number of seconds, at most a day.
 */
int opt_duration(struct opt_parse *ps, const struct opt_row *row,
		 const char *text, uint64_t value)
{
	(void)text;
	*(uint64_t *)(void *)((char *)ps->o + row->field) = value;
	return 0;
}

/* --steady RULE: parsed into a steady_spec (steady.h). */
int opt_steady(struct opt_parse *ps, const struct opt_row *row,
	       const char *text, uint64_t value)
{
	char why[IOSWEEP_ERR_MAX];

	(void)row;
	(void)value;
	if (steady_parse(text, &ps->o->steady, why, sizeof(why)) != 0)
		return text[strcspn(text, "\n\r\t")] ? opt_error(ps, "%s: %s", ps->shown, why)
			: opt_error(ps, "%s '%s': %s", ps->shown, text, why);
	ps->o->steady_given = 1;
	return 0;
}

/* --mix PCT: percent of the operations that read (0..100). */
int opt_mix(struct opt_parse *ps, const struct opt_row *row,
	    const char *text, uint64_t value)
{
	(void)row;
	(void)text;
	ps->o->mix_given = 1;
	ps->o->mix_read_pct = (unsigned)value;
	return 0;
}
