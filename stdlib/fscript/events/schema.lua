---The shape of a run's records (`fscript.events.case_record`, and the JSON report around them), checked where they
---come from outside: the shards `merge-reports` reads, `--durations`, and each case a parallel worker sends its
---parent. Every field the renderers use must have its type, or the record is refused with the JSON path of the
---first field that does not (`shard.json: files[1].cases[2].steps: a list expected, got a number`), instead of a
---renderer failing halfway on a number where a list goes. Fields the renderers do not read are left alone.
local M = {}

local STRING, NUMBER, BOOLEAN, TABLE = "string", "number", "boolean", "table"

-- A list of `item`s; a map (string keys) of `value`s; a record of named fields.
local function list(item) return { list = item } end
local function map(value) return { map = value } end
local function record(fields, required) return { fields = fields, required = required or {} } end

local SCALAR = { scalar = true }

local ATTACHMENT = record({ body = STRING, encoding = STRING, media_type = STRING, file_name = STRING,
  file = STRING, url = STRING, at = NUMBER })

local FAILURE = record({ message = STRING, step = STRING, where = STRING, traceback = STRING, selector = STRING,
  kind = STRING }, { message = true })

local STEP = record({ keyword = STRING, text = STRING, status = STRING, duration = NUMBER, depth = NUMBER,
  where = STRING, error = STRING, doc_string = STRING, background = BOOLEAN, started_at = NUMBER,
  traceback = STRING, attachments = list(ATTACHMENT), quiet = BOOLEAN, snippets = list(STRING),
  data_table = list(list(SCALAR)), hook = TABLE, definition = STRING, argument = STRING, pickle_step = NUMBER })

local CASE_FIELDS = { name = STRING, status = STRING, duration = NUMBER, index = NUMBER, steps = list(STEP),
  output = list(STRING), failure = FAILURE, skip_reason = STRING, artifacts = list(STRING), target = list(STRING),
  info = map(SCALAR), started_at = NUMBER, attachments = list(ATTACHMENT), attempt = NUMBER,
  will_be_retried = BOOLEAN, flaky = BOOLEAN, pickle_index = NUMBER, rank = NUMBER, trace = STRING,
  filmstrip = list(record({ step = STRING, path = STRING })), tags = list(STRING),
  screenshots = list(record({ name = STRING, baseline = STRING, expected = STRING, actual = STRING, diff = STRING })),
  gherkin = TABLE, plan = TABLE, mock_misses = TABLE }
local CASE = record(CASE_FIELDS)
CASE_FIELDS.attempts = list(CASE)

local REPORT = record({ files = list(record({ path = STRING, cases = list(CASE), position = NUMBER,
  defined = NUMBER, load_error = STRING })), duration = NUMBER, started_at = NUMBER, finished_at = NUMBER,
  exception = STRING, exception_where = STRING, run_hooks = list(STEP), support = TABLE })

local WORDS = { [STRING] = "a string", [NUMBER] = "a number", [BOOLEAN] = "true or false", [TABLE] = "an object" }

local function kind_of(value)
  if type(value) == "userdata" then return "null" end
  if type(value) ~= "table" then return type(value) == "nil" and "nothing" or WORDS[type(value)] or type(value) end
  if next(value) == nil then return "an empty list or object" end
  return rawget(value, 1) ~= nil and "a list" or "an object"
end

-- The path of the first value under `value` that does not fit `shape`, and what it should be; nil when it fits.
-- JSON's null (`json.null`) fits nothing: fscript leaves an absent field out, and a renderer would take null for
-- a value.
local function check(value, shape, path)
  if value == nil then return nil end
  if type(shape) == "string" then
    if type(value) ~= shape then return path, WORDS[shape] end
    return nil
  end
  if shape.scalar then
    if type(value) == "table" then return path, "a string, a number or true or false" end
    return nil
  end
  if type(value) ~= "table" then return path, shape.list and "a list" or "an object" end
  if shape.list then
    for i, item in ipairs(value) do
      local at, want = check(item, shape.list, ("%s[%d]"):format(path, i))
      if at then return at, want end
    end
  elseif shape.map then
    for key, item in pairs(value) do
      local at, want = check(item, shape.map, ("%s.%s"):format(path, tostring(key)))
      if at then return at, want end
    end
  else
    for key, field in pairs(shape.fields) do
      local at_key = path == "" and key or (path .. "." .. key)
      if value[key] == nil and shape.required[key] then return at_key, WORDS[field] end
      local at, want = check(value[key], field, at_key)
      if at then return at, want end
    end
  end
  return nil
end

-- The value at a checked path, to say what it was.
local function value_at(doc, path)
  local value = doc
  for part, index in path:gmatch("([^.%[%]]*)%[?(%d*)%]?") do
    if part ~= "" and type(value) == "table" then value = value[part] end
    if index ~= "" and type(value) == "table" then value = value[tonumber(index)] end
  end
  return value
end

---Checks a decoded JSON report: true, or nil and what is wrong where (`NAME: files[1].cases[2].steps: a list
---expected, got a number`).
---@param doc table the decoded report
---@param name string the file it came from
---@return boolean? ok
---@return string? error
function M.check_report(doc, name)
  local path, want = check(doc, REPORT, "")
  if not path then return true end
  return nil, ("%s: %s: %s expected, got %s; it is not a report fscript wrote (--report json:FILE)"):format(name,
    path, want, kind_of(value_at(doc, path)))
end

-- What `check` takes from outside besides a whole report: one case (its name and status required), a list of
-- step records (a run's hooks).
local SHAPES = { case = record(CASE_FIELDS, { name = true, status = true }), steps = list(STEP) }

---Checks a record from outside (a worker's) as `what` says, "case" or "steps": true, or nil and what is wrong
---where, from `name` on (`case.steps: a list expected, got a number`).
---@param value any
---@param what "case"|"steps"
---@param name? string what the value is called where it came from (default `what`)
---@return boolean? ok
---@return string? error
function M.check(value, what, name)
  name = name or what
  local path, want = check(value, assert(SHAPES[what], what), name)
  if not path then return true end
  return nil, ("%s: %s expected, got %s"):format(path, want, kind_of(value_at({ [name] = value }, path)))
end

return M
