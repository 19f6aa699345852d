/* main.c: placeholder until the modules land (replaced in the next commits). */
#include "compat.h"
#include <stdio.h>
#include "iosweep.h"
int main(void)
{
	printf("iosweep %s\n", IOSWEEP_VERSION);
	return IOSWEEP_EXIT_OK;
}
