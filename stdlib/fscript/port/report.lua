---PORT.md: what `fscript port frank` did, per Ruby file: step definitions converted whole, the lines not
---ported (each fails at run time naming its Ruby file and line), and what was dropped or replaced (sleeps,
---launches), then what to check by hand.
local M = {}

local function pct(part, whole)
  if whole == 0 then return "100 %" end
  return ("%d %%"):format(math.floor(part * 100 / whole))
end

---The report's Markdown text and a one-line summary for the console.
---@param results table
---@return string markdown
---@return string summary
function M.markdown(results)
  local whole, total, failed = 0, 0, 0
  for _, r in ipairs(results.files) do
    for _, d in ipairs(r.stepdefs) do
      total = total + 1
      if d.whole then whole = whole + 1 end
    end
    failed = failed + #r.failed
  end
  local out = {
    "# Ported from Frank by `fscript port frank`", "",
    ("From the Frank suite's features folder: %d Ruby files, %d feature files copied untouched.")
      :format(#results.files, #results.copied), "",
    ("Step definitions converted whole: **%d of %d** (%s). Lines not ported: **%d** (each is kept as a comment "
      .. "and fails the run there with `not ported: FILE:LINE`)."):format(whole, total, pct(whole, total), failed),
  }
  for _, r in ipairs(results.files) do
    local n_whole = 0
    for _, d in ipairs(r.stepdefs) do if d.whole then n_whole = n_whole + 1 end end
    out[#out + 1] = ""
    out[#out + 1] = ("## %s → %s"):format(r.file, r.target)
    out[#out + 1] = ""
    if r.what == "kept" then
      out[#out + 1] = "- **Kept as it was**: the Lua file was edited since fscript port wrote it (or was not "
        .. "written by it); delete it to port again."
    elseif r.what == "failed" then
      out[#out + 1] = "- **Not written**: " .. tostring(r.err)
    end
    out[#out + 1] = ("- Step definitions converted whole: %d of %d"):format(n_whole, #r.stepdefs)
    if #r.failed > 0 then
      out[#out + 1] = "- Not ported:"
      for _, f in ipairs(r.failed) do
        out[#out + 1] = ("  - line %d: `%s` (%s)"):format(f.line, f.ruby, f.why)
      end
    end
    if #r.notes > 0 then
      out[#out + 1] = "- Changed on the way:"
      for _, n in ipairs(r.notes) do out[#out + 1] = ("  - line %d: %s"):format(n.line, n.text) end
    end
  end
  if #results.skipped > 0 then
    out[#out + 1] = ""
    out[#out + 1] = "## Not copied"
    out[#out + 1] = ""
    for _, f in ipairs(results.skipped) do out[#out + 1] = "- " .. f end
  end
  local kept = {}
  for _, c in ipairs(results.copied) do
    if c.what == "kept" then kept[#kept + 1] = "- " .. c.file .. " (differs from the Frank suite's; left alone)" end
  end
  if #kept > 0 then
    out[#out + 1] = ""
    out[#out + 1] = "## Feature files left alone"
    out[#out + 1] = ""
    for _, k in ipairs(kept) do out[#out + 1] = k end
  end
  out[#out + 1] = ""
  out[#out + 1] = "## What to check by hand"
  out[#out + 1] = ""
  out[#out + 1] = "- `fscript --dry-run OUT_DIR`: every step defined (the catalog has Frank's core steps)."
  out[#out + 1] = "- Each line above that was not ported: write its Lua, and remove the `error(\"not ported…\")`."
  out[#out + 1] = "- Each dropped `sleep` that actions follow: add a `wait_until` if the action needs the app to "
    .. "settle first. Checks after a sleep retry by themselves; a step that only slept does nothing now."
  out[#out + 1] = "- Launches: fscript starts a fresh app for every scenario (`--app`, `fscript serve`, `--launch`)."
  local summary = ("fscript port: %d of %d step definitions converted whole (%s), %d lines not ported; %s/PORT.md")
    :format(whole, total, pct(whole, total), failed, results.out)
  return table.concat(out, "\n") .. "\n", summary
end

return M
