/* cmd_import.c: `iosweep import` (placeholder: the module that implements it replaces this file). */
#include "compat.h"
#include <stdio.h>
#include "commands.h"
#include "iosweep.h"
int cmd_import(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "iosweep: 'import' is not available in this build yet\n");
	return IOSWEEP_EXIT_FAILURE;
}
