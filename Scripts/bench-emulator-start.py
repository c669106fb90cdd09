#!/usr/bin/env python3
"""`make bench`, emulator start: how long from spawn until clerk-emulator answers.

Usage: bench-emulator-start.py EMULATOR RUNS WORKDIR > result.json

Each round spawns, in turn (so the machine's noise spreads over all of them alike):
  - plain:      `clerk-emulator --port 0 --quiet`, until its ready line;
  - plain_jwks: the same, until its first JWKS answer (which waits for the key generated in
                the background);
  - keyfile / keyfile_jwks / keyfile_token: with a reused `--key-file`, until the ready line,
                the first JWKS answer, and the first token (a password sign-in, then a
                `convex` template token, over one keep-alive connection);
  - python:     `python3 -c pass`, until it exits: the floor of starting a process from here.
Prints the medians in seconds as JSON.
"""
import http.client
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.parse


def spawn_emulator(binary, extra):
    return subprocess.Popen(
        [binary, "--port", "0", "--quiet", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)


def ready_line(process):
    line = process.stdout.readline()
    if not line:
        sys.exit("bench-emulator-start: the emulator printed no ready line")
    return json.loads(line)


def connection(ready):
    url = urllib.parse.urlparse(ready["fapi_url"])
    return http.client.HTTPConnection(url.hostname, url.port)


def get_jwks(conn):
    conn.request("GET", "/.well-known/jwks.json")
    reply = conn.getresponse()
    body = reply.read()
    if reply.status != 200:
        sys.exit(f"bench-emulator-start: JWKS answered {reply.status}")
    return json.loads(body)


def first_token(conn):
    form = "identifier=demo%40example.com&password=demo-password"
    conn.request("POST", "/v1/client/sign_ins?_is_native=true", body=form,
                 headers={"Content-Type": "application/x-www-form-urlencoded"})
    reply = conn.getresponse()
    body = json.loads(reply.read())
    if reply.status != 200:
        sys.exit(f"bench-emulator-start: sign-in answered {reply.status}")
    token = reply.getheader("Authorization")
    session = body["response"]["created_session_id"]
    conn.request("POST", f"/v1/client/sessions/{session}/tokens/convex?_is_native=true",
                 body=b"", headers={"Authorization": token,
                                    "Content-Type": "application/x-www-form-urlencoded"})
    reply = conn.getresponse()
    body = json.loads(reply.read())
    if reply.status != 200 or "jwt" not in body:
        sys.exit(f"bench-emulator-start: the mint answered {reply.status}")


def measure(binary, extra, until):
    start = time.perf_counter()
    process = spawn_emulator(binary, extra)
    try:
        ready = ready_line(process)
        if until == "jwks":
            get_jwks(connection(ready))
        elif until == "token":
            first_token(connection(ready))
        return time.perf_counter() - start
    finally:
        process.terminate()
        process.wait()


def measure_python():
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - start


def main():
    binary, runs, workdir = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    key_file = os.path.join(workdir, "emulator-key.pem")
    # The first start writes the key file; every later one reuses it.
    measure(binary, ["--key-file", key_file], "jwks")
    kids = set()
    for _ in range(2):
        process = spawn_emulator(binary, ["--key-file", key_file])
        try:
            kids.add(get_jwks(connection(ready_line(process)))["keys"][0]["kid"])
        finally:
            process.terminate()
            process.wait()
    if len(kids) != 1:
        sys.exit(f"bench-emulator-start: the reused key file gave kids {kids}")
    kinds = {
        "plain": lambda: measure(binary, [], "ready"),
        "plain_jwks": lambda: measure(binary, [], "jwks"),
        "keyfile": lambda: measure(binary, ["--key-file", key_file], "ready"),
        "keyfile_jwks": lambda: measure(binary, ["--key-file", key_file], "jwks"),
        "keyfile_token": lambda: measure(binary, ["--key-file", key_file], "token"),
        "python": measure_python,
    }
    for run in kinds.values():  # warm-up
        run()
    samples = {name: [] for name in kinds}
    for _ in range(runs):
        for name, run in kinds.items():
            samples[name].append(run())
    print(json.dumps({name: statistics.median(values) for name, values in samples.items()}))


if __name__ == "__main__":
    main()
