-- Spec: what `fscript port frank`'s Lua relies on beside Frank's helpers: rspec-2's failure messages
-- (fscript.frank_compat.expect, with Ruby's inspect), Ruby's Enumerable and String methods (fscript.frank_compat.ruby),
-- Ruby string literals read as Ruby reads them and written as Lua literals (fscript.port.lua_text), and the header hash
-- that keeps a Lua file a person edited (fscript.port.output).
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local expect = require("fscript.frank_compat.expect")
local ruby = require("fscript.frank_compat.ruby")
local text = require("fscript.port.lua_text")
local output = require("fscript.port.output")
local failure = require("fscript.failure")

-- The message of the expected failure `fn` raises.
local function message(fn, what)
  local ok, err = pcall(fn)
  if ok then
    check.fail(what, "  expected a failure, none was raised")
    return ""
  end
  check.truthy(failure.is(err), what .. " is an expected failure, not an error")
  return failure.is(err) and err.message or tostring(err)
end

-- rspec's messages
check.equal('expected: "count: 2"\n     got: "count: 1" (using ==)',
  message(function() expect.eq("count: 1", "count: 2") end, "should =="), "should ==")
check.equal("expected not: == 3\n         got:    3", message(function() expect.not_eq(3, 3) end, "should_not =="),
  "should_not ==")
check.equal("\nexpected: 2\n     got: nil\n\n(compared using ==)\n",
  message(function() expect.to_eq(nil, 2) end, "expect.to eq"), "expect(x).to eq")
check.equal("expected: < 0\n     got:   5", message(function() expect.compare(5, "<", 0) end, "be <"), "be <")
check.equal("expected empty? to return true, got false", message(function() expect.empty({ 1 }) end, "be_empty"),
  "should be_empty")
check.equal("expected empty? to return false, got true", message(function() expect.empty({}, true) end,
  "not be_empty"), "should_not be_empty")
check.equal('expected ["Apples", "Pears"] to include "Kiwi"',
  message(function() expect.include({ "Apples", "Pears" }, "Kiwi") end, "include"), "should include")
check.equal('expected "abc" not to include "b"', message(function() expect.include("abc", "b", true) end,
  "not include"), "should_not include")
check.equal("expected 1 items, got 2", message(function() expect.count({ 1, 2 }, 1) end, "have"), "have(n).items")
check.equal("expected: true value\n     got: false", message(function() expect.truthy(false) end, "be_true"),
  "be_true")
check.equal("expected: false value\n     got: 1.0", message(function() expect.truthy(1.0, true) end, "be_false"),
  "be_false with a float, as Ruby shows it")
check.equal('expected: nil\n     got: {"a"=>1}', message(function() expect.is_nil({ a = 1 }) end, "be_nil"),
  "be_nil with a hash")
check.equal("expected Exception but nothing was raised", message(function() expect.raises(function() end) end,
  "raise_exception"), "raise_exception")
check.equal('expected "count: 1" to match /^\\d+$/', message(function() expect.match("count: 1", "^\\d+$") end,
  "match"), "should match(/re/), in ICU's syntax as step patterns")
expect.match("count: 1", "\\d")
check.truthy(ruby.matches("abc", "b(c)") and not ruby.matches("abc", "^b"), "=~")
expect.raises(function() error("boom") end)
expect.eq("a", "a")
expect.compare(1, "<=", 1)
expect.include("hello", "ell")
check.equal("pending: later", message(function() ruby.pending("later") end, "pending"), "pending")
check.equal("no table found", message(function() ruby.fail("no table found") end, "raise"), "raise")

-- The checks after a dropped sleep retry for --validation seconds, then fail with their own message.
require("fscript.config").set({ validation = 0.2 })
local runs = 0
ruby.eventually(function() runs = runs + 1 end)
check.equal(1, runs, "checks that hold run once")
check.equal("expected: 2\n     got: 1 (using ==)",
  message(function() ruby.eventually(function() expect.eq(1, 2) end) end, "eventually"),
  "checks that never hold fail with the last check's message")
check.contains(tostring(select(2, pcall(ruby.eventually, function() error("a bug") end))), "a bug",
  "an error that is no failed check is not retried")

-- Ruby's methods
check.equal("2,4", table.concat(ruby.map({ 1, 2 }, function(x) return x * 2 end), ","), "map")
check.equal("2", table.concat(ruby.select({ 1, 2, 3 }, function(x) return x % 2 == 0 end), ","), "select")
check.equal("1,3", table.concat(ruby.reject({ 1, 2, 3 }, function(x) return x % 2 == 0 end), ","), "reject")
check.equal(3, ruby.find({ 1, 3, 5 }, function(x) return x > 2 end), "find")
check.truthy(ruby.any({ false, 1 }) and ruby.all({ 1, 2 }, function(x) return x > 0 end), "any? and all?")
check.equal("a|b||c", table.concat(ruby.split("a,b,,c", ","), "|"), "split on a separator keeps empty fields")
check.equal("a|b", table.concat(ruby.split("  a  b "), "|"), "split on whitespace")
check.truthy(ruby.includes({ "x" }, "x") and not ruby.includes("abc", "d"), "include?")
check.truthy(ruby.is_empty("") and ruby.is_empty({}) and not ruby.is_empty({ 1 }), "empty?")

-- Ruby string literals
check.equal("a\nb\"#{x}\27", text.double_quoted('a\\nb\\"\\#{x}\\e'), "double-quoted escapes")
check.equal("it's \\d", text.single_quoted("it\\'s \\d"), "single-quoted: only \\' and \\\\")
check.equal("\"view marked:'X'\"", text.quote("view marked:'X'"), "a Lua literal in double quotes")
check.equal("'say \"hi\"'", text.quote('say "hi"'), "single quotes when the text holds only double ones")
check.equal('"tab\\tnew\\nline"', text.quote("tab\tnew\nline"), "control characters escaped")
check.equal("[[^I see (\\d+)$]]", text.long("^I see (\\d+)$"), "a step pattern in long brackets")
check.equal("[=[a]]b]=]", text.long("a]]b"), "long brackets that the text cannot close")

-- Generated files are rewritten only while unedited
local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p '" .. dir .. "'")
local path = dir .. "/steps.lua"
local first = output.with_header("steps.rb", "print(1)\n")
check.equal("written", output.write(path, first, dir), "a new file is written")
check.equal("unchanged", output.write(path, first, dir), "the same content again changes nothing")
check.equal("written", output.write(path, output.with_header("steps.rb", "print(2)\n"), dir),
  "an unedited file is updated")
local f = assert(io.open(path, "a"))
f:write("-- mine\n")
f:close()
check.equal("kept", output.write(path, first, dir), "an edited file is kept")
local plain = dir .. "/own.lua"
f = assert(io.open(plain, "w"))
f:write("print('written by a person')\n")
f:close()
check.equal("kept", output.write(plain, first, dir), "a file without the header is kept")
-- Never outside the folder it belongs in: a `..` or a symlinked folder leading out is refused, naming the file.
os.execute("mkdir -p '" .. dir .. "/out' && ln -s .. '" .. dir .. "/out/up'")
local what, why = output.write(dir .. "/out/up/escaped.lua", first, dir .. "/out")
check.equal("failed", what, "a symlinked folder leading out of --out")
check.equal(("cannot write %s/out/up/escaped.lua: its folder leads out of %s/out"):format(dir, dir), why, "why")
check.equal("failed", (output.write(dir .. "/out/../escaped.lua", first, dir .. "/out")), "a .. leading out")
check.equal(nil, io.open(dir .. "/escaped.lua"), "nothing written outside")
os.execute("rm -rf '" .. dir .. "'")

check.finish("port_runtime_spec")
