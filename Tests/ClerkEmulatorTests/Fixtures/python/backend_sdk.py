#!/usr/bin/env python3
"""Drives clerk-emulator's Backend API with Clerk's own Python Backend SDK, as a backend would.

Usage: backend_sdk.py (everything comes from the environment, secrets included):
  CLERK_API_URL      the emulator's api_url (no /v1, like https://api.clerk.com)
  CLERK_SECRET_KEY   the instance secret key
  CLERK_FAPI_URL     the emulator's Frontend API URL
  SESSION_JWT        a session token `clerkctl token` minted for demo@example.com

Every call goes through the generated client (`Clerk(bearer_auth=…, server_url=…/v1)`), so
each reply must decode into the SDK's models: users (list, get, create, update, delete,
ban/unban, lock/unlock, metadata merge, verify password), email addresses, sessions (create,
list with filters, get, tokens from a template, revoke), organizations (CRUD, metadata,
memberships with roles, invitations), the JWKS; then `authenticate_request`, networkless with
the JWKS key as `jwt_key`, on clerkctl's token and on one minted with an `Origin` (its `azp`),
with and without `authorized_parties`.

Exit status: 0 when every check passed (one JSON line of the areas), 1 on a failed check (the
first is printed), 3 when the SDK is not installed (Scripts/test.sh installs clerk-backend-api).
"""

import json
import os
import urllib.parse
import urllib.request

from sdk_driver import Checks, missing

try:
    import httpx
    import jwt
    from cryptography.hazmat.primitives import serialization
    from jwt.algorithms import RSAAlgorithm
    from clerk_backend_api import Clerk, models
    from clerk_backend_api.security import authenticate_request
    from clerk_backend_api.security.types import AuthenticateRequestOptions, AuthStatus
except ImportError as error:  # pragma: no cover - reported to the test
    missing("backend_sdk", "Clerk's Python Backend SDK", "clerk-backend-api", error)


checks = Checks("backend_sdk", models.ClerkBaseError)
check = checks.check


def refused(status, code, call):
    """Runs `call`, which must fail with HTTP `status` and Clerk error `code`."""
    return checks.refused(status, call, code=code)


def users(clerk, report):
    made = clerk.users.create(email_address=["sdk-user@example.com"], password="sdk-password-1",
                              first_name="Sdk", public_metadata={"plan": "free"})
    check(made.id.startswith("user_") and made.first_name == "Sdk", "users.create")
    check(made.email_addresses[0].email_address == "sdk-user@example.com", "email on create")
    refused(422, "form_identifier_exists",
            lambda: clerk.users.create(email_address=["sdk-user@example.com"]))
    listed = clerk.users.list(request={"email_address": ["sdk-user@example.com"]})
    check([user.id for user in listed] == [made.id], "users.list by email_address")
    check(len(clerk.users.list(request={"limit": 2})) == 2, "users.list limit")
    counted = clerk.users.count(request={"email_address": ["sdk-user@example.com"]})
    check(counted.object == "total_count" and counted.total_count == 1, "users.count by email")
    check(clerk.users.count().total_count == len(clerk.users.list(request={"limit": 500})),
          "users.count of all")
    check([u.id for u in clerk.users.list(request={"user_id": [made.id], "query": "sdk-u"})]
          == [made.id], "users.list by user_id and query")
    check(clerk.users.get(user_id=made.id).id == made.id, "users.get")
    updated = clerk.users.update(user_id=made.id, last_name="User", username="sdkuser")
    check(updated.last_name == "User" and updated.username == "sdkuser", "users.update")
    merged = clerk.users.update_metadata(user_id=made.id, public_metadata={"tier": 2},
                                         private_metadata={"note": "x"})
    check(merged.public_metadata == {"plan": "free", "tier": 2}, "metadata merge")
    check(merged.private_metadata == {"note": "x"}, "private metadata")
    check(clerk.users.verify_password(user_id=made.id, password="sdk-password-1").verified,
          "verify_password")
    refused(422, "incorrect_password",
            lambda: clerk.users.verify_password(user_id=made.id, password="wrong-password"))
    check(clerk.users.ban(user_id=made.id).banned, "ban")
    check(not clerk.users.unban(user_id=made.id).banned, "unban")
    locked = clerk.users.lock(user_id=made.id)
    check(locked.locked and locked.lockout_expires_in_seconds == 3600, "lock")
    unlocked = clerk.users.unlock(user_id=made.id)
    check(not unlocked.locked and unlocked.lockout_expires_in_seconds is None, "unlock")
    moderated = clerk.users.create(email_address=["sdk-moderated@example.com"], banned=True,
                                   locked=True)
    check(moderated.banned and moderated.locked, "users.create banned and locked")
    check(clerk.users.delete(user_id=moderated.id).deleted, "delete the moderated user")
    report["users"] = "ok"
    return made


def email_addresses(clerk, user, report):
    added = clerk.email_addresses.create(request={"user_id": user.id,
                                                  "email_address": "sdk-second@example.com",
                                                  "verified": True})
    check(added.email_address == "sdk-second@example.com", "email_addresses.create")
    check(added.verification is not None and added.verification.status == "verified",
          f"verification: {added.verification}")
    check(clerk.email_addresses.get(email_address_id=added.id).id == added.id, "get")
    clerk.email_addresses.update(email_address_id=added.id, primary=True)
    check(clerk.users.get(user_id=user.id).primary_email_address_id == added.id, "primary")
    back = clerk.users.update(user_id=user.id, primary_email_address_id=user.primary_email_address_id)
    check(back.primary_email_address_id == user.primary_email_address_id, "users.update primary")
    clerk.users.update(user_id=user.id, primary_email_address_id=added.id)
    check(len(clerk.users.get(user_id=user.id).email_addresses) == 2, "two addresses")
    refused(400, "identification_deletion_failed",
            lambda: clerk.email_addresses.delete(email_address_id=added.id))
    deleted = clerk.email_addresses.delete(email_address_id=user.primary_email_address_id)
    check(deleted.deleted and deleted.id == user.primary_email_address_id, "delete")
    refused(404, "resource_not_found",
            lambda: clerk.email_addresses.get(email_address_id=user.primary_email_address_id))
    report["email_addresses"] = "ok"


def sessions(clerk, user, report):
    session = clerk.sessions.create(request={"user_id": user.id})
    check(str(getattr(session.status, "value", session.status)) == "active", "sessions.create")
    check(session.user_id == user.id, "session user")
    listed = clerk.sessions.list(user_id=user.id, status=models.QueryParamStatus.ACTIVE)
    check([s.id for s in listed] == [session.id], f"sessions.list: {[s.id for s in listed]}")
    check(clerk.sessions.list(client_id=session.client_id)[0].id == session.id, "by client")
    check(clerk.sessions.get(session_id=session.id).id == session.id, "sessions.get")
    token = clerk.sessions.create_token(session_id=session.id, expires_in_seconds=120)
    claims = jwt.decode(token.jwt, options={"verify_signature": False})
    check(claims["sid"] == session.id and claims["exp"] - claims["iat"] == 120, "create_token")
    templated = clerk.sessions.create_token_from_template(session_id=session.id,
                                                          template_name="convex")
    header = jwt.get_unverified_header(templated.jwt)
    claims = jwt.decode(templated.jwt, options={"verify_signature": False})
    check(header.get("cat") == "cl_B7d4PD222AAA" and claims["aud"] == "convex", "template")
    refused(404, "resource_not_found",
            lambda: clerk.sessions.create_token_from_template(session_id=session.id,
                                                              template_name="nope"))
    revoked = clerk.sessions.revoke(session_id=session.id)
    check(str(getattr(revoked.status, "value", revoked.status)) == "revoked", "revoke")
    check(clerk.sessions.list(user_id=user.id, status=models.QueryParamStatus.ACTIVE) == [],
          "no active session left")
    # A banned user's sessions end, and it gets none.
    again = clerk.sessions.create(request={"user_id": user.id})
    clerk.users.ban(user_id=user.id)
    ended = clerk.sessions.get(session_id=again.id).status
    check(str(getattr(ended, "value", ended)) == "revoked", "ban ends sessions")
    refused(403, "user_banned", lambda: clerk.sessions.create(request={"user_id": user.id}))
    clerk.users.unban(user_id=user.id)
    report["sessions"] = "ok"


def organizations(clerk, user, report):
    demo = clerk.users.list(request={"email_address": ["demo@example.com"]})[0]
    org = clerk.organizations.create(request={"name": "SDK Org", "slug": "sdk-org",
                                              "created_by": demo.id,
                                              "public_metadata": {"a": 1}})
    check(org.slug == "sdk-org", "organizations.create")
    check(clerk.organizations.get(organization_id="sdk-org").id == org.id, "get by slug")
    counted = clerk.organizations.get(organization_id=org.id, include_members_count=True)
    check(counted.members_count == 1, f"members_count {counted.members_count}")
    renamed = clerk.organizations.update(organization_id=org.id, name="SDK Org 2",
                                         max_allowed_memberships=10)
    check(renamed.name == "SDK Org 2" and renamed.max_allowed_memberships == 10, "update")
    merged = clerk.organizations.merge_metadata(organization_id=org.id,
                                                public_metadata={"b": 2})
    check(merged.public_metadata == {"a": 1, "b": 2}, "merge_metadata")
    listed = clerk.organizations.list(query="sdk", include_members_count=True)
    check(listed.total_count == 1 and listed.data[0].id == org.id, "organizations.list")

    member = clerk.organization_memberships.create(organization_id=org.id, user_id=user.id,
                                                   role="org:member")
    check(member.role == "org:member" and member.public_user_data.user_id == user.id, "member")
    refused(400, "already_a_member_in_organization",
            lambda: clerk.organization_memberships.create(organization_id=org.id,
                                                          user_id=user.id, role="org:member"))
    mine = clerk.users.get_organization_memberships(user_id=user.id)
    check(mine.total_count == 1 and mine.data[0].organization.id == org.id,
          "users.get_organization_memberships")
    in_org = clerk.users.list(request={"organization_id": [org.id], "order_by": "created_at"})
    check([u.id for u in in_org] == [demo.id, user.id], f"users in the org {in_org}")
    members = clerk.organization_memberships.list(organization_id=org.id)
    check(members.total_count == 2, f"memberships.list {members.total_count}")
    admins = clerk.organization_memberships.list(organization_id=org.id, role=["org:admin"])
    check([m.public_user_data.user_id for m in admins.data] == [demo.id], "filter by role")
    promoted = clerk.organization_memberships.update(organization_id=org.id, user_id=user.id,
                                                     role="org:admin")
    check(promoted.role == "org:admin" and promoted.role_name == "Admin", "role change")
    noted = clerk.organization_memberships.update_metadata(
        organization_id=org.id, user_id=user.id, public_metadata={"team": "core"})
    check(noted.public_metadata == {"team": "core"}, "membership metadata")
    removed = clerk.organization_memberships.delete(organization_id=org.id, user_id=demo.id)
    check(removed.public_user_data.user_id == demo.id, "membership delete")
    refused(400, "organization_minimum_permissions_needed",
            lambda: clerk.organization_memberships.delete(organization_id=org.id,
                                                          user_id=user.id))

    invited = clerk.organization_invitations.create(organization_id=org.id,
                                                    email_address="sdk-invitee@example.com",
                                                    role="org:member", inviter_user_id=user.id)
    check(invited.status == "pending" and invited.public_inviter_data.user_id == user.id,
          "invitation")
    pending = clerk.organization_invitations.list(organization_id=org.id, status="pending")
    check([i.id for i in pending.data] == [invited.id], "invitations.list")
    check(clerk.organization_invitations.get(organization_id=org.id,
                                             invitation_id=invited.id).id == invited.id, "get")
    revoked = clerk.organization_invitations.revoke(organization_id=org.id,
                                                    invitation_id=invited.id)
    check(revoked.status == "revoked", "revoke")
    refused(404, "organization_invitation_not_pending",
            lambda: clerk.organization_invitations.revoke(organization_id=org.id,
                                                          invitation_id=invited.id))
    # Invitations to the instance.
    invitation = clerk.invitations.create(request={"email_address": "sdk-newcomer@example.com",
                                                   "public_metadata": {"from": "sdk"}})
    check(invitation.status.value == "pending" and invitation.url, "invitations.create")
    refused(400, "duplicate_record", lambda: clerk.invitations.create(
        request={"email_address": "sdk-newcomer@example.com"}))
    refused(400, "invitation_account_exists", lambda: clerk.invitations.create(
        request={"email_address": "demo@example.com"}))
    listed = clerk.invitations.list(status=models.ListInvitationsQueryParamStatus.PENDING)
    check(invitation.id in [i.id for i in listed], "invitations.list")
    revoked = clerk.invitations.revoke(invitation_id=invitation.id)
    check(revoked.status.value == "revoked", "invitations.revoke")
    refused(400, "invitation_already_revoked",
            lambda: clerk.invitations.revoke(invitation_id=invitation.id))

    gone = clerk.organizations.delete(organization_id=org.id)
    check(gone.deleted and gone.id == org.id, "organizations.delete")
    refused(404, "resource_not_found", lambda: clerk.organizations.get(organization_id=org.id))
    report["organizations"] = "ok"


def jwks_key(clerk, report):
    keys = clerk.jwks.get_jwks().keys
    check(len(keys) == 1 and keys[0].kty == "RSA" and keys[0].alg == "RS256", "jwks")
    jwk = {"kty": keys[0].kty, "n": keys[0].n, "e": keys[0].e}
    public = RSAAlgorithm.from_jwk(json.dumps(jwk))
    report["jwks"] = "ok"
    return public.public_bytes(serialization.Encoding.PEM,
                               serialization.PublicFormat.SubjectPublicKeyInfo).decode()


def origin_token(fapi):
    """A session token minted over the Frontend API by a request with an Origin."""
    sign_in = urllib.request.Request(
        fapi + "/v1/client/sign_ins?_is_native=true", method="POST",
        data=urllib.parse.urlencode({"identifier": "demo@example.com",
                                     "password": "demo-password"}).encode())
    with urllib.request.urlopen(sign_in) as response:
        client = response.headers["Authorization"]
        session = json.load(response)["response"]["created_session_id"]
    mint = urllib.request.Request(
        fapi + f"/v1/client/sessions/{session}/tokens?_is_native=true", method="POST", data=b"",
        headers={"Authorization": client, "Origin": "https://app.example.com"})
    with urllib.request.urlopen(mint) as response:
        return json.load(response)["jwt"]


def authenticate(env, pem, report):
    def state(token, parties=None):
        request = httpx.Request("GET", "https://app.example.com/",
                                headers={"Authorization": f"Bearer {token}"})
        return authenticate_request(request, AuthenticateRequestOptions(
            jwt_key=pem, authorized_parties=parties))

    clerkctl = env["SESSION_JWT"]
    signed_in = state(clerkctl)
    check(signed_in.is_signed_in, f"clerkctl's token: {signed_in.reason}")
    check(signed_in.payload["sub"].startswith("user_") and signed_in.payload["v"] == 2,
          f"claims {signed_in.payload}")
    check(jwt.get_unverified_header(clerkctl).get("cat") == "cl_B7d4PD111AAA", "cat")
    # A native token has no azp: with authorized parties set, the SDK refuses it.
    check(not state(clerkctl, ["https://app.example.com"]).is_signed_in, "azp is required")

    browser = origin_token(env["CLERK_FAPI_URL"])
    check(jwt.decode(browser, options={"verify_signature": False})["azp"]
          == "https://app.example.com", "azp from the Origin")
    check(state(browser, ["https://app.example.com"]).is_signed_in, "authorized party accepted")
    refused_state = state(browser, ["https://evil.example.com"])
    check(refused_state.status == AuthStatus.SIGNED_OUT, "another party refused")
    check("authorized" in str(refused_state.reason).lower() or
          "azp" in str(refused_state.message).lower(), f"reason {refused_state.reason}")
    tampered = clerkctl[:-4] + ("AAAA" if not clerkctl.endswith("AAAA") else "BBBB")
    check(not state(tampered).is_signed_in, "a bad signature is refused")
    report["authenticate_request"] = "ok"


def main():
    env = os.environ
    clerk = Clerk(bearer_auth=env["CLERK_SECRET_KEY"],
                  server_url=env["CLERK_API_URL"].rstrip("/") + "/v1")
    report = {}
    user = users(clerk, report)
    email_addresses(clerk, user, report)
    user = clerk.users.get(user_id=user.id)
    sessions(clerk, user, report)
    organizations(clerk, user, report)
    deleted = clerk.users.delete(user_id=user.id)
    check(deleted.deleted and deleted.id == user.id, "users.delete")
    refused(404, "resource_not_found", lambda: clerk.users.get(user_id=user.id))
    pem = jwks_key(clerk, report)
    authenticate(env, pem, report)
    print(json.dumps(report, sort_keys=True))


if __name__ == "__main__":
    main()
