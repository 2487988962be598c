#!/usr/bin/env python3
"""Fails when a public symbol of Permit's library modules has no documentation comment.

Reads the symbol graphs that `swift package dump-symbol-graph` writes and lists every public symbol declared
in this package (not inherited from the standard library or another package) that lacks a doc comment.
"""
import json
import pathlib
import sys

MODULES = sys.argv[2:] or ["Permit", "PermitTesting"]
folder = pathlib.Path(sys.argv[1])
missing = []
checked = 0
for module in MODULES:
    path = folder / f"{module}.symbols.json"
    if not path.exists():
        print(f"check-docs: no symbol graph for {module} at {path}", file=sys.stderr)
        sys.exit(2)
    graph = json.loads(path.read_text())
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        location = symbol.get("location", {}).get("uri", "")
        if "/Sources/" not in location:
            continue  # synthesized or inherited from a protocol outside this package
        checked += 1
        if not symbol.get("docComment"):
            line = symbol["location"]["position"]["line"] + 1
            title = ".".join(symbol["pathComponents"])
            missing.append(f"{location.split('/Sources/')[1]}:{line}: {symbol['kind']['displayName']} {title}")
if missing:
    print(f"check-docs: {len(missing)} of {checked} public symbols have no documentation comment:")
    print("\n".join("  " + m for m in sorted(missing)))
    sys.exit(1)
print(f"check-docs: all {checked} public symbols in {', '.join(MODULES)} are documented")
