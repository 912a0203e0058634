-- Spec: mock.start{https = true} also serves HTTPS with a certificate signed by a CA made for the mock, whose file
-- (`ca_file`) curl trusts; `https_url` and `ca_file` are nil without it, and `https` must be a boolean. With
-- browser_proxy = true the mock is a proxy for many domains, stubs matched on `host`; pass_through = true sends what
-- no stub answers on to the host it was for (a loopback mock here), and needs browser_proxy.
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
-- browser_proxy = true: the mock at `url` is also a proxy; stubs tell domains apart by `host`, HTTPS through CONNECT
-- is decrypted with certificates from the CA in ca_file.
local proxy = mock.start{browser_proxy = true}
check.equal(nil, proxy.https_url, "browser_proxy alone opens no HTTPS listener")
proxy:stub{method = "GET", url = "/x", host = "api.example.com", respond = {body = "api"}}
proxy:stub{method = "GET", url = "/x", host = "CDN.example.com", respond = {body = "cdn"}}
for _, name in ipairs{"api", "cdn"} do
  local through = io.popen(("curl -sS --max-time 5 --proxy %s --cacert %q https://%s.example.com/x 2>&1")
    :format(proxy.url, proxy.ca_file, name))
  check.equal(name, through:read("a"), name .. ".example.com through the proxy, HTTPS intercepted")
  through:close()
end
check.equal(1, #proxy:requests{host = "cdn.example.com"}, "a filter takes host too")
local made = proxy.ca_file
proxy:stop()
check.equal(nil, io.open(made), "the CA file made for a mock goes when it stops")

local real = mock.start{}
real:stub{method = "GET", url = "/real", respond = {body = "the real host"}}
local passing = mock.start{browser_proxy = true, pass_through = true}
passing:stub{method = "GET", url = "/stubbed", respond = {body = "stubbed"}}
for path, expected in pairs{stubbed = "stubbed", real = "the real host"} do
  local through = io.popen(("curl -sS --max-time 5 --proxy %s %s/%s 2>&1"):format(passing.url, real.url, path))
  check.equal(expected, through:read("a"), "pass_through: /" .. path)
  through:close()
end
passing:stop()
real:stop()
check.contains(check.error_of(mock.start, {pass_through = true}),
  "field 'pass_through': sends on what a browser proxy's stubs do not answer: give browser_proxy = true too",
  "pass_through needs browser_proxy")
print("mock_https_spec: ok")
