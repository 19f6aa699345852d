/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fileop_tree.h: the names of IOzone fileop's tree (see fileop.h for the
 * tree and its phases), written and read back, and trees of those names
 * found in a directory and removed by name.  Pure but for the two
 * functions that read and remove a directory; nothing prints.  The
 * strings are the caller's buffers.
 */
#ifndef IOSWEEP_FILEOP_TREE_H
#define IOSWEEP_FILEOP_TREE_H

#include <stddef.h>

/* Room for any of the names ("fileop_file_999999999_..._999999999L"). */
#define FILEOP_NAME_MAX 64

enum fileop_name_kind {
	FILEOP_NAME_L1,      /* fileop_L1_i */
	FILEOP_NAME_L2,      /* fileop_L1_i_L2_j */
	FILEOP_NAME_DIR,     /* fileop_dir_i_j_k */
	FILEOP_NAME_FILE,    /* fileop_file_i_j_k */
	FILEOP_NAME_LINK,    /* fileop_file_i_j_kL */
	FILEOP_NAME_NONE
};

/*
 * The name of kind with indices i, j, k (those it uses) into buf.  0, or
 * -1 when buf is too small.
 */
int fileop_name(char *buf, size_t len, enum fileop_name_kind kind,
		unsigned i, unsigned j, unsigned k);
/*
 * Which of fileop's names name is, and its indices (plain decimal, no
 * sign, no leading zeros): FILEOP_NAME_NONE for anything else.
 */
enum fileop_name_kind fileop_name_parse(const char *name, unsigned idx[3]);

/*
 * The first entry of dir that is one of fileop's level-1 names, into
 * name (empty when there is none).  0, or -1 when dir cannot be read.
 */
int fileop_find_tree(const char *dir, char *name, size_t namelen,
		     char *err, size_t errlen);

/*
 * Remove every tree of fileop's names found in dir (a tree left by
 * fileop -L or an earlier run): entries with fileop's names only, never
 * through a symbolic link; a directory that holds anything else stays
 * and is an error.  0, or -1 with a message.
 */
int fileop_remove_trees(const char *dir, char *err, size_t errlen);

#endif
