---The built-in step catalog: Frank's core steps (same wording), Swerkin's, and the backend steps.
local M = {}

---The catalog's files, in the order their steps are defined.
M.parts = {
  "fscript.catalog.frank", "fscript.catalog.swerkin", "fscript.catalog.backend", "fscript.catalog.screenshots",
  "fscript.catalog.keys",
}

---Defines every catalog step in the session, marked as the catalog's: a suite's own step matching the same
---text wins over them.
---@param session fscript.Session
function M.install(session)
  local function define(pattern, fn) session.registry:define(pattern, fn, 2, { catalog = true }) end
  for _, name in ipairs(M.parts) do require(name).install(define, session) end
end

return M
