---The scenario's mock backend, used by the backend steps ("the backend answers …", "the app sent …").
---Either let a step start one: `Given "the app uses a mock backend"` (mock.start{}, then a launch with
---BACKEND_URL set to its url when the app is first used), or stub first (the first stub starts one), or start
---your own and name it: `require("fscript.backend").use(mock.start{})`. The runner forgets the current
---backend after each scenario and stops the ones started here.
local M = {}

local current
local started = {}

---Makes `server` the current backend for the backend steps and, while the scenario's fresh launch still waits
---for the app's first use, the one that launch gets as BACKEND_URL: the app hears of the mock the steps stub
---and check. (Once the app has run, it keeps the backend it launched with until a relaunch.)
---@param server mock.Server
---@return mock.Server
function M.use(server)
  if type(server) ~= "table" and type(server) ~= "userdata" then
    error(("bad argument #1 to 'use' (mock.Server expected, got %s)"):format(type(server)), 2)
  end
  current = server
  local frank = rawget(_G, "frank")
  M.check_web_backend(frank)
  if frank and frank.launch_pending and frank.launch_pending() then
    frank.launch({ env = { BACKEND_URL = server.url }, lazy = true })
  end
  return server
end

local warned_web = false

---On a web target without `web_backend` or `web_proxy`, says once that the page's own backend calls will not
---reach the mock: the page calls its backend by its URL, and only calls to `web_backend` are sent to the
---scenario's mock (with `web_proxy` every origin's are, through the browser's proxy).
---@param frank table? the `frank` module
function M.check_web_backend(frank)
  local web = frank and frank.web and frank.web()
  if not web or web.backend or web.proxy or warned_web then return end
  warned_web = true
  print("note: this scenario's mock backend is only reached by the page's requests to web_backend; set "
    .. "web_backend = \"https://api.example.com\" (the origin the page calls) in fscript.project.lua, or "
    .. "--web-backend, or web_proxy = true (--web-proxy) for every origin, or the page must call "
    .. "window.fscriptEnv.BACKEND_URL itself")
end

local function no_backend(step)
  return ("no mock backend for this scenario: %s; add Given \"the app uses a mock backend\" before the first "
    .. "step that uses the app, or call require(\"fscript.backend\").use(mock.start{})"):format(step)
end

---The current backend, or nil when the scenario has none.
---@return mock.Server?
function M.current()
  return current
end

---The current backend for `step` (its text); raises naming what to add when the scenario has none.
---@param step string
---@return mock.Server
function M.required(step)
  if current == nil then error(no_backend(("%q needs one, and nothing has started one"):format(step)), 0) end
  return current
end

---Starts a mock backend, makes it current and (unless `launch == false`) relaunches the app with BACKEND_URL
---pointing at it, when the app is next used: stubs added before then are in place for its launch-time requests.
---Later relaunches in the scenario (`Given I launch the app`, `frank.launch{}`, a screen's render) keep it.
---It is stopped after the scenario.
---@param opts? {launch?: boolean, app?: string, env?: table<string, string>}
---@return mock.Server
function M.start(opts)
  opts = opts or {}
  local mock = rawget(_G, "mock")
  if not mock then error("the host provides no 'mock' module", 2) end
  local server = mock.start({})
  started[#started + 1] = server
  M.use(server)
  local frank = rawget(_G, "frank")
  if opts.launch ~= false and frank and frank.launch then
    local env = { BACKEND_URL = server.url }
    for k, v in pairs(opts.env or {}) do env[k] = v end
    frank.launch({ app = opts.app, env = env, lazy = opts.app == nil })
  end
  return server
end

---The current backend, starting one (as "the app uses a mock backend" does) when the scenario has none and the
---app has not been launched yet, so stubbing first simply works. Once the app runs without a backend, a new one
---could not reach it without a relaunch, so this fails naming the step to add; `step` is the step's text.
---@param step string
---@return mock.Server
function M.ensure(step)
  if current ~= nil then return current end
  local frank = rawget(_G, "frank")
  if frank and frank.launch_pending and frank.launch_pending() then return M.start() end
  error(no_backend(("%q needs one, and the app was already launched without it"):format(step)), 0)
end

---Forgets the current backend and stops those started by `start` (the runner calls it after a scenario).
function M.reset()
  for _, server in ipairs(started) do pcall(server.stop, server) end
  started, current = {}, nil
end

return M
