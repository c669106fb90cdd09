#!/usr/bin/env python3
"""Drives clerk-emulator's API keys, actor tokens and testing tokens with Clerk's own Python
Backend SDK, as a backend pointed at it with CLERK_API_URL would use it.

Usage: api_keys_sdk.py (everything comes from the environment, secrets included):
  CLERK_API_URL     the emulator's api_url (no /v1, like https://api.clerk.com)
  CLERK_SECRET_KEY  the instance secret key

The generated client (server_url CLERK_API_URL + "/v1", and the unversioned base the JS SDK
uses) creates, lists, verifies and revokes API keys for the first seeded user; the hand-written
`verify_token` helper (which posts {"secret"} to CLERK_API_URL + "/api_keys/verify") accepts the
key, then refuses it once revoked; actor and testing tokens are created and an actor token
revoked.

Exit status: 0 when every check passed, 1 on a failed check (the first is printed), 3 when
the SDK is not installed (Scripts/test.sh installs it with pip: clerk-backend-api).
"""

import json
import os

from sdk_driver import Checks, missing

try:
    from clerk_backend_api import Clerk, models
    from clerk_backend_api.security import verify_token
    from clerk_backend_api.security.types import TokenVerificationError, VerifyTokenOptions
except ImportError as error:  # pragma: no cover - reported to the test
    missing("api_keys_sdk", "Clerk's Python Backend SDK", "clerk-backend-api", error)


checks = Checks("api_keys_sdk", models.ClerkBaseError)
check, refused = checks.check, checks.refused


def create_api_key(clerk, **arguments):
    """`create_api_key`'s reply as JSON. Clerk's Backend API spec of 2026-05-12 (which the
    emulator follows, and its conformance check enforces) answers 200; SDK 7.0.0, generated
    from a later spec, only accepts 201 and raises SDKError for the 200 with the body in it."""
    try:
        created = clerk.api_keys.create_api_key(**arguments)
        return json.loads(created.model_dump_json(by_alias=True))
    except models.SDKError as error:
        check(error.status_code == 200, f"create_api_key: {error}")
        return json.loads(error.body)


def main():
    env = os.environ
    api_url = env["CLERK_API_URL"].rstrip("/")
    secret_key = env["CLERK_SECRET_KEY"]
    report = {}
    user = Clerk(bearer_auth=secret_key, server_url=api_url + "/v1").users.list(
        request={"limit": 1})[0]
    for base in (api_url + "/v1", api_url):
        clerk = Clerk(bearer_auth=secret_key, server_url=base)
        name = "sdk " + ("v1" if base.endswith("/v1") else "root")
        key = create_api_key(
            clerk, name=name, subject=user.id, scopes=["read:chats"], claims={"tier": "gold"})
        check(key["secret"].startswith("ak_") and key["id"].startswith("ak_"), "the new secret")
        check(key["scopes"] == ["read:chats"], f"scopes: {key['scopes']}")
        key = models.CreateAPIKeyResponseBody.model_validate(key)
        listed = clerk.api_keys.get_api_keys(subject=user.id)
        check(any(k.id == key.id for k in listed.data), "the key is listed")
        verified = clerk.api_keys.verify_api_key(secret=key.secret)
        check(verified.subject == user.id and verified.id == key.id, "verify_api_key")
        options = VerifyTokenOptions(secret_key=secret_key, api_url=api_url)
        payload = verify_token(key.secret, options)
        check(payload["subject"] == user.id, f"verify_token: {payload}")
        check(payload["claims"] == {"tier": "gold"}, f"verify_token claims: {payload}")
        revoked = clerk.api_keys.revoke_api_key(api_key_id=key.id, revocation_reason="rotated")
        check(revoked.revoked, "revoke_api_key")
        refused(404, lambda: clerk.api_keys.verify_api_key(secret=key.secret))
        try:
            verify_token(key.secret, options)
            check(False, "verify_token accepted a revoked key")
        except TokenVerificationError:
            pass
    report["api_keys"] = "ok"

    clerk = Clerk(bearer_auth=secret_key, server_url=api_url + "/v1")
    user = clerk.users.list(request={"limit": 1})[0]
    actor = clerk.actor_tokens.create(request={"user_id": user.id, "actor": {"sub": "support"}})
    check(actor.status == "pending" and actor.token, f"actor token: {actor}")
    check(clerk.actor_tokens.revoke(actor_token_id=actor.id).status == "revoked", "revoke")
    testing = clerk.testing_tokens.create()
    check(testing.token and testing.expires_at > 0, f"testing token: {testing}")
    report["actor_tokens"] = "ok"
    report["testing_tokens"] = "ok"
    print(json.dumps(report, sort_keys=True))


if __name__ == "__main__":
    main()
