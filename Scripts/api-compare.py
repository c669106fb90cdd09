#!/usr/bin/env python3
"""Compares two directories of public symbol graphs (swift-symbolgraph-extract,
-minimum-access-level public): the baseline's and the tree's. Prints each break of the public
API and exits 1 when there is one.

A break is: a public declaration of the baseline that is gone or whose declaration changed
(its name, signature, type, generic constraints, attributes as the symbol graph spells them);
a case added to a public enum of the baseline (an exhaustive switch in an app no longer
compiles); a requirement added to a public protocol of the baseline without a default
implementation (an app's conforming type no longer compiles). Additions are not breaks.
Only public declarations count: `package` and internal ones are the package's own.
"""
import json
import pathlib
import sys


def load(directory):
    symbols, relations = {}, []
    for path in sorted(pathlib.Path(directory).glob("*.symbols.json")):
        graph = json.loads(path.read_text())
        for symbol in graph.get("symbols", []):
            declaration = "".join(
                fragment.get("spelling", "") for fragment in symbol.get("declarationFragments", [])
            )
            symbols[symbol["identifier"]["precise"]] = {
                "kind": symbol["kind"]["identifier"],
                "path": ".".join(symbol.get("pathComponents", [])),
                "declaration": " ".join(declaration.split()),
            }
        relations += graph.get("relationships", [])
    return symbols, relations


def main(baseline_dir, current_dir):
    before, _ = load(baseline_dir)
    after, relations = load(current_dir)
    breaks = []
    for identifier, old in sorted(before.items(), key=lambda item: item[1]["path"]):
        new = after.get(identifier)
        if new is None:
            breaks.append(f"{old['path']}: removed or its signature changed ({old['declaration']})")
        elif new["declaration"] != old["declaration"]:
            breaks.append(
                f"{old['path']}: declaration changed from '{old['declaration']}' to "
                f"'{new['declaration']}'"
            )
    defaulted = {r["target"] for r in relations if r["kind"] == "defaultImplementationOf"}
    for relation in relations:
        source, target = relation["source"], relation["target"]
        if source in before or target not in before or source not in after:
            continue
        added = after[source]
        if relation["kind"] == "memberOf" and added["kind"] == "swift.enum.case" \
                and before[target]["kind"] == "swift.enum":
            breaks.append(f"{added['path']}: a case added to public enum {before[target]['path']}")
        if relation["kind"] == "requirementOf" and source not in defaulted:
            breaks.append(
                f"{added['path']}: a requirement without a default added to public protocol "
                f"{before[target]['path']}"
            )
    for line in breaks:
        print(f"api-check: breaking: {line}", file=sys.stderr)
    print(
        f"api-check: {len(before)} public symbols in the baseline, {len(after)} now, "
        f"{len(breaks)} breaking change(s)",
        file=sys.stderr,
    )
    return 1 if breaks else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
