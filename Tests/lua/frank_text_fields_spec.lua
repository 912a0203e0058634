-- Spec: Frank's older text field steps from the catalog against the embedded simulator's demo app:
-- "I fill in text fields as follows:" (a data table of field and text) and "I enter the text … from keyboard to
-- the textfield …" each replace a field's text, and log in; a table without the columns fails saying which it needs.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. here .. "../../stdlib/?.lua;" .. package.path
local check = require("fixtures.check")
local support = require("fixtures.frank_support")
require("fscript.config").set({ wait = 2, validation = 0.2 })
local session = require("fscript.session").new()

local function passes(text, data)
  local ok, err = pcall(session.run_step, session, "When", text, data)
  if not ok then check.fail(text, "  raised: " .. tostring(err)) else check.passes = check.passes + 1 end
end
local function text_of(field)
  return app:map("textField marked:'" .. field .. "'", "text")[1]
end

support.fresh()
passes("I fill in text fields as follows:", { { "field", "text" }, { "User name", "carol" }, { "Password", "secret" } })
check.equal("carol", text_of("User name"), "the table's first row typed into its field")
check.equal("secret", text_of("Password"), "and the second")
-- The columns in the other order, as some of Frank's suites write them.
support.fresh()
app:type_into("textField marked:'User name'", "old")
passes("I fill in text fields as follows:", { { "text", "field" }, { "dave", "User name" } })
check.equal("dave", text_of("User name"), "the columns are found by name; the text replaces the field's")

passes('I enter the text "erin" from keyboard to the textfield "User name"')
check.equal("erin", text_of("User name"), "from keyboard: the field's text is replaced")
passes('I enter the text "secret" from keyboard to the textfield "Password"')
passes("I touch the button marked 'Log In'")
app:wait_for("label text:'Welcome, erin'")
check.passes = check.passes + 1

local ok, err = pcall(session.run_step, session, "When", "I fill in text fields as follows:",
  { { "name", "value" }, { "User name", "x" } })
check.equal(false, ok, "a table without the field and text columns fails")
check.contains(tostring(err), "I fill in text fields as follows: needs a table whose header has the columns field "
  .. "and text; its header is | name | value |", "and says which columns it needs")
ok, err = pcall(session.run_step, session, "When", "I fill in text fields as follows:")
check.equal(false, ok, "no table fails")
check.contains(tostring(err), "needs a data table with the columns field and text, got no table", "saying so")

check.finish("frank_text_fields_spec")
