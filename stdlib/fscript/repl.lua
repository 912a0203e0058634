---What the REPL adds to a session: the banner, `help` and `help(value)`, and printing results readably
---(`fscript.pretty`).
local pretty = require("fscript.pretty")

local M = {}

---One line per function: what a newcomer types first.
M.TOPICS = {
  { "app:touch(sel)", "touch the view a Shelley selector matches (button marked:'Log In')" },
  { "app:type_into(sel, text)", "focus a text field and type into it; app:type(text) types into the focused one" },
  { "app:wait_for(sel, {timeout})", "wait until a matching view is visible; app:wait_for_absence(sel) the opposite" },
  { "app:wait_for_idle{timeout}", "wait until nothing animates and no request is in flight" },
  { "app:wait_until(fn, {timeout})", "call fn until it returns a true value" },
  { "app:lookup(sel)", "a lazy query: :count(), :exists(), :labels(), :texts(), :index(n), :touch()" },
  { "app:map(sel, method)", "send a method to every match (isOn, text, frame…); one result per view" },
  { "app:dump()", "the view tree (printed as a tree here)" },
  { "app:screenshot(file)", "save a PNG of the screen" },
  { "frank.launch{env}", "relaunch the app with a launch environment; frank.reset() as the run launched it" },
  { "frank.connect(url)", "drive another Frankly server" },
  { "mock.start{}", "a mock backend: :stub{…}, :verify{…}, :wait_for_request{…}, .url" },
  { "Given/When/Then 'text'", "run a catalog step; fscript steps lists them" },
}

---The one-line banner: version and target.
---@param target string
---@return string
function M.banner(target)
  local version = rawget(_G, "fscript") and fscript.version or "?"
  return ("fscript %s (%s) on %s; help for the API, Ctrl-D to leave"):format(version, _VERSION, target)
end

local function methods_of(value)
  local meta = getmetatable(value)
  local names = {}
  -- fscript's objects keep their methods in the metatable itself; plain Lua classes in __index.
  for _, holder in ipairs({ type(meta) == "table" and meta or nil, type(meta) == "table" and meta.__index or nil }) do
    if type(holder) == "table" then
      for name, member in pairs(holder) do
        if type(name) == "string" and type(member) == "function" and not name:match("^_") then
          names[#names + 1] = name
        end
      end
    end
  end
  if type(value) == "table" then
    for name, member in pairs(value) do
      if type(name) == "string" and type(member) == "function" then names[#names + 1] = name end
    end
  end
  table.sort(names)
  return names, type(meta) == "table" and meta.__name or type(value)
end

---`help` (no argument): one line per function of the API. `help(value)`: the methods of `app`, a query, a mock
---or a module.
---@param value? any
function M.help(value)
  if value == nil then
    local width = 0
    for _, topic in ipairs(M.TOPICS) do width = math.max(width, #topic[1]) end
    for _, topic in ipairs(M.TOPICS) do print(("  %-" .. width .. "s  %s"):format(topic[1], topic[2])) end
    print("  help(app), help(mock), help(q): the methods of a value")
    return
  end
  local names, kind = methods_of(value)
  if #names == 0 then
    print(("%s has no methods"):format(kind))
    return
  end
  print(("%s: %s"):format(kind, table.concat(names, ", ")))
end

---Installs `help` as a global in the REPL.
function M.install()
  rawset(_G, "help", setmetatable({}, {
    __call = function(_, value) M.help(value) end,
    __tostring = function() return "help: type help() or help(app)" end,
  }))
end

---Prints the results of a REPL command; the bare word `help` runs help.
---@param ... any
function M.print(...)
  if select("#", ...) == 1 and rawequal((...), rawget(_G, "help")) then
    M.help()
    return
  end
  pretty.print(...)
end

return M
