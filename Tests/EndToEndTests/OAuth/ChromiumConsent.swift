import ClerkTestSupport
import Foundation

/// A `$BROWSER` program that drives headless Chromium through the DevTools protocol over
/// `--remote-debugging-pipe` (NUL-separated JSON on descriptors 3 and 4; Python's standard
/// library only): it opens the URL, signs in on the emulator's page, allows (or denies) on the
/// consent page, and exits once Chromium shows the loopback page. It logs each step to `log`.
enum ChromiumConsent {
  /// Writes the script to `path`, executable.
  static func write(
    to path: String, chromium: String, profileDirectory: String, log: String,
    identifier: String = "demo@example.com", password: String = "demo-password",
    decision: String = "allow"
  ) throws {
    let script = """
      #!/usr/bin/env python3
      import json, os, subprocess, sys, time
      url = sys.argv[1]
      log = open(\(literal(log)), "a")
      to_chrome_r, to_chrome_w = os.pipe()
      from_chrome_r, from_chrome_w = os.pipe()
      command = ("exec %s --headless=new --no-sandbox --disable-gpu --no-first-run "
                 "--remote-debugging-pipe --user-data-dir=%s about:blank 3<&%d 4>&%d 2>/dev/null"
                 % (\(literal(chromium)), \(literal(profileDirectory)), to_chrome_r, from_chrome_w))
      chrome = subprocess.Popen(["/bin/sh", "-c", command], pass_fds=(to_chrome_r, from_chrome_w))
      os.close(to_chrome_r); os.close(from_chrome_w)
      buffered = b""; serial = 0
      def send(method, params=None, session=None):
          global serial
          serial += 1
          message = {"id": serial, "method": method, "params": params or {}}
          if session: message["sessionId"] = session
          os.write(to_chrome_w, json.dumps(message).encode() + b"\\0")
          return serial
      def reply(wanted, deadline):
          global buffered
          while time.time() < deadline:
              while b"\\0" in buffered:
                  raw, buffered = buffered.split(b"\\0", 1)
                  message = json.loads(raw)
                  if message.get("id") == wanted: return message
              chunk = os.read(from_chrome_r, 65536)
              if not chunk: return None
              buffered += chunk
          return None
      def call(method, params=None, session=None):
          return reply(send(method, params, session), time.time() + 30) or {}
      script = '''(() => {
        const text = document.body ? document.body.innerText : "";
        if (/return to the terminal/i.test(text)) return "done";
        const identifier = document.getElementById("identifier");
        if (identifier && !window.__sent) { window.__sent = 1;
          identifier.value = \(literal(identifier));
          document.getElementById("password").value = \(literal(password));
          document.getElementById("sign-in").submit(); return "signed-in"; }
        const choice = document.getElementById(\(literal(decision)));
        if (choice && !window.__sent) { window.__sent = 1; choice.click(); return "\(decision)"; }
        return "waiting: " + document.location.href.split("?")[0];
      })()'''
      try:
          target = call("Target.createTarget", {"url": url})["result"]["targetId"]
          session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["result"]["sessionId"]
          end = time.time() + 60; last = ""
          while time.time() < end:
              answer = call("Runtime.evaluate", {"expression": script, "returnByValue": True}, session)
              state = answer.get("result", {}).get("result", {}).get("value", "")
              if state != last: log.write(state + "\\n"); log.flush(); last = state
              if state == "done": break
              time.sleep(0.3)
      finally:
          try: call("Browser.close")
          except Exception: pass
          chrome.wait(timeout=10)

      """
    try ExecutableFile.write(script, to: path)
  }

  /// `text` as a Python (and JavaScript) string literal.
  private static func literal(_ text: String) -> String {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"")
    return "\"\(escaped)\""
  }
}
