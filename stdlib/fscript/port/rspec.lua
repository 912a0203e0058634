---rspec-2's `should`, `should_not` and `expect(…).to` as calls of `fscript.frank_compat.expect`, which fails with
---rspec's own messages: `x.should == y` → `expect.eq(x, y)`, `x.should be_empty` → `expect.empty(x)`,
---`expect(x).to eq(y)` → `expect.to_eq(x, y)`, `x.should be < 0` → `expect.compare(x, "<", 0)` …
local tree = require("fscript.port.tree")

local M = {}

local kind = tree.kind
local function expr(cx, node) return require("fscript.port.expr").expr(cx, node) end
local function parts(node) return require("fscript.port.calls").parts(node) end

local COMPARE = { ["<"] = true, ["<="] = true, [">"] = true, [">="] = true }

-- `actual` checked by `matcher` (a node), `negated` for should_not / not_to; `style` "should" or "expect".
local function matcher_call(cx, actual, matcher, negated, style, node)
  cx:use("expect")
  local neg = negated and ", true" or ""
  if kind(matcher) == "binary" and tree.name(matcher[2]) == "be" and COMPARE[matcher[3]] then
    if negated then cx:nope(node, "should_not be " .. matcher[3]) end
    return ("expect.compare(%s, %q, %s)"):format(actual, matcher[3], expr(cx, matcher[4]))
  end
  local m = parts(matcher)
  if not m or m.recv and not (m.name == "items" or m.name == "item" or m.name == "entries") then
    cx:nope(node, "this rspec matcher")
  end
  if m.recv then
    local have = parts(m.recv)
    if not have or (have.name ~= "have" and have.name ~= "have_exactly") or #have.args ~= 1 or negated then
      cx:nope(node, "this rspec matcher")
    end
    return ("expect.count(%s, %s)"):format(actual, expr(cx, have.args[1]))
  end
  local name, args = m.name, m.args
  if #args == 0 then
    if name == "be_empty" then return ("expect.empty(%s%s)"):format(actual, neg) end
    if name == "be_true" or name == "be_truthy" then return ("expect.truthy(%s%s)"):format(actual, neg) end
    if name == "be_false" or name == "be_falsey" then
      return ("expect.truthy(%s%s)"):format(actual, negated and "" or ", true")
    end
    if name == "be_nil" then return ("expect.is_nil(%s%s)"):format(actual, neg) end
    if name == "raise_exception" or name == "raise_error" then return ("expect.raises(%s%s)"):format(actual, neg) end
  elseif #args == 1 then
    if name == "match" and kind(args[1]) == "regexp_literal" then
      local source = require("fscript.port.expr").regexp_source(cx, args[1])
      return ("expect.match(%s, %s%s)"):format(actual, require("fscript.port.lua_text").long(source), neg)
    end
    local value = expr(cx, args[1])
    if name == "eq" or name == "eql" or name == "equal" or name == "be" then
      if style == "should" and name == "be" then
        return ("expect.%s(%s, %s)"):format(negated and "not_eq" or "eq", actual, value)
      end
      return ("expect.%s(%s, %s)"):format(negated and "not_to_eq" or "to_eq", actual, value)
    end
    if name == "include" then return ("expect.include(%s, %s%s)"):format(actual, value, neg) end
  end
  cx:nope(node, "the rspec matcher " .. tostring(name))
end

local function should_parts(node)
  local p = parts(node)
  if p and p.recv and (p.name == "should" or p.name == "should_not") and #p.args == 0 and not p.block then
    return p
  end
  return nil
end

---`x.should == y` (and `!=`, `<`, `<=`, `>`, `>=`): the Lua, or nil when `node` is another binary.
---@return string?
function M.binary(cx, node)
  local should = should_parts(node[2])
  if not should then return nil end
  cx:use("expect")
  local op, negated = node[3], should.name == "should_not"
  local actual = expr(cx, should.recv)
  local value = kind(node[4]) ~= "regexp_literal" and expr(cx, node[4]) or nil
  if op == "=~" and kind(node[4]) == "regexp_literal" then
    local source = require("fscript.port.lua_text").long(require("fscript.port.expr").regexp_source(cx, node[4]))
    return ("expect.match(%s, %s%s)"):format(actual, source, negated and ", true" or "")
  end
  if op == "==" then return ("expect.%s(%s, %s)"):format(negated and "not_eq" or "eq", actual, value) end
  if op == "!=" and not negated then return ("expect.not_eq(%s, %s)"):format(actual, value) end
  if COMPARE[op] and not negated then return ("expect.compare(%s, %q, %s)"):format(actual, op, value) end
  cx:nope(node, "should with " .. tostring(op))
end

---`x.should MATCHER`, `x.should_not MATCHER`, `expect(x).to MATCHER`, `expect { … }.to raise_error`: the Lua,
---or nil when the call is none of these.
---@return string?
function M.call(cx, call)
  local name = call.name
  if (name == "should" or name == "should_not") and #call.args == 1 and not call.block then
    local actual = expr(cx, call.recv)
    return matcher_call(cx, actual, call.args[1], name == "should_not", "should", call.node)
  end
  if (name == "to" or name == "not_to" or name == "to_not") and #call.args == 1 and not call.block then
    local target = parts(call.recv)
    if not target or target.recv or target.name ~= "expect" then return nil end
    local actual
    if target.block and #target.args == 0 then
      actual = require("fscript.port.calls").block_function(cx, target.block)
    elseif #target.args == 1 and not target.block then
      actual = expr(cx, target.args[1])
    else
      cx:nope(call.node, "expect with these arguments")
    end
    return matcher_call(cx, actual, call.args[1], name ~= "to", "expect", call.node)
  end
  return nil
end

return M
