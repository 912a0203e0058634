#!/usr/bin/env bash
# `mock.misses`, which a failed scenario's 404 list reads, names a miss by its path (and query) when it came to the
# mock's own listeners: the plain port, the HTTPS port (`https = true`), and a request naming another Host there (a
# device sending the machine's LAN address to a mock on 0.0.0.0). Only a browser proxy's request, which was for
# another host, is named by its whole URL.
source "$(dirname "$0")/common.sh"
command -v curl >/dev/null || fatal "curl is missing"

out="$("$bin" -e '
local s = mock.start{https = true, browser_proxy = true}
s:stub{method = "GET", path = "/here", respond = {body = "here"}}
local function curl(args)
  local pipe = io.popen("curl -sS -o /dev/null --max-time 5 " .. args .. " 2>&1")
  local said = pipe:read("a")
  pipe:close()
  assert(said == "", "curl " .. args .. ": " .. said)
end
local port = s.url:match(":(%d+)$")
curl(("%s/nothing-plain?x=1"):format(s.url))
curl(("--cacert %q %s/nothing-https"):format(s.ca_file, s.https_url))
curl(("-H %q %s/nothing-lan"):format("Host: 192.168.1.20:" .. port, s.url))
curl(("--proxy %s http://api.example.test/nothing-proxied"):format(s.url))
curl(("--proxy %s --cacert %q https://cdn.example.test/nothing-tunnelled"):format(s.url, s.ca_file))
for _, miss in ipairs(mock.misses(0)) do print(miss.method .. " " .. miss.path) end
s:stop()
' 2>&1)" || fatal "the script failed: $out"
expected="GET /nothing-plain?x=1
GET /nothing-https
GET /nothing-lan
GET http://api.example.test/nothing-proxied
GET https://cdn.example.test/nothing-tunnelled"
[ "$out" = "$expected" ] || fatal "expected the misses:
$expected
--- got:
$out"
echo "mock misses: by path on the mock's own listeners (plain, HTTPS, another Host), by URL through its proxy"
