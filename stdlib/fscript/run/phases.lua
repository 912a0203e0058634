---The phases of a run, in cucumber's order, written once for the serial run, each worker of a parallel run and the
---dry run (cucumber-js's coordinator): the support and step definition files, the BeforeAll hooks, the body (the
---test files, a worker's units, the dry run's matching), then the AfterAll hooks, whatever happened before them.
local lifecycle = require("fscript.run.lifecycle")
local util = require("fscript.util")

local M = {}

---What a run does before its body: loads the support and step definition files, notes when the test run started,
---and runs the BeforeAll hooks. Support code that does not load stops the run before it starts (its steps and
---hooks are missing): every scenario is then reported not run, and the messages end with the error as the test
---run's exception, as cucumber's do. The dry run (`hooks = false`) loads the files only.
---@param state fscript.RunState
---@param files string[] the run's files and folders
---@param opts? {hooks?: boolean} `hooks = false`: run no BeforeAll hook
function M.start(state, files, opts)
  lifecycle.load_step_files(state, files)
  if opts and opts.hooks == false then return end
  state.started_at = util.now()
  if state.support_error then
    state.stopped = "not run: a support or step definition file did not load"
    state.exception, state.exception_where = state.support_error, state.support_error_file
  else
    lifecycle.run_all_hooks(state, "before_all")
  end
end

---What a run does after its body, whatever happened in it: the AfterAll hooks, unless the run never started.
---@param state fscript.RunState
---@return boolean ok false when the hooks raised (an interrupt, an internal error)
---@return any err
function M.finish(state)
  if state.support_error then return true end
  return pcall(lifecycle.run_all_hooks, state, "after_all")
end

return M
