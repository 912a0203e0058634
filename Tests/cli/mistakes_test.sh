#!/usr/bin/env bash
# Every mistake caught where it is made (issue 37), with the message a user sees: a misspelt behaviour in the app
# file (name, path:line, the nearest behaviour) and an app file that does not compile stop the run with exit 2
# before its first scenario, with --jobs 2 too;
# an undefined step lists the nearest defined steps ("did you mean") before its snippet, in a run and in
# --dry-run; an Outline placeholder no Examples column defines is a warning naming the nearest column (an error
# with --strict); an app path from the project file that is not there names the project file.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fixture=Tests/cli/fixtures/mistakes

# Runs fscript ARGS… into $work/NAME.out (stdout and stderr) and checks its exit status is STATUS.
run_expect() {
  local name="$1" want="$2" status=0
  shift 2
  "$bin" "$@" --artifacts "$work/artifacts" >"$work/$name.out" 2>&1 </dev/null || status=$?
  [ "$status" -eq "$want" ] || fatal "$name: exit $status, expected $want: $(tail -n 30 "$work/$name.out")"
}
# Checks that NAME's output holds TEXT (a fixed string).
expect_text() {
  grep -qF -- "$2" "$work/$1.out" || fatal "$1: expected the output to contain: $2
--- got:
$(head -n 40 "$work/$1.out")"
}

# A broken app file stops the run before its first scenario, serially and with --jobs 2 alike: one line with the
# file's path and line, and no scenario run, failed or tallied (no stdlib traceback either).
behaviour_line="fscript: cannot load app: $fixture/apps/typo_behaviour.lua:8: screens.main[2].on_tuch: unknown key 'on_tuch'; did you mean 'on_touch'?"
for jobs in 1 2; do
  run_expect "behaviour$jobs" 2 --jobs "$jobs" --app "$fixture/apps/typo_behaviour.lua" "$fixture/features/hello.feature"
  [ "$(cat "$work/behaviour$jobs.out")" = "$behaviour_line" ] || fatal "behaviour, --jobs $jobs: expected only
$behaviour_line
--- got:
$(head -n 40 "$work/behaviour$jobs.out")"
done

run_expect broken 2 --app "$fixture/apps/broken.lua" "$fixture/features/hello.feature"
expect_text broken "fscript: cannot load app: $fixture/apps/broken.lua:4:"
! grep -qE "Scenario|failed|traceback" "$work/broken.out" || fatal "broken: scenarios ran: $(cat "$work/broken.out")"

run_expect undefined 1 "$fixture/features/typos.feature"
expect_text undefined '  I touch the buton marked "Log In"  (Tests/cli/fixtures/mistakes/features/typos.feature:3)'
expect_text undefined '    did you mean: I touch the button marked {string}  ('
# "did you mean" comes before the snippet.
awk '/did you mean: I touch the button marked/ { seen = 1 } /^step\("I touch the buton marked/ { exit !seen }' \
  "$work/undefined.out" || fatal "undefined: the snippet came before 'did you mean'"

run_expect dry 1 --dry-run "$fixture/features/typos.feature"
expect_text dry '    did you mean: I touch the button marked {string}  ('
expect_text dry "typos.feature:6:5: warning: placeholder <qurey> in a step is not an Examples column, so it runs as the literal text '<qurey>'; did you mean <query>?"

run_expect placeholder 1 "$fixture/features/typos.feature"
expect_text placeholder "typos.feature:6:5: warning: placeholder <qurey> in a step is not an Examples column"
run_expect strict 2 --strict "$fixture/features/typos.feature"
expect_text strict "typos.feature:6:5: placeholder <qurey> in a step is not an Examples column, so it runs as the literal text '<qurey>'; did you mean <query>?"

run_expect project 2 "$fixture/project/tests"
expect_text project "fscript: cannot open app file $PWD/$fixture/project/apps/missing.lua (No such file or directory); check app = … in the project file $PWD/$fixture/project/fscript.project.lua (relative to its folder)"
run_expect flag 2 --app "$work/nowhere.lua" "$fixture/project/tests"
expect_text flag "fscript: cannot open app file $work/nowhere.lua (No such file or directory); check --app"
# An app file that is a FIFO is refused at once (it was read until a writer came, which was never).
mkfifo "$work/app.fifo"
run_expect fifo_app 2 --app "$work/app.fifo" "$fixture/project/tests"
expect_text fifo_app "fscript: cannot load app: the app file $work/app.fifo is not a regular file; name a file"
# The same words with --jobs, whose parent checks the app file before any worker starts.
run_expect project_jobs 2 --jobs 2 "$fixture/project/tests"
expect_text project_jobs "fscript: cannot open app file $PWD/$fixture/project/apps/missing.lua (No such file or directory); check app = … in the project file $PWD/$fixture/project/fscript.project.lua (relative to its folder)"
# A scenario declared in a chunk (-e, piped input) is said at once: nothing would run it, and the chunk passed.
status=0
printf 'scenario("checkout", function() end)\n' | "$bin" >"$work/chunk.out" 2>&1 || status=$?
[ "$status" -eq 1 ] || fatal "a scenario in piped input: exit $status, expected 1: $(cat "$work/chunk.out")"
expect_text chunk 'scenario "checkout" is not run here: a chunk (-e, standard input, the REPL) runs its code directly'
# A FIFO named as a test file is refused at once (Lua's loadfile would wait for a writer forever).
mkfifo "$work/pipe.lua"
status=0
timeout 20 "$bin" "$work/pipe.lua" >"$work/fifo.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 2 ] || fatal "a FIFO as a test file: exit $status, expected 2: $(cat "$work/fifo.out")"
expect_text fifo "fscript: cannot open $work/pipe.lua (not a regular file or a folder)"
echo "mistakes: each caught where it is made, with its message"
