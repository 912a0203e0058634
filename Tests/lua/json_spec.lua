-- Spec: the JSON encoder and decoder (escaping, arrays vs objects, errors).
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local json = require("fscript.json")

check.equal([["a\"b\\c\n\r\t\b\f\u0001\u001f"]], json.encode("a\"b\\c\n\r\t\b\f\1\31"), "string escapes")
check.equal([["é ✔ /"]], json.encode("é ✔ /"), "UTF-8 passes through")
check.equal('"a\u{FFFD}b"', json.encode("a\255b"), "invalid UTF-8 becomes U+FFFD")
check.equal("[1,2.5,true,false,null]", json.encode({ 1, 2.5, true, false, json.null }), "array of scalars")
check.equal('{"a":1,"b":[],"c":{}}', json.encode({ b = {}, a = 1, c = json.object() }), "sorted keys, empty kinds")
check.equal("3", json.encode(3), "integer stays integer")
check.equal("0.1", json.encode(0.1), "float short form")
check.equal('{\n  "a": [\n    1\n  ]\n}', json.encode({ a = { 1 } }, { indent = "  " }), "pretty")
check.contains(check.raises(function() json.encode({ 1, x = 2 }) end, "mixed table"),
  "both a list part and string keys", "mixed tables raise")
check.contains(check.raises(function() json.encode(0 / 0) end, "NaN"), "has no JSON form", "NaN raises")
local cyclic = {}
cyclic.self = cyclic
check.contains(check.raises(function() json.encode(cyclic) end, "cycle"), "contains itself", "cycles raise")
local shared = { 1 }
check.equal('[[1],[1]]', json.encode({ shared, shared }), "a table used twice is not a cycle")

local value = json.decode([[ {"items":[{"id":1,"title":"Apples \u00e9\ud83d\ude00"}],"n":null,"x":-2.5e1} ]])
check.equal("Apples é😀", value.items[1].title, "decode string escapes and surrogates")
check.equal(1, value.items[1].id, "decode integer")
check.equal(-25.0, value.x, "decode exponent")
check.equal(json.null, value.n, "decode null")
local nothing, err = json.decode("{\"a\":}")
check.equal(nil, nothing, "bad JSON returns nil")
check.equal("invalid JSON: JSON error at line 1, column 6 (byte 5): expected a JSON value, found '}'", err,
  "bad JSON message names line and column")
local round = { list = { "a\nb", 1, { k = "v" } }, flag = true }
check.equal(json.encode(round), json.encode(json.decode(json.encode(round))), "round trip")


-- One JSON: the stdlib's module is the host's global, and its null is frank's.
check.equal(json, _G.json, "require('fscript.json') is the global json")
check.equal(frank.null, json.null, "one null")

-- Markers: an empty table is [] unless marked; a decoded object stays an object.
check.equal('{"a":[],"b":{},"c":[]}', json.encode({ a = {}, b = json.object(), c = json.array() }), "markers")
check.equal("{}", json.encode(json.decode("{}")), "decoded {} encodes as {}")
check.equal('{"a":{},"b":[],"n":null}', json.encode(json.decode('{"n":null,"a":{},"b":[]}')), "round trip keeps kinds")
local marked = json.object({ x = 1 })
check.equal(marked, json.object(marked), "marking returns the table itself")
check.contains(check.raises(function() json.encode(json.array({ a = 1 })) end, "array with keys"),
  "marked json.array() has string keys ('a')", "a marked array refuses keys")
check.contains(check.raises(function() json.encode(json.object({ 1 })) end, "object with items"),
  "marked json.object() has list items", "a marked object refuses list items")
check.contains(check.raises(function() json.object(setmetatable({}, {})) end, "foreign metatable"),
  "already has a metatable", "markers do not replace a class's metatable")

-- Pretty output keeps empty containers on one line.
check.equal('{\n  "a": {},\n  "b": [\n    1,\n    null\n  ]\n}',
  json.encode({ a = json.object(), b = { 1, json.null } }, { indent = "  " }), "pretty with empties")
check.contains(check.raises(function() json.encode({}, { indent = 2 }) end, "bad indent"), "indent must be a string",
  "indent is checked")

check.finish("json_spec")
