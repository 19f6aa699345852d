/*
 * sweep.h: the sweep command: parse IOzone's command line, plan the grid,
 * run it, and emit every output (IOzone report, -R, -b, CSV folder,
 * cliffs, charts).  Prints and returns an enum iosweep_exit.
 */
#ifndef IOSWEEP_SWEEP_H
#define IOSWEEP_SWEEP_H

int sweep_main(int argc, char **argv);

#endif
