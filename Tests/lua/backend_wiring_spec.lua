-- Spec: the scenario's backend (issue 37). `backend.current()` is nil when there is none; paths a test passes
-- to the mock (mappings, body files) are relative to the file that passes them, whatever the shell's folder;
-- a mapping folder that is nowhere says where it was looked for.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. here .. "../../stdlib/?.lua;" .. package.path
local check = require("fixtures.check")
local backend = require("fscript.backend")
local starter = require("fixtures.backend_paths.starter")

check.equal(nil, backend.current(), "current() is nil before anything starts a backend")
local ok, err = pcall(backend.required, "the app sent GET /x")
check.equal(false, ok, "required() raises without a backend")
check.contains(tostring(err), 'no mock backend for this scenario: "the app sent GET /x" needs one',
  "required() names the step")

local server = starter.start()
local function get(path)
  local pipe = assert(io.popen(("curl -s %s%s"):format(server.url, path)))
  local body = pipe:read("a")
  pipe:close()
  return body
end
check.equal("pong", get("/ping"), "a mapping from the helper's wiremock/ folder answers")
check.equal("hello from beside the helper\n", get("/greeting"), "respond.file beside the helper")
server:stop()

local started, missing = pcall(starter.start_missing)
check.equal(false, started, "a mapping folder that is nowhere fails")
check.contains(tostring(missing), "no folder 'no_such_folder' (looked beside ", "it names the folder")
check.contains(tostring(missing), "backend_paths/starter.lua, then in the current folder ",
  "and where it looked")

backend.use(mock.start{})
check.equal(true, backend.current() ~= nil, "use() makes a backend current")
backend.reset()
check.equal(nil, backend.current(), "reset() forgets it")
check.finish("backend_wiring_spec")
