---Backend steps: stub answers on the scenario's mock backend and check what the app sent.
---The backend is `require("fscript.backend").current()`; "the app uses a mock backend" starts one.
local backend = require("fscript.backend")
local json = require("fscript.json")
local wait = require("fscript.wait")
local config = require("fscript.config")
local failure = require("fscript.failure")
local util = require("fscript.util")

local M = {}

local function decode(text)
  local value, err = json.decode(text)
  if value == nil then failure.raise(("the JSON in this step does not parse: %s"):format(err)) end
  return value
end

local function answer(method, path, status, body, delay)
  local server = backend.ensure(("the backend answers %s %s with status %d"):format(method, path, status))
  server:stub({ method = method:upper(), path = path, respond = { status = status, json = body, delay = delay } })
end

local function describe(requests)
  local out = {}
  for _, r in ipairs(requests) do out[#out + 1] = ("%s %s"):format(tostring(r.method), tostring(r.path)) end
  return #out > 0 and table.concat(out, ", ") or "no requests"
end

---Checks (retrying) that the app sent the request; `body` is the whole JSON body, or with `subset` only part of
---it (the body may hold more fields, and more items in a list).
local function sent(method, path, body, count, subset)
  local server = backend.required(("the app sent %s %s"):format(method, path))
  local last
  local ok, err = pcall(wait.eventually, function()
    local ok, why = pcall(server.verify, server, { method = method:upper(), path = path,
      json_body = not subset and body or nil, json_subset = subset and body or nil, count = count })
    last = why
    return ok, why
  end, config.get("validation"))
  if ok then return end
  if util.is_fatal(err) then error(err, 0) end
  local expected = ("Expected the app to send %s %s%s%s"):format(method:upper(), path,
    body ~= nil and ((subset and " with JSON containing " or " with JSON ") .. json.encode(body)) or "",
    count and (" %d time%s"):format(count, count == 1 and "" or "s") or "")
  -- verify's own text lists each request and how it differs (a JSON body field by field): keep that, not its
  -- headline, which repeats the expected body.
  local received, listing = tostring(last or err):match("^Expected [^\n]-, but received (%d+)%.[^\n]*\n(.*)$")
  if listing then failure.raise(("%s, but received %s.\n%s"):format(expected, received, listing)) end
  local all = select(2, pcall(server.requests, server, {})) or {}
  failure.raise(("%s; received: %s (%s)"):format(expected,
    type(all) == "table" and describe(all) or "?", tostring(last or err)))
end

---Defines the backend steps.
---@param define fun(pattern: string, fn: function)
function M.install(define)
  define("the app uses a mock backend", function() backend.start() end)
  define("the backend answers {word} {word} with status {int}", function(m, p, s) answer(m, p, s) end)
  define("the backend answers {word} {word} with status {int} after {float} seconds",
    function(m, p, s, delay) answer(m, p, s, nil, delay) end)
  define("the backend answers {word} {word} with status {int} and JSON {string}",
    function(m, p, s, body) answer(m, p, s, decode(body)) end)
  define("the backend answers {word} {word} with status {int} and JSON {string} after {float} seconds",
    function(m, p, s, body, delay) answer(m, p, s, decode(body), delay) end)
  define("the backend answers {word} {word} with status {int} and JSON:", function(m, p, s, body)
    if type(body) == "string" then body = decode(body) end
    answer(m, p, s, body)
  end)
  define("the app sent {word} {word}", function(m, p) sent(m, p) end)
  -- time(s): "1 time" reads as English, "1 times" as people write it anyway; both match.
  define("the app sent {word} {word} {int} time(s)", function(m, p, n) sent(m, p, nil, n) end)
  define("the app sent {word} {word} with JSON {string}", function(m, p, body) sent(m, p, decode(body)) end)
  define("the app sent {word} {word} with JSON containing {string}", function(m, p, body)
    sent(m, p, decode(body), nil, true)
  end)
end

return M
