---The statements that become something other than their literal Lua: step definitions, `step`/`steps`, `sleep`
---(dropped: fscript's checks wait), loops over blocks (`each`, `times`, ranges), polling loops and
---`Timeout::timeout` (a `wait_until`), `require` and `World`, `def`, and launching through sim_launcher, simctl or
---a Launcher (fscript's lifecycle relaunches the app: `frank.launch{}`).
local tree = require("fscript.port.tree")
local names = require("fscript.port.names")
local text = require("fscript.port.lua_text")
local calls = require("fscript.port.calls")
local context = require("fscript.port.context")

local M = {}

local kind = tree.kind
local function expr(cx, node) return require("fscript.port.expr").expr(cx, node) end
local function stmt() return require("fscript.port.stmt") end

local KEYWORDS = { Given = true, When = true, Then = true, And = true, But = true }
local NEEDLESS = { ["frank-cucumber"] = true, rspec = true, ["rspec/expectations"] = true, json = true,
  timeout = true, sim_launcher = true, fileutils = true, ["rspec/core"] = true, ["rspec/matchers"] = true }

-- The Ruby source of a statement as comment lines, with `why` after the first.
local function commented(cx, node, why)
  local first, last = tree.lines(node)
  local out = {}
  for i, line in ipairs(cx:source(first or 0, last or first or 0)) do
    out[i] = "-- " .. line:match("^%s*(.-)$") .. (i == 1 and why and ("  (" .. why .. ")") or "")
  end
  return out, first or 0
end

-- Whether a statement launches or resets the app the Frank way (sim_launcher, simctl, a Launcher, deleting the
-- simulator's folders), which fscript's lifecycle does instead.
local function is_launch(cx, node, call)
  if call and call.recv and (call.name == "launch_app" or call.name == "launch_ios_app") then return true end
  local found = false
  tree.tokens(node, function(token)
    local k, v = token[1], token[2]
    if (k == "@const" and (v == "SimLauncher" or v == "Launcher")) or (k == "@ident" and (v == "sim_launcher"
        or v == "simulator_client" or v == "simulator_direct_client" or cx.launchers[v])) then
      found = true
    elseif k == "@tstring_content" and (v:find("simctl", 1, true) or v:find("CoreSimulator", 1, true)
        or v:find("iPhone Simulator", 1, true)) then
      found = true
    end
  end)
  return found
end

local function launch(cx, node)
  local out, line = commented(cx, node)
  -- A variable holding a launcher (`simulator = SimLauncher::DirectClient.for_ios_app(…)`) is one too.
  if kind(node) == "assign" and kind(node[2]) == "var_field" then cx.launchers[node[2][2][2]] = true end
  if cx.top_level then
    cx:note(line, "launching at load time dropped: fscript launches a fresh app for every scenario")
    out[#out + 1] = "-- fscript launches a fresh app for every scenario (--app, fscript serve or --launch)"
  elseif not cx.launched then
    cx.launched = true
    cx:note(line, "launch/reset replaced by frank.launch{} (fscript's lifecycle: --app, fscript serve, --launch)")
    out[#out + 1] = "frank.launch{}"
  end
  return out
end

local function step_definition(cx, call)
  local pattern_node = call.args[1]
  local before = #cx.failed
  local first = tree.lines(call.node) or 0
  local ok, lines = pcall(function()
    local pattern
    if kind(pattern_node) == "regexp_literal" then
      pattern = require("fscript.port.expr").regexp_source(cx, pattern_node, true)
    else
      pattern = require("fscript.port.expr").literal_string(cx, pattern_node)
      if not pattern then cx:nope(pattern_node, "a step pattern that is not a literal") end
    end
    local fn = stmt().function_text(cx, calls.block_params(cx, call.block), call.block, false)
    return { ("step(%s, %s)"):format(text.long(pattern), fn) }
  end)
  cx.stepdefs[#cx.stepdefs + 1] = { line = first, whole = ok and #cx.failed == before }
  if not ok then error(lines, 0) end
  return lines
end

-- A string literal's lines, each a list of parts (`{value =}` or `{lua =}`, see expr.string_parts).
local function text_lines(cx, node)
  local lines, current = {}, {}
  for _, part in ipairs(require("fscript.port.expr").string_parts(cx, node)) do
    if part.lua then
      current[#current + 1] = part
    else
      local pieces = {}
      for piece in (part.value .. "\n"):gmatch("(.-)\n") do pieces[#pieces + 1] = piece end
      for i, piece in ipairs(pieces) do
        if i > 1 then
          lines[#lines + 1] = current
          current = {}
        end
        if piece ~= "" then current[#current + 1] = { value = piece } end
      end
    end
  end
  lines[#lines + 1] = current
  return lines
end

-- `steps %{ Given … \n | a | b | }`: each step on its own (interpolation kept), a table's rows as its data.
local function steps_text(cx, call)
  if #call.args ~= 1 then cx:nope(call.node, "steps with these arguments") end
  local out, rows = {}, nil
  local function flush()
    if rows then out[#out] = out[#out]:gsub("%)$", ", {" .. table.concat(rows, ", ") .. "})") end
    rows = nil
  end
  for _, parts in ipairs(text_lines(cx, call.args[1])) do
    local first, last = parts[1], parts[#parts]
    if first and first.value then first.value = first.value:match("^%s*(.-)$") end
    if last and last.value then last.value = last.value:match("^(.-)%s*$") end
    local head = first and first.value or ""
    local literal = true
    for _, p in ipairs(parts) do literal = literal and p.value ~= nil end
    if head:sub(1, 1) == "|" or head:sub(1, 3) == '"""' then
      if not literal or head:sub(1, 3) == '"""' then cx:nope(call.node, "steps text with this table or doc string") end
      local cells, line = {}, table.concat(require("fscript.port.expr").map_values(parts))
      for cell in line:sub(2):gmatch("([^|]*)|") do cells[#cells + 1] = text.quote(cell:match("^%s*(.-)%s*$")) end
      rows = rows or {}
      rows[#rows + 1] = "{" .. table.concat(cells, ", ") .. "}"
    elseif head ~= "" and head:sub(1, 1) ~= "#" then
      flush()
      local keyword, rest = head:match("^(%S+)%s+(.*)$")
      if keyword == "*" then keyword = "Given" end
      if not KEYWORDS[keyword] then cx:nope(call.node, "steps text: " .. head) end
      local step_parts = { { value = rest } }
      for i = 2, #parts do step_parts[#step_parts + 1] = parts[i] end
      if rest == "" then table.remove(step_parts, 1) end
      out[#out + 1] = ("%s(%s)"):format(keyword, require("fscript.port.expr").join(step_parts))
    end
  end
  flush()
  return out
end

local function range_for(cx, recv, params)
  local inner = recv
  if kind(inner) == "paren" then inner = tree.statements(inner[2])[1] end
  local k = kind(inner)
  if k ~= "dot2" and k ~= "dot3" then return nil end
  local from, to = expr(cx, inner[2]), require("fscript.port.expr").operand(cx, inner[3])
  return ("for %s = %s, %s%s do"):format(params[1] or "_", from, to, k == "dot3" and " - 1" or "")
end

-- `list.each do |x|`, `each_with_index`, `hash.each do |k, v|`, `n.times do |i|`, `(a...b).each`: for loops.
local function each_loop(cx, call)
  local params = calls.block_params(cx, call.block)
  local head, extra
  if call.name == "each" then
    head = range_for(cx, call.recv, params)
    if not head and #params <= 1 then
      head = ("for _, %s in ipairs(%s) do"):format(params[1] or "_", expr(cx, call.recv))
    elseif not head then
      head = ("for %s, %s in pairs(%s) do"):format(params[1], params[2], expr(cx, call.recv))
    end
  elseif call.name == "each_with_index" then
    head = ("for index, %s in ipairs(%s) do"):format(params[1] or "_", expr(cx, call.recv))
    if params[2] then extra = ("local %s = index - 1"):format(params[2]) end
  elseif call.name == "times" then
    head = ("for %s = 0, %s - 1 do"):format(params[1] or "_", require("fscript.port.expr").operand(cx, call.recv))
  end
  local fn = stmt().function_text(cx, params, call.block, false, true)
  local lines = { head }
  if extra then lines[2] = "  " .. extra end
  for line in fn:gmatch("\n([^\n]*)") do lines[#lines + 1] = line end
  lines[#lines] = "end"
  return lines
end

local function only_sleeps(list)
  for _, s in ipairs(tree.statements(list)) do
    local c = calls.parts(s)
    if not c or c.recv or c.name ~= "sleep" then return false end
  end
  return true
end

---`sleep 0.1 until cond`, `until cond do sleep 0.1 end`, `while !cond; sleep; end`: a `wait_until`; nil for a
---loop that does something besides sleeping.
---@return string[]?
function M.wait_loop(cx, node, timeout)
  local k = kind(node)
  local body = (k == "while" or k == "until") and node[3] or { node[3] }
  if not only_sleeps(body) then return nil end
  local cond = expr(cx, node[2])
  if k == "while" or k == "while_mod" then cond = "not " .. require("fscript.port.expr").operand(cx, node[2]) end
  cx:note(tree.lines(node) or 0, "polling loop with sleep became wait_until (waits on the app's changes)")
  local opts = timeout and ("{timeout = %s}, "):format(timeout) or ""
  return { ("wait_until(%sfunction() return %s end)"):format(opts, cond) }
end

local function timeout_block(cx, call)
  local seconds = expr(cx, call.args[1])
  local body = call.block[3]
  if kind(body) == "bodystmt" then body = body[2] end
  local rest = {}
  for _, s in ipairs(tree.statements(body)) do
    local c = calls.parts(s)
    if not (c and not c.recv and c.name == "sleep") then rest[#rest + 1] = s end
  end
  local k = kind(rest[1])
  if #rest == 1 and (k == "until" or k == "while" or k == "until_mod" or k == "while_mod") then
    local lines = M.wait_loop(cx, rest[1], seconds)
    if lines then return lines end
  end
  cx:nope(call.node, "Timeout::timeout around something other than a polling loop")
end

---A statement that is translated specially, as Lua lines, or nil.
---@return string[]?
function M.statement(cx, node)
  local call = calls.parts(node)
  if not call and kind(node) == "assign" and is_launch(cx, node) then return launch(cx, node) end
  if kind(node) == "assign" and tree.name(node[2]) == "APP_BUNDLE_PATH" then
    cx:note(tree.lines(node) or 0, "APP_BUNDLE_PATH only read from the environment: fscript launches the app itself")
    local out = commented(cx, node)
    out[#out + 1] = 'APP_BUNDLE_PATH = os.getenv("APP_BUNDLE_PATH")'
    return out
  end
  if not call then return nil end
  local name, recv = call.name, call.recv
  if not recv and KEYWORDS[name] and call.block and call.args[1] then return step_definition(cx, call) end
  if is_launch(cx, node, call) then return launch(cx, node) end
  if not recv and name == "sleep" then
    local out, line = commented(cx, node, "dropped")
    cx:note(line, cx.sleep_last and "sleep dropped: the next step's checks wait for what they need"
      or "sleep dropped; what follows it acts on the app, so it is not retried: check it needs no wait")
    return out
  end
  if not recv and name == "steps" then return steps_text(cx, call) end
  if not recv and name == "require" then
    local lib = call.args[1] and require("fscript.port.expr").literal_string(cx, call.args[1])
    if not lib or not NEEDLESS[lib] then cx:nope(node, "require of " .. tostring(lib)) end
    return (commented(cx, node, lib == "frank-cucumber" and "Frank's helpers: fscript.frank_compat, above"
      or "not needed in fscript"))
  end
  if not recv and name == "World" then return (commented(cx, node, "support helpers are globals in fscript")) end
  if recv and (name == "timeout") and tree.name(recv) == "Timeout" and call.block and #call.args == 1 then
    return timeout_block(cx, call)
  end
  if recv and call.block and (name == "each" or name == "each_with_index" or name == "times") then
    return each_loop(cx, call)
  end
  return nil
end

-- Frank helpers and Ruby methods that only look: a block of statements calling nothing else can be retried.
local CHECKS = {}
for name in ([[check_element_exists check_element_does_not_exist check_element_exists_and_is_visible
  check_element_does_not_exist_or_is_not_visible check_view_with_mark_exists check_view_with_mark_does_not_exist
  element_exists element_is_not_hidden view_with_mark_exists accessibility_frame frankly_current_orientation
  frankly_oriented_portrait? frankly_oriented_landscape? wait_for_element_to_exist wait_for_element_to_not_exist
  wait_for_nothing_to_be_animating wait_until puts p raise fail expect eq eql equal be be_empty be_true be_false
  be_truthy be_falsey be_nil include have have_exactly match raise_exception raise_error lambda proc]]):gmatch("%S+")
do CHECKS[name] = true end

-- Whether `nodes` only look at the app (see CHECKS; `frankly_map` with a getter: a literal name without `:`;
-- the project's methods that do only that).
local function only_checks(cx, nodes)
  local pure, seen = true, {}
  local walk
  local function method(name)
    if seen[name] then return end
    seen[name] = true
    walk(cx.defs[name][4])
  end
  function walk(n)
    if not pure or type(n) ~= "table" then return end
    -- An `fcall` is the name inside its call node (method_add_arg), which was looked at with its arguments.
    local call = kind(n) ~= "fcall" and calls.parts(n)
    if call and not call.recv then
      if call.name == "frankly_map" then
        local getter = call.args[2] and require("fscript.port.expr").literal_string(cx, call.args[2])
        if not getter or getter:find(":", 1, true) then pure = false end
      elseif type(cx.defs[call.name]) == "table" then
        method(call.name)
      elseif not CHECKS[call.name] then
        pure = false
      end
    end
    for i = 1, #n do walk(n[i]) end
  end
  walk(nodes)
  return pure
end

---`sleep n` followed, in its block, by `rest`: when the rest only checks, it is retried until it holds (for
---`--validation` seconds, as fscript's own assertion steps are), which is what the sleep waited for; the sleep
---is kept as a comment. Nil when the rest does something (its statements are translated as they are).
---@return string[]?
function M.sleep_then_checks(cx, sleep, rest)
  if #rest == 0 or not only_checks(cx, rest) then return nil end
  local out, line = commented(cx, sleep, "dropped: the checks below retry until they hold")
  cx:note(line, "sleep dropped; the checks after it retry until they hold (--validation, 2 s by default)")
  cx:use("ruby")
  out[#out + 1] = "ruby.eventually(" .. stmt().function_text(cx, {}, { "body", rest }, false) .. ")"
  return out
end

---`def name(a, b = 1) … end`: a function (local in a step file, declared at its top; global in support files,
---as World methods are everywhere), returning its last expression.
---@return string[]
function M.def(cx, node)
  local name = names.lua_name(node[2][2])
  local params = node[3]
  if kind(params) == "paren" then params = params[2] end
  local list, defaults = {}, {}
  for i = 4, 8 do
    if params[i] and not (type(params[i]) == "table" and #params[i] == 0) then cx:nope(node, "these parameters") end
  end
  for _, p in ipairs(params[2] or {}) do list[#list + 1] = names.lua_name(p[2]) end
  for _, p in ipairs(params[3] or {}) do
    local pname = names.lua_name(p[1][2])
    list[#list + 1] = pname
    defaults[#defaults + 1] = ("  if %s == nil then %s = %s end"):format(pname, pname, expr(cx, p[2]))
  end
  local fn = stmt().function_text(cx, list, { "def", node[4] }, true)
  local head = ("function %s(%s)"):format(name, table.concat(list, ", "))
  local lines = { head }
  for _, d in ipairs(defaults) do lines[#lines + 1] = d end
  for line in fn:gmatch("\n([^\n]*)") do lines[#lines + 1] = line end
  return lines
end

M.is_not_ported = context.is_not_ported
return M
