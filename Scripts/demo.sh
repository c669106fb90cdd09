#!/usr/bin/env bash
echo "demo: not yet implemented (issue: the main job)" >&2
exit 1
