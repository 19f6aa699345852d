/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * net_sock.c: TCP for the agent and its clients (net_sock.h).  Blocking
 * sockets, each wait a poll of at most 200 ms so a stop flag is seen
 * soon; writes with MSG_NOSIGNAL (a peer gone is an error, never a
 * SIGPIPE); a header read and checked before its payload.
 */
#include "compat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "net/net_sock.h"

int net_addr_split(const char *text, char *host, size_t hostlen, char *port,
		   size_t portlen, char *err, size_t errlen)
{
	const char *colon = strrchr(text, ':');
	const char *h = text;
	size_t hl;

	if (!colon || colon == text || !colon[1])
		return err_set(err, errlen, "'%s': not an address (HOST:PORT, such as "
			       "127.0.0.1:7300)", text);
	hl = (size_t)(colon - text);
	if (text[0] == '[') {
		if (colon[-1] != ']')
			return err_set(err, errlen, "'%s': not an address ([V6]:PORT)", text);
		h++;
		hl -= 2;
	}
	if (strspn(colon + 1, "0123456789") != strlen(colon + 1) || strlen(colon + 1) > 5 ||
	    strtoul(colon + 1, NULL, 10) > 65535)
		return err_set(err, errlen, "'%s': the port is not a number of 0 to 65535", text);
	if (hl == 0 || hl >= hostlen || strlen(colon + 1) >= portlen)
		return err_set(err, errlen, "'%s': not an address (HOST:PORT)", text);
	memcpy(host, h, hl);
	host[hl] = '\0';
	snprintf(port, portlen, "%s", colon + 1);
	return 0;
}

#if HAVE_BSD_SOCKETS

/* sys/types.h first: FreeBSD's netinet/tcp.h uses its u_short and
 * u_int32_t without including it. */
#include <sys/types.h>

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#define SLICE_MS 200

/* A socket closed across exec: SOCK_CLOEXEC where the platform has it
 * (macOS has not), else the flag set right after. */
static int cloexec_socket(int family, int type, int proto)
{
#ifdef SOCK_CLOEXEC
	return socket(family, type | SOCK_CLOEXEC, proto);
#else
	int s = socket(family, type, proto);
	if (s >= 0)
		fcntl(s, F_SETFD, FD_CLOEXEC);
	return s;
#endif
}

static void addr_text(const struct sockaddr *sa, socklen_t len, char *out, size_t outlen)
{
	char h[256] = "?", p[32] = "?";

	getnameinfo(sa, len, h, sizeof(h), p, sizeof(p), NI_NUMERICHOST | NI_NUMERICSERV);
	snprintf(out, outlen, strchr(h, ':') ? "[%s]:%s" : "%s:%s", h, p);
}

static int resolve(const char *addr, int passive, struct addrinfo **res, char *err,
		   size_t errlen)
{
	char host[256], port[16];
	struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
				  .ai_flags = passive ? AI_PASSIVE : 0 };
	int rc;

	if (net_addr_split(addr, host, sizeof(host), port, sizeof(port), err, errlen) != 0)
		return -1;
	rc = getaddrinfo(host, port, &hints, res);
	if (rc != 0)
		return err_set(err, errlen, "'%s': %s", addr, gai_strerror(rc));
	return 0;
}

int net_listen(const char *addr, int *fd, char *bound, size_t boundlen,
	       char *err, size_t errlen)
{
	struct addrinfo *res, *ai;
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss);
	int one = 1, s = -1, e = 0;

	if (resolve(addr, 1, &res, err, errlen) != 0)
		return -1;
	for (ai = res; ai && s < 0; ai = ai->ai_next) {
		s = cloexec_socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
		if (s < 0) {
			e = errno;
			continue;
		}
		setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (bind(s, ai->ai_addr, ai->ai_addrlen) != 0 || listen(s, 16) != 0) {
			e = errno;
			close(s);
			s = -1;
		}
	}
	freeaddrinfo(res);
	if (s < 0)
		return err_set(err, errlen, "cannot listen on '%s': %s", addr, strerror(e));
	if (getsockname(s, (struct sockaddr *)&ss, &sl) == 0)
		addr_text((struct sockaddr *)&ss, sl, bound, boundlen);
	else
		snprintf(bound, boundlen, "%s", addr);
	*fd = s;
	return 0;
}

/* Wait until fd is readable (or writable): 1, 0 after timeout_ms, -1 (why). */
static int wait_fd(int fd, int out, int timeout_ms, char *err, size_t errlen)
{
	struct pollfd p = { .fd = fd, .events = out ? POLLOUT : POLLIN };
	int rc = poll(&p, 1, timeout_ms);

	if (rc < 0 && errno != EINTR)
		return err_set(err, errlen, "poll: %s", strerror(errno));
	return rc > 0;
}

int net_accept(int lfd, int timeout_ms, int *fd, char *peer, size_t peerlen,
	       char *err, size_t errlen)
{
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss);
	int rc = wait_fd(lfd, 0, timeout_ms, err, errlen), s;

	if (rc <= 0)
		return rc;
	s = accept(lfd, (struct sockaddr *)&ss, &sl);
	if (s < 0) {
		if (errno == EINTR || errno == EAGAIN || errno == ECONNABORTED)
			return 0;
		return err_set(err, errlen, "accept: %s", strerror(errno));
	}
	fcntl(s, F_SETFD, FD_CLOEXEC);
	addr_text((struct sockaddr *)&ss, sl, peer, peerlen);
	*fd = s;
	return 1;
}

int net_connect(const char *addr, int *fd, char *err, size_t errlen)
{
	struct addrinfo *res, *ai;
	int s = -1, e = 0;

	if (resolve(addr, 0, &res, err, errlen) != 0)
		return -1;
	for (ai = res; ai && s < 0; ai = ai->ai_next) {
		s = cloexec_socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
		if (s >= 0 && connect(s, ai->ai_addr, ai->ai_addrlen) != 0) {
			e = errno;
			close(s);
			s = -1;
		} else if (s < 0) {
			e = errno;
		}
	}
	freeaddrinfo(res);
	if (s < 0)
		return err_set(err, errlen, "cannot connect to '%s': %s", addr, strerror(e));
	*fd = s;
	return 0;
}

void net_close(int fd)
{
	if (fd >= 0)
		close(fd);
}

void net_nodelay(int fd)
{
	int one = 1;

	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

void net_send_timeout(int fd, int ms)
{
	struct timeval tv = { .tv_sec = ms / 1000, .tv_usec = (ms % 1000) * 1000 };

	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
}

void net_shut_write(int fd)
{
	shutdown(fd, SHUT_WR);
}

int net_write_all(int fd, const void *p, size_t len, char *err, size_t errlen)
{
	const uint8_t *b = p;

	while (len) {
		ssize_t n = send(fd, b, len, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return err_set(err, errlen, "send: the peer stopped reading");
		if (n < 0)
			return err_set(err, errlen, "send: %s", strerror(errno));
		b += n;
		len -= (size_t)n;
	}
	return 0;
}

int net_send(int fd, enum proto_type type, const void *p, size_t len,
	     char *err, size_t errlen)
{
	uint8_t hdr[PROTO_HEADER];

	if (len > PROTO_MAX_PAYLOAD)
		return err_set(err, errlen, "a message of %zu bytes is too long", len);
	proto_header_put(hdr, type, (uint32_t)len);
	/* a small message in one send: no wait for an ACK between its parts */
	if (len <= 4096) {
		uint8_t one[PROTO_HEADER + 4096];
		memcpy(one, hdr, sizeof(hdr));
		if (len)
			memcpy(one + PROTO_HEADER, p, len);
		return net_write_all(fd, one, PROTO_HEADER + len, err, errlen);
	}
	if (net_write_all(fd, hdr, sizeof(hdr), err, errlen) != 0)
		return -1;
	return net_write_all(fd, p, len, err, errlen);
}

int net_send_text(int fd, enum proto_type type, const char *text, char *err, size_t errlen)
{
	return net_send(fd, type, text, strlen(text), err, errlen);
}

long net_read_some(int fd, void *buf, size_t len, int timeout_ms, char *err, size_t errlen)
{
	int rc = wait_fd(fd, 0, timeout_ms, err, errlen);
	ssize_t n;

	if (rc < 0)
		return -1;
	if (rc == 0)
		return -2;
	n = recv(fd, buf, len, 0);
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return -2;
	if (n < 0)
		return err_set(err, errlen, "recv: %s", strerror(errno));
	return (long)n;
}

/* Read len bytes: 0; 1 at the end before any; -1 (why). */
static int read_full(int fd, uint8_t *b, size_t len, volatile sig_atomic_t *stop,
		     int idle_ms, char *err, size_t errlen)
{
	size_t got = 0;
	int idle = 0;

	while (got < len) {
		long n;
		if (stop && *stop)
			return err_set(err, errlen, "stopped");
		n = net_read_some(fd, b + got, len - got, SLICE_MS, err, errlen);
		if (n == -1)
			return -1;
		if (n == -2) {
			idle += SLICE_MS;
			if (idle_ms && idle >= idle_ms)
				return err_set(err, errlen, "nothing came for %d s", idle_ms / 1000);
			continue;
		}
		if (n == 0)
			return got ? err_set(err, errlen, "the connection ended inside a "
					     "message (%zu of %zu bytes)", got, len) : 1;
		got += (size_t)n;
		idle = 0;
	}
	return 0;
}

int net_recv(int fd, struct proto_header *h, uint8_t *buf, volatile sig_atomic_t *stop,
	     int idle_ms, char *err, size_t errlen)
{
	uint8_t hdr[PROTO_HEADER];
	int rc = read_full(fd, hdr, sizeof(hdr), stop, idle_ms, err, errlen);

	if (rc != 0)
		return rc;
	if (proto_header_parse(hdr, h, err, errlen) != 0)
		return -1;
	rc = read_full(fd, buf, h->len, stop, idle_ms, err, errlen);
	if (rc == 1)
		return err_set(err, errlen, "the connection ended after a header");
	if (rc != 0)
		return -1;
	return proto_payload_check(h->type, buf, h->len, err, errlen);
}

int net_random(uint8_t *out, size_t n, char *err, size_t errlen)
{
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	size_t got = 0;

	if (fd < 0)
		return err_set(err, errlen, "cannot open '/dev/urandom': %s", strerror(errno));
	while (got < n) {
		ssize_t r = read(fd, out + got, n - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			close(fd);
			return err_set(err, errlen, "cannot read '/dev/urandom'");
		}
		got += (size_t)r;
	}
	close(fd);
	return 0;
}

int net_dial(const char *addr, const char *token, int *fd, char *err, size_t errlen)
{
	uint8_t *buf = malloc(PROTO_MAX_PAYLOAD);
	struct proto_header h;
	int rc;

	if (!buf)
		return err_set(err, errlen, "out of memory");
	rc = net_connect(addr, fd, err, errlen);
	if (rc == 0 && (net_send_text(*fd, PROTO_HELLO, token, err, errlen) != 0 ||
			(rc = net_recv(*fd, &h, buf, NULL, 10000, err, errlen)) != 0)) {
		if (rc == 1)
			err_set(err, errlen, "the agent at '%s' closed the connection", addr);
		rc = -1;
	} else if (rc == 0 && h.type != PROTO_OK) {
		rc = err_set(err, errlen, "the agent at '%s' refused: %.*s", addr,
			     h.type == PROTO_ERR ? (int)h.len : 7,
			     h.type == PROTO_ERR ? (const char *)buf : "no hello");
	}
	if (rc != 0 && *fd >= 0) {
		close(*fd);
		*fd = -1;
	}
	free(buf);
	return rc;
}

#else /* no BSD sockets */

static int nosock(char *err, size_t errlen)
{
	return err_set(err, errlen, "this build has no TCP sockets (serve, link, --agent)");
}

int net_dial(const char *addr, const char *token, int *fd, char *err, size_t errlen)
{
	(void)addr; (void)token; (void)fd;
	return nosock(err, errlen);
}

int net_listen(const char *addr, int *fd, char *bound, size_t boundlen, char *err,
	       size_t errlen)
{
	(void)addr; (void)fd; (void)bound; (void)boundlen;
	return nosock(err, errlen);
}

int net_accept(int lfd, int timeout_ms, int *fd, char *peer, size_t peerlen,
	       char *err, size_t errlen)
{
	(void)lfd; (void)timeout_ms; (void)fd; (void)peer; (void)peerlen;
	return nosock(err, errlen);
}

int net_connect(const char *addr, int *fd, char *err, size_t errlen)
{
	(void)addr; (void)fd;
	return nosock(err, errlen);
}

void net_close(int fd) { (void)fd; }
void net_nodelay(int fd) { (void)fd; }
void net_shut_write(int fd) { (void)fd; }
void net_send_timeout(int fd, int ms) { (void)fd; (void)ms; }

int net_send(int fd, enum proto_type type, const void *p, size_t len, char *err,
	     size_t errlen)
{
	(void)fd; (void)type; (void)p; (void)len;
	return nosock(err, errlen);
}

int net_send_text(int fd, enum proto_type type, const char *text, char *err, size_t errlen)
{
	(void)fd; (void)type; (void)text;
	return nosock(err, errlen);
}

int net_recv(int fd, struct proto_header *h, uint8_t *buf, volatile sig_atomic_t *stop,
	     int idle_ms, char *err, size_t errlen)
{
	(void)fd; (void)h; (void)buf; (void)stop; (void)idle_ms;
	return nosock(err, errlen);
}

long net_read_some(int fd, void *buf, size_t len, int timeout_ms, char *err, size_t errlen)
{
	(void)fd; (void)buf; (void)len; (void)timeout_ms;
	return nosock(err, errlen);
}

int net_write_all(int fd, const void *p, size_t len, char *err, size_t errlen)
{
	(void)fd; (void)p; (void)len;
	return nosock(err, errlen);
}

int net_random(uint8_t *out, size_t n, char *err, size_t errlen)
{
	(void)out; (void)n;
	return nosock(err, errlen);
}

#endif
