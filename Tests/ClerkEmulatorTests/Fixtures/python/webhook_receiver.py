#!/usr/bin/env python3
"""A webhook endpoint that checks every delivery of clerk-emulator with Svix's own library.

Usage: webhook_receiver.py (settings from the environment, the secret included):
  WEBHOOK_SECRET   the emulator's signing secret (whsec_…)
  EXPECT           comma-separated event types to wait for (each at least once)
  FAIL_FIRST       answer this many deliveries with 500 first (to see them retried)

Prints {"port": N} once it listens on 127.0.0.1, then, once every expected type has arrived
verified, one JSON line {"types": [...in order...], "retried": [...], "refused": 0} and exits.

Each delivery is checked with `svix.webhooks.Webhook(secret).verify(body, headers)`, and its
payload must be shaped like Clerk's events ({data, object: "event", type, timestamp,
instance_id}). A delivery that fails the check is answered 400 and counted in "refused".

Exit status: 0 when every expected type arrived verified and none was refused, 1 otherwise
(90 s after the first delivery, or 600 s when none comes), 3 when svix is not installed
(Scripts/test.sh installs it: pip install svix). The wait starts at the first delivery, not at
start-up: on a loaded machine the test that started this receiver may resume only much later
to start the emulator, and the time it spends queued is not the emulator's.
"""

import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from sdk_driver import missing

try:
    from svix.webhooks import Webhook, WebhookVerificationError
except ImportError as error:  # pragma: no cover - reported to the test
    missing("webhook_receiver", "the svix package", "svix", error)

SECRET = os.environ["WEBHOOK_SECRET"]
EXPECT = [t for t in os.environ.get("EXPECT", "").split(",") if t]
FAIL_FIRST = int(os.environ.get("FAIL_FIRST", "0"))

lock = threading.Lock()
done = threading.Event()
first = threading.Event()
state = {"types": [], "ids": [], "retried": [], "refused": 0, "failed": 0, "seen": {}}


def shaped(event):
    return (isinstance(event, dict) and event.get("object") == "event"
            and isinstance(event.get("type"), str) and isinstance(event.get("data"), dict)
            and isinstance(event.get("timestamp"), int)
            and str(event.get("instance_id", "")).startswith("ins_"))


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):  # quiet
        pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        headers = {k.lower(): v for k, v in self.headers.items()}
        first.set()
        with lock:
            message_id = headers.get("svix-id", "")
            state["seen"][message_id] = state["seen"].get(message_id, 0) + 1
            if state["failed"] < FAIL_FIRST:
                state["failed"] += 1
                self.send_response(500)
                self.end_headers()
                return
        try:
            # Raises unless the signature checks out (svix 2 returns nothing, older ones the
            # parsed payload); the payload is read only once it is verified.
            Webhook(SECRET).verify(body, headers)
            event = json.loads(body)
            # A forged body must not pass.
            try:
                Webhook(SECRET).verify(body + b" ", headers)
                forged = True
            except WebhookVerificationError:
                forged = False
            ok = shaped(event) and not forged
        except WebhookVerificationError as error:
            print(f"webhook_receiver: refused {message_id}: {error}", file=sys.stderr)
            ok = False
        with lock:
            if not ok:
                state["refused"] += 1
            elif message_id not in state["ids"]:
                state["ids"].append(message_id)
                state["types"].append(event["type"])
                if state["seen"][message_id] > 1:
                    state["retried"].append(event["type"])
            if all(t in state["types"] for t in EXPECT):
                done.set()
        self.send_response(204 if ok else 400)
        self.end_headers()


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(json.dumps({"port": server.server_address[1]}), flush=True)
    arrived = first.wait(600) and done.wait(90)
    with lock:
        print(json.dumps({"types": state["types"], "retried": state["retried"],
                          "refused": state["refused"]}), flush=True)
        good = arrived and state["refused"] == 0
    server.shutdown()
    sys.exit(0 if good else 1)


if __name__ == "__main__":
    main()
