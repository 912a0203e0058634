-- Spec: Markdown with Gherkin (`.feature.md`), read as cucumber's gherkin reads it and run like a `.feature`:
-- headings are the keywords, `*`/`-`/`+` bullets with a step keyword are steps, tables indented two to five
-- spaces are Gherkin tables (their `| --- |` line skipped), tags are in backticks, and every other line is prose.
-- A folder run finds `.feature.md` files as it finds `.feature` ones.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local runs = require("fixtures.runs")
local gherkin = require("fscript.gherkin.parser")

local DOCUMENT = [[
# Feature: Cheese

Prose before the first heading's description is ignored; so is this table (not indented):

| foo | bar |
| --- | --- |
| boz | boo |

`@dairy` `@smoke`
## Scenario Outline: eating <n>

* This bullet has no step keyword: prose.
* Given I have <n> cheeses
- When I eat one of:
  | kind  | age |
  | ----- | --: |
  | gouda |   3 |
  ```text
  crumbs
  ```
+ Then I have fewer

#### Examples: counts

  | n |
  | - |
  | 3 |
  | 5 |
]]

-- The parse: what each line became.
local doc, errors = gherkin.parse(DOCUMENT, { markdown = true })
check.equal(0, #errors, "the document parses")
local feature = doc.feature
check.equal("Cheese", feature.name, "the heading names the feature")
check.equal(3, feature.column, "the feature's column is its keyword's, after the '# '")
local scenario = feature.children[1].scenario
check.equal("eating <n>", scenario.name, "the outline")
check.equal("@dairy @smoke", scenario.tags[1].name .. " " .. scenario.tags[2].name, "tags in backticks")
check.equal(3, #scenario.steps, "three steps: the bullet without a keyword is prose")
check.equal("When ", scenario.steps[2].keyword, "a '-' bullet")
check.equal(3, scenario.steps[2].column, "a step's column is its keyword's")
check.equal(2, #scenario.steps[2].data_table, "the table's '| --- |' line is no row")
check.equal("crumbs", scenario.steps[2].doc_string.content, "a fenced doc string")
check.equal("text", scenario.steps[2].doc_string.media_type, "its media type")
check.equal(3, #scenario.examples[1].rows, "the examples' header and two rows")
check.equal(0, #doc.comments, "a '| --- |' line is no comment in the AST")

-- Prose that becomes description text (after a Markdown table's `| - |` line) is text, not a typo to warn of.
local prose, _, prose_warnings = gherkin.parse("# Feature: x\n| a |\n| - |\nScenaro: the text goes on\n",
  { markdown = true })
check.equal("Scenaro: the text goes on", gherkin.description_text(prose.feature), "the description")
check.equal(0, #prose_warnings, "no warning about prose")

-- The same text as a plain .feature is not Gherkin: the Markdown reading is by file name only.
local _, plain_errors = gherkin.parse(DOCUMENT)
check.truthy(#plain_errors > 0, "as a .feature the document does not parse")

-- A run of the folder: the .feature.md is found, and its rows run with their values.
local dir, write = runs.folder()
assert(os.execute("mkdir -p '" .. dir .. "/features/step_definitions'"))
write("features/cheese.feature.md", DOCUMENT)
write("features/step_definitions/cheese_steps.lua", [[
step("I have {int} cheeses", function(n) table.insert(markdown_calls, "have " .. n) end)
step("I eat one of:", function(t) table.insert(markdown_calls, "eat " .. t[2][1] .. " " .. t.doc_string) end)
step("I have fewer", function() table.insert(markdown_calls, "fewer") end)
]])
_G.markdown_calls = {}
local code, console = runs.run({ dir .. "/features" })
check.equal(0, code, "the folder run passes")
check.equal("have 3, eat gouda crumbs, fewer, have 5, eat gouda crumbs, fewer", table.concat(_G.markdown_calls, ", "),
  "both rows ran, steps in order, with the table and the doc string")
check.contains(console, "cheese.feature.md", "the console names the file")
os.execute("rm -rf '" .. dir .. "'")

check.finish("markdown_features_spec")
