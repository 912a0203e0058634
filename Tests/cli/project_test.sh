#!/usr/bin/env bash
# Checks the project file: fscript.project.lua in a suite folder sets the app (relative to the file), the launch
# environment, the time limits and a report; running `fscript DIR` from elsewhere uses them, a flag overrides one,
# the project file itself is never run as a test, and a bad setting is a usage error naming the file and the key.
# A project's `web` and `web_proxy` are both ignored by a run on a Frankly --target.
source "$(dirname "$0")/common.sh"
command -v xmllint >/dev/null || fatal "xmllint is missing (apt-get install libxml2-utils)"

work="$(mktemp -d)"
trap 'cleanup_servers; rm -rf "$work"' EXIT
mkdir -p "$work/suite/tests" "$work/elsewhere"
cat >"$work/suite/fscript.project.lua" <<'LUA'
return {
  app = "apps/tiny.lua",
  env = { GREETING = "hello from the project" },
  timeout = 1,
  reports = { "junit:out/junit.xml" },
}
LUA
mkdir -p "$work/suite/apps"
cat >"$work/suite/apps/tiny.lua" <<'LUA'
return {
  name = "Tiny",
  screens = {
    main = screen{ title = "Tiny", label{ id = "greeting", text = "none" },
      on_appear = function(app) app:view("greeting").text = app.env.GREETING or "no greeting" end },
  },
}
LUA
cat >"$work/suite/tests/tiny_test.lua" <<'LUA'
scenario("greets", function() app:wait_for("label marked:'hello from the project'", { timeout = 1 }) end)
scenario("hangs", function() while true do end end)
LUA
abs_bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"

status=0
(cd "$work/elsewhere" && "$abs_bin" ../suite/tests >"$work/out.txt" 2>&1 </dev/null) || status=$?
[ "$status" -eq 1 ] || fatal "expected exit 1 (the hanging scenario), got $status: $(cat "$work/out.txt")"
grep -q 'test timed out after 1 s' "$work/out.txt" || fatal "the project's timeout was not used: $(cat "$work/out.txt")"
xmllint --noout "$work/suite/out/junit.xml" || fatal "no valid JUnit report where the project file says"
grep -q 'tests="2"' "$work/suite/out/junit.xml" || fatal "the project file ran as a test: $(cat "$work/suite/out/junit.xml")"
grep -c '<failure' "$work/suite/out/junit.xml" | grep -qx 1 || fatal "the app or its environment was not used"

# A flag wins over the file.
status=0
"$abs_bin" --timeout 2 "$work/suite/tests" >"$work/out2.txt" 2>&1 </dev/null || status=$?
grep -q 'test timed out after 2 s' "$work/out2.txt" || fatal "--timeout did not override the project file"

# A bad setting names the file and the key.
printf 'return { timeout = "soon" }\n' >"$work/suite/fscript.project.lua"
status=0
"$abs_bin" "$work/suite/tests" >"$work/out3.txt" 2>&1 </dev/null || status=$?
[ "$status" -eq 2 ] || fatal "a bad project file should be a usage error, got $status"
grep -qF "fscript.project.lua: timeout must be a number of seconds above 0 and at most 86400, got 'soon'" "$work/out3.txt" ||
  fatal "unexpected message: $(cat "$work/out3.txt")"
# web_proxy goes with the project's web target: with a Frankly --target, both are ignored, not refused.
mkdir -p "$work/web/tests"
printf 'return { web = "site", web_proxy = true }\n' >"$work/web/fscript.project.lua"
printf 'scenario("the Frankly target answers", function() assert(app:dump()) end)\n' >"$work/web/tests/ping_test.lua"
start_server serve serve --port 0
status=0
"$abs_bin" --target "$url" "$work/web/tests" >"$work/out4.txt" 2>&1 </dev/null || status=$?
[ "$status" -eq 0 ] || fatal "a project's web_proxy stopped a run on --target $url (exit $status): $(cat "$work/out4.txt")"
# A suite with a project file of its own inside the folder a run takes: that file is not read, and a note says so
# and how to run it (a new user's web suite under web/ ran on the simulator with `fscript .`, without a word).
mkdir -p "$work/both/tests" "$work/both/web"
printf 'return { timeout = 30 }\n' >"$work/both/fscript.project.lua"
printf 'return { web = "site" }\n' >"$work/both/web/fscript.project.lua"
printf 'scenario("runs", function() end)\n' >"$work/both/tests/one_test.lua"
(cd "$work/both" && "$abs_bin" . >"$work/out5.txt" 2>&1 </dev/null) || fatal "fscript . failed: $(cat "$work/out5.txt")"
grep -qxF "fscript: note: web/fscript.project.lua is not read by this run, which reads $work/both/fscript.project.lua: a run reads one project file, found upward from its first path; run \`fscript web/\` for that suite's settings" \
  "$work/out5.txt" || fatal "no note about the nested project file: $(cat "$work/out5.txt")"
(cd "$work/both" && "$abs_bin" tests >"$work/out6.txt" 2>&1 </dev/null) || fatal "fscript tests failed: $(cat "$work/out6.txt")"
! grep -q 'note:' "$work/out6.txt" || fatal "a note for a run with no nested project file: $(cat "$work/out6.txt")"
echo "project_test: ok"
