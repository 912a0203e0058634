---Screenshot checks against reviewed baselines: `app:expect_screenshot(name, opts)` and the catalog step
---`the screen should match the baseline "NAME"`, as Playwright's `toHaveScreenshot`.
---
---A baseline lives beside its test, `<test dir>/__screenshots__/<test file name>/<NAME>.<kind>.png`, one per
---target kind: `simulator` for the embedded simulator and `fscript serve` (both draw the same wireframe), and
---`<device>-<W>x<H>` for a real app (its `/device` name and the picture's size in pixels), since a device's
---pixels and a wireframe never match. A missing baseline is written from the screen and the check fails saying
---so, so CI never passes on a picture nobody reviewed; `--update-snapshots` writes every baseline a run checks.
---
---The comparison is `fscript.image`'s (pixelmatch's YIQ distance with anti-aliasing detection). Before each
---picture the check waits for the app to be idle, and it retries, on the app's next change, until the
---`validation` limit runs out: one matching picture passes. On failure the last attempt's expected, actual and
---diff images go to the artifacts folder and onto the case, where the HTML report shows them.
local config = require("fscript.config")
local failure = require("fscript.failure")
local util = require("fscript.util")
local wait = require("fscript.wait")

local M = {}

---@class fscript.ScreenshotOptions
---@field max_diff_pixels? integer how many pixels may differ (default 0)
---@field max_diff_ratio? number the share of pixels that may differ, 0 to 1 (with max_diff_pixels: the stricter)
---@field threshold? number how far two colours may be apart, 0 to 1 (default 0.1, pixelmatch's)
---@field mask? string|string[] Shelley selectors of views hidden from the comparison (painted magenta)
---@field crop? string a Shelley selector of the one view whose region is compared
---@field subpixel? boolean forgive edges moved by less than a pixel (default true; false: pixelmatch alone)

---What each option takes, for the errors that name it.
M.options = {
  max_diff_pixels = "an integer of 0 or more",
  max_diff_ratio = "a number from 0 to 1",
  threshold = "a number from 0 to 1",
  mask = "a selector string or a list of them",
  crop = "a selector string",
  subpixel = "true or false",
}

---The default pixelmatch threshold.
M.default_threshold = 0.1

-- The run this process is in: its state (current file, artifacts folder) and whether to update baselines.
local run = { state = nil, update = false }

---Called by the runner for each run: where the current test file and the artifacts folder are read from, and
---whether `--update-snapshots` is on.
---@param state table the runner's run state (`file.path`, `artifacts`)
---@param update boolean
function M.configure(state, update)
  run.state, run.update = state, update == true
end

local function bad(message, level)
  error(("bad argument %s"):format(message), level + 1)
end

local function nearest_option(key)
  local best, distance = nil, 3
  for known in pairs(M.options) do
    local d = util.edit_distance(key, known, 2)
    if d < distance then best, distance = known, d end
  end
  return best
end

local function is_selector(v) return type(v) == "string" and v:match("%S") ~= nil end

---Checks `name` and `opts` where they enter; errors name the argument, the option and what it takes.
---@param name any
---@param opts any
---@param level integer the caller's level for the error
---@return string name
---@return {max_diff_pixels: integer, max_diff_ratio?: number, threshold: number, masks: string[], crop?: string,
---  subpixel: boolean}
function M.check_arguments(name, opts, level)
  level = level + 1
  if type(name) ~= "string" then
    bad(("#1 to 'expect_screenshot' (baseline name expected, got %s)"):format(type(name)), level)
  end
  if name == "" or #name > 100 or not name:match("^[%w][%w%-_. ]*$") or name:find("..", 1, true) then
    bad(("#1 to 'expect_screenshot' (a baseline name is 1 to 100 letters, digits, spaces, '-', '_' and '.', "
      .. "starting with a letter or digit, without '..'; got %q)"):format(name), level)
  end
  if opts ~= nil and (type(opts) ~= "table" or getmetatable(opts) ~= nil) then
    bad(("#2 to 'expect_screenshot' (options table expected, got %s)"):format(type(opts)), level)
  end
  opts = opts or {}
  for key in pairs(opts) do
    if M.options[key] == nil then
      local hint = type(key) == "string" and nearest_option(key)
      local known = {}
      for k in pairs(M.options) do known[#known + 1] = k end
      table.sort(known)
      bad(("#2 to 'expect_screenshot' (unknown option %s%s; known: %s)"):format(
        type(key) == "string" and ("'" .. key .. "'") or tostring(key),
        hint and ("; did you mean '" .. hint .. "'?") or "", table.concat(known, ", ")), level)
    end
  end
  local function wrong(key)
    bad(("#2 to 'expect_screenshot' (%s must be %s, got %s)"):format(key, M.options[key],
      type(opts[key]) == "string" and ("%q"):format(opts[key]) or tostring(opts[key])), level)
  end
  local checked = { max_diff_pixels = 0, threshold = M.default_threshold, masks = {}, subpixel = true }
  if opts.subpixel ~= nil then
    if type(opts.subpixel) ~= "boolean" then wrong("subpixel") end
    checked.subpixel = opts.subpixel
  end
  local pixels = opts.max_diff_pixels
  if pixels ~= nil then
    if math.type(pixels) == "float" and pixels == math.floor(pixels) and pixels < 2 ^ 53 then
      pixels = math.tointeger(pixels)
    end
    if math.type(pixels) ~= "integer" or pixels < 0 then wrong("max_diff_pixels") end
    checked.max_diff_pixels = pixels
  end
  for _, key in ipairs({ "max_diff_ratio", "threshold" }) do
    local v = opts[key]
    if v ~= nil then
      if type(v) ~= "number" or v ~= v or v < 0 or v > 1 then wrong(key) end
      checked[key] = v
    end
  end
  if opts.max_diff_ratio ~= nil and opts.max_diff_pixels == nil then checked.max_diff_pixels = nil end
  local mask = opts.mask
  if type(mask) == "string" then mask = { mask } end
  if mask ~= nil then
    if type(mask) ~= "table" or getmetatable(mask) ~= nil then wrong("mask") end
    for i, sel in pairs(mask) do
      if math.type(i) ~= "integer" or i < 1 or i > #mask or not is_selector(sel) then
        bad(("#2 to 'expect_screenshot' (mask must be %s; mask[%s] is %s)"):format(M.options.mask, tostring(i),
          type(sel) == "string" and "an empty string" or type(sel)), level)
      end
      checked.masks[i] = sel
    end
  end
  if opts.crop ~= nil then
    if not is_selector(opts.crop) then wrong("crop") end
    checked.crop = opts.crop
  end
  return name, checked
end

---The pixels that may differ: the stricter of `max_diff_pixels` and `max_diff_ratio` of all pixels.
---@param checked table
---@param total integer pixels compared
---@return integer
function M.allowed(checked, total)
  local by_ratio = checked.max_diff_ratio and math.floor(checked.max_diff_ratio * total) or nil
  if checked.max_diff_pixels and by_ratio then return math.min(checked.max_diff_pixels, by_ratio) end
  return checked.max_diff_pixels or by_ratio or 0
end

local function image()
  return require("fscript.image")
end

local function dirname(path) return path:match("^(.*)/[^/]*$") or "." end
local function basename(path) return path:match("([^/]+)$") or path end

-- The test file the check belongs to: the runner's current file, else the nearest calling script.
local function test_file()
  local file = run.state and run.state.file
  if file and file.path then return file.path end
  for level = 3, 30 do
    local info = debug.getinfo(level, "S")
    if not info then break end
    local source = info.source or ""
    if source:sub(1, 1) == "@" and not source:find("/fscript/", 1, true) then return source:sub(2) end
  end
  return nil
end

---The target kind baselines are kept by: `simulator`, or `<device>-<W>x<H>` for a real app.
---@param app frank.App
---@param png string a screenshot of it
---@return string
function M.target_kind(app, png)
  local ok, version = pcall(app.version, app)
  -- A stop (Ctrl-C, a time limit) ends the check; any other error just leaves the kind to the device's name.
  if not ok and util.is_fatal(version) then error(version, 0) end
  if ok and type(version) == "string" and version:match("^fscript%-simulator") then return "simulator" end
  local width, height = image().size(png)
  local called, device = pcall(app.device, app)
  if not called and util.is_fatal(device) then error(device, 0) end
  local name = called and type(device) == "table" and device.device or "app"
  local segment = tostring(name):lower():gsub("[^%w%-_]+", "_")
  return ("%s-%dx%d"):format(segment, width, height)
end

---The baseline's path for a test file, name and kind.
---@param file string
---@param name string
---@param kind string
---@return string
function M.baseline_path(file, name, kind)
  return ("%s/__screenshots__/%s/%s.%s.png"):format(dirname(file), basename(file), name, kind)
end

-- Screen points to whole pixels: a mask covers every pixel the frame touches; a crop keeps the frame's size in
-- pixels wherever it starts, so a view moved by a fraction of a pixel is still compared with its baseline.
local function pixel_rect(frame, scale, covering)
  local x, y = frame.origin.x * scale, frame.origin.y * scale
  local left, top = math.floor(x), math.floor(y)
  local width, height = frame.size.width * scale, frame.size.height * scale
  if covering then
    return { x = left, y = top, width = math.ceil(x + width) - left, height = math.ceil(y + height) - top }
  end
  return { x = left, y = top, width = math.floor(width + 0.5), height = math.floor(height + 0.5) }
end

-- Points per pixel of the picture: its width over the key window's width in points.
local function scale_of(app, png)
  local width = image().size(png)
  local tree = app:dump()
  local frame = type(tree) == "table" and (tree.accessibilityFrame or tree.frame)
  local points = frame and frame.size and tonumber(frame.size.width)
  if not points or points <= 0 then return 1 end
  return width / points
end

-- One picture of the screen, masked and cropped: the PNG compared, the masks in its own pixels (after the
-- crop), the crop in screen points.
local function take(app, checked)
  local png = app:screenshot()
  if #checked.masks == 0 and not checked.crop then return { png = png, raw = png, masks = {} } end
  local scale = scale_of(app, png)
  local masks = {}
  for _, sel in ipairs(checked.masks) do
    -- As Playwright: a mask that matches nothing hides nothing.
    for _, frame in ipairs(app:lookup(sel):frames()) do masks[#masks + 1] = pixel_rect(frame, scale, true) end
  end
  local crop
  if checked.crop then
    local frames = app:lookup(checked.crop):frames()
    if #frames ~= 1 then
      failure.raise(("expect_screenshot: crop %q must match one view, matched %d"):format(checked.crop, #frames),
        checked.crop)
    end
    crop = pixel_rect(frames[1], scale)
  end
  local prepared = image().prepare(png, { masks = masks, crop = crop })
  local shifted = {}
  for i, m in ipairs(masks) do
    shifted[i] = { x = m.x - (crop and crop.x or 0), y = m.y - (crop and crop.y or 0), width = m.width,
      height = m.height }
  end
  return { png = prepared, raw = png, masks = shifted, scale = scale, crop = crop }
end

local function write(path, bytes)
  local ok, err = util.mkdir(dirname(path))
  if ok then ok, err = util.write_file(path, bytes) end
  if not ok then failure.raise(("expect_screenshot: cannot write %s (%s)"):format(path, tostring(err))) end
end

-- The current case (a scenario's record), to hang the images on for the reports.
local function current_case()
  local session = package.loaded["fscript.session"]
  return session and session.current and session.current.case or nil
end

-- Writes the last attempt's images to the artifacts folder; returns their paths.
local function write_artifacts(file, name, expected, last)
  -- A run with artifacts off (`artifacts = false`) keeps no pictures either.
  if run.state and not run.state.artifacts then return {} end
  local root = run.state and run.state.artifacts or "fscript-artifacts"
  local case = current_case()
  local artifacts = require("fscript.run.artifacts")
  local dir = ("%s/%s/%s"):format(root, artifacts.segment(basename(file)),
    artifacts.segment(case and case.name or "script"))
  local paths = {}
  for kind, bytes in pairs({ expected = expected, actual = last.png, diff = last.result and last.result.diff }) do
    paths[kind] = ("%s/%s-%s.png"):format(dir, name, kind)
    write(paths[kind], bytes)
  end
  return paths
end

local function describe_region(app, result, last)
  if not result.changed then return "" end
  local scale = last.scale or scale_of(app, last.raw)
  local c = result.changed
  local ox, oy = last.crop and last.crop.x or 0, last.crop and last.crop.y or 0
  return (", within x %g y %g, %g×%g points"):format((c.x + ox) / scale, (c.y + oy) / scale, c.width / scale,
    c.height / scale)
end

---`app:expect_screenshot(name, opts)`: passes when a picture of the screen (after idle) matches the baseline
---within `opts` before the validation limit runs out; see the module's description.
---@param app frank.App
---@param name string
---@param opts? fscript.ScreenshotOptions
---@return string baseline the baseline's path
function M.expect(app, name, opts)
  local checked
  name, checked = M.check_arguments(name, opts, 2)
  -- The user's line, for the failure (a step's own line replaces it).
  local caller = debug.getinfo(2, "Sl")
  local where = caller and caller.source:sub(1, 1) == "@" and not caller.source:find("/fscript/", 1, true)
    and ("%s:%d"):format(caller.short_src, caller.currentline) or nil
  local function fail(message, selector)
    error(failure.new({ message = message, selector = selector, where = where }), 0)
  end
  -- Selectors are parsed here, before anything is sent: a typo fails at once with the parser's caret.
  local selectors = {}
  for i, sel in ipairs(checked.masks) do selectors[#selectors + 1] = { ("mask[%d]"):format(i), sel } end
  if checked.crop then selectors[#selectors + 1] = { "crop", checked.crop } end
  for _, pair in ipairs(selectors) do
    local parsed, why = pcall(app.lookup, app, pair[2])
    if not parsed then
      error(("bad argument #2 to 'expect_screenshot' (%s: %s)"):format(pair[1],
        tostring(why):gsub("^lookup: ", "")), 2)
    end
  end
  local file = test_file()
  if not file then
    fail("expect_screenshot: baselines live beside the test file, and this code runs in none: "
      .. "call it from a test file or a script file")
  end
  local timeout = config.get("validation")
  local function settle(limit)
    -- A screen that never settles (a spinner) is still compared: a mask can hide what moves.
    local ok, why = pcall(app.wait_for_idle, app, { timeout = limit })
    if not ok and util.is_fatal(why) then error(why, 0) end
  end
  -- One validation limit for it all: the first wait for idle and the retries share it.
  local started = util.clock()
  settle(timeout)
  local first = take(app, checked)
  local path = M.baseline_path(file, name, M.target_kind(app, first.raw))
  local expected = util.read_file(path)
  if run.update or not expected then
    write(path, first.png)
    if run.update then return path end
    fail(("expect_screenshot: no baseline %q yet: wrote %s from this screen; review it, commit it "
      .. "and run again (--update-snapshots writes baselines without failing)"):format(name, path))
  end
  local pending, last = first, nil
  -- One comparison: the first picture, then a new one (after idle) each time the app changed.
  local function attempt()
    local shot = pending
    pending = nil
    if not shot then
      settle(math.max(0.05, timeout - (util.clock() - started)))
      shot = take(app, checked)
    end
    shot.expected = #shot.masks > 0 and image().prepare(expected, { masks = shot.masks }) or expected
    -- The diff image is drawn once, for the attempt that fails last: retries only count.
    shot.result, shot.why = image().compare(shot.expected, shot.png,
      { threshold = checked.threshold, diff = false, subpixel = checked.subpixel })
    last = shot
    if not shot.result then return false end
    shot.allowed = M.allowed(checked, shot.result.width * shot.result.height)
    return shot.result.different <= shot.allowed
  end
  local left = math.max(0, timeout - (util.clock() - started))
  local ok, err = pcall(wait.eventually, attempt, left, "the screen to match")
  if ok then return path end
  if util.is_fatal(err) or failure.is(err) or not last then error(err, 0) end
  local shot = last
  if shot.result then
    shot.result = image().compare(shot.expected, shot.png,
      { threshold = checked.threshold, subpixel = checked.subpixel })
  end
  local paths = write_artifacts(file, name, shot.expected, shot)
  local message
  if shot.result then
    local r = shot.result
    message = ("expect_screenshot: the screen differs from baseline %q in %d pixels (%.2f%% of %dx%d; %d "
      .. "allowed, threshold %g)%s"):format(name, r.different, 100 * r.different / (r.width * r.height),
      r.width, r.height, shot.allowed or 0, checked.threshold, describe_region(app, r, shot))
  else
    message = ("expect_screenshot: the screen does not fit baseline %q: %s"):format(name, tostring(shot.why))
  end
  local diff = paths.diff and (", diff " .. paths.diff) or ""
  local pictures = paths.expected and ("expected %s, actual %s%s"):format(paths.expected, paths.actual, diff)
    or "no pictures kept (artifacts are off; --artifacts DIR keeps them)"
  message = message .. (" after %g s; %s; if the change is right, run with --update-snapshots"):format(timeout,
    pictures)
  local case = current_case()
  if case and paths.expected then
    case.screenshots = case.screenshots or {}
    table.insert(case.screenshots, { name = name, baseline = path, expected = paths.expected,
      actual = paths.actual, diff = paths.diff, message = message })
  end
  fail(message, checked.crop)
end

---Makes `app:expect_screenshot` a method of every target (the `frank.App` class's methods are its metatable's).
---@param app? frank.App any target; the global `app` by default
function M.install(app)
  local meta = getmetatable(app or util.app() or {})
  -- Before any target exists, the class's metatable is still in the registry (the host registers it at start).
  if type(meta) ~= "table" or meta.__name ~= "frank.App" then meta = debug.getregistry()["frank.App"] end
  if type(meta) == "table" and meta.__name == "frank.App" then meta.expect_screenshot = M.expect end
end

return M
