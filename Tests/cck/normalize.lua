---The Compatibility Kit's streams made comparable, as the kit's own runners make them (cucumber-js's
---compatibility/cck_spec.ts leaves out meta, ids, times, source lines and error messages; cucumber-ruby's cck
---messages comparator leaves out times, meta's ci, gherkin documents and pickles). This one leaves out less: only
---what no two implementations can share, replaced by a placeholder so that the field must still be there:
---
---  * ids: renamed in order of first appearance (`ids.lua`), so references between messages still must agree;
---  * `timestamp` and `duration`: the clock's;
---  * `meta`: the implementation's name, version, platform and CI (the message must still be there);
---  * `sourceReference` of step definitions, hooks and parameter types: they point into the reference's TypeScript
---    (`samples/minimal/minimal.ts:3`), fscript's into its Lua step definitions;
---  * an exception's `stackTrace`: the language's own trace.
---
---JavaScript-only details, adapted here and nowhere else (everything else of the reference stream is compared
---as it is, including the text of every error message, which the Lua step definitions raise as the TypeScript
---ones throw them):
---
---  * an exception's `type` is the JavaScript class of what was thrown (`Error`, `AssertionError`,
---    `PendingException`, `SkippedException`); a Lua error has no class, so the field must be there but its
---    value is not compared;
---  * a suggestion's snippets are code in the implementation's language (`"language": "typescript"` and a
---    `Given("…", () => {…})`); fscript's are Lua: each snippet's `language` and `code` must be there, their
---    values are not compared (the pattern a snippet proposes is checked by fscript's own snippet specs);
---  * the `test-run-exception` sample's `--error` argument is the kit's fake cucumber's switch to throw outside
---    of user-supplied hook or step code; fscript has no such switch, so scripts/cck leaves it out, and the
---    sample's support code fails as it loads, after defining its step (outside any hook or step), which fscript
---    reports as the test run's exception.
---
---With `keep` (`M.stream(messages, {keep = true})`, `normalize_stream.lua --keep`), two streams of fscript are
---compared, a `--jobs` run or merged shards against the serial run: only meta's content, ids and times are left
---out (a time zeroed, its shape kept), everything else must be the same.
local ids = require("ids")

local M = {}

local PLACEHOLDER = {
  timestamp = "<timestamp>",
  duration = "<duration>",
  sourceReference = "<sourceReference>",
}

-- A copy of `value` with the placeholders put in; `parent` is the key it sits under.
local function scrub(value, parent)
  if type(value) ~= "table" then return value end
  local out = {}
  for k, v in pairs(value) do
    if PLACEHOLDER[k] then
      out[k] = PLACEHOLDER[k]
    elseif parent == "exception" and (k == "stackTrace" or k == "type") then
      out[k] = "<" .. k .. ">"
    elseif parent == "snippets" and (k == "language" or k == "code") then
      out[k] = "<" .. k .. ">"
    else
      -- An array's items sit under the array's key: a snippet under `snippets`.
      out[k] = scrub(v, type(k) == "number" and parent or k)
    end
  end
  return setmetatable(out, getmetatable(value))
end

-- A copy of `value` with only the clock left out, for two runs of one implementation: every object that is
-- exactly a time (`seconds` and `nanos`) zeroed, its shape kept; source references, stack traces, exception
-- types and snippets compared as they are.
local function zero_times(value)
  if type(value) ~= "table" then return value end
  local keys = 0
  for _ in pairs(value) do keys = keys + 1 end
  if keys == 2 and value.seconds ~= nil and value.nanos ~= nil then
    return setmetatable({ seconds = 0, nanos = 0 }, getmetatable(value))
  end
  local out = {}
  for k, v in pairs(value) do out[k] = zero_times(v) end
  return setmetatable(out, getmetatable(value))
end

---Normalizes a stream: each message scrubbed, ids renamed across the stream. With `keep`, for comparing two
---runs of fscript (a `--jobs` run or merged shards with a serial run), only meta's content and the clock are
---left out: source references, stack traces, exception types and snippets must agree too.
---@param messages table[] decoded envelopes, in stream order
---@param options? {keep?: boolean}
---@return table[]
function M.stream(messages, options)
  local keep = options and options.keep
  local rename = ids.renamer()
  local out = {}
  for i, m in ipairs(messages) do
    if m.meta ~= nil then
      out[i] = { meta = "<meta>" }
    else
      out[i] = rename(keep and zero_times(m) or scrub(m))
    end
  end
  return out
end

---The messages of an NDJSON text, decoded; raises with the line number on a line that is not JSON.
---@param text string
---@param what string names the stream in an error
---@return table[]
function M.decode(text, what)
  local messages, number = {}, 0
  for line in (text .. "\n"):gmatch("(.-)\r?\n") do
    number = number + 1
    if line:find("%S") then
      local m, err = json.decode(line)
      if m == nil then error(("%s:%d: not a JSON message (%s)"):format(what, number, tostring(err)), 0) end
      messages[#messages + 1] = m
    end
  end
  return messages
end

-- The path of the first difference between two normalized values (keys sorted, arrays in order), or nil.
local function first_difference(a, b, path)
  if type(a) ~= type(b) then return path end
  if type(a) ~= "table" then
    if a ~= b then return path end
    return nil
  end
  local keys, seen = {}, {}
  for k in pairs(a) do if not seen[k] then seen[k] = true; keys[#keys + 1] = k end end
  for k in pairs(b) do if not seen[k] then seen[k] = true; keys[#keys + 1] = k end end
  table.sort(keys, function(x, y)
    if type(x) == type(y) then return x < y end
    return type(x) == "number"
  end)
  for _, k in ipairs(keys) do
    local sub = type(k) == "number" and ("%s[%d]"):format(path, k - 1) or (path == "" and k or path .. "." .. k)
    local d = first_difference(a[k], b[k], sub)
    if d then return d end
  end
  return nil
end

-- A value for a report line: its JSON, cut to `limit` characters.
local function show(value, limit)
  if value == nil then return "(missing)" end
  local text = json.encode(value)
  if #text > limit then text = text:sub(1, limit) .. "…" end
  return text
end

-- The value at a path such as `testCase.testSteps[1].hookId`.
local function at(value, path)
  for key, index in path:gmatch("([^.%[]*)%[?(%d*)%]?") do
    if key ~= "" then value = type(value) == "table" and value[key] or nil end
    if index ~= "" then value = type(value) == "table" and value[tonumber(index) + 1] or nil end
  end
  return value
end

---Compares two normalized streams message by message, order included. Returns nil when they are equal, else
---a report of the first difference: which message, the path of its first differing field, and the expected
---and actual values (the field's and the whole message's).
---@param expected table[]
---@param actual table[]
---@return string? difference
function M.compare(expected, actual)
  for i = 1, math.max(#expected, #actual) do
    local e, a = expected[i], actual[i]
    if e == nil then
      return ("message %d is extra (%d expected, %d written)\n  actual:   %s"):format(i, #expected, #actual,
        show(a, 400))
    elseif a == nil then
      return ("message %d is missing (%d expected, %d written)\n  expected: %s"):format(i, #expected, #actual,
        show(e, 400))
    end
    local path = first_difference(e, a, "")
    if path then
      return ("message %d differs at %s\n  expected: %s\n  actual:   %s\n  expected message: %s\n"
        .. "  actual message:   %s"):format(i, path, show(at(e, path), 300), show(at(a, path), 300), show(e, 400),
        show(a, 400))
    end
  end
  return nil
end

return M
