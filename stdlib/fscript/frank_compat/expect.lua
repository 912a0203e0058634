---rspec-2's expectations for step definitions ported from Ruby (`fscript port frank`): `x.should == y`,
---`should_not`, `should be_empty`, `should include`, `should be < n`, `should have(n).items`,
---`expect(x).to eq(y)` … each fails the step with rspec's own message, as an expected failure (like a Frank check).
local failure = require("fscript.failure")
local inspect = require("fscript.frank_compat.inspect").inspect

local M = {}

local function check(ok, message)
  if not ok then failure.raise(message) end
end

local function is_empty(value)
  if type(value) == "string" then return value == "" end
  if type(value) == "table" then return next(value) == nil end
  error(("empty? is not defined for %s"):format(inspect(value)), 3)
end

local function includes(collection, item)
  if type(collection) == "string" then return collection:find(tostring(item), 1, true) ~= nil end
  if type(collection) ~= "table" then error(("include? is not defined for %s"):format(inspect(collection)), 3) end
  for _, value in pairs(collection) do
    if value == item then return true end
  end
  return false
end

---`actual.should == expected`.
function M.eq(actual, expected)
  check(actual == expected, ("expected: %s\n     got: %s (using ==)"):format(inspect(expected), inspect(actual)))
end

---`actual.should_not == expected`.
function M.not_eq(actual, expected)
  check(actual ~= expected, ("expected not: == %s\n         got:    %s"):format(inspect(expected), inspect(actual)))
end

---`expect(actual).to eq(expected)` and `actual.should eq(expected)`.
function M.to_eq(actual, expected)
  check(actual == expected,
    ("\nexpected: %s\n     got: %s\n\n(compared using ==)\n"):format(inspect(expected), inspect(actual)))
end

---`expect(actual).not_to eq(expected)`.
function M.not_to_eq(actual, expected)
  check(actual ~= expected,
    ("\nexpected: value != %s\n     got: %s\n\n(compared using ==)\n"):format(inspect(expected), inspect(actual)))
end

local COMPARE = {
  ["<"] = function(a, b) return a < b end, ["<="] = function(a, b) return a <= b end,
  [">"] = function(a, b) return a > b end, [">="] = function(a, b) return a >= b end,
}

---`actual.should be < bound` (and `<=`, `>`, `>=`; also `actual.should < bound`).
function M.compare(actual, operator, bound)
  local ok = type(actual) == type(bound) and COMPARE[operator](actual, bound)
  check(ok, ("expected: %s %s\n     got: %s %s"):format(operator, inspect(bound),
    (" "):rep(#operator), inspect(actual)))
end

---`actual.should be_empty`; `negated` for `should_not be_empty`.
function M.empty(actual, negated)
  local empty = is_empty(actual)
  check(empty ~= (negated == true), ("expected empty? to return %s, got %s"):format(not negated, empty))
end

---`actual.should include(item)`; `negated` for `should_not include`.
function M.include(actual, item, negated)
  check(includes(actual, item) ~= (negated == true),
    ("expected %s %sto include %s"):format(inspect(actual), negated and "not " or "", inspect(item)))
end

---`actual.should match(/regex/)` and `actual.should =~ /regex/` (ICU's syntax); `negated` for should_not.
function M.match(actual, regex, negated)
  local found = actual ~= nil and require("fscript.util").host().regex_match(regex, tostring(actual)) ~= nil
  check(found ~= (negated == true), ("expected %s %sto match /%s/"):format(inspect(actual), negated and "not " or "",
    regex))
end

---`actual.should have(n).items` (and `expect(actual).to have(n).items`).
function M.count(actual, n)
  local got = type(actual) == "string" and #actual or #(actual or {})
  check(got == n, ("expected %s items, got %s"):format(inspect(n), inspect(got)))
end

---`should be_true` / `be_truthy` (`negated` for be_false / be_falsey).
function M.truthy(actual, negated)
  local truthy = actual ~= nil and actual ~= false
  check(truthy ~= (negated == true),
    ("expected: %s value\n     got: %s"):format(negated and "false" or "true", inspect(actual)))
end

---`should be_nil`; `negated` for `should_not be_nil`.
function M.is_nil(actual, negated)
  check((actual == nil) ~= (negated == true),
    negated and "expected: not nil\n     got: nil" or ("expected: nil\n     got: %s"):format(inspect(actual)))
end

---`lambda { … }.should raise_exception` / `expect { … }.to raise_error`; `negated` for `should_not`.
function M.raises(fn, negated)
  local ok, err = pcall(fn)
  if require("fscript.util").is_fatal(err) then error(err, 0) end
  if negated then
    check(ok, ("expected no Exception, got %s"):format(tostring(err)))
  else
    check(not ok, "expected Exception but nothing was raised")
  end
end

return M
