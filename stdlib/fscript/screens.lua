---Screens and the navigator. A screen has a name, a trait (a selector that exists only on that screen) and
---entries: how to get there from another screen, as a list of steps. "I am on the X screen" finds the
---current screen (the first declared screen whose trait exists), the shortest chain of entries from there
---to X (breadth-first), runs their steps, and waits for each screen's trait on the way.
local util = require("fscript.util")
local config = require("fscript.config")
local wait = require("fscript.wait")
local failure = require("fscript.failure")
local ui = require("fscript.ui")

local M = {}

---@class fscript.Entry
---@field from string the screen this entry starts on
---@field steps string[] step texts, keywords optional ("I touch 'Log In'" or "When I touch 'Log In'")

---@class fscript.Render how a screen is shown directly, without walking the app (Swerkin's ScreenRenderer)
---@field screen? string the app file's screen to show (simulator and `fscript serve`; default: the screen's name)
---@field env? table<string, string> the launch environment to render it in (data, an authenticated user, …)
---@field app_exec? string a real app's method that shows the screen (`app_exec`), called with `args`
---@field args? any[]

---@class fscript.Screen
---@field name string
---@field trait string a selector that matches only on this screen
---@field entries fscript.Entry[]
---@field render? true|string|fscript.Render|fun(preconditions: table): fscript.Render?
---@field where string where it was declared

---@class fscript.Navigator
---@field screens fscript.Screen[]
---@field by_name table<string, fscript.Screen>
---@field run_step fun(text: string)
local Navigator = {}
Navigator.__index = Navigator

---Creates a navigator that runs entry steps with `run_step`.
---@param run_step fun(text: string)
---@return fscript.Navigator
function M.new(run_step)
  return setmetatable({ screens = {}, by_name = {}, run_step = run_step }, Navigator)
end

local function check_entry(entry, level)
  if type(entry) ~= "table" or type(entry.from) ~= "string" or type(entry.steps) ~= "table" then
    error("bad entry in 'screen' (expected {from = \"Screen\", steps = {\"step\", …}})", level + 1)
  end
  for i, text in ipairs(entry.steps) do
    if type(text) ~= "string" then
      error(("bad entry in 'screen' (step #%d is a %s, expected a string)"):format(i, type(text)), level + 1)
    end
  end
  return { from = entry.from, steps = entry.steps }
end

-- `entry` may be one {from, steps} or a list of them.
local function entries_of(entry, level)
  if entry == nil then return {} end
  if type(entry) ~= "table" then error("bad entry in 'screen' (table expected)", level + 1) end
  if entry.from ~= nil then return { check_entry(entry, level + 1) } end
  local list = {}
  for i, e in ipairs(entry) do list[i] = check_entry(e, level + 1) end
  return list
end

local function check_render(render, level)
  local kind = type(render)
  if render == nil or render == true or kind == "string" or kind == "function" then return render end
  if kind ~= "table" then
    error(("bad argument #1 to 'screen' (render must be true, a screen name, a table or a function, got %s)")
      :format(kind), level + 1)
  end
  for key in pairs(render) do
    if key ~= "screen" and key ~= "env" and key ~= "app_exec" and key ~= "args" then
      error(("bad argument #1 to 'screen' (unknown render option %q; valid: app_exec, args, env, screen)")
        :format(tostring(key)), level + 1)
    end
  end
  return render
end

---@class fscript.ScreenSpec
---@field name string
---@field trait string
---@field entry? fscript.Entry|fscript.Entry[]
---@field render? true|string|fscript.Render|fun(preconditions: table): fscript.Render?
---@field busy? boolean

---Declares a screen (the `screen{…}` global). Declaring a name again replaces it. Misuse raises.
---@param spec fscript.ScreenSpec
---@param level? integer the stack level of the user's line (default 2: the caller)
---@return fscript.Screen
function Navigator:declare(spec, level)
  level = level or 2
  if type(spec) ~= "table" then
    error(("bad argument #1 to 'screen' (table expected, got %s)"):format(type(spec)), level)
  end
  if type(spec.name) ~= "string" or spec.name == "" then error("bad argument #1 to 'screen' (name missing)", level) end
  if type(spec.trait) ~= "string" then error("bad argument #1 to 'screen' (trait selector missing)", level) end
  if spec.busy ~= nil and type(spec.busy) ~= "boolean" then
    error(("bad argument #1 to 'screen' (busy must be a boolean, got %s)"):format(type(spec.busy)), level)
  end
  local info = debug.getinfo(level, "Sl")
  local screen = { name = spec.name, trait = spec.trait, entries = entries_of(spec.entry, level),
    render = check_render(spec.render, level), busy = spec.busy,
    where = info and ("%s:%d"):format(info.short_src, info.currentline) or "?" }
  local old = self.by_name[screen.name]
  if old then
    for i, s in ipairs(self.screens) do if s == old then self.screens[i] = screen end end
  else
    self.screens[#self.screens + 1] = screen
  end
  self.by_name[screen.name] = screen
  return screen
end

local function known(self)
  local names = {}
  for _, s in ipairs(self.screens) do names[#names + 1] = ("%s (%s)"):format(s.name, s.trait) end
  return #names > 0 and table.concat(names, ", ") or "none; declare them with screen{name=, trait=, entry=}"
end

---The screen on display now: the first declared screen whose trait matches, or nil.
---@return fscript.Screen?
function Navigator:current()
  local app = util.app()
  for _, s in ipairs(self.screens) do
    if app and app:lookup(s.trait):exists() then return s end
  end
  return nil
end

---The shortest chain of entries from screen `from` to screen `to` (breadth-first over entries), or nil.
---Each element is `{screen = destination, entry = entry}`. From a screen to itself the chain is empty.
---@param from string
---@param to string
---@return {screen: fscript.Screen, entry: fscript.Entry}[]?
function Navigator:path(from, to)
  if from == to then return {} end
  local previous, queue, head = { [from] = false }, { from }, 1
  while head <= #queue do
    local name = queue[head]
    head = head + 1
    for _, s in ipairs(self.screens) do
      for _, entry in ipairs(s.entries) do
        if entry.from == name and previous[s.name] == nil then
          previous[s.name] = { from = name, screen = s, entry = entry }
          if s.name == to then
            local chain, at = {}, to
            while previous[at] do
              table.insert(chain, 1, { screen = previous[at].screen, entry = previous[at].entry })
              at = previous[at].from
            end
            return chain
          end
          queue[#queue + 1] = s.name
        end
      end
    end
  end
  return nil
end

local function wait_for_trait(screen)
  wait.eventually(function()
    local app = util.app()
    return app ~= nil and app:lookup(screen.trait):exists(), function()
      return ("Expected to be on the %s screen: nothing matches its trait %s; the screen shows: %s")
        :format(screen.name, screen.trait, ui.shown())
    end
  end, config.get("wait"), "the " .. screen.name .. " screen")
end

---Shows screen `name` directly, as its `render` says (Swerkin's ScreenRenderer): a fresh app showing that screen
---of the app file (the simulator and `fscript serve`, through the lifecycle), or the app's own method
---(`app_exec`) on a real app. A function decides from the scenario's preconditions (an authenticated variant).
---Then waits for the screen's trait (failing naming the screen, its trait and what the app shows), and for idle:
---a screen that stays busy (a spinner, a pending request) is checked as it is after the wait limit, with a note,
---as XCUITest goes on when an app never idles; `screen{busy = true}` says it is busy by design and skips the wait.
---@param name string
---@param preconditions? table
function Navigator:render(name, preconditions)
  local target = self.by_name[name]
  if not target then failure.raise(("Unknown screen %q; known screens: %s"):format(name, known(self))) end
  local how = target.render
  if how == nil then
    failure.raise(("The %s screen has no render: declare screen{name = %q, trait = …, render = \"app-file screen\"} "
      .. "(the simulator, fscript serve) or render = {app_exec = \"METHOD\"} (a real app)"):format(name, name))
  end
  if type(how) == "function" then how = how(preconditions or {}) end
  if how == true then how = {} elseif type(how) == "string" then how = { screen = how } end
  local app = util.app()
  if type(how) == "table" then
    if how.app_exec then
      app:app_exec(how.app_exec, table.unpack(how.args or {}))
    else
      app = frank.launch{ screen = how.screen or name, env = how.env }
    end
  end
  wait_for_trait(target)
  if target.busy then return end
  local idle, why = pcall(app.wait_for_idle, app, { timeout = config.get("wait") })
  if not idle then
    if util.is_fatal(why) then error(why, 0) end
    print(("note: the %s screen is still busy (%s); checked as it is (screen{name = %q, busy = true} skips the "
      .. "wait for a screen busy by design)"):format(name, tostring(why):gsub("^.-: ", "", 1), name))
  end
end

---Waits until screen `name` is on display (its trait matches), within the wait limit.
---@param name string
function Navigator:wait_for(name)
  local target = self.by_name[name]
  if not target then failure.raise(("Unknown screen %q; known screens: %s"):format(name, known(self))) end
  wait_for_trait(target)
end

---Walks from screen `from` (waited for first) to screen `to` by the shortest chain of entries between them.
---@param from string
---@param to string
function Navigator:navigate(from, to)
  self:wait_for(from)
  if not self.by_name[to] then failure.raise(("Unknown screen %q; known screens: %s"):format(to, known(self))) end
  local chain = self:path(from, to)
  if not chain then
    failure.raise(("No way from the %s screen to the %s screen: no chain of entries leads there; known screens: %s")
      :format(from, to, known(self)))
  end
  for _, hop in ipairs(chain) do
    for _, text in ipairs(hop.entry.steps) do self.run_step(text) end
    wait_for_trait(hop.screen)
  end
end

---Goes to screen `name` by the shortest chain of entries from the current screen. Raises a Failure when
---the screen is unknown, no trait matches, or no chain leads there.
---@param name string
function Navigator:go(name)
  local target = self.by_name[name]
  if not target then failure.raise(("Unknown screen %q; known screens: %s"):format(name, known(self))) end
  local here
  local ok, err = pcall(wait.eventually, function()
    here = self:current()
    return here ~= nil
  end, config.get("wait"))
  if not ok and util.is_fatal(err) then error(err, 0) end
  if not here then
    failure.raise(("Cannot tell which screen is on display: no screen's trait matches; known screens: %s")
      :format(known(self)))
  end
  local chain = self:path(here.name, name)
  if not chain then
    failure.raise(("No way from the %s screen to the %s screen: no chain of entries leads there; known screens: %s")
      :format(here.name, name, known(self)))
  end
  for _, hop in ipairs(chain) do
    for _, text in ipairs(hop.entry.steps) do self.run_step(text) end
    wait_for_trait(hop.screen)
  end
  if #chain == 0 then wait_for_trait(target) end
end

return M
