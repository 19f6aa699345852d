# SPDX-License-Identifier: GPL-2.0-or-later
# agent.py: a raw client of `iosweep serve` for t_serve.sh, so the test
# can send what iosweep itself never would (garbage, a 4 GB length, a
# path that climbs out).  Sends the messages given, then prints each
# message the agent answers with ("ok TEXT", "error TEXT", ...) until it
# closes the connection, and "closed" at the end.
#   python3 agent.py PORT raw HEX            bytes as they are
#   python3 agent.py PORT hello TOKEN        the token alone
#   python3 agent.py PORT job TOKEN WORD...  the token, then a job
#   python3 agent.py PORT ping TOKEN         the token, then a ping
import socket
import struct
import sys

TYPES = {1: "hello", 2: "ok", 3: "error", 4: "job", 5: "stdout", 6: "stderr",
         7: "file", 8: "end", 9: "ping", 10: "pong", 11: "link", 12: "result"}


def msg(kind, payload):
    return b"IS\x01" + bytes([kind]) + struct.pack(">I", len(payload)) + payload


def main():
    port, what = int(sys.argv[1]), sys.argv[2]
    if what == "raw":
        data = bytes.fromhex(sys.argv[3])
    else:
        data = msg(1, sys.argv[3].encode())
        if what == "job":
            data += msg(4, b"".join(w.encode() + b"\0" for w in sys.argv[4:]))
        elif what == "ping":
            data += msg(9, b"12345678")
    s = socket.create_connection(("127.0.0.1", port), timeout=20)
    s.sendall(data)
    if what != "job":
        try:
            s.shutdown(socket.SHUT_WR)   # said all: the agent reads its end
        except OSError:
            pass                         # it closed already (garbage)
    buf = b""
    while True:
        try:
            chunk = s.recv(65536)
        except (ConnectionResetError, socket.timeout):
            chunk = b""
        if not chunk:
            break
        buf += chunk
    while len(buf) >= 8:
        kind, n = buf[3], struct.unpack(">I", buf[4:8])[0]
        body = buf[8:8 + n]
        buf = buf[8 + n:]
        text = body.decode("utf-8", "replace").replace("\n", " ")
        print(TYPES.get(kind, "?"), text if kind in (2, 3) else len(body))
    print("closed")


main()
