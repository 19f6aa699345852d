/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * builtin.c: look-ups in the table of built-in files (see builtin.h).
 */
#include "compat.h"

#include <string.h>

#include "embedded.h"
#include "lib/builtin.h"

const char *builtin_text(const char *name)
{
	for (const struct embedded_file *f = embedded_files; f->name; f++)
		if (strcmp(f->name, name) == 0)
			return f->text;
	return NULL;
}

const char *builtin_name(size_t i)
{
	size_t n = 0;

	while (embedded_files[n].name)
		n++;
	return i < n ? embedded_files[i].name : NULL;
}
