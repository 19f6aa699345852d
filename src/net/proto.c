/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * proto.c: the agent's wire format (proto.h): headers, the payload of
 * each message type, and the token's constant-time comparison.  Pure:
 * bytes in, a verdict out, so the parser is fuzzed without a socket.
 * Every length, count and path read here is checked against a fixed
 * bound before it is used.
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "net/proto.h"

static const char *const type_names[PROTO_TYPE_END] = {
	[PROTO_HELLO] = "hello", [PROTO_OK] = "ok", [PROTO_ERR] = "error",
	[PROTO_JOB] = "job", [PROTO_STDOUT] = "stdout", [PROTO_STDERR] = "stderr",
	[PROTO_FILE] = "file", [PROTO_END] = "end", [PROTO_PING] = "ping",
	[PROTO_PONG] = "pong", [PROTO_LINK] = "link", [PROTO_RESULT] = "result",
	[PROTO_SAMPLE] = "sample", [PROTO_BOX] = "box",
};

const char *proto_type_name(enum proto_type type)
{
	if (type <= 0 || type >= PROTO_TYPE_END)
		return "unknown";
	return type_names[type];
}

void proto_u32_put(uint8_t *out, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		out[i] = (uint8_t)(v >> (24 - 8 * i));
}

uint32_t proto_u32_get(const uint8_t *in)
{
	return (uint32_t)in[0] << 24 | (uint32_t)in[1] << 16 | (uint32_t)in[2] << 8 | in[3];
}

void proto_u64_put(uint8_t *out, uint64_t v)
{
	proto_u32_put(out, (uint32_t)(v >> 32));
	proto_u32_put(out + 4, (uint32_t)v);
}

uint64_t proto_u64_get(const uint8_t *in)
{
	return (uint64_t)proto_u32_get(in) << 32 | proto_u32_get(in + 4);
}

void proto_header_put(uint8_t out[PROTO_HEADER], enum proto_type type, uint32_t len)
{
	out[0] = 'I';
	out[1] = 'S';
	out[2] = PROTO_VERSION;
	out[3] = (uint8_t)type;
	proto_u32_put(out + 4, len);
}

int proto_header_parse(const uint8_t in[PROTO_HEADER], struct proto_header *h,
		       char *err, size_t errlen)
{
	if (in[0] != 'I' || in[1] != 'S')
		return err_set(err, errlen, "not an iosweep message (bad magic 0x%02x%02x)",
			       in[0], in[1]);
	if (in[2] != PROTO_VERSION)
		return err_set(err, errlen, "protocol version %u, this iosweep speaks %u",
			       in[2], PROTO_VERSION);
	if (in[3] == 0 || in[3] >= PROTO_TYPE_END)
		return err_set(err, errlen, "unknown message type %u", in[3]);
	h->type = (enum proto_type)in[3];
	h->len = proto_u32_get(in + 4);
	if (h->len > PROTO_MAX_PAYLOAD)
		return err_set(err, errlen, "%s message of %lu bytes, more than the %lu allowed",
			       proto_type_name(h->type), (unsigned long)h->len,
			       (unsigned long)PROTO_MAX_PAYLOAD);
	return 0;
}

/* Printable text without control characters but tab and newline. */
static int text_check(const uint8_t *p, size_t len, size_t max, char *err, size_t errlen)
{
	if (len > max)
		return err_set(err, errlen, "text of %zu bytes, more than %zu", len, max);
	for (size_t i = 0; i < len; i++)
		if ((p[i] < 0x20 && p[i] != '\t' && p[i] != '\n') || p[i] == 0x7f)
			return err_set(err, errlen, "control character 0x%02x in text", p[i]);
	return 0;
}

/* Walk the words of p[0..len): their count, or -1 (why). */
static long words_walk(const uint8_t *p, size_t len, char *err, size_t errlen)
{
	size_t n = 0, at = 0;

	if (len && p[len - 1] != '\0')
		return err_set(err, errlen, "words not ended by a NUL");
	while (at < len) {
		const uint8_t *end = memchr(p + at, '\0', len - at);
		size_t wl = (size_t)(end - (p + at));
		if (wl > PROTO_MAX_WORD)
			return err_set(err, errlen, "a word of %zu bytes, more than %d", wl,
				       PROTO_MAX_WORD);
		if (text_check(p + at, wl, PROTO_MAX_WORD, err, errlen) != 0)
			return -1;
		if (++n > PROTO_MAX_WORDS)
			return err_set(err, errlen, "more than %d words", PROTO_MAX_WORDS);
		at += wl + 1;
	}
	return (long)n;
}

int proto_relpath_check(const char *path, char *err, size_t errlen)
{
	size_t len = strnlen(path, PROTO_MAX_PATH + 1);
	const char *s = path;

	if (len == 0)
		return err_set(err, errlen, "an empty path");
	if (len > PROTO_MAX_PATH)
		return err_set(err, errlen, "a path longer than %d bytes", PROTO_MAX_PATH);
	if (path[0] == '/')
		return err_set(err, errlen, "an absolute path");
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)path[i] < 0x20 || path[i] == 0x7f || path[i] == '\\')
			return err_set(err, errlen, "a path with a control character or '\\'");
	while (*s) {
		size_t part = strcspn(s, "/");
		if (part == 0)
			return err_set(err, errlen, "a path with an empty part ('//' or a "
				       "trailing '/')");
		if ((part == 1 && s[0] == '.') || (part == 2 && s[0] == '.' && s[1] == '.'))
			return err_set(err, errlen, "a path with a '.' or '..' part");
		s += part;
		if (*s == '/' && !*++s)
			return err_set(err, errlen, "a path with an empty part ('//' or a "
				       "trailing '/')");
	}
	return 0;
}

int proto_file_parse(const uint8_t *p, size_t len, const char **path,
		     const uint8_t **data, size_t *dlen, char *err, size_t errlen)
{
	const uint8_t *nul = len ? memchr(p, '\0', len < PROTO_MAX_PATH + 1 ? len :
					  PROTO_MAX_PATH + 1) : NULL;

	if (!nul)
		return err_set(err, errlen, "file chunk without a path of at most %d bytes",
			       PROTO_MAX_PATH);
	if (proto_relpath_check((const char *)p, err, errlen) != 0)
		return -1;
	*path = (const char *)p;
	*data = nul + 1;
	*dlen = len - (size_t)(nul + 1 - p);
	return 0;
}

void proto_link_put(uint8_t out[9], const struct proto_link *l)
{
	out[0] = (uint8_t)(l->down != 0);
	proto_u32_put(out + 1, l->warmup_ms);
	proto_u32_put(out + 5, l->measure_ms);
}

int proto_link_parse(const uint8_t *p, size_t len, struct proto_link *l,
		     char *err, size_t errlen)
{
	if (len != 9)
		return err_set(err, errlen, "link request of %zu bytes, not 9", len);
	if (p[0] > 1)
		return err_set(err, errlen, "link direction %u, not 0 or 1", p[0]);
	l->down = p[0];
	l->warmup_ms = proto_u32_get(p + 1);
	l->measure_ms = proto_u32_get(p + 5);
	if (l->warmup_ms > 60000 || l->measure_ms < 100 || l->measure_ms > 3600000)
		return err_set(err, errlen, "link times %u ms + %u ms out of range (warm-up "
			       "at most 60 s, measured 100 ms to an hour)",
			       (unsigned)l->warmup_ms, (unsigned)l->measure_ms);
	return 0;
}

/* Fixed payload sizes (0: any size up to the limit, checked by kind). */
static size_t fixed_len(enum proto_type type)
{
	switch (type) {
	case PROTO_END: return 4;
	case PROTO_PING: case PROTO_PONG: return 8;
	case PROTO_LINK: return 9;
	case PROTO_RESULT: return 16;
	default: return 0;
	}
}

int proto_payload_check(enum proto_type type, const uint8_t *p, size_t len,
			char *err, size_t errlen)
{
	size_t fixed = fixed_len(type);
	const char *path;
	const uint8_t *data;
	size_t dlen;
	struct proto_link l;

	if (len > PROTO_MAX_PAYLOAD)
		return err_set(err, errlen, "payload of %zu bytes, more than allowed", len);
	if (fixed && len != fixed)
		return err_set(err, errlen, "%s message of %zu bytes, not %zu",
			       proto_type_name(type), len, fixed);
	switch (type) {
	case PROTO_SAMPLE:
		return len ? err_set(err, errlen, "sample message of %zu bytes, not 0", len) : 0;
	case PROTO_BOX:
		return text_check(p, len, PROTO_MAX_BOX, err, errlen);
	case PROTO_HELLO:
		return text_check(p, len, PROTO_TOKEN_HEX * 4, err, errlen);
	case PROTO_OK: case PROTO_ERR:
		return text_check(p, len, 4096, err, errlen);
	case PROTO_JOB:
		return words_walk(p, len, err, errlen) < 0 ? -1 : 0;
	case PROTO_FILE:
		return proto_file_parse(p, len, &path, &data, &dlen, err, errlen);
	case PROTO_LINK:
		return proto_link_parse(p, len, &l, err, errlen);
	case PROTO_STDOUT: case PROTO_STDERR: case PROTO_END: case PROTO_PING:
	case PROTO_PONG: case PROTO_RESULT:
		return 0;
	default:
		return err_set(err, errlen, "unknown message type %d", (int)type);
	}
}

int proto_frame_parse(const uint8_t *buf, size_t n, struct proto_header *h,
		      char *err, size_t errlen)
{
	if (n < PROTO_HEADER)
		return 0;
	if (proto_header_parse(buf, h, err, errlen) != 0)
		return -1;
	if (n - PROTO_HEADER < h->len)
		return 0;
	return proto_payload_check(h->type, buf + PROTO_HEADER, h->len, err, errlen) ? -1 : 1;
}

int proto_words_parse(const uint8_t *p, size_t len, struct proto_words *w,
		      char *err, size_t errlen)
{
	long n = words_walk(p, len, err, errlen);
	size_t at = 0;

	w->w = NULL;
	w->n = 0;
	if (n < 0)
		return -1;
	w->w = calloc((size_t)n + 1, sizeof(char *));
	if (!w->w)
		return err_set(err, errlen, "out of memory");
	for (long i = 0; i < n; i++) {
		size_t wl = strlen((const char *)p + at);
		w->w[i] = malloc(wl + 1);
		if (!w->w[i]) {
			proto_words_release(w);
			return err_set(err, errlen, "out of memory");
		}
		memcpy(w->w[i], p + at, wl + 1);
		w->n++;
		at += wl + 1;
	}
	return 0;
}

void proto_words_release(struct proto_words *w)
{
	if (w->w)
		for (size_t i = 0; i < w->n; i++)
			free(w->w[i]);
	free(w->w);
	w->w = NULL;
	w->n = 0;
}

long proto_words_encode(char *const *words, size_t n, uint8_t *out, size_t outlen,
			char *err, size_t errlen)
{
	size_t at = 0;

	if (n > PROTO_MAX_WORDS)
		return err_set(err, errlen, "more than %d words", PROTO_MAX_WORDS);
	for (size_t i = 0; i < n; i++) {
		size_t wl = strlen(words[i]);
		if (wl > PROTO_MAX_WORD)
			return err_set(err, errlen, "'%.40s...': longer than %d bytes", words[i],
				       PROTO_MAX_WORD);
		if (outlen - at < wl + 1)
			return err_set(err, errlen, "the command line is too long");
		memcpy(out + at, words[i], wl + 1);
		at += wl + 1;
	}
	return (long)at;
}

void proto_token_format(const uint8_t *raw, char *out)
{
	static const char hex[] = "0123456789abcdef";

	for (int i = 0; i < PROTO_TOKEN_BYTES; i++) {
		out[2 * i] = hex[raw[i] >> 4];
		out[2 * i + 1] = hex[raw[i] & 15];
	}
	out[PROTO_TOKEN_HEX] = '\0';
}

int proto_token_equal(const char *token, const uint8_t *given, size_t glen)
{
	volatile uint8_t diff = glen != PROTO_TOKEN_HEX;

	/* every byte compared, whatever the length given or where it differs */
	for (size_t i = 0; i < PROTO_TOKEN_HEX; i++)
		diff |= (uint8_t)token[i] ^ (i < glen ? given[i] : 0);
	return diff == 0 && token[0] != '\0';
}
