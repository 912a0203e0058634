---Small helpers shared by the stdlib modules: host access, text distance, selector quoting.
local M = {}

---The host table `fscript` when the Swift host provides it, else an empty table (plain `lua5.4`).
---@return table
function M.host()
  local host = rawget(_G, "fscript")
  if type(host) == "table" then return host end
  return {}
end

---A path as people write it: `./x` and `x//y` as `x` and `x/y` (`.` stays `.`).
---@param path string
---@return string
function M.clean_path(path)
  local cleaned = path:gsub("/+", "/"):gsub("^%./", ""):gsub("/%./", "/")
  while cleaned:sub(1, 2) == "./" do cleaned = cleaned:sub(3) end
  return cleaned ~= "" and cleaned or "."
end

---The key that is the same for every spelling of one file (`./x`, `x`, a symlink, `a/../x`): the host's
---realpath, else the cleaned path (plain Lua).
---@param path string
---@return string
function M.file_key(path)
  local real = M.host().real_path
  return real and real(path) or M.clean_path(path)
end

---Monotonic seconds: `fscript.clock()` from the host, `os.clock()` as a fallback under plain Lua.
---@return number
function M.clock()
  local clock = M.host().clock
  if clock then return clock() end
  return os.clock()
end

-- The wall clock at the first call and the monotonic clock then: `now()` adds the monotonic time since, so
-- timestamps are real (seconds since the epoch) and their differences are measured, not whole seconds.
local wall_base, clock_base

---Seconds since the epoch, with the monotonic clock's resolution (the messages' timestamps).
---@return number
function M.now()
  if not wall_base then wall_base, clock_base = os.time(), M.clock() end
  return wall_base + (M.clock() - clock_base)
end

---The current target: the global `app`, read at call time because `frank.launch` replaces it.
---@return frank.App?
function M.app()
  return rawget(_G, "app")
end

-- The metatable name of the host's stops (LuaKit's `LuaStop`): Ctrl-C and a passed deadline raise a table
-- {kind, message, where} with it. A stop is told by this type, never by its text, so a script's own
-- `error("x: interrupted")` is an ordinary failure.
local STOP = "LuaKit.Stop"

---What stopped the code, when `err` is a stop or a failure made from one: `"interrupt"` (Ctrl-C, SIGTERM) or
---`"timeout"` (the test deadline); nil for any other error.
---@param err any
---@return "interrupt"|"timeout"|nil
function M.stop_kind(err)
  if type(err) ~= "table" then return nil end
  local meta = getmetatable(err)
  if type(meta) ~= "table" then return nil end
  if meta.__name == STOP then return err.kind end
  -- A failure (fscript.failure) keeps the kind of the stop it was made from.
  if meta.__name == "fscript.Failure" and (err.kind == "interrupt" or err.kind == "timeout") then return err.kind end
  return nil
end

---True for errors that must never be swallowed by a retry loop: the test deadline and Ctrl-C.
---@param err any
---@return boolean
function M.is_fatal(err)
  return M.stop_kind(err) ~= nil
end

---True when `err` is the host's Ctrl-C (or SIGTERM) stop.
---@param err any
---@return boolean
function M.is_interrupt(err)
  return M.stop_kind(err) == "interrupt"
end

---Removes leading and trailing white space.
---@param s string
---@return string
function M.trim(s)
  -- One pass from each end: gsub("%s+$") retries at every byte of a long run of inner spaces (quadratic: a step
  -- with 10,000 spaces took minutes to match against the catalog).
  local first = s:find("%S")
  if not first then return "" end
  local last = #s
  while true do
    local b = s:byte(last)
    if b ~= 32 and (b < 9 or b > 13) then break end
    last = last - 1
  end
  return s:sub(first, last)
end

---Levenshtein distance between two strings (bytes): the one implementation behind every "did you mean" (the
---nearest steps, a misspelt Gherkin keyword). With `limit`, the work stops as soon as the distance is known to
---exceed it and `limit + 1` is returned: strings whose lengths differ by more cost nothing, and others at most
---`limit + 1` rows past the point where they part, so text from outside (a 10,000-character step) cannot make a
---suggestion cost quadratic time.
---@param a string
---@param b string
---@param limit? integer
---@return integer
function M.edit_distance(a, b, limit)
  if a == b then return 0 end
  if limit and math.abs(#a - #b) > limit then return limit + 1 end
  local previous = {}
  for j = 0, #b do previous[j] = j end
  for i = 1, #a do
    local current = { [0] = i }
    local ca, lowest = a:byte(i), i
    for j = 1, #b do
      local cost = (ca == b:byte(j)) and 0 or 1
      local d = math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      current[j] = d
      if d < lowest then lowest = d end
    end
    if limit and lowest > limit then return limit + 1 end
    previous = current
  end
  return previous[#b]
end

---Quotes a string as a Shelley argument: '…' unless it holds a single quote, then "…".
---Shelley has no escapes, so a string holding both quote kinds cannot be selected; that raises.
---@param s string
---@return string
function M.quote(s)
  s = tostring(s)
  if not s:find("'", 1, true) then return "'" .. s .. "'" end
  if not s:find('"', 1, true) then return '"' .. s .. '"' end
  error(("cannot quote %q for a selector: Shelley has no escapes and it holds both quote kinds"):format(s), 3)
end

---Parses an English ordinal: "1st", "22nd", "3rd", "4th", or "first" … "tenth". Returns nil if it is none.
---@param s string
---@return integer?
function M.ordinal(s)
  local words = { first = 1, second = 2, third = 3, fourth = 4, fifth = 5, sixth = 6, seventh = 7,
    eighth = 8, ninth = 9, tenth = 10 }
  if words[s] then return words[s] end
  local n, suffix = s:match("^(%d+)(%a%a)$")
  if not n then return nil end
  n = tonumber(n)
  local teen = (n % 100 >= 11 and n % 100 <= 13)
  local want = (not teen and ({ "st", "nd", "rd" })[n % 10]) or "th"
  if suffix ~= want then return nil end
  return n
end

---True for a Frankly boolean: `true` or `1` (servers differ); `false`, `0` and `frank.null` are false.
---@param v any
---@return boolean
function M.truthy(v)
  return v == true or v == 1
end

---Quotes a path for /bin/sh.
---@param s string
---@return string
function M.shell_quote(s)
  return "'" .. tostring(s):gsub("'", "'\\''") .. "'"
end

---Creates a directory and its parents: `fscript.mkdir` from the host, else `mkdir -p`.
---@param path string
---@return boolean? ok
---@return string? err
function M.mkdir(path)
  local mkdir = M.host().mkdir
  if mkdir then
    local called, ok, err = pcall(mkdir, path)
    if not called then return nil, tostring(ok) end
    return ok, err
  end
  local ok = os.execute("mkdir -p " .. M.shell_quote(path))
  if ok then return true end
  return nil, "cannot create directory " .. path
end

---Writes a whole file, whole or not at all: the bytes go to a temporary file beside `path`, renamed over it once
---written and closed, so a full disk leaves no 0-byte or cut file (the host's `fscript.write_file`; the same in
---Lua under plain `lua5.4`). Expected failures return nil and a message naming the file and the reason.
---@param path string
---@param contents string
---@return boolean? ok
---@return string? err
function M.write_file(path, contents)
  local host = M.host().write_file
  if host then return host(path, contents) end
  local temporary = path .. ".tmp"
  local file, err = io.open(temporary, "wb")
  if not file then return nil, ("cannot write %s (%s)"):format(path, tostring(err)) end
  local wrote, werr = file:write(contents)
  local closed, cerr = file:close()
  local renamed, rerr = false, nil
  if wrote and closed then renamed, rerr = os.rename(temporary, path) end
  if not renamed then
    os.remove(temporary)
    return nil, ("cannot write %s (%s)"):format(path, tostring(werr or cerr or rerr))
  end
  return true
end

---A whole file's bytes, or nil and why it cannot be read. For the files fscript itself keeps (a suite's own
---files); a file an input names is read with `read_input`.
---@param path string
---@return string? bytes
---@return string? err
function M.read_file(path)
  local file, err = io.open(path, "rb")
  if not file then return nil, err end
  local bytes = file:read("a")
  file:close()
  return bytes
end

---The most a file an input names may hold (a trace with its pictures, a report to merge, an attachment).
M.INPUT_LIMIT = 256 * 1024 * 1024

-- Where `read_input` may read from while `merge-reports` renders (see `M.confine`), or nil: anywhere.
local confinement

---Reads a file an input names (a trace, an attachment or artifact a report names, `--durations`, a report to
---merge): a regular file of at most `limit` bytes (`M.INPUT_LIMIT`), never a device, a FIFO or a `/proc` entry
---(the host's `fscript.read_file`). While `M.confine` holds, a `kind` it names is read only by a relative path
---without `..` under its folder, and every other file is refused. nil and why when it is not read.
---@param path string
---@param kind? "embed"|"source" what the file is for (default "embed": a file a report shows)
---@param limit? integer
---@return string? bytes
---@return string? err
function M.read_input(path, kind, limit)
  if type(path) ~= "string" or path == "" then return nil, "no file named" end
  limit = limit or M.INPUT_LIMIT
  if confinement then
    local allowed, why = confinement.check(path, kind or "embed")
    if not allowed then
      confinement.refused[#confinement.refused + 1] = path
      return nil, why
    end
    path, limit = allowed, math.min(limit, confinement.left)
  end
  local host = M.host().read_file
  if host then
    local bytes, err = host(path, limit)
    if bytes and confinement then confinement.left = confinement.left - #bytes end
    return bytes, err
  end
  local file, err = io.open(path, "rb")
  if not file then return nil, err end
  local bytes = file:read(limit + 1)
  file:close()
  if bytes and #bytes > limit then return nil, ("%s is over the limit of %d bytes"):format(path, limit) end
  return bytes or ""
end

-- True when `path` is relative and has no `..` component.
local function plain_relative(path)
  if path:sub(1, 1) == "/" then return false end
  for part in path:gmatch("[^/]+") do
    if part == ".." then return false end
  end
  return true
end

---Confines `read_input` to the folders `roots` names by kind (`{embed = "shards/", source = "."}`; a kind it
---does not name is never read), until `M.unconfine()`: `merge-reports` reads only what the command line allows,
---never a path a shard's report names (`/proc/self/environ`, a secret). A path must be relative, without `..`,
---and stay under its folder once links are resolved; all the files read together hold at most `budget` bytes.
---@param roots table<string, string>
---@param budget integer
function M.confine(roots, budget)
  local real = M.host().real_path or function(p) return p end
  local real_roots = {}
  for kind, root in pairs(roots) do
    local resolved = real(root)
    real_roots[kind] = { given = root, real = resolved, prefix = resolved and (resolved:gsub("/*$", "") .. "/") }
  end
  confinement = { refused = {}, left = budget, check = function(path, kind)
    local root = real_roots[kind]
    if not root or not root.real then
      return nil, ("%s: not embedded (merge-reports embeds files only from the folder --files names)"):format(path)
    end
    if not plain_relative(path) then
      return nil, ("%s: not embedded (a file a report names must be a relative path without ..)"):format(path)
    end
    local joined = root.given:gsub("/+$", "") .. "/" .. path
    local resolved = real(joined)
    if not resolved or resolved:sub(1, #root.prefix) ~= root.prefix then
      return nil, ("%s: not embedded (not a file under %s)"):format(path, root.given)
    end
    return joined
  end }
end

---Ends `M.confine`; the paths it refused meanwhile, each once, in order.
---@return string[]
function M.unconfine()
  local refused, seen = {}, {}
  for _, path in ipairs(confinement and confinement.refused or {}) do
    if not seen[path] then
      seen[path] = true
      refused[#refused + 1] = path
    end
  end
  confinement = nil
  return refused
end

local B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

---Base64 of a byte string: images embedded in the HTML report, traces, attachments. The host's encoder
---(`fscript.base64`) when there is one; this loop under plain Lua.
---@param bytes string
---@return string
function M.base64(bytes)
  local host = M.host().base64
  if host then return host(bytes) end
  local out = {}
  for i = 1, #bytes, 3 do
    local a, b, c = bytes:byte(i, i + 2)
    local n = a * 65536 + (b or 0) * 256 + (c or 0)
    local function digit(shift) local k = (n >> shift) & 63 return B64:sub(k + 1, k + 1) end
    out[#out + 1] = digit(18) .. digit(12) .. (b and digit(6) or "=") .. (c and digit(0) or "=")
  end
  return table.concat(out)
end


return M
