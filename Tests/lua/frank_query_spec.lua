-- Spec: frank.App queries against the embedded simulator's demo app: dump, map (frank.null, integers stay
-- integers) and lazy lookup chains that compose into one Shelley selector.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local support = require("fixtures.frank_support")

support.fresh()

-- dump: nested tables, uid strings, integer frames stay integers
local tree = app:dump()
check.equal("string", type(tree.class), "dump: the root has a class")
check.equal("string", type(tree.uid), "dump: uids are strings")
check.equal("table", type(tree.subviews), "dump: subviews is a list")
local function find(node, pred)
  if pred(node) then return node end
  for _, child in ipairs(node.subviews or {}) do
    local found = find(child, pred)
    if found then return found end
  end
end
local field = find(tree, function(n) return n.placeholder == "User name" end)
check.equal("UITextField", field and field.class, "dump: the user name field is there")
check.equal("integer", math.type(field.accessibilityFrame.size.width), "dump: whole numbers stay integers")

-- map: one result per view; frank.null for views without the method
check.equal("Welcome to the demo", app:map("label", "text")[1], "map: label text")
local placeholders = app:map("button marked:'Log In'", "placeholder")
check.equal(1, #placeholders, "map: one result per matched view")
check.equal(frank.null, placeholders[1], "map: a view without the method gives frank.null")
check.equal("null", tostring(frank.null), "frank.null prints as null")
check.equal(json.null, frank.null, "frank.null is json.null")
check.equal(0, #app:map("button marked:'Nope'", "text"), "map: no match is an empty list")
app:map("textField marked:'User name'", "setText:", "typed")
check.equal("typed", app:map("textField marked:'User name'", "text")[1], "map: a setter with an argument")
app:map("textField marked:'User name'", "setText:", "")

-- lookup: lazy, chainable, one selector
local fields = app:lookup("textField")
check.equal("frank.Query(\"textField\")", tostring(fields), "lookup: tostring shows the selector")
check.equal(2, fields:count(), "count")
check.equal(true, fields:exists(), "exists")
check.equal(false, app:lookup("textField marked:'Nope'"):exists(), "exists: false when nothing matches")
local labels = fields:labels()
check.equal("User name", labels[1], "labels 1")
check.equal("Password", labels[2], "labels 2")
check.equal("Password", fields:index(2):labels()[1], "index is 1-based")
check.equal("textField index:1", fields:index(2).selector, "index(2) sends index:1")
check.equal("User name", fields:first():labels()[1], "first")
check.equal(0, fields:index(3):count(), "index out of range matches nothing")
check.equal("Welcome to the demo", app:lookup("view"):lookup("label"):texts()[1], "texts through a chain")
check.equal("view label first", app:lookup("view"):lookup("label"):first().selector, "a chain composes one selector")
local frame = fields:frames()[1]
check.equal("number", type(frame.origin.x), "frames: origin")
check.truthy(frame.size.width > 0, "frames: size")
check.equal("Password", fields:map("placeholder")[2], "Query:map")
check.equal(1, app:lookup("textField marked:'User name'"):touch(), "Query:touch returns how many views it touched")

check.finish("frank_query_spec")
