---A small JSON encoder and decoder for reports, artifacts and backend steps.
---Tables with keys 1..n are arrays, tables with string keys are objects (keys sorted, so output is
---stable); an empty table is `[]` unless made with `json.object()`. `json.null` (and the host's
---`frank.null`) encode as `null`, and the decoder returns `json.null` for `null`.
local M = {}

---The sentinel for JSON null.
M.null = setmetatable({}, { __name = "json.null", __tostring = function() return "null" end })

local object_mt = { __name = "json.object" }

---Marks a table as a JSON object, so that it encodes as `{}` even when empty.
---@param t? table
---@return table
function M.object(t)
  return setmetatable(t or {}, object_mt)
end

local escapes = { ['"'] = '\\"', ["\\"] = "\\\\", ["\b"] = "\\b", ["\f"] = "\\f",
  ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }

---The string with each byte that is not valid UTF-8 replaced by U+FFFD (such bytes would make a JSON or
---XML document invalid).
---@param s string
---@return string
function M.valid_utf8(s)
  if utf8.len(s) then return s end
  local out, i = {}, 1
  while i <= #s do
    local len = utf8.len(s, i, i)
    local ok, code = pcall(utf8.codepoint, s, i)
    if len and ok then
      local piece = utf8.char(code)
      out[#out + 1] = piece
      i = i + #piece
    else
      out[#out + 1] = "\u{FFFD}"
      i = i + 1
    end
  end
  return table.concat(out)
end

---Encodes a string as a JSON string literal, quotes included.
---@param s string
---@return string
function M.quote(s)
  s = M.valid_utf8(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    return escapes[c] or ("\\u%04x"):format(c:byte())
  end) .. '"'
end

local function is_null(v)
  if v == M.null then return true end
  local frank = rawget(_G, "frank")
  return type(frank) == "table" and frank.null ~= nil and v == frank.null
end

local function number(v)
  if math.type(v) == "integer" then return tostring(v) end
  if v ~= v or v == math.huge or v == -math.huge then
    error("cannot encode " .. tostring(v) .. " as JSON", 0)
  end
  return ("%.14g"):format(v)
end

-- Returns "array", "object" or raises for tables JSON cannot express.
local function kind(t)
  local n, integers, strings = #t, 0, 0
  for k in pairs(t) do
    if type(k) == "string" then
      strings = strings + 1
    elseif math.type(k) == "integer" and k >= 1 and k <= n then
      integers = integers + 1
    else
      error("cannot encode a table with key " .. tostring(k) .. " as JSON", 0)
    end
  end
  if integers > 0 and strings > 0 then
    error("cannot encode a table that mixes array and object keys as JSON", 0)
  end
  if getmetatable(t) == object_mt or strings > 0 then return "object" end
  return "array"
end

local encode_value

local function encode_table(t, indent, depth, seen)
  if seen[t] then error("cannot encode a table that contains itself as JSON", 0) end
  seen[t] = true
  local nl = indent and ("\n" .. indent:rep(depth + 1)) or ""
  local close = indent and ("\n" .. indent:rep(depth)) or ""
  local sep = indent and ": " or ":"
  local parts, open, shut = {}, "[", "]"
  if kind(t) == "array" then
    for i = 1, #t do parts[i] = nl .. encode_value(t[i], indent, depth + 1, seen) end
  else
    open, shut = "{", "}"
    local keys = {}
    for k in pairs(t) do keys[#keys + 1] = k end
    table.sort(keys)
    for i, k in ipairs(keys) do
      parts[i] = nl .. M.quote(k) .. sep .. encode_value(t[k], indent, depth + 1, seen)
    end
  end
  seen[t] = nil
  if #parts == 0 then return open .. shut end
  return open .. table.concat(parts, ",") .. close .. shut
end

encode_value = function(v, indent, depth, seen)
  local t = type(v)
  if v == nil or is_null(v) then return "null" end
  if t == "boolean" then return tostring(v) end
  if t == "number" then return number(v) end
  if t == "string" then return M.quote(v) end
  if t == "table" then return encode_table(v, indent, depth, seen) end
  error("cannot encode a " .. t .. " as JSON", 0)
end

---Encodes a Lua value as JSON. Values JSON cannot express (functions, NaN, cycles, mixed tables) raise.
---@param value any
---@param opts? {indent?: string} indent: e.g. "  " for pretty output
---@return string
function M.encode(value, opts)
  local ok, result = pcall(encode_value, value, opts and opts.indent, 0, {})
  if not ok then error(result, 2) end
  return result
end

-- Decoder: a recursive descent parser over the string, position carried in `state.pos`.

local decode_value

local function fail(state, what)
  error({ json_error = ("%s at character %d"):format(what, state.pos) }, 0)
end

local function skip(state)
  state.pos = state.text:find("[^ \t\r\n]", state.pos) or (#state.text + 1)
end

local function decode_string(state)
  local text, pos, out = state.text, state.pos + 1, {}
  while true do
    local stop = text:find('["\\%c]', pos)
    if not stop then state.pos = #text + 1; fail(state, "unterminated string") end
    out[#out + 1] = text:sub(pos, stop - 1)
    local c = text:sub(stop, stop)
    if c == '"' then state.pos = stop + 1; return table.concat(out) end
    if c ~= "\\" then state.pos = stop; fail(state, "control character in string") end
    local e = text:sub(stop + 1, stop + 1)
    local simple = ({ b = "\b", f = "\f", n = "\n", r = "\r", t = "\t", ['"'] = '"', ["\\"] = "\\", ["/"] = "/" })[e]
    if simple then
      out[#out + 1], pos = simple, stop + 2
    elseif e == "u" then
      local hex = text:match("^%x%x%x%x", stop + 2)
      if not hex then state.pos = stop; fail(state, "bad \\u escape") end
      local code, next_pos = tonumber(hex, 16), stop + 6
      local low = text:match("^\\u(%x%x%x%x)", next_pos)
      if code >= 0xD800 and code < 0xDC00 and low then
        code = 0x10000 + (code - 0xD800) * 0x400 + (tonumber(low, 16) - 0xDC00)
        next_pos = next_pos + 6
      end
      out[#out + 1], pos = utf8.char(code), next_pos
    else
      state.pos = stop; fail(state, "bad escape")
    end
  end
end

local function decode_list(state, close, item)
  local result = {}
  state.pos = state.pos + 1
  skip(state)
  if state.text:sub(state.pos, state.pos) == close then state.pos = state.pos + 1; return result end
  while true do
    item(result)
    skip(state)
    local c = state.text:sub(state.pos, state.pos)
    state.pos = state.pos + 1
    if c == close then return result end
    if c ~= "," then state.pos = state.pos - 1; fail(state, "expected ',' or '" .. close .. "'") end
  end
end

local literals = { ["true"] = true, ["false"] = false }

decode_value = function(state)
  skip(state)
  local text, pos = state.text, state.pos
  local c = text:sub(pos, pos)
  if c == '"' then return decode_string(state) end
  if c == "[" then
    return decode_list(state, "]", function(list) list[#list + 1] = decode_value(state) end)
  end
  if c == "{" then
    return M.object(decode_list(state, "}", function(object)
      skip(state)
      if state.text:sub(state.pos, state.pos) ~= '"' then fail(state, "expected a string key") end
      local key = decode_string(state)
      skip(state)
      if state.text:sub(state.pos, state.pos) ~= ":" then fail(state, "expected ':'") end
      state.pos = state.pos + 1
      object[key] = decode_value(state)
    end))
  end
  local word = text:match("^%a+", pos)
  if word == "null" then state.pos = pos + 4; return M.null end
  if literals[word] ~= nil then state.pos = pos + #word; return literals[word] end
  local num = text:match("^-?%d+%.?%d*[eE]?[-+]?%d*", pos)
  if num and tonumber(num) then state.pos = pos + #num; return math.tointeger(tonumber(num)) or tonumber(num) end
  fail(state, c == "" and "unexpected end of input" or ("unexpected '" .. c .. "'"))
end

---Decodes a JSON text. Malformed input is an expected failure: it returns nil and a message.
---@param text string
---@return any value
---@return string? err
function M.decode(text)
  if type(text) ~= "string" then
    error(("bad argument #1 to 'decode' (string expected, got %s)"):format(type(text)), 2)
  end
  local state = { text = text, pos = 1 }
  local ok, result = pcall(function()
    local value = decode_value(state)
    skip(state)
    if state.pos <= #text then fail(state, "trailing characters") end
    return value
  end)
  if ok then return result end
  if type(result) == "table" and result.json_error then return nil, "invalid JSON: " .. result.json_error end
  error(result, 0)
end

return M
