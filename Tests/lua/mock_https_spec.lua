-- Spec: mock.start{https = true} also serves HTTPS with a certificate signed by a CA made for the mock, whose file
-- (`ca_file`) curl trusts; `https_url` and `ca_file` are nil without it, and `https` must be a boolean.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")

local s = mock.start{https = true}
s:stub{method = "GET", url = "/hi", respond = {status = 200, body = "secure hi"}}
check.truthy(s.https_url:match("^https://127%.0%.0%.1:%d+$"), "https_url: " .. tostring(s.https_url))
check.truthy(s.url:match("^http://"), "the plain listener stays")
local curl = io.popen(("curl -sS --max-time 5 --cacert %q %s/hi 2>&1"):format(s.ca_file, s.https_url))
check.equal("secure hi", curl:read("a"), "curl trusting ca_file gets the stub's answer over TLS")
curl:close()
s:stop()

local plain = mock.start{}
check.equal(nil, plain.https_url, "no https_url without https")
check.equal(nil, plain.ca_file, "no ca_file without https")
plain:stop()
check.contains(check.error_of(mock.start, {https = "yes"}), "field 'https': true or false expected, got string",
  "https is a boolean")
print("mock_https_spec: ok")
