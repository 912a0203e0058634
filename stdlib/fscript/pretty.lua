---Readable forms of values for the REPL: tables as indented, key-sorted Lua literals (cycles marked, long
---lists cut with a count), view dumps as indented trees, queries as what they match.
local M = {}

---How many list items and fields a table shows before it says how many more there are.
M.LIMIT = 20
---How deep nested tables are shown before `{…}`.
M.DEPTH = 6

local function is_identifier(key)
  return type(key) == "string" and key:match("^[%a_][%w_]*$") ~= nil
end

local function key_order(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(a) < tostring(b)
end

local function scalar(value)
  if type(value) == "string" then return ("%q"):format(value):gsub("\\\n", "\\n") end
  if math.type(value) == "float" and value == math.floor(value) and math.abs(value) < 1e15 then
    return ("%.1f"):format(value)
  end
  return tostring(value)
end

---True for a table that looks like a view dump node (`app:dump()`): a class and subviews.
---@param value any
---@return boolean
function M.is_dump(value)
  return type(value) == "table" and type(value.class) == "string" and type(value.subviews) == "table"
end

local function frame_text(frame)
  if type(frame) ~= "table" or type(frame.origin) ~= "table" or type(frame.size) ~= "table" then return nil end
  return ("(%g, %g, %g×%g)"):format(frame.origin.x or 0, frame.origin.y or 0, frame.size.width or 0,
    frame.size.height or 0)
end

---A view dump as an indented tree: class, label, text and screen frame, one view a line; a hidden view (isHidden,
---transparent, or inside one), which touches and "I should see" do not find, ends with `(hidden)`.
---@param node table
---@return string
function M.tree(node)
  local lines = {}
  local function visit(view, depth, inside_hidden)
    local hidden = inside_hidden or view.isHidden == true or view.isHidden == 1
      or (type(view.alpha) == "number" and view.alpha < 0.01)
    local parts = { ("  "):rep(depth) .. tostring(view.class) }
    if type(view.accessibilityLabel) == "string" then
      parts[#parts + 1] = ("label=%q"):format(view.accessibilityLabel)
    end
    if type(view.text) == "string" and view.text ~= view.accessibilityLabel then
      parts[#parts + 1] = ("text=%q"):format(view.text)
    end
    local frame = frame_text(view.accessibilityFrame or view.frame)
    if frame then parts[#parts + 1] = frame end
    if hidden then parts[#parts + 1] = "(hidden)" end
    lines[#lines + 1] = table.concat(parts, " ")
    for _, child in ipairs(view.subviews or {}) do visit(child, depth + 1, hidden) end
  end
  visit(node, 0, false)
  return table.concat(lines, "\n")
end

local function literal(value, indent, seen, depth)
  if type(value) ~= "table" then return scalar(value) end
  if seen[value] then return "<cycle>" end
  if depth >= M.DEPTH then return "{…}" end
  if next(value) == nil then return "{}" end
  seen[value] = true
  local inner = indent .. "  "
  local items = {}
  local count = #value
  for i = 1, math.min(count, M.LIMIT) do items[#items + 1] = inner .. literal(value[i], inner, seen, depth + 1) end
  if count > M.LIMIT then items[#items + 1] = ("%s… %d more"):format(inner, count - M.LIMIT) end
  local keys = {}
  for key in pairs(value) do
    if not (math.type(key) == "integer" and key >= 1 and key <= count) then keys[#keys + 1] = key end
  end
  table.sort(keys, key_order)
  for i, key in ipairs(keys) do
    if i > M.LIMIT then
      items[#items + 1] = ("%s… %d more fields"):format(inner, #keys - M.LIMIT)
      break
    end
    local shown = is_identifier(key) and key or ("[%s]"):format(scalar(key))
    items[#items + 1] = ("%s%s = %s"):format(inner, shown, literal(value[key], inner, seen, depth + 1))
  end
  seen[value] = nil
  -- Short tables of plain values fit on one line: { 1, 2, 3 }, { x = 10, y = 20 }.
  local flat = {}
  for i, item in ipairs(items) do
    flat[i] = item:sub(#inner + 1)
    if flat[i]:find("\n") then flat = nil break end
  end
  if flat then
    local line = "{ " .. table.concat(flat, ", ") .. " }"
    if #line + #indent <= 100 then return line end
  end
  return "{\n" .. table.concat(items, ",\n") .. "\n" .. indent .. "}"
end

---A query (`app:lookup(sel)`) as what it matches now: `frank.Query("button"): 3 views: 'Log In', …`.
local function query_text(value)
  local ok, labels = pcall(function() return value:labels() end)
  if not ok then return tostring(value) end
  local shown = {}
  for i = 1, math.min(#labels, 8) do
    shown[i] = labels[i] == nil and "(no label)" or ("%q"):format(tostring(labels[i]))
  end
  local more = #labels > 8 and (", … %d more"):format(#labels - 8) or ""
  return ("%s: %d view%s%s%s"):format(tostring(value), #labels, #labels == 1 and "" or "s",
    #labels > 0 and ": " .. table.concat(shown, ", ") or "", more)
end

---One value as the REPL shows it.
---@param value any
---@return string
function M.format(value)
  if M.is_dump(value) then return M.tree(value) end
  local meta = getmetatable(value)
  if type(value) == "table" and type(meta) == "table" and meta.__tostring then return tostring(value) end
  if type(value) == "table" then return literal(value, "", {}, 0) end
  if type(value) == "userdata" and type(meta) == "table" and meta.__name == "frank.Query" then
    return query_text(value)
  end
  return scalar(value)
end

---Prints the values as the REPL does after each command: tab-separated as `lua` does, a string as it is (its
---quotes only inside tables), a table, a dump or a query in its readable form.
---@param ... any
function M.print(...)
  local parts = table.pack(...)
  for i = 1, parts.n do
    parts[i] = type(parts[i]) == "string" and parts[i] or M.format(parts[i])
  end
  print(table.concat(parts, "\t", 1, parts.n))
end

return M
