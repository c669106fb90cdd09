"""A tiny HTTPS server for tests (driven by ClerkTestSupport's TLSTestServer).

Usage: python3 tls_server.py CERT.pem KEY.pem BODY_FILE [LOG_FILE]

Listens on 127.0.0.1 on a free port, prints the port as its first stdout line, and answers
every GET and POST with 200 and BODY_FILE's bytes as application/json. With LOG_FILE, appends
one line per request: the method, the path and the Authorization header (what a credential
leak would show). Exits when stdin closes (so it never outlives the test process) or on SIGTERM.
"""

import http.server
import os
import signal
import ssl
import sys
import threading


def main():
    # The test process may have SIGTERM blocked on the thread that spawned this one, and the
    # mask is inherited: unblock everything so terminate() works.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    cert, key, body_file = sys.argv[1:4]
    log_file = sys.argv[4] if len(sys.argv) > 4 else None
    log_lock = threading.Lock()
    with open(body_file, "rb") as f:
        body = f.read()
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            if log_file:
                with log_lock, open(log_file, "a") as log:
                    authorization = self.headers.get("Authorization", "-")
                    log.write(f"{self.command} {self.path} {authorization}\n")
            length = int(self.headers.get("Content-Length") or 0)
            if length:
                self.rfile.read(length)
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_POST = do_GET

        def log_message(self, format, *args):
            pass

    class Server(http.server.ThreadingHTTPServer):
        daemon_threads = True

        def finish_request(self, request, client_address):
            # The handshake runs on the connection's own thread; a client that refuses the
            # certificate only ends that thread.
            with context.wrap_socket(request, server_side=True) as connection:
                Handler(connection, client_address, self)

        def handle_error(self, request, client_address):
            pass

    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)

    def exit_when_stdin_closes():
        sys.stdin.buffer.read()
        os._exit(0)

    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
