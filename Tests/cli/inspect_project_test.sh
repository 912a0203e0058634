#!/usr/bin/env bash
# fscript inspect reads the project file of the folder it starts in, as the REPL does: beside a fscript.project.lua
# naming `app = "apps/hello.lua"` (with an env) it shows that app, launched with that env, and its first line says
# so; --app on the command line wins over the file. No browser: the inspector's own API shows the screen.
source "$(dirname "$0")/common.sh"
work="$(mktemp -d)"
trap 'cleanup_servers; rm -rf "$work"' EXIT
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
cd Tests/cli/fixtures/repl_project

start_server project inspect --port 0
grep -qF "(inspecting apps/hello.lua in the embedded simulator)" "$work/project.out" ||
  fatal "inspect does not say it inspects the project's app: $(cat "$work/project.out")"
state="$(curl -sf "${url}/api/state")" || fatal "the inspector's /api/state did not answer"
grep -qF '"Hello from the project file"' <<<"$state" ||
  fatal "the inspector does not show the project's app with its env: $(head -c 600 <<<"$state")"

start_server flag inspect --port 0 --app ../tiny_app.lua
grep -qF "(inspecting ../tiny_app.lua in the embedded simulator)" "$work/flag.out" ||
  fatal "--app does not win over the project file: $(cat "$work/flag.out")"
echo "inspect project: the project file's app and env are inspected, and said; --app wins over them"
