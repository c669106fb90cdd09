#!/usr/bin/env python3
"""Drives clerk-emulator's machines and M2M tokens with Clerk's own Python Backend SDK.

Usage: m2m_sdk.py (everything comes from the environment, secrets included):
  CLERK_API_URL        the emulator's api_url (no /v1, like https://api.clerk.com)
  CLERK_SECRET_KEY     the instance secret key
  CI_MACHINE_ID, CI_MACHINE_SECRET     a seeded machine that may call API_MACHINE_ID
  API_MACHINE_ID, API_MACHINE_SECRET   the machine it calls

It uses the SDK as a backend would: the generated client (`Clerk(bearer_auth=…,
server_url=CLERK_API_URL + "/v1")`, and the unversioned base the JS SDK uses) for machines and
M2M tokens, and the hand-written `verify_token` helper for opaque and JWT M2M tokens.

Exit status: 0 when every check passed, 1 on a failed check (the first is printed), 3 when
the SDK is not installed (Scripts/test.sh installs it with pip: clerk-backend-api).
"""

import json
import os

from sdk_driver import Checks, missing

try:
    import jwt
    from clerk_backend_api import Clerk, models
    from clerk_backend_api.security import verify_token
    from clerk_backend_api.security.types import TokenVerificationError, VerifyTokenOptions
except ImportError as error:  # pragma: no cover - reported to the test
    missing("m2m_sdk", "Clerk's Python Backend SDK", "clerk-backend-api", error)


checks = Checks("m2m_sdk", models.ClerkBaseError)
check, refused = checks.check, checks.refused


def main():
    env = os.environ
    api_url = env["CLERK_API_URL"].rstrip("/")
    versioned = api_url + "/v1"
    instance = Clerk(bearer_auth=env["CLERK_SECRET_KEY"], server_url=versioned)
    ci_id, ci_secret = env["CI_MACHINE_ID"], env["CI_MACHINE_SECRET"]
    api_id, api_secret = env["API_MACHINE_ID"], env["API_MACHINE_SECRET"]
    ci = Clerk(bearer_auth=ci_secret, server_url=versioned)
    receiver = Clerk(bearer_auth=api_secret, server_url=versioned)
    report = {}

    # Machines, with the instance key.
    listed = instance.machines.list(order_by="name")
    names = [machine.name for machine in listed.data]
    check(names == ["api", "ci"], f"seeded machines: {names}")
    check(listed.total_count == 2, "total_count")
    seeded = next(machine for machine in listed.data if machine.name == "ci")
    check([m.id for m in seeded.scoped_machines] == [api_id], "ci's scoped machines")
    batch = instance.machines.create(request={"name": "batch", "scoped_machines": [api_id],
                                              "default_token_ttl": 120})
    check(batch.secret_key.startswith("ak_"), "a new machine's secret key")
    check(instance.machines.get(machine_id=batch.id).default_token_ttl == 120, "get")
    check(instance.machines.update(machine_id=batch.id, name="batch-2").name == "batch-2", "update")
    scope = instance.machines.create_scope(machine_id=batch.id, to_machine_id=ci_id)
    check(scope.to_machine_id == ci_id, "create_scope")
    refused(409, lambda: instance.machines.create_scope(machine_id=batch.id, to_machine_id=ci_id))
    instance.machines.delete_scope(machine_id=batch.id, other_machine_id=ci_id)
    rotated = instance.machines.rotate_secret_key(machine_id=batch.id, previous_token_ttl=60)
    check(rotated.secret != batch.secret_key, "rotate_secret_key")
    check(instance.machines.get_secret_key(machine_id=batch.id).secret == rotated.secret,
          "get_secret_key")
    # The old secret still works during its grace period.
    old = Clerk(bearer_auth=batch.secret_key, server_url=versioned)
    check(old.m2m.create_token().subject == batch.id, "the rotated-out secret in its grace period")
    check(instance.machines.delete(machine_id=batch.id).id == batch.id, "delete")
    refused(404, lambda: instance.machines.get(machine_id=batch.id))
    report["machines"] = "ok"

    # M2M tokens, with the machine secret: opaque by default, under /v1 and without it.
    opaque = ci.m2m.create_token(seconds_until_expiration=60, claims={"job": "deploy"})
    check(opaque.token.startswith("mt_") and opaque.id.startswith("mt_"), "opaque token")
    check(opaque.subject == ci_id and opaque.scopes == [api_id], "subject and scopes")
    check(opaque.expiration - opaque.created_at == 60_000, "expiration in milliseconds")
    unversioned = ci.m2m.create_token(seconds_until_expiration=60, server_url=api_url)
    check(unversioned.subject == ci_id, "POST /m2m_tokens without /v1")
    # Server-side reuse.
    first = ci.m2m.create_token(seconds_until_expiration=60, min_remaining_ttl_seconds=30)
    again = ci.m2m.create_token(seconds_until_expiration=60, min_remaining_ttl_seconds=30)
    check(first.id == again.id and first.token == again.token, "min_remaining_ttl_seconds reuse")
    refused(400, lambda: ci.m2m.create_token(seconds_until_expiration=60,
                                             min_remaining_ttl_seconds=60))
    # Only a machine creates tokens.
    refused(403, lambda: instance.m2m.create_token())

    listed = ci.m2m.list_tokens(subject=ci_id)
    ids = [token.id for token in listed.m2m_tokens]
    check(opaque.id in ids and listed.total_count == len(ids), f"list_tokens: {ids}")
    check(all(getattr(token, "token", None) is None for token in listed.m2m_tokens),
          "listed tokens carry no token")

    verified = receiver.m2m.verify_token(token=opaque.token)
    check(verified.id == opaque.id and verified.claims == {"job": "deploy"}, "verify_token")
    # The helper a backend calls: {"secret": …} to CLERK_API_URL/m2m_tokens/verify.
    payload = verify_token(opaque.token, VerifyTokenOptions(api_url=api_url,
                                                           machine_secret_key=api_secret))
    check(payload["subject"] == ci_id, f"security.verify_token: {payload}")
    # The calling machine must be in the token's scopes.
    try:
        verify_token(opaque.token, VerifyTokenOptions(api_url=api_url,
                                                     machine_secret_key=ci_secret))
        check(False, "a machine outside the token's scopes verified it")
    except TokenVerificationError:
        pass

    revoked = ci.m2m.revoke_token(m2m_token_id=opaque.id, revocation_reason="done")
    check(revoked.revoked is True and revoked.revocation_reason == "done", "revoke_token")
    refused(404, lambda: receiver.m2m.verify_token(token=opaque.token))
    report["opaque"] = "ok"

    # A JWT, verified networkless through the instance's JWKS (the SDK's session-token path).
    minted = ci.m2m.create_token(token_format=models.TokenFormat.JWT,
                                 seconds_until_expiration=300, claims={"team": "ops"})
    header = jwt.get_unverified_header(minted.token)
    check(header.get("cat") == "cl_B7d4PD333AAA", f"JWT header: {header}")
    claims = verify_token(minted.token, VerifyTokenOptions(api_url=api_url,
                                                          secret_key=env["CLERK_SECRET_KEY"]))
    check(claims["sub"] == ci_id and claims["jti"] == minted.id and claims["team"] == "ops",
          f"JWT claims: {claims}")
    refused(404, lambda: ci.m2m.revoke_token(m2m_token_id=minted.id))
    report["jwt"] = "ok"

    print(json.dumps(report, sort_keys=True))


if __name__ == "__main__":
    main()
