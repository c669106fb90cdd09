#!/usr/bin/env python3
"""Validates recorded clerk-emulator replies against Clerk's own OpenAPI specs.

Usage: validate_replies.py [--specs DIR] [--allowlist FILE] RECORDINGS_DIR...

Each recording is a JSON file the emulator wrote (see ReplyRecorder.swift):
  {"surface": "frontend"|"backend", "method", "template", "path", "status",
   "content_type", "body": <the parsed JSON body> | "body_text": <an unparsable body>}

The reply is checked against the response schema Clerk's spec declares for that operation and
status (`fapi-2026-05-12.yml` for the Frontend API, `bapi-2026-05-12.yml` for the Backend API,
whose paths carry no /v1). An error status the operation does not list is checked against the
spec's `ClerkErrors` schema; a success status it does not list is a violation.

OpenAPI 3.0 is translated to JSON Schema (draft 7) before validating with the `jsonschema`
package: `nullable: true` admits null, `discriminator` selects the one branch its tag names
(and an unknown tag is a violation), boolean `exclusiveMinimum`/`exclusiveMaximum` become
numbers, `$ref`s resolve inside the spec. `required`, `enum`, `additionalProperties: false`
and the types are enforced as written.

The allowlist (allowlist.json next to this script) lists the only excused violations: places
where Clerk's specs contradict each other, and places where real Clerk sends what the spec
forbids (the recording wins). Each entry needs "operations" (["GET /v1/me"], or
["*"] for every operation),
"pointers" (JSON paths with [] for any index, ["$.response.user"]), "message" (a substring of
the validator's message) and "reason"; an entry excused by a recorded reply also names it as
"evidence" (a file under Tests/ClerkTestSupport/Resources/, where RecordedShapeTests checks that
the recorded body has the keys the message names at the pointers). An entry that excuses
nothing is itself reported, so the list cannot go stale.

Exit status: 0 when every reply validates, 1 on a violation, 2 on bad input.
"""

import argparse
import json
import os
import sys

try:
    import yaml
    import jsonschema
except ImportError as error:  # pragma: no cover - reported to the test
    print(
        f"validate_replies: missing Python package ({error.name}); "
        "install it with: pip install jsonschema pyyaml",
        file=sys.stderr,
    )
    sys.exit(2)

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC_FILES = {"frontend": "fapi-2026-05-12.yml", "backend": "bapi-2026-05-12.yml"}


def load_yaml(path):
    # Clerk's specs are plain YAML; the C loader is much faster when present.
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with open(path, encoding="utf-8") as handle:
        return yaml.load(handle, Loader=loader)


def translate(node):
    """OpenAPI 3.0 schema object → JSON Schema draft 7 (recursively)."""
    if isinstance(node, list):
        return [translate(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = dict(node)
    nullable = node.pop("nullable", False) is True
    discriminator = node.pop("discriminator", None)
    for key in [key for key in node if key in ("example", "examples") or key.startswith("x-")]:
        node.pop(key)
    for bound, limit in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
        if isinstance(node.get(bound), bool):
            if node[bound] and limit in node:
                node[bound] = node.pop(limit)
            else:
                node.pop(bound)
    translated = {}
    for key, value in node.items():
        if key in ("properties", "patternProperties", "definitions"):
            translated[key] = {name: translate(sub) for name, sub in value.items()}
        elif key in ("items", "additionalProperties", "not"):
            translated[key] = translate(value)
        elif key in ("allOf", "anyOf", "oneOf"):
            translated[key] = [translate(sub) for sub in value]
        else:
            translated[key] = value
    if discriminator and "oneOf" in translated:
        translated = with_discriminator(translated, discriminator)
    if nullable:
        if "enum" in translated and None not in translated["enum"]:
            translated["enum"] = list(translated["enum"]) + [None]
        translated = {"anyOf": [{"type": "null"}, translated]}
    return translated


def with_discriminator(schema, discriminator):
    """oneOf + discriminator: the tag picks exactly one branch; an unknown tag fails."""
    prop = discriminator["propertyName"]
    mapping = dict(discriminator.get("mapping") or {})
    for branch in schema["oneOf"]:
        ref = branch.get("$ref")
        if ref and ref not in mapping.values():
            mapping[ref.rsplit("/", 1)[-1]] = ref
    rest = {key: value for key, value in schema.items() if key != "oneOf"}
    rules = [{"required": [prop], "properties": {prop: {"enum": sorted(mapping)}}}]
    for tag, ref in sorted(mapping.items()):
        rules.append({
            "if": {"properties": {prop: {"const": tag}}, "required": [prop]},
            "then": {"$ref": ref},
        })
    rest["allOf"] = rest.get("allOf", []) + rules
    return rest


class Spec:
    """One OpenAPI document: its operations and translated components."""

    def __init__(self, path):
        self.name = os.path.basename(path)
        document = load_yaml(path)
        self.paths = document.get("paths", {})
        self.components = document.get("components", {})
        self.schemas = {name: translate(schema) for name, schema in
                        self.components.get("schemas", {}).items()}
        self.validators = {}

    def resolve_response(self, response):
        while "$ref" in response:
            name = response["$ref"].rsplit("/", 1)[-1]
            response = self.components["responses"][name]
        return response

    def response_schema(self, method, template, status):
        """The schema for a reply, or (None, reason) when the spec documents none."""
        operation = self.paths.get(template, {}).get(method.lower())
        if operation is None:
            return None, f"{method} {template} is not an operation of {self.name}"
        responses = operation.get("responses", {})
        response = responses.get(str(status)) or responses.get(f"{str(status)[0]}XX") \
            or responses.get("default")
        if response is None:
            if status >= 400:
                return {"$ref": "#/components/schemas/ClerkErrors"}, None
            return None, f"status {status} is not documented for {method} {template}"
        response = self.resolve_response(response)
        content = response.get("content")
        if not content:
            return {}, None  # no body documented (e.g. a redirect)
        media = content.get("application/json") or next(iter(content.values()))
        schema = media.get("schema")
        return (translate(schema) if schema is not None else {}), None

    def validator(self, method, template, status):
        key = (method, template, status)
        if key not in self.validators:
            schema, problem = self.response_schema(method, template, status)
            if schema is None:
                self.validators[key] = (None, problem)
            else:
                root = {"allOf": [schema], "components": {"schemas": self.schemas}}
                self.validators[key] = (jsonschema.Draft7Validator(root), None)
        return self.validators[key]


def pointer(path):
    text = "$"
    for part in path:
        text += "[]" if isinstance(part, int) else f".{part}"
    return text


def leaf_errors(error):
    """The most specific errors under a combinator failure (allOf, anyOf, oneOf).

    For anyOf/oneOf the branch the reply was meant to match is the one with the fewest errors
    among those that do not fail on the type alone (so a non-null object reports what is wrong
    with it, not that it is not null).
    """
    if not error.context:
        return [error]
    branches = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    if error.validator == "allOf":
        chosen = [sub for errors in branches.values() for sub in errors]
    else:
        def type_only(errors):
            return all(sub.validator in ("type", "enum") and not sub.relative_path
                       for sub in errors)
        candidates = [errors for errors in branches.values() if not type_only(errors)] \
            or list(branches.values())
        chosen = min(candidates, key=len)
    return [leaf for sub in chosen for leaf in leaf_errors(sub)]


def load_allowlist(path):
    if not path or not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as handle:
        entries = json.load(handle)
    for entry in entries:
        for key in ("operations", "pointers", "message", "reason"):
            if not entry.get(key):
                raise ValueError(f"allowlist entry without {key}: {entry}")
    return entries


def recordings(directories):
    for directory in directories:
        for root, _, files in os.walk(directory):
            for name in sorted(files):
                if name.endswith(".json"):
                    yield os.path.join(root, name)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--specs", default=os.path.join(HERE, "..", "clerk-openapi"))
    parser.add_argument("--allowlist", default=os.path.join(HERE, "allowlist.json"))
    parser.add_argument("--min-replies", type=int, default=1,
                        help="fail when fewer replies were recorded (the recorder is broken)")
    parser.add_argument("--check-allowlist", action="store_true",
                        help="also report allowlist entries that excuse nothing")
    parser.add_argument("directories", nargs="+")
    args = parser.parse_args(argv)

    specs = {surface: Spec(os.path.join(args.specs, name)) for surface, name in SPEC_FILES.items()}
    allowlist = load_allowlist(args.allowlist)
    used = set()
    violations = {}  # (operation, status, pointer, message) -> [count, example file]
    checked = 0
    operations = set()
    for file in recordings(args.directories):
        with open(file, encoding="utf-8") as handle:
            try:
                reply = json.load(handle)
            except ValueError as error:
                print(f"validate_replies: {file}: not a recording: {error}", file=sys.stderr)
                return 2
        surface = reply.get("surface")
        if surface not in specs:
            continue
        method, template, status = reply["method"], reply["template"], int(reply["status"])
        spec_path = template[3:] if surface == "backend" and template.startswith("/v1/") \
            else template
        operation = f"{method} {template}"
        found = []
        validator, problem = specs[surface].validator(method, spec_path, status)
        if validator is None:
            found.append(("$", problem))
        elif "body" not in reply:
            if validator.schema["allOf"] != [{}]:  # the spec documents a JSON body here
                found.append(("$", f"the body is not JSON: {reply.get('body_text', '')[:80]!r}"))
        else:
            for error in validator.iter_errors(reply["body"]):
                for leaf in leaf_errors(error):
                    found.append((pointer(leaf.absolute_path), leaf.message[:300]))
        checked += 1
        operations.add(f"{operation} {status}")
        for where, message in found:
            excused = False
            for index, entry in enumerate(allowlist):
                listed = entry["operations"]
                if (operation in listed or listed == ["*"]) and where in entry["pointers"] \
                        and entry["message"] in message:
                    used.add(index)
                    excused = True
            if excused:
                continue
            key = (operation, status, where, message)
            violations.setdefault(key, [0, file])[0] += 1

    problems = 0
    for (operation, status, where, message), (count, file) in sorted(violations.items()):
        problems += 1
        print(f"VIOLATION {operation} {status} at {where}: {message} "
              f"({count}x, e.g. {os.path.basename(file)})")
    for index, entry in enumerate(allowlist):
        if args.check_allowlist and index not in used:
            problems += 1
            print(f"STALE ALLOWLIST ENTRY (excuses nothing): {entry['operations']} "
                  f"{entry['pointers']} {entry['message']!r}")
    if checked < args.min_replies:
        problems += 1
        print(f"only {checked} replies were recorded; expected at least {args.min_replies}")
    print(f"validate_replies: {checked} replies of {len(operations)} operation/status pairs, "
          f"{len(violations)} distinct violations")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
