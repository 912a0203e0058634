-- The Cucumber Compatibility Kit's runner (run by scripts/cck through `fscript -e`): each sample of the
-- installed kit runs through fscript with its Lua step definitions, and the messages fscript writes are
-- compared with the sample's expected .ndjson (normalized by normalize.lua). Prints per sample `NAME: match` or
-- `NAME: differs: …` with the first difference, then `N/49 samples match`; exits 0 when all match, 1 when one
-- does not, 2 when the run could not be arranged, 130 when interrupted.
--
-- Each sample runs in a folder of its own under a temporary directory: `samples/NAME/` holds the sample's
-- feature files (copied from the kit, never kept in the repository) and `step_definitions/` with the Lua step
-- definitions from Tests/cck/NAME, so fscript's own discovery finds both, and the uris read `samples/NAME/…`
-- as the reference's do. Files the steps attach are read from the kit's folder (CCK_SAMPLE_DIR).
--
-- Environment: CCK_KIT (the kit's features folder), CCK_BIN (the fscript binary), CCK_ROOT (the repository),
-- CCK_SAMPLES (names to run, space separated; all when empty), CCK_VERBOSE (print fscript's output of samples
-- that differ).
local root = assert(os.getenv("CCK_ROOT"), "CCK_ROOT is not set: run scripts/cck")
package.path = root .. "/Tests/cck/?.lua;" .. package.path
local normalize = require("normalize")

local kit = assert(os.getenv("CCK_KIT"), "CCK_KIT is not set: run scripts/cck")
local bin = assert(os.getenv("CCK_BIN"), "CCK_BIN is not set: run scripts/cck")
local verbose = (os.getenv("CCK_VERBOSE") or "") ~= ""
-- Options added to every sample's run (`--jobs 4`: the parallel run must write the same stream).
local extra = os.getenv("CCK_ARGS") or ""

local function q(s)
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

local function read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local text = f:read("a")
  f:close()
  return text
end

local function lines_of(command)
  local p = assert(io.popen(command))
  local out = {}
  for line in p:lines() do out[#out + 1] = line end
  p:close()
  return out
end

local work -- the temporary folder of the runs

-- Stops the whole run on Ctrl-C or SIGTERM, its temporary folder removed.
local function interrupted()
  if work then os.execute("rm -rf '" .. work .. "'") end
  io.stderr:write("cck: interrupted\n")
  os.exit(130)
end

-- Runs a shell command and answers its exit status. fscript's os.execute stops the command and raises when the
-- run is interrupted; a sample's fscript that was interrupted itself exits 130.
local function sh(command)
  local ok, problem, how, code = pcall(os.execute, command)
  if not ok then
    if tostring(problem):find("interrupted", 1, true) then interrupted() end
    error(problem, 0)
  end
  if how == "signal" or code == 130 or code == 143 then interrupted() end
  return code
end

local all = lines_of("ls " .. q(kit))
local wanted = {}
for name in (os.getenv("CCK_SAMPLES") or ""):gmatch("%S+") do wanted[#wanted + 1] = name end
local samples = #wanted > 0 and wanted or all
local known = {}
for _, name in ipairs(all) do known[name] = true end
for _, name in ipairs(samples) do
  if not known[name] then
    io.stderr:write(("cck: no sample named %q in %s (known: %s)\n"):format(name, kit, table.concat(all, ", ")))
    os.exit(2)
  end
end

-- The sample's command-line arguments (its .arguments.txt), without the kit's fake-cucumber-only `--error`.
local function arguments(dir, name)
  local text = read(dir .. "/" .. name .. ".arguments.txt") or ""
  local out = {}
  for word in text:gmatch("%S+") do
    if word ~= "--error" then out[#out + 1] = q(word) end
  end
  return table.concat(out, " ")
end

work = lines_of("mktemp -d")[1]
local matched = 0
for _, name in ipairs(samples) do
  local dir = kit .. "/" .. name
  local run = work .. "/" .. name
  local steps = root .. "/Tests/cck/" .. name .. "/step_definitions"
  local into = ("%s/samples/%s"):format(q(run), q(name))
  if sh(("mkdir -p %s/step_definitions && cp %s/*.lua %s/step_definitions/ && for f in %s/*.feature %s/*.feature.md;"
    .. " do if [ -e \"$f\" ]; then cp \"$f\" %s/ || exit 1; fi; done")
    :format(into, q(steps), into, q(dir), q(dir), into))
    ~= 0 then
    io.stderr:write(("cck: cannot arrange the run of %s in %s\n"):format(name, run))
    os.exit(2)
  end
  local actual_path = run .. "/messages.ndjson"
  local code = sh(("cd %s && CCK_SAMPLE_DIR=%s timeout --kill-after=10 300 %s samples/%s --report message:%s %s"
    .. " %s >%s/out.txt 2>&1 </dev/null"):format(q(run), q(dir), q(bin), q(name), q(actual_path), arguments(dir, name),
    extra, q(run)))
  local verdict
  local actual_text = read(actual_path)
  if not actual_text then
    local out = read(run .. "/out.txt") or ""
    verdict = ("differs: fscript wrote no messages (exit %s)\n  %s"):format(tostring(code),
      (out:gsub("\n", "\n  ")):sub(1, 1200))
  else
    local ok, result = pcall(function()
      local expected = normalize.stream(normalize.decode(assert(read(dir .. "/" .. name .. ".ndjson")), "expected"))
      local actual = normalize.stream(normalize.decode(actual_text, "fscript's messages"))
      return normalize.compare(expected, actual)
    end)
    if not ok then
      verdict = "differs: " .. tostring(result)
    elseif result then
      verdict = "differs: " .. result
      if verbose then
        verdict = verdict .. "\n  fscript's output:\n  " .. (read(run .. "/out.txt") or ""):gsub("\n", "\n  ")
      end
    else
      verdict = "match"
      matched = matched + 1
    end
  end
  print(("%s: %s"):format(name, verdict))
  io.stdout:flush()
end
sh("rm -rf " .. q(work))
print(("%d/%d samples match"):format(matched, #samples))
os.exit(matched == #samples and 0 or 1)
