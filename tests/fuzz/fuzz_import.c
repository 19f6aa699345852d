/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_import.c: libFuzzer target for every importer.  The input is
 * written to a temporary file and handed to import_load, which detects the
 * format from the content, so one target reaches the IOzone text parser
 * (normal report and -R), the BIFF2 .xls parser and our CSV parser.  The
 * first byte may pick a prefix that steers the format: 1 an IOzone
 * header, 2 a BIFF BOF, 3 our CSV header, 4 the start of a throughput-mode
 * (-t) report, 5 our throughput.csv header, 6 a BIFF BOF and the title
 * label of a -t sheet (the byte is dropped); any other input, such as a
 * fixture copied as it is, is used unchanged.  Build and run: see tests/fuzz/README.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_util.h"
#include "import/import.h"
#include "iosweep.h"
#include "model/results.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char csv_header[] =
	"schema,label,test,file_kb,record_kb,trial,bytes,seconds,kb_per_s,ops,"
	"cpu_user_s,cpu_sys_s,wall_s,partial\n";
static const char text_header[] =
	"\tIozone: Performance Test of File I/O\n"
	"\tCommand line used: iozone -a -i 0 -i 1\n"
	"\tOutput is in kBytes/sec\n"
	"                                                                    random    random"
	"      bkwd     record     stride                                        \n"
	"              kB  reclen    write    rewrite      read    reread      read     write"
	"      read    rewrite       read    fwrite  frewrite     fread   freread\n";
static const unsigned char biff_bof[] = { 0x09, 0x00, 0x04, 0x00, 0x02, 0x00, 0x10, 0x00 };
static const char tp_text_header[] =
	"\tIozone: Performance Test of File I/O\n"
	"\tCommand line used: iozone -l 1 -u 2 -s 4m -r 64k -i 0 -C -+u -R\n"
	"\tMin process = 1 \n\tMax process = 2 \n"
	"\tThroughput test with 1 process\n"
	"\tEach process writes a 4096 kByte file in 64 kByte records\n\n"
	"\tChildren see throughput for  1 initial writers \t= ";
static const char tp_csv_header[] =
	"schema,label,test,processes,trial,child,file_kb,record_kb,unit,children_see,"
	"parent_sees,min,max,avg,min_xfer,xfer,rate,cpu_wall_s,cpu_s,cpu_pct\n";
/* BOF, the command line at row 0 and the sheet's title at row 1 */
static const unsigned char tp_biff_head[] = {
	0x09, 0x00, 0x04, 0x00, 0x02, 0x00, 0x10, 0x00,
	0x04, 0x00, 0x1a, 0x00, 0, 0, 0, 0, 0, 0, 0, 18,
	'i', 'o', 'z', 'o', 'n', 'e', ' ', '-', 'l', ' ', '1', ' ', '-', 'u', ' ', '3', ' ', ' ',
	0x04, 0x00, 0x19, 0x00, 1, 0, 0, 0, 0, 0, 0, 17,
	'T', 'h', 'r', 'o', 'u', 'g', 'h', 'p', 'u', 't', ' ', 'r', 'e', 'p', 'o', 'r', 't',
};

static char path[64];

static void remove_input(void)
{
	unlink(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!path[0]) {
		/* memory-backed when there is one: the disk may be busy with sweeps */
		const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
		snprintf(path, sizeof(path), "%s/iosweep-fuzz-import.%010ld", dir, (long)getpid());
		atexit(remove_input);
	}
	FILE *fp = fopen(path, "wb");
	if (!fp)
		return 0;
	if (size > 1 && data[0] >= 1 && data[0] <= 6) {
		switch (data[0]) {
		case 4:
			fwrite(tp_text_header, 1, sizeof(tp_text_header) - 1, fp);
			break;
		case 5:
			fwrite(tp_csv_header, 1, sizeof(tp_csv_header) - 1, fp);
			break;
		case 6:
			fwrite(tp_biff_head, 1, sizeof(tp_biff_head), fp);
			break;
		case 1:
			fwrite(text_header, 1, sizeof(text_header) - 1, fp);
			break;
		case 2:
			fwrite(biff_bof, 1, sizeof(biff_bof), fp);
			break;
		default:
			fwrite(csv_header, 1, sizeof(csv_header) - 1, fp);
			break;
		}
		data++;
		size--;
	}
	if (size)
		fwrite(data, 1, size, fp);
	fclose(fp);

	fuzz_check_import(path);
	return 0;
}
