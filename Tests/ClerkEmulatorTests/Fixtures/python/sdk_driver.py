"""What the drivers of Clerk's Python Backend SDK and Svix's library share: the exit when the
package is not installed (3), a failed check's (1, the first failure printed), and a call that
must be refused.

The drivers run as scripts from this folder, so Python finds this module beside them.
"""

import json
import sys


def missing(driver, what, package, error):
    """Exits 3: `what` (the pip `package`) could not be imported."""
    print(f"{driver}: {what} is not installed ({error}); "
          f"install it with: python3 -m pip install {package}", file=sys.stderr)
    sys.exit(3)


class Checks:
    """The checks of one driver, whose failures it names; `error_type` is the HTTP error its
    client raises (with `status_code` and `body`)."""

    def __init__(self, driver, error_type):
        self.driver = driver
        self.error_type = error_type

    def check(self, condition, message):
        if not condition:
            print(f"{self.driver}: FAILED: {message}", file=sys.stderr)
            sys.exit(1)

    def refused(self, status, call, code=None):
        """Runs `call`, which must fail with an HTTP error of `status` and, when given, Clerk
        error `code`; returns the error's JSON body."""
        try:
            call()
        except self.error_type as error:
            if code is None:
                self.check(error.status_code == status,
                           f"expected {status}, got {error.status_code}: {error.body}")
                return json.loads(error.body)
            body = json.loads(error.body)
            got = body["errors"][0]["code"]
            self.check(error.status_code == status and got == code,
                       f"expected {status} {code}, got {error.status_code} {got}")
            return body
        expected = f"{status} {code}" if code is not None else f"{status} error"
        self.check(False, f"expected an HTTP {expected}, the call succeeded")
