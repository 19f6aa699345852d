/*
 * fuzz_import.c: libFuzzer target for every importer.  The input is
 * written to a temporary file and handed to import_load, which detects the
 * format from the content, so one target reaches the IOzone text parser
 * (normal report and -R), the BIFF2 .xls parser and our CSV parser.  The
 * first byte may pick a prefix that steers the format: 1 an IOzone
 * header, 2 a BIFF BOF, 3 our CSV header (the byte is dropped); any other
 * input, such as a fixture copied as it is, is used unchanged.  Build and run: see tests/fuzz/README.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_util.h"
#include "import.h"
#include "iosweep.h"
#include "results.h"

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
		snprintf(path, sizeof(path), "%s/iosweep-fuzz-import.%ld", dir, (long)getpid());
		atexit(remove_input);
	}
	FILE *fp = fopen(path, "wb");
	if (!fp)
		return 0;
	if (size > 1 && data[0] >= 1 && data[0] <= 3) {
		switch (data[0]) {
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
