-- Spec: hostile .feature text never breaks the Gherkin parser. Every good file of the official test data, cut,
-- spliced and sprinkled with bytes (a fixed seed, a bounded number of variants), parses into a document and a
-- list of errors without raising; a variant without errors compiles into pickles without raising.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local gherkin = require("fscript.gherkin.parser")

local shared = require("fixtures.shared_data").folder(here, "gherkin", "gherkin_robustness_spec")
if not shared then return end
local languages = assert(json.decode(assert(io.open(shared .. "gherkin-languages.json")):read("a")))
local files = {}
local p = assert(io.popen("ls '" .. shared .. "testdata/good'"))
for name in p:lines() do
  if name:match("%.feature$") then files[#files + 1] = assert(io.open(shared .. "testdata/good/" .. name)):read("a") end
end
p:close()
check.equal(true, #files >= 50, "the good files are there")

local PIECES = { "|", "\\", '"""', "```", "@", "#", ":", "<", ">", "\n", "\t", " ", "Scenario:", "Examples:",
  "Rule:", "Background:", "Given ", "* ", "# language: de\n", "\255", "\u{A0}", "|\\|", "@a b" }
math.randomseed(20261123)
local variants, raised, compiled = 0, {}, 0
for _, text in ipairs(files) do
  for _ = 1, 40 do
    local s = text
    for _ = 1, math.random(1, 4) do
      local at = math.random(1, #s + 1)
      local action = math.random(1, 3)
      if action == 1 then
        s = s:sub(1, at - 1) .. PIECES[math.random(#PIECES)] .. s:sub(at)
      elseif action == 2 then
        s = s:sub(1, at - 1) .. s:sub(at + math.random(1, 20))
      else
        local other = files[math.random(#files)]
        local from = math.random(1, math.max(1, #other))
        s = s:sub(1, at - 1) .. other:sub(from, from + math.random(1, 80)) .. s:sub(at)
      end
    end
    variants = variants + 1
    local ok, doc, errors = pcall(gherkin.parse, s, { languages = languages })
    if not ok then
      raised[#raised + 1] = ("parse raised %s on %q"):format(tostring(doc), s:sub(1, 200))
    elseif #errors == 0 then
      local compiled_ok, err = pcall(gherkin.pickles, doc)
      if compiled_ok then compiled = compiled + 1 else raised[#raised + 1] = "pickles raised " .. tostring(err) end
    end
    if #raised >= 3 then break end
  end
end
check.equal("", table.concat(raised, "\n"), ("%d variants parsed without raising"):format(variants))
check.equal(true, compiled > 100, ("some variants still parse cleanly and compile (%d)"):format(compiled))
check.finish("gherkin_robustness_spec")
