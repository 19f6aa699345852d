/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * jitter.h: IOzone's disrupted read pattern (-K): every JITTER_EVERY
 * records a reader breaks its stride with two tiny reads elsewhere in
 * the file (its start, then one page in) and comes back, so read-ahead
 * that keys on a steady sequential stream is thrown off, inside the
 * timing as in IOzone.  Only the decorated copy of the record loop
 * calls it (rec_before, tests_loop.h: the sweep's read test and
 * throughput mode's readers), chosen once.
 */
#ifndef IOSWEEP_JITTER_H
#define IOSWEEP_JITTER_H

#include <stddef.h>
#include <stdint.h>

#define JITTER_EVERY 100u      /* records between two disruptions (IOzone's) */
#define JITTER_PAGE 4096u      /* the second read's offset, and with -I its size */

/*
 * On fd (a file of file_bytes bytes): read a little at offset 0 and at
 * JITTER_PAGE (1 byte, or JITTER_PAGE bytes into buf when direct), then
 * leave the offset at resume.  buf holds at least JITTER_PAGE bytes when
 * direct.  0, or -1 with err set.
 */
int jitter_disrupt(int fd, unsigned char *buf, int direct, uint64_t file_bytes,
		   uint64_t resume, const char *path, char *err, size_t errlen);

#endif
