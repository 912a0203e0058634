-- Spec: the mock module's Lua surface without HTTP traffic (argument checks in Lua's wording, unknown options,
-- empty journals, wait timeouts, stop, WireMock files). Traffic is covered by Tests/FScriptTests/MockModuleTests.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")

local err = check.error_of

local s = mock.start{}
check.truthy(s.url:match("^http://127%.0%.0%.1:%d+$"), "url: " .. tostring(s.url))
check.equal(tonumber(s.url:match(":(%d+)$")), s.port, "port matches url")

-- A mock a device must reach binds beyond loopback; its URL names the address the device uses.
local exposed = mock.start{ host = "0.0.0.0", advertise = "10.0.2.2" }
check.equal("http://10.0.2.2:" .. exposed.port, exposed.url, "advertised url")
check.equal("0.0.0.0", exposed.host, "bound host")
exposed:stop()

check.contains(err(s.stub, s, { path = "/t", respond = { template = true, body = "ok\n{{#if request.query.x}}" } }),
  "the body is not a valid template: template line 2, column 1: {{#if}} is never closed with {{/if}}",
  "a broken template is an error where the stub is made")
check.contains(err(s.stub, s, { path = "/t", respond = { template = "yes" } }),
  "field 'respond.template': true or false expected, got string", "template is a boolean")
check.contains(err(mock.start, { record = "/tmp/x" }),
  "field 'record': saves what proxy forwards: give proxy = URL too", "record needs proxy")
check.contains(err(mock.start, { proxy = "ftp://files.example.com" }), "give the backend's http:// or https:// URL",
  "a backend fscript cannot reach is refused")
check.equal("bad argument #1 to 'stub' (table expected, got no value)", err(s.stub, s), "stub needs a table")
check.equal("bad argument #1 to 'stub' (table expected, got nil)", err(s.stub, s, nil), "nil is not a table")
check.equal("bad argument #1 to 'stub' (table expected, got string)", err(s.stub, s, "x"), "stub needs a table")
check.equal("calling 'stub' on bad self (mock.Server expected, got table)", err(s.stub, {}, {}), "bad self")
check.equal("bad argument #1 to 'stub' (unknown option 'pth'; did you mean 'path'?)", err(s.stub, s, { pth = "/x" }),
  "unknown key named with the nearest option")
check.equal("bad argument #1 to 'stub' (unknown option 'respond.stauts'; did you mean 'status'?)",
  err(s.stub, s, { path = "/x", respond = { stauts = 200 } }), "nested key")
check.equal("bad argument #1 to 'stub' (unknown option 'respond.zzz'; valid options: body, delay, dribble, " ..
  "fault, file, headers, json, status, template)", err(s.stub, s, { path = "/x", respond = { zzz = 1 } }),
  "a key near no option lists them all")
check.equal("bad argument #1 to 'stub' (unknown option 'headers.Accept.equal_ignoring_cse'; did you mean " ..
  "'equal_ignoring_case'?)", err(s.stub, s, { path = "/x", headers = { Accept = { equal_ignoring_cse = "json" } } }),
  "a misspelt matcher key")
check.equal("bad argument #1 to 'stub' (field 'respond.status': integer expected, got string)",
  err(s.stub, s, { path = "/x", respond = { status = "ok" } }), "status type")
check.equal("bad argument #1 to 'stub' (field 'respond.fault': 'boom' is not a fault; use one of empty, hang, " ..
  "malformed, malformed_chunk, reset)", err(s.stub, s, { path = "/x", respond = { fault = "boom" } }), "fault names")
check.equal("bad argument #1 to 'stub' (give only one of path, path_pattern, path_template, url and url_pattern)",
  err(s.stub, s, { path = "/x", url = "/y" }), "one URL kind")
check.equal("bad argument #1 to 'stub' (field 'json_body': a table with both a list part and string keys "
  .. "has no JSON form)",
  err(s.stub, s, { path = "/x", json_body = { 1, a = 2 } }), "mixed table")
check.equal("invalid regular expression: (", err(s.stub, s, { path_pattern = "(" }), "bad regex")
check.equal("bad argument #1 to 'start' (unknown option 'prot'; did you mean 'port'?)",
  err(mock.start, { prot = 1 }), "start options")

check.truthy(s:stub{ path = "/x" }:match("^[0-9a-f]+%-[0-9a-f]+%-[0-9a-f]+%-[0-9a-f]+%-[0-9a-f]+$"),
  "stub returns its id in lower case, as the admin API writes it")
check.equal(0, #s:requests{}, "no requests yet")
check.equal(0, #s:requests(), "the filter is optional")
check.equal("Expected at least 1 request matching GET /x, but received 0.\nNo requests were received.",
  err(s.verify, s, { method = "get", path = "/x" }), "verify lists what was received")
check.equal(nil, (pcall(s.verify, s, { path = "/x", count = 0 })) and nil, "count = 0 holds")
local started = fscript.clock()
check.equal("No request matching ANY /never arrived within 0.1 s.\nNo requests were received.",
  err(s.wait_for_request, s, { path = "/never", timeout = 0.1 }), "wait times out naming the whole wait")
check.truthy(fscript.clock() - started >= 0.1, "the wait lasted its timeout")

-- WireMock mapping files, written here so the spec has no JSON fixture without a comment.
local dir = os.tmpname()
os.remove(dir)
check.equal(true, fscript.mkdir(dir .. "/mappings"), "fscript.mkdir -p")
local f = assert(io.open(dir .. "/mappings/one.json", "w"))
f:write('{"request": {"method": "GET", "urlPath": "/one"}, "response": {"status": 200}}')
f:close()
check.equal(1, s:load(dir), "load returns how many stubs were added")
-- A key misspelt beside a matcher is refused with its path, not ignored (the stub would match any Accept).
local typo = assert(io.open(dir .. "/mappings/typo.json", "w"))
typo:write('{"request": {"urlPath": "/t", "headers": {"Accept": {"equalTo": "json", "caseInsensitve": true}}}}')
typo:close()
check.contains(err(s.load, s, dir), "typo.json: request.headers.Accept.caseInsensitve: unknown key " ..
  "'caseInsensitve'; did you mean 'caseInsensitive'?", "a misspelt matcher key in a mapping file")
os.remove(dir .. "/mappings/typo.json")
local from_start = mock.start{ mappings = dir }
check.truthy(tostring(from_start):find("^mock.Server: http://127.0.0.1:%d+$"), "tostring")
from_start:stop()
from_start:stop()
check.equal("requests: the mock at " .. from_start.url .. " was stopped", err(from_start.requests, from_start),
  "a stopped mock says so")
os.remove(dir .. "/mappings/one.json")
os.remove(dir .. "/mappings")
os.remove(dir)

s:reset()
check.equal(0, #s:in_flight(), "nothing in flight")
s:stop()
check.finish("mock_api_spec")
