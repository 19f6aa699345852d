/* cmd_cliffs.c: `iosweep cliffs` (placeholder: the module that implements it replaces this file). */
#include "compat.h"
#include <stdio.h>
#include "commands.h"
#include "iosweep.h"
int cmd_cliffs(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "iosweep: 'cliffs' is not available in this build yet\n");
	return IOSWEEP_EXIT_FAILURE;
}
