-- Spec: one JSON for the whole project. The same tables mean the same JSON in a script, an app file's request,
-- a mock stub, the mock journal and a backend step: json.array()/json.object() keep empty containers apart,
-- json.null is frank.null, and a decoded {} stays an object on its way back out.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. here .. "../../stdlib/?.lua;" .. package.path
local check = require("fixtures.check")

local backend = mock.start{ host = "127.0.0.1" }
backend:stub{ method = "POST", path = "/sync",
  respond = { json = { ok = json.object(), rows = json.array(), gone = json.null, n = 3 } } }
frank.launch{ app = here .. "fixtures/json_app.lua", env = { BACKEND_URL = backend.url } }
app:touch("button marked:'Sync'")
app:wait_for_idle{ timeout = 5 }

-- The app file's request body: markers honoured by app:request.
local sent = backend:wait_for_request{ path = "/sync", timeout = 5 }
check.equal('{"items":[],"list":[1,2],"meta":{},"note":null}', sent.body, "app:request sends [] and {} as marked")
-- The journal's json: objects stay objects, null is json.null.
check.equal(json.null, sent.json.note, "journal json: null is json.null")
check.equal(sent.body, json.encode(sent.json), "journal json encodes back to the body it came from")
-- Matching with markers: the stub-side conversion is the same one.
check.equal(true, pcall(backend.verify, backend, { path = "/sync",
  json_body = { items = json.array(), meta = json.object(), note = json.null, list = { 1, 2 } } }),
  "verify with markers")
check.equal(false, pcall(backend.verify, backend, { path = "/sync",
  json_body = { items = json.object(), meta = json.object(), note = json.null, list = { 1, 2 } } }),
  "an object marker does not match an empty array")

local function answer()
  for _, text in ipairs(app:map("view:'UILabel'", "text")) do
    if text ~= json.null and text:sub(1, 1) == "{" then return text end
  end
end

-- The stub's answer as the app read it (the simulator decodes, the app file re-encodes).
check.equal('{"gone":null,"n":3,"ok":{},"rows":[]}', answer(),
  "mock stubs serve markers, the app decodes {} as an object")

-- A backend step: its JSON text goes through json.decode into a stub, and the app receives it as written.
Given "the app uses a mock backend"
Given [[the backend answers GET /config with status 200 and JSON '{"a":null,"b":{},"c":[]}']]
local step_backend = require("fscript.backend").current()
frank.launch{ app = here .. "fixtures/json_app.lua", env = { BACKEND_URL = step_backend.url } }
app:touch("button marked:'Load'")
app:wait_for_idle{ timeout = 5 }
check.equal('{"a":null,"b":{},"c":[]}', answer(), "a backend step's JSON reaches the app unchanged")

check.finish("json_once_spec")
