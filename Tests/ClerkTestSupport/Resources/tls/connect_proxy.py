"""An HTTP CONNECT proxy for tests that tunnels every CONNECT to one loopback port, whatever
host it names (an attacker's proxy in front of an attacker's TLS server).

Usage: python3 connect_proxy.py TARGET_PORT LOG_FILE

Listens on 127.0.0.1 on a free port, prints the port as its first stdout line, appends each
request line it is sent ("CONNECT example.com:443 HTTP/1.1") to LOG_FILE, answers CONNECT with
200 and then copies bytes both ways between the client and 127.0.0.1:TARGET_PORT. Exits when
stdin closes or on SIGTERM.
"""

import os
import signal
import socket
import sys
import threading


def pump(source, sink):
    try:
        while True:
            data = source.recv(65536)
            if not data:
                break
            sink.sendall(data)
    except OSError:
        pass
    finally:
        for s in (source, sink):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def serve(client, target_port, log_file, log_lock):
    with client:
        head = b""
        while b"\r\n\r\n" not in head:
            data = client.recv(4096)
            if not data:
                return
            head += data
            if len(head) > 65536:
                return
        request_line = head.split(b"\r\n", 1)[0].decode("latin-1")
        with log_lock, open(log_file, "a") as log:
            log.write(request_line + "\n")
        if not request_line.startswith("CONNECT "):
            client.sendall(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
            return
        upstream = socket.create_connection(("127.0.0.1", target_port))
        with upstream:
            client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
            rest = head.split(b"\r\n\r\n", 1)[1]
            if rest:
                upstream.sendall(rest)
            other = threading.Thread(target=pump, args=(upstream, client), daemon=True)
            other.start()
            pump(client, upstream)
            other.join()


def main():
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    target_port = int(sys.argv[1])
    log_file = sys.argv[2]
    log_lock = threading.Lock()
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    print(listener.getsockname()[1], flush=True)

    def exit_when_stdin_closes():
        sys.stdin.buffer.read()
        os._exit(0)

    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    while True:
        client, _ = listener.accept()
        threading.Thread(
            target=serve, args=(client, target_port, log_file, log_lock), daemon=True
        ).start()


if __name__ == "__main__":
    main()
