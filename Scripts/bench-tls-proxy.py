"""A TLS front for the emulator, for `make bench`'s cold mint over TLS.

Usage: python3 bench-tls-proxy.py CERT.pem KEY.pem UPSTREAM_PORT

Listens on 127.0.0.1 on a free port, prints the port as its first stdout line, and relays each
connection, TLS terminated here, to 127.0.0.1:UPSTREAM_PORT in plain HTTP. clerkctl and curl go
through the same proxy to the same emulator, so it costs both the same. Exits when stdin closes
or on SIGTERM.
"""

import os
import select
import signal
import socket
import ssl
import sys
import threading


def relay(client, upstream_port, context):
    try:
        with context.wrap_socket(client, server_side=True) as tls, socket.create_connection(
            ("127.0.0.1", upstream_port)
        ) as upstream:
            upstream.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            tls.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            while True:
                # Bytes already decrypted wait in the SSL object, not in the socket.
                ready = [tls] if tls.pending() else select.select([tls, upstream], [], [])[0]
                for source in ready:
                    data = source.recv(65536)
                    if not data:
                        return
                    (upstream if source is tls else tls).sendall(data)
    except (OSError, ssl.SSLError):
        pass


def main():
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    cert, key, upstream_port = sys.argv[1], sys.argv[2], int(sys.argv[3])
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    print(listener.getsockname()[1], flush=True)

    def exit_when_stdin_closes():
        sys.stdin.buffer.read()
        os._exit(0)

    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    while True:
        client, _ = listener.accept()
        threading.Thread(target=relay, args=(client, upstream_port, context), daemon=True).start()


if __name__ == "__main__":
    main()
