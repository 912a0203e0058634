---The screenshot-check steps: the screen compared with a reviewed baseline, as `app:expect_screenshot` does
---(see `fscript.screenshots`), optionally with views masked by a Shelley selector.
local screenshots = require("fscript.screenshots")
local ui = require("fscript.ui")

local M = {}

---Defines the steps.
---@param define fun(pattern: string, fn: function)
function M.install(define)
  define("the screen should match the baseline {string}", function(name)
    screenshots.expect(ui.target(), name)
  end)
  define("the screen should match the baseline {string} masking {string}", function(name, selector)
    screenshots.expect(ui.target(), name, { mask = { selector } })
  end)
end

return M
