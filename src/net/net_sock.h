/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * net_sock.h: TCP for the agent and its clients (`serve`, `link`, a
 * sweep's --agent): an address as the user types it, listening,
 * connecting, and messages of proto.h sent and read whole.  Reads wait
 * with poll in short slices so a stop flag (Ctrl-C, SIGTERM) or an idle
 * limit ends them; a message's length is checked (proto_header_parse)
 * before anything is read for it.  Built where the platform has BSD
 * sockets (HAVE_BSD_SOCKETS); elsewhere every call refuses with a line.
 *
 * Ownership: the caller owns the descriptors and closes them
 * (net_close); net_recv reads into the caller's buffer of
 * PROTO_MAX_PAYLOAD bytes.
 */
#ifndef IOSWEEP_NET_SOCK_H
#define IOSWEEP_NET_SOCK_H

#include "compat.h"

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "net/proto.h"

/* "HOST:PORT" or "[V6]:PORT" into host and port: 0, or -1 (why). */
int net_addr_split(const char *text, char *host, size_t hostlen, char *port,
		   size_t portlen, char *err, size_t errlen);

/* Listen on addr; *fd, and the address bound into bound ("127.0.0.1:4000"). */
int net_listen(const char *addr, int *fd, char *bound, size_t boundlen,
	       char *err, size_t errlen);
/* A new connection on lfd within timeout_ms: 1 with *fd, 0 none yet, -1 (why). */
int net_accept(int lfd, int timeout_ms, int *fd, char *peer, size_t peerlen,
	       char *err, size_t errlen);
/* Connect to addr: 0 with *fd, or -1 (why). */
int net_connect(const char *addr, int *fd, char *err, size_t errlen);
void net_close(int fd);
/* Let fd's writes go at once (TCP_NODELAY), for ping-pong. */
void net_nodelay(int fd);
/* A send on fd that waits longer than ms fails (a peer that stopped reading). */
void net_send_timeout(int fd, int ms);
/* Shut down fd's sending side (the peer reads its end). */
void net_shut_write(int fd);

/* One message: 0, or -1 (why). */
int net_send(int fd, enum proto_type type, const void *p, size_t len,
	     char *err, size_t errlen);
/* A message whose payload is text. */
int net_send_text(int fd, enum proto_type type, const char *text, char *err, size_t errlen);

/*
 * Read one message into *h and buf (PROTO_MAX_PAYLOAD bytes), its
 * payload checked: 0; 1 when the peer closed before a header; -1 with
 * why in err (malformed, cut, an error, *stop set, or idle_ms without a
 * byte; idle_ms 0 waits for ever).
 */
int net_recv(int fd, struct proto_header *h, uint8_t *buf, volatile sig_atomic_t *stop,
	     int idle_ms, char *err, size_t errlen);

/* Up to len raw bytes within timeout_ms: the count, 0 at the end, -2 none yet, -1 (why). */
long net_read_some(int fd, void *buf, size_t len, int timeout_ms, char *err, size_t errlen);
/* All of p[0..len): 0, or -1 (why). */
int net_write_all(int fd, const void *p, size_t len, char *err, size_t errlen);

/* n random bytes from the system: 0, or -1 (why). */
int net_random(uint8_t *out, size_t n, char *err, size_t errlen);



/*
 * Connect to the agent at addr and prove token: 0 with *fd ready for a
 * request, or -1 (why: the agent's own refusal when it gave one).
 */
int net_dial(const char *addr, const char *token, int *fd, char *err, size_t errlen);
#endif
