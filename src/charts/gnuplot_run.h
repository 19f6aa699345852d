/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_run.h: running the gnuplot program on chart scripts already
 * written: whether it is there, whether it has a terminal, one render.
 */
#ifndef IOSWEEP_GNUPLOT_RUN_H
#define IOSWEEP_GNUPLOT_RUN_H

#include <stddef.h>

/* 1 when the gnuplot program can be found (PATH or $IOSWEEP_GNUPLOT). */
int gnuplot_available(void);

/*
 * Whether the gnuplot program has the terminal term (after
 * gnuplot_term_real; png counts when it has png or pngcairo): 1 or 0,
 * or -1 with the reason in err when gnuplot cannot be asked.
 */
int gnuplot_has_term(const char *term, char *err, size_t errlen);

/*
 * Render one script: run gnuplot -e "term='TERM'" NAME.gp in the script's
 * directory, then check that NAME.<ext> exists and is not empty.  term
 * NULL means "png".  0, or -1 with gnuplot's first error line in err.
 */
int gnuplot_render(const char *gp_path, const char *term, char *err, size_t errlen);

/* The one-line advice for rendering the scripts in dir by hand. */
void gnuplot_render_hint(const char *dir, const char *term, char *out, size_t outlen);

#endif
