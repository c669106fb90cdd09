#!/usr/bin/env python3
"""Validates clerk-emulator's webhook payloads against the shapes of Clerk's webhook events.

Usage: validate_webhooks.py [--specs DIR] [--expect TYPE,TYPE…] PAYLOADS_DIR

Each file in PAYLOADS_DIR is one delivered payload (JSON). Clerk's event envelope, as Clerk's
webhook docs and its JS Backend SDK (`packages/backend/src/api/resources/Webhooks.ts`) define
it: `{data, object: "event", type, timestamp (ms), instance_id, event_attributes:
{http_request: {client_ip, user_agent}}}`, nothing else. The SDK types each event's `data` as
the Backend API resource of the same name, so `data` is validated against that schema of
Clerk's Backend API spec (bapi-2026-05-12.yml, with validate_replies.py's translation):

  user.created|updated                          User
  user.deleted, organization.deleted            DeletedObject
  session.created|ended|removed|revoked         Session
  organization.created|updated                  Organization
  organizationMembership.created|updated|deleted OrganizationMembership
  organizationInvitation.created|accepted|revoked OrganizationInvitation

An event type outside this table is a violation (the emulator would be inventing one).
`--expect` lists types that must each appear at least once.

Exit status: 0 when every payload validates, 1 on a violation, 2 on bad input.
"""

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import validate_replies  # noqa: E402  (its imports report missing packages)
import jsonschema  # noqa: E402

SCHEMAS = {
    "user.created": "User", "user.updated": "User", "user.deleted": "DeletedObject",
    "session.created": "Session", "session.ended": "Session", "session.removed": "Session",
    "session.revoked": "Session",
    "organization.created": "Organization", "organization.updated": "Organization",
    "organization.deleted": "DeletedObject",
    "organizationMembership.created": "OrganizationMembership",
    "organizationMembership.updated": "OrganizationMembership",
    "organizationMembership.deleted": "OrganizationMembership",
    "organizationInvitation.created": "OrganizationInvitation",
    "organizationInvitation.accepted": "OrganizationInvitation",
    "organizationInvitation.revoked": "OrganizationInvitation",
}

ENVELOPE = {
    "type": "object",
    "additionalProperties": False,
    "required": ["data", "object", "type", "timestamp", "instance_id", "event_attributes"],
    "properties": {
        "data": {"type": "object"},
        "object": {"enum": ["event"]},
        "type": {"enum": sorted(SCHEMAS)},
        "timestamp": {"type": "integer", "minimum": 1_000_000_000_000},
        "instance_id": {"type": "string", "pattern": "^ins_"},
        "event_attributes": {
            "type": "object",
            "required": ["http_request"],
            "properties": {"http_request": {
                "type": "object", "additionalProperties": False,
                "required": ["client_ip", "user_agent"],
                "properties": {"client_ip": {"type": "string"}, "user_agent": {"type": "string"}},
            }},
        },
    },
}


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--specs", default=os.path.join(HERE, "..", "clerk-openapi"))
    parser.add_argument("--expect", default="")
    parser.add_argument("directory")
    args = parser.parse_args(argv)
    spec = validate_replies.Spec(os.path.join(args.specs, validate_replies.SPEC_FILES["backend"]))
    envelope = jsonschema.Draft7Validator(ENVELOPE)
    validators = {}
    problems, seen = [], set()
    names = sorted(os.listdir(args.directory))
    if not names:
        print("validate_webhooks: no payloads", file=sys.stderr)
        return 2
    for name in names:
        with open(os.path.join(args.directory, name), encoding="utf-8") as handle:
            event = json.load(handle)
        for error in envelope.iter_errors(event):
            problems.append(f"{name}: envelope {validate_replies.pointer(error.absolute_path)}: "
                            f"{error.message}")
        kind = event.get("type")
        seen.add(kind)
        schema = SCHEMAS.get(kind)
        if schema is None:
            continue
        if schema not in validators:
            root = {"allOf": [{"$ref": f"#/components/schemas/{schema}"}],
                    "components": {"schemas": spec.schemas}}
            validators[schema] = jsonschema.Draft7Validator(root)
        for error in validators[schema].iter_errors(event.get("data")):
            for leaf in validate_replies.leaf_errors(error):
                problems.append(f"{name} ({kind}): $.data"
                                f"{validate_replies.pointer(leaf.absolute_path)[1:]}: "
                                f"{leaf.message[:300]} [{schema}]")
    for kind in [t for t in args.expect.split(",") if t]:
        if kind not in seen:
            problems.append(f"no {kind} event was delivered")
    for problem in problems:
        print(problem)
    print(f"validate_webhooks: {len(names)} payloads, {len(seen)} event types, "
          f"{len(problems)} problems", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
