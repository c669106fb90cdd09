#!/usr/bin/env python3
"""Drives a real headless Chromium through clerk-emulator's /oauth/authorize pages.

Usage: chromium_oauth_consent.py CHROMIUM AUTHORIZE_URL REDIRECT_PREFIX PROFILE_DIR
       (identifier and password on stdin, one per line; "deny" as a third line denies)

Chromium is controlled over the DevTools protocol on a pipe (--remote-debugging-pipe: it
reads commands on fd 3 and writes replies on fd 4, each message a JSON text ended by NUL), so
no port is opened. The script opens the URL, and whenever a page of the flow is showing, types
into its fields and clicks its buttons as a person would: the sign-in form (#identifier,
#password, #continue), then the consent form (#allow or #deny). It ends when the browser is
on a URL starting with REDIRECT_PREFIX (its navigation history's, so a redirect target that
does not answer counts too) and prints that URL, or exits 1 after 150 s (a busy machine can take
long to start Chromium).
"""

import json
import os
import subprocess
import sys
import time

chromium, url, prefix, profile = sys.argv[1:5]
lines = sys.stdin.read().splitlines() + ["", "", ""]
identifier, password, decision = lines[0], lines[1], ("deny" if lines[2] == "deny" else "allow")

to_child_read, to_child_write = os.pipe()
from_child_read, from_child_write = os.pipe()


def wire_fds():
    os.dup2(to_child_read, 3)
    os.dup2(from_child_write, 4)


child = subprocess.Popen(
    [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
     "--no-default-browser-check", "--disable-extensions", "--remote-debugging-pipe",
     f"--user-data-dir={profile}", "about:blank"],
    pass_fds=(3, 4), preexec_fn=wire_fds, close_fds=True,
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
os.close(to_child_read)
os.close(from_child_write)
writer = os.fdopen(to_child_write, "wb", buffering=0)
reader = os.fdopen(from_child_read, "rb", buffering=0)
buffer = b""
next_id = 0


def call(method, params=None, session=None):
    global next_id, buffer
    next_id += 1
    message = {"id": next_id, "method": method, "params": params or {}}
    if session:
        message["sessionId"] = session
    writer.write(json.dumps(message).encode() + b"\0")
    while True:
        while b"\0" not in buffer:
            chunk = reader.read(65536)
            if not chunk:
                raise SystemExit("chromium closed the pipe")
            buffer += chunk
        raw, buffer = buffer.split(b"\0", 1)
        reply = json.loads(raw)
        if reply.get("id") == next_id:
            if "error" in reply:
                raise RuntimeError(f"{method}: {reply['error']}")
            return reply.get("result", {})


STEP = """
(() => {
  const set = (id, value) => {
    const field = document.getElementById(id);
    field.focus(); field.value = value;
    field.dispatchEvent(new Event('input', {bubbles: true}));
  };
  if (window.__clerkStepDone) return 'waiting';
  // A person acts on a page that has shown; a form half parsed is not acted on.
  if (document.readyState === 'loading') return 'loading';
  if (document.getElementById('sign-in')) {
    set('identifier', IDENTIFIER); set('password', PASSWORD);
    window.__clerkStepDone = true; document.getElementById('continue').click();
    return 'signed in';
  }
  if (document.getElementById('consent')) {
    window.__clerkStepDone = true; document.getElementById(DECISION).click();
    return 'consented';
  }
  return 'page: ' + document.title;
})()
""".replace("IDENTIFIER", json.dumps(identifier)).replace("PASSWORD", json.dumps(password)) \
   .replace("DECISION", json.dumps(decision))

status = 1
try:
    target = call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    call("Page.enable", session=session)
    call("Page.navigate", {"url": url}, session=session)
    deadline = time.time() + 150
    steps = []
    last = ("", "", "")
    while time.time() < deadline:
        time.sleep(0.2)
        try:
            history = call("Page.getNavigationHistory", session=session)
            href = history["entries"][history["currentIndex"]]["url"]
            if href.startswith(prefix):
                print(href)
                print("steps: " + ", ".join(steps), file=sys.stderr)
                status = 0
                break
            evaluated = call("Runtime.evaluate", {"expression": STEP, "returnByValue": True},
                             session=session)
            done = evaluated["result"].get("value", "")
            last = (href, done, evaluated.get("exceptionDetails", {}).get("text", ""))
            if done in ("signed in", "consented"):
                steps.append(done)
        except RuntimeError as error:
            last = (last[0], last[1], str(error))
            continue  # the page is navigating; ask again
    else:
        # Where it stood: the page's URL, what the step saw there, and the last error.
        print("timed out; steps: " + ", ".join(steps) + f"; last look: {last}", file=sys.stderr)
finally:
    try:
        call("Browser.close")
    except Exception:
        pass
    try:
        child.wait(timeout=10)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
sys.exit(status)
