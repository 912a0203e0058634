-- Spec: the demo app against a mock backend, end to end through HTTP: a 401 login shows the app's alert and the
-- mock journal holds the JSON the app posted; a delayed answer keeps wait_for_idle busy until it is sent.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local error_of = require("fixtures.frank_support").error_of

local function log_in(user, password)
  app:type_into("textField marked:'User name'", user)
  app:type_into("textField marked:'Password'", password)
  app:touch("button marked:'Log In'")
end

-- 401: the app's alert appears, and the mock saw the credentials as JSON.
local backend = mock.start{}
backend:stub{ method = "POST", path = "/api/login",
  respond = { status = 401, json = { message = "Wrong user name or password." } } }
frank.launch{ env = { BACKEND_URL = backend.url } }
log_in("alice", "wrong")
app:wait_for("alertView", { timeout = 2 })
check.equal("Login Failed", app:map("alertView", "title")[1], "the alert's title")
check.equal("Wrong user name or password.", app:map("alertView", "message")[1], "the alert shows the mock's message")
check.equal(nil, error_of(backend.verify, backend, { method = "POST", path = "/api/login", count = 1,
  json_body = { user = "alice", password = "wrong" } }), "verify: the posted JSON body")
check.contains(error_of(backend.verify, backend, { method = "POST", path = "/api/login",
  json_body = { user = "alice", password = "secret" } }) or "(verify passed)",
  "Expected at least 1 request matching POST /api/login", "verify fails on another body")
local sent = backend:requests{ path = "/api/login" }
check.equal(1, #sent, "one login request in the journal")
-- The step's two forms: the whole body, or the fields that matter.
require("fscript.backend").use(backend)
require("fscript.config").set{ validation = 0.2 }
Then [[the app sent POST /api/login with JSON containing '{"user":"alice"}']]
local whole_ok, whole = pcall(Then, [[the app sent POST /api/login with JSON '{"user":"alice"}']])
check.truthy(not whole_ok, "the whole-body form fails when the body has more fields")
-- A failing body check names the field that differs, not both bodies.
check.contains(tostring(whole), 'Expected the app to send POST /api/login with JSON {"user":"alice"}, but received 0.\n'
  .. "Requests received (1):\n  1. POST /api/login: body did not match:\n"
  .. '       $.password: unexpected (received "wrong")', "the whole-body failure lists the unexpected field")
local _, part = pcall(Then, [[the app sent POST /api/login with JSON containing '{"user":"bob"}']])
check.contains(tostring(part), '$.user: expected "bob", received "alice"', "the subset failure names the field")
check.equal(nil, tostring(part):find("password", 1, true), "a subset check does not list the extra fields")
require("fscript.config").reset()
app:touch("alertView button marked:'OK'")
app:wait_for_absence("alertView", { timeout = 2 })
check.truthy(app:lookup("button marked:'Log In'"):exists(), "still on the login screen after OK")
backend:stop()

-- A delayed answer is busy work: wait_for_idle names the request until the mock has answered.
backend = mock.start{}
backend:stub{ method = "POST", path = "/api/login", respond = { status = 200, json = { name = "bob" }, delay = 0.5 } }
backend:stub{ method = "GET", path = "/api/items", respond = { status = 200, json = { items = {} } } }
frank.launch{ env = { BACKEND_URL = backend.url } }
log_in("bob", "secret")
backend:wait_for_request{ path = "/api/login", timeout = 2 }
local busy = error_of(app.wait_for_idle, app, { timeout = 0.1 })
check.contains(busy, "wait_for_idle: still busy after 0.1 s: ", "a delayed answer keeps the app busy")
check.contains(busy, "mock POST /api/login", "the error names the mock's request in flight")
check.contains(busy, "network POST /api/login", "the error names the app's request in flight")
check.equal(nil, error_of(app.wait_for_idle, app, { timeout = 5 }), "idle once the mock has answered")
check.equal(0, #backend:in_flight(), "nothing in flight after the wait")
check.truthy(app:lookup("label text:'Welcome, bob'"):exists(), "the answer reached the app")
backend:stop()

check.finish("mock_login_spec")
