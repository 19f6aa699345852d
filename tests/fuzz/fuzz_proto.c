/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_proto.c: libFuzzer target for the agent's wire format
 * (net/proto.c).  Every input is read as a stream of messages, as the
 * agent reads a connection: each frame's header and payload checked;
 * what is accepted must hold together (a length within the limit, the
 * words parsed back to the same bytes, a file chunk's path relative and
 * without a ".." part, a link request inside its ranges), a refusal one
 * line; a sample asks with nothing, the box's answer is parsed or
 * refused in a line.  The input is also tried as a relative path and as
 * a token.
 * Build and run: make fuzz.
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "net/proto.h"
#include "platform/boxstat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An accepted payload of type t holds together. */
static void check_payload(enum proto_type t, const uint8_t *p, size_t len)
{
	char err[512];
	struct proto_words w;
	struct proto_link l;
	const char *path;
	const uint8_t *d;
	size_t dlen;

	if (t == PROTO_JOB) {
		uint8_t *again = malloc(len + 1);
		long n;
		if (proto_words_parse(p, len, &w, err, sizeof(err)) != 0 || !again)
			abort();
		n = proto_words_encode(w.w, w.n, again, len + 1, err, sizeof(err));
		if (n < 0 || (size_t)n != len || memcmp(again, p, len) != 0)
			abort();
		free(again);
		proto_words_release(&w);
	} else if (t == PROTO_FILE) {
		if (proto_file_parse(p, len, &path, &d, &dlen, err, sizeof(err)) != 0 ||
		    path[0] == '/' || strstr(path, "//") || !strcmp(path, "..") ||
		    !strncmp(path, "../", 3) || strstr(path, "/../") ||
		    (strlen(path) >= 3 && !strcmp(path + strlen(path) - 3, "/..")) ||
		    d + dlen != p + len)
			abort();
	} else if (t == PROTO_SAMPLE && len != 0) {
		abort();
	} else if (t == PROTO_BOX) {
		/* the box's text is bounded; what it says is parsed or refused in a line */
		static struct boxstat_snap s;
		if (len > PROTO_MAX_BOX)
			abort();
		memset(err, 0, sizeof(err));
		if (boxstat_parse(&s, (const char *)p, len, err, sizeof(err)) != 0)
			fuzz_check_message(err, sizeof(err));
	} else if (t == PROTO_LINK) {
		if (proto_link_parse(p, len, &l, err, sizeof(err)) != 0 || l.measure_ms < 100 ||
		    l.warmup_ms > 60000)
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512], tok[PROTO_TOKEN_HEX + 1], *text;
	size_t at = 0;
	struct proto_header h;

	for (;;) {
		int rc;
		memset(err, 0, sizeof(err));
		rc = proto_frame_parse(data + at, size - at, &h, err, sizeof(err));
		if (rc == 0)
			break;
		if (rc < 0) {
			fuzz_check_message(err, sizeof(err));
			break;
		}
		if (h.len > PROTO_MAX_PAYLOAD || h.type <= 0 || h.type >= PROTO_TYPE_END ||
		    PROTO_HEADER + (size_t)h.len > size - at)
			abort();
		check_payload(h.type, data + at + PROTO_HEADER, h.len);
		at += PROTO_HEADER + h.len;
	}
	text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	memset(err, 0, sizeof(err));
	if (proto_relpath_check(text, err, sizeof(err)) == 0) {
		if (text[0] == '/' || strstr(text, "//") || !strcmp(text, "..") ||
		    !strncmp(text, "../", 3) || strstr(text, "/../"))
			abort();
	} else {
		fuzz_check_message(err, sizeof(err));
	}
	memset(tok, 'a', PROTO_TOKEN_HEX);
	tok[PROTO_TOKEN_HEX] = '\0';
	if (proto_token_equal(tok, data, size) != (size == PROTO_TOKEN_HEX &&
						   !memcmp(tok, data, size)))
		abort();
	free(text);
	return 0;
}
