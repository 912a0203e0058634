#!/usr/bin/env bash
# Checks that report inputs are data, never paths to follow (issue 41, items 2, 10, 15, 16). A shard's JSON report
# names a secret file, the merge's own /proc/self/environ (with a token in it), a path out of --files by `..` and by
# a link, /dev/zero and a FIFO as attachments, artifacts, trace and step pictures: merge-reports embeds none of
# them (in the HTML, cucumber JSON and message stream, as text or base64), names them on standard error, ends
# without blocking, and embeds a file under --files by its relative path. A crafted trace page cannot break the
# merged HTML. A `javascript:` link attachment is text, not a link, in a run's HTML report and a merged one; an
# https link stays a link. A stream written twice into one file counts each scenario once. show-trace and
# --durations refuse /dev/zero and a FIFO at once, with exit 2.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkfifo "$work/fifo"
printf 'TOPSECRET-41-%s\n' "$RANDOM" >"$work/secret.txt"
mkdir -p "$work/files/art" "$work/checkout"
ln -s "$work/secret.txt" "$work/files/art/link.txt"
printf 'ATTACHED-IN-FILES\n' >"$work/files/art/note.txt"
printf '<!DOCTYPE html><script type="application/json" class="fs-trace-data">%s</script>\n' \
  '{"trace":{"version":1,"scenario":"x","status":"failed","steps":[{"text":"<!--<script>","status":"failed"}]},"pictures":[],"trees":[]}' \
  >"$work/files/art/trace.html"

# Holds one of the secrets, plainly or as base64 (at any of the three alignments)?
leaks() { # FILE
  python3 - "$1" "$work/secret.txt" <<'EOF'
import base64, sys
data = open(sys.argv[1], "rb").read()
for secret in (open(sys.argv[2], "rb").read().strip(), b"MERGE_TOKEN=tok-41-environ"):
    for shift in range(3):
        encoded = base64.b64encode(b"xx"[:shift] + secret)[4 if shift else 0:-4]
        if secret in data or encoded in data:
            sys.exit(0)
sys.exit(1)
EOF
}

attachment() { # FILE → an attachment record naming it
  printf '{"file":"%s","media_type":"text/plain","file_name":"a.txt"}' "$1"
}
{
  printf '{"files":[{"path":"a.lua","cases":[{"name":"one","status":"failed","index":1,"failure":{"message":"boom"},'
  printf '"steps":[{"keyword":"Given","text":"x","status":"failed","attachments":['
  printf '%s,' "$(attachment "$work/secret.txt")" "$(attachment /proc/self/environ)" "$(attachment ../secret.txt)" \
    "$(attachment art/link.txt)" "$(attachment /dev/zero)" "$(attachment "$work/fifo")"
  printf '%s,' "$(attachment art/note.txt)"
  printf '{"url":"javascript:alert(1)","media_type":"text/uri-list","body":"javascript:alert(1)"},'
  printf '{"url":"https://example.com/x","media_type":"text/uri-list","body":"https://example.com/x"}]}],'
  printf '"artifacts":["%s","/proc/self/environ.png","/dev/zero.png"],' "$work/secret.txt"
  printf '"trace":"art/trace.html","filmstrip":[{"step":"s","path":"%s"},{"step":"t","path":"/dev/zero"}]},' \
    "$work/secret.txt"
  printf '{"name":"two","status":"failed","index":2,"failure":{"message":"boom"},"trace":"%s"},' "$work/fifo"
  printf '{"name":"three","status":"failed","index":3,"failure":{"message":"boom"},"trace":"/dev/zero"}]}]}\n'
} >"$work/shard.json"

status=0
bin_path="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
(cd "$work/checkout" && MERGE_TOKEN=tok-41-environ timeout 60 "$bin_path" merge-reports --files ../files \
  "html:$work/out" "cucumber:$work/out/c.json" "message:$work/out/m.ndjson" "json:$work/out/r.json" \
  "$work/shard.json") >"$work/merge.out" 2>"$work/merge.err" || status=$?
[ "$status" -eq 1 ] || fatal "merge of a hostile shard: exit $status, expected 1 (its failures): $(cat "$work/merge.err")"
for f in index.html c.json m.ndjson r.json; do
  [ -s "$work/out/$f" ] || fatal "merge-reports did not write $f: $(cat "$work/merge.err")"
  ! leaks "$work/out/$f" || fatal "the merged $f holds a file a shard named (a secret or the environment)"
done
grep -qF "not embedded" "$work/merge.err" && grep -qF "/proc/self/environ" "$work/merge.err" ||
  fatal "merge-reports does not say which files it left out: $(cat "$work/merge.err")"
grep -qF "$(base64 <<<"ATTACHED-IN-FILES" | tr -d '\n' | cut -c1-16)" "$work/out/index.html" ||
  fatal "a file under --files, named by its relative path, is not embedded"
# The crafted trace: embedded, but its `<!--<script>` is inert (every <script> of the page is closed).
[ "$(grep -o '<script' "$work/out/index.html" | wc -l)" -eq "$(grep -o '</script>' "$work/out/index.html" | wc -l)" ] &&
  ! grep -qF '<!--<script>' "$work/out/index.html" || fatal "a crafted trace page bends the merged HTML"
grep -qF 'href="https://example.com/x"' "$work/out/index.html" || fatal "an https link is no longer a link"
! grep -qiF 'href="javascript:' "$work/out/index.html" || fatal "a javascript: link is clickable in the merged HTML"
grep -qF '<span class="link">javascript:alert(1)</span>' "$work/out/index.html" ||
  fatal "a javascript: link is not shown as text"

# A run's own HTML report: link() with javascript: (and a scheme behind a space) is text, https a link.
cat >"$work/links.lua" <<'EOF'
-- Serves Tests/cli/report_inputs_test.sh: link attachments of every kind.
scenario("links", function()
  link("javascript:alert(document.domain)")
  link(" JavaScript:alert(2)")
  link("https://example.com/ok")
  link("docs/relative.html")
end)
EOF
"$bin" "$work/links.lua" --report "html:$work/run" >"$work/links.out" 2>&1 || fatal "the links run failed: $(cat "$work/links.out")"
! grep -qiE 'href=" ?javascript:' "$work/run/index.html" || fatal "a javascript: link is clickable in a run's HTML"
grep -qF 'href="https://example.com/ok"' "$work/run/index.html" && grep -qF 'href="docs/relative.html"' "$work/run/index.html" ||
  fatal "https and relative links are no longer links"

# A stream written twice into one file: each scenario once, as cucumber keys envelopes by id.
cat >"$work/two.lua" <<'EOF'
-- Serves Tests/cli/report_inputs_test.sh: two scenarios for a doubled stream.
scenario("first", function() end)
scenario("second", function() end)
EOF
"$bin" "$work/two.lua" --report "message:$work/two.ndjson" >/dev/null 2>&1 || fatal "the two-scenario run failed"
cat "$work/two.ndjson" "$work/two.ndjson" >"$work/twice.ndjson"
"$bin" merge-reports "json:$work/twice.json" "$work/twice.ndjson" >/dev/null 2>"$work/twice.err" ||
  fatal "merging a doubled stream failed: $(cat "$work/twice.err")"
grep -qF "merged 1 reports: 2 passed, 0 failed" "$work/twice.err" ||
  fatal "a doubled stream is counted twice: $(cat "$work/twice.err")"

# show-trace and --durations: a device or a FIFO is refused at once.
for input in /dev/zero "$work/fifo"; do
  status=0
  timeout 30 "$bin" show-trace "$input" >"$work/show.out" 2>&1 </dev/null || status=$?
  [ "$status" -eq 2 ] && grep -qF "is not a regular file" "$work/show.out" ||
    fatal "show-trace $input: exit $status (124: it hung): $(cat "$work/show.out")"
  status=0
  timeout 30 "$bin" "$work/two.lua" --jobs 2 --durations "$input" >"$work/durations.out" 2>&1 </dev/null || status=$?
  [ "$status" -eq 2 ] && grep -qF -- "--durations $input: the file $input is not a regular file" "$work/durations.out" ||
    fatal "--durations $input: exit $status (124: it hung): $(cat "$work/durations.out")"
done
echo "report_inputs_test: passed"
