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
  { "app:expect_screenshot(name, {mask})", "compare the screen with a baseline beside the test (written if missing)" },
  { "frank.launch{env}", "relaunch the app with a launch environment; frank.reset() as the run launched it" },
  { "frank.connect(url)", "drive another Frankly server" },
  { "mock.start{}", "a mock backend: :stub{…}, :verify{…}, :wait_for_request{…}, .url" },
  { "Given/When/Then 'text'", "run a catalog step; fscript steps lists them" },
}

---The one-line banner: version and target.
---@param target string
---@return string
function M.banner(target)
  local host = rawget(_G, "fscript")
  local version = host and host.version or "?"
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
  if type(meta) == "table" and meta.__name then return names, meta.__name end
  -- A module (`mock`, `frank`, `json`) by the global name it goes by, not as "table".
  for name, global in pairs(_G) do
    if global == value and type(name) == "string" then return names, ("the %s module"):format(name) end
  end
  return names, type(value)
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
  if type(value) == "table" and getmetatable(value) == nil then
    print("  functions are called with a dot (mock.start{}); a value's methods with a colon (server:stub{…})")
  end
end

-- Shelley's filter names, for completion inside a selector string: its words, then the predicates the Swift
-- operation catalog lists (frank.operations.predicates), so a new predicate completes without an edit here.
local FILTERS = {
  "view", "button", "label", "textField", "tableView", "tableViewCell", "alertView", "actionSheet",
  "navigationButton", "navigationItemView", "navigationItemButtonView", "threePartButton", "parent", "descendant",
  "first", "index:", "view:",
}
for _, name in ipairs(frank.operations.predicates) do FILTERS[#FILTERS + 1] = name end

local function starting(list, prefix, into)
  for _, name in ipairs(list) do
    if name:sub(1, #prefix) == prefix then into[#into + 1] = name end
  end
end

-- Labels, texts and classes of the views on screen now (nothing when the target cannot be asked).
local function on_screen()
  local ok, tree = pcall(function() return rawget(_G, "app"):dump() end)
  local labels, classes = {}, {}
  local function visit(node)
    if type(node) ~= "table" then return end
    for _, key in ipairs({ "accessibilityLabel", "text", "placeholder" }) do
      if type(node[key]) == "string" and node[key] ~= "" then labels[node[key]] = true end
    end
    if type(node.class) == "string" then classes[node.class] = true end
    for _, child in ipairs(node.subviews or {}) do visit(child) end
  end
  if ok then visit(tree) end
  local function sorted(set)
    local list = {}
    for name in pairs(set) do list[#list + 1] = name end
    table.sort(list)
    return list
  end
  return sorted(labels), sorted(classes)
end

-- Whether the line ends inside a string literal, and the text of that string so far.
local function open_string(line)
  local quote, start, i = nil, nil, 1
  while i <= #line do
    local c = line:sub(i, i)
    if quote then
      if c == "\\" then i = i + 1 elseif c == quote then quote = nil end
    elseif c == '"' or c == "'" then
      quote, start = c, i
    end
    i = i + 1
  end
  return quote ~= nil, quote and line:sub(start + 1) or nil
end

---Tab completion: the candidates that replace `word`, the text before the cursor since a space, quote or
---bracket. In code: globals, `obj.field` and `obj:method` (methods of app, queries, mocks and modules). Inside a
---step's text (`Given "I wait to s`): the rest of each step pattern that starts with what is typed. Inside a
---selector string: Shelley's filter names, UIKit class names after `view:'`, and the labels on screen after
---`marked:'`, `text:'` and friends.
---@param line string the line up to the cursor
---@param word string
---@return string[]
function M.complete(line, word)
  local found = {}
  local inside, text = open_string(line)
  local keyword = inside and line:match("([%a]+)%s*%(?%s*[\"']" .. text:gsub("%p", "%%%0") .. "$")
  local step_word = keyword == "Given" or keyword == "When" or keyword == "Then" or keyword == "And" or keyword == "But"
  if inside and step_word then
    -- A step text: the word grows into the rest of each step pattern that starts with what is typed.
    local session = require("fscript.session").current or require("fscript.session").new()
    local seen = {}
    for _, def in ipairs(session.registry:list()) do
      if def.pattern:sub(1, #text) == text and not seen[def.pattern] then
        seen[def.pattern] = true
        found[#found + 1] = word .. def.pattern:sub(#text + 1)
      end
    end
    table.sort(found)
    return found
  end
  if inside then
    local before = text:sub(1, #text - #word)
    -- In a selector, an inner '…' opens an argument; what precedes it says which kind.
    local filter = before:match("([%w_]+):'$")
    if filter == "view" then
      local _, classes = on_screen()
      starting(classes, word, found)
    elseif filter then
      local labels = on_screen()
      starting(labels, word, found)
    else
      starting(FILTERS, word, found)
    end
    return found
  end
  local path, separator, partial = word:match("^(.-)([.:])([%w_]*)$")
  if not path or path == "" then
    local names = {}
    for name in pairs(_G) do if type(name) == "string" then names[#names + 1] = name end end
    table.sort(names)
    starting(names, word, found)
    return found
  end
  local value = _G
  for part in path:gmatch("[^.]+") do
    if type(value) ~= "table" and type(value) ~= "userdata" then return found end
    local ok, next_value = pcall(function() return value[part] end)
    if not ok then return found end
    value = next_value
  end
  local names = methods_of(value)
  if type(value) == "table" and separator == "." then
    for key, member in pairs(value) do
      if type(key) == "string" and type(member) ~= "function" then names[#names + 1] = key end
    end
    table.sort(names)
  end
  local seen = {}
  for _, name in ipairs(names) do
    if name:sub(1, #partial) == partial and not seen[name] then
      seen[name] = true
      found[#found + 1] = path .. separator .. name
    end
  end
  return found
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
