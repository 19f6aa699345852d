/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * proto.h: the agent's wire format (`iosweep serve`, `link`, a sweep's
 * --agent), pure: nothing here touches a socket, so the parser is tested
 * and fuzzed on plain bytes (tests/unit/test_proto.c, tests/fuzz).
 *
 * A message is an 8-byte header, then its payload:
 *
 *	'I' 'S' VERSION TYPE LENGTH(4 bytes, big-endian)
 *
 * LENGTH is at most PROTO_MAX_PAYLOAD (1 MiB): a larger one, a wrong
 * magic or version, or an unknown type ends the connection before a
 * byte of payload is read or any memory is taken for it.  Each type's
 * payload has one shape, checked by proto_payload_check before use:
 * text, fixed-size numbers, NUL-terminated words (a count and a length
 * bounded), or a file chunk ("relative/path" NUL data) whose path stays
 * relative (no '/', no "..", no empty part).  Nothing from the wire is
 * trusted before it passed these checks.
 *
 * Ownership: proto_words_parse allocates the words, which
 * proto_words_release frees; every other function fills the caller's
 * memory.
 */
#ifndef IOSWEEP_PROTO_H
#define IOSWEEP_PROTO_H

#include "compat.h"

#include <stddef.h>
#include <stdint.h>

#define PROTO_VERSION 1
#define PROTO_HEADER 8
#define PROTO_MAX_PAYLOAD (UINT32_C(1) << 20)
#define PROTO_MAX_WORDS 256
#define PROTO_MAX_WORD 4096
#define PROTO_MAX_PATH 1024
#define PROTO_TOKEN_BYTES 16
#define PROTO_TOKEN_HEX (2 * PROTO_TOKEN_BYTES)
#define PROTO_MAX_BOX 16384      /* a PROTO_BOX's text (BOXSTAT_TEXT_MAX) */

enum proto_type {
	PROTO_HELLO = 1,   /* client: the token (text) */
	PROTO_OK,          /* agent: text, may be empty */
	PROTO_ERR,         /* agent: why it refused (text), then it closes */
	PROTO_JOB,         /* client: a sweep's words (words) */
	PROTO_STDOUT,      /* agent: the job's standard output (bytes) */
	PROTO_STDERR,      /* agent: its standard error (bytes) */
	PROTO_FILE,        /* agent: a chunk of a result file (file) */
	PROTO_END,         /* agent: the job's exit status (4 bytes) */
	PROTO_PING,        /* client: 8 bytes, echoed */
	PROTO_PONG,        /* agent: the ping's 8 bytes */
	PROTO_LINK,        /* client: a link stream (struct proto_link, 9 bytes) */
	PROTO_RESULT,      /* agent: bytes and ns a link stream counted (16 bytes) */
	PROTO_SAMPLE,      /* client: the box's counters, please (empty) */
	PROTO_BOX,         /* agent: its counters as text (boxstat.h), or why not */
	PROTO_TYPE_END
};

struct proto_header {
	enum proto_type type;
	uint32_t len;
};

/* A link stream: up (client sends, agent counts) or down (agent sends). */
struct proto_link {
	int down;              /* 0 client -> agent, 1 agent -> client */
	uint32_t warmup_ms;    /* not counted */
	uint32_t measure_ms;   /* counted */
};

struct proto_words {
	char **w;              /* NULL-terminated */
	size_t n;
};

/* The header of a message of type and payload length len into out. */
void proto_header_put(uint8_t out[PROTO_HEADER], enum proto_type type, uint32_t len);

/* The header in in: 0, or -1 with why in err (magic, version, type, length). */
int proto_header_parse(const uint8_t in[PROTO_HEADER], struct proto_header *h,
		       char *err, size_t errlen);

/* Payload p[0..len) has the shape of type: 0, or -1 with why in err. */
int proto_payload_check(enum proto_type type, const uint8_t *p, size_t len,
			char *err, size_t errlen);

/*
 * One message at the start of buf[0..n): 1 with the header in *h and
 * the payload at buf + PROTO_HEADER (its shape checked), 0 when buf
 * holds less than a whole message, -1 (why in err) when it is malformed.
 */
int proto_frame_parse(const uint8_t *buf, size_t n, struct proto_header *h,
		      char *err, size_t errlen);

/* The name of type ("job"), or "unknown". */
const char *proto_type_name(enum proto_type type);

/* Words payload: each word then a NUL. */
int proto_words_parse(const uint8_t *p, size_t len, struct proto_words *w,
		      char *err, size_t errlen);
void proto_words_release(struct proto_words *w);
/* words[0..n) into out[0..outlen): the length, or -1 (too many, too long). */
long proto_words_encode(char *const *words, size_t n, uint8_t *out, size_t outlen,
			char *err, size_t errlen);

/* A file chunk: *path points into p (NUL-terminated there), data after it. */
int proto_file_parse(const uint8_t *p, size_t len, const char **path,
		     const uint8_t **data, size_t *dlen, char *err, size_t errlen);

/* path is relative and stays below where it is put: 0, or -1 (why). */
int proto_relpath_check(const char *path, char *err, size_t errlen);

void proto_link_put(uint8_t out[9], const struct proto_link *l);
int proto_link_parse(const uint8_t *p, size_t len, struct proto_link *l,
		     char *err, size_t errlen);

void proto_u32_put(uint8_t *out, uint32_t v);
uint32_t proto_u32_get(const uint8_t *in);
void proto_u64_put(uint8_t *out, uint64_t v);
uint64_t proto_u64_get(const uint8_t *in);

/* raw[0..PROTO_TOKEN_BYTES) as lowercase hex into out (PROTO_TOKEN_HEX + 1). */
void proto_token_format(const uint8_t *raw, char *out);
/*
 * 1 when given[0..glen) is the token (PROTO_TOKEN_HEX characters), else
 * 0; the time taken does not depend on where they differ.
 */
int proto_token_equal(const char *token, const uint8_t *given, size_t glen);

#endif
