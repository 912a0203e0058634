---`fscript --dry-run`: every Gherkin step checked against the step catalog, without running anything.
local selection = require("fscript.run.selection")
local features = require("fscript.gherkin.features")
local snippets = require("fscript.steps.snippets")
local steps_mod = require("fscript.steps.registry")
local discovery = require("fscript.run.discovery")
local phases = require("fscript.run.phases")

local M = {}

---`fscript --dry-run`: runs nothing and touches no target. Step definition files load; each step of each
---selected Gherkin scenario is matched against the catalog (Lua test files are not loaded: their code would
---run). Prints the undefined steps with snippets; 0 when every step is defined, 1 when some are not (or are
---ambiguous), 2 when a file does not load. Also lists the suite's steps that override a catalog step on some
---checked step's text (the suite's own step wins, see `fscript.steps.registry`), each pair once.
---Runs the dry run of `opts` in `state` (made by `lifecycle.new_state`); returns the exit code.
---@param state table
---@param opts fscript.RunOptions
---@return integer
function M.run(state, opts)
  -- The listing is the run's own output (`info`); load errors and warnings are diagnostics.
  local out = {
    line = function(_, text) state.bus:publish("info", { text = text }) end,
    error_line = function(_, text) state.bus:publish("diagnostic", { text = text }) end,
  }
  phases.start(state, opts.files, { hooks = false })
  local undefined, seen, ambiguous, checked, overrides = {}, {}, {}, 0, {}
  for _, path in ipairs(discovery.expand(opts.files, opts.app)) do
    if features.is_feature(path) then
      local pickles, errors, warnings = features.load(path, { strict = state.strict })
      if not pickles then
        out:error_line(errors)
        state.load_errors = state.load_errors + 1
      else
        for _, warning in ipairs(warnings) do out:error_line(warning) end
        for _, pickle in ipairs(pickles) do
          local tags = {}
          for i, tag in ipairs(pickle.tags) do tags[i] = tag:gsub("^@", "") end
          local spec = { name = features.case_name(pickle), tags = tags, where = ("%s:%d"):format(path, pickle.line),
            outline_line = pickle.outline_line, step_lines = features.step_lines(pickle) }
          if selection.matches(state.filter, spec) then
            for _, step in ipairs(pickle.steps) do
              checked = checked + 1
              local def, err, overridden = state.session.registry:match(step.text)
              local where = ("%s:%d"):format(path, step.line)
              for _, catalog_def in ipairs(overridden or {}) do
                local line = ("%s: \"%s\" overrides the catalog's \"%s\""):format(steps_mod.location(def),
                  def.pattern, catalog_def.pattern)
                if not overrides[line] then
                  overrides[line] = true
                  overrides[#overrides + 1] = line
                end
              end
              if not def and err:find("^Ambiguous") then
                ambiguous[#ambiguous + 1] = where .. ": " .. err
              elseif not def and not seen[step.text] then
                seen[step.text] = true
                undefined[#undefined + 1] = { text = step.text, where = where,
                  argument = step.data_table and "table" or (step.doc_string and "doc") or nil }
              end
            end
          end
        end
      end
    end
  end
  for _, file in ipairs(state.files) do
    if file.load_error then out:error_line(file.load_error) end
  end
  for _, line in ipairs(overrides) do out:line(line) end
  for _, line in ipairs(ambiguous) do out:line(line) end
  if #undefined > 0 then out:line(snippets.block(undefined, state.session.registry.types, state.session.registry)) end
  -- A definition naming a parameter type nobody declared matched nothing: say so, with cucumber's message.
  for _, def in ipairs(state.session.registry.definitions) do
    if def.matcher.problem then
      out:error_line(("%s cannot match any step:\n%s"):format(steps_mod.location(def), def.matcher.problem))
    end
  end
  out:line(("dry run: %d step%s checked, %d undefined, %d ambiguous"):format(checked, checked == 1 and "" or "s",
    #undefined, #ambiguous))
  if state.load_errors > 0 then return 2 end
  return (#undefined > 0 or #ambiguous > 0) and 1 or 0
end

return M
