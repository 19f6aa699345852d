/* sweep.c: placeholder until the engine modules land (the lead replaces it). */
#include "compat.h"
#include <stdio.h>
#include "iosweep.h"
#include "sweep.h"
int sweep_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "iosweep: sweeps are not wired in this build yet\n");
	return IOSWEEP_EXIT_FAILURE;
}
