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
check.contains(check.raises(function() json.encode({ 1, x = 2 }) end, "mixed table"), "mixes array and object keys",
  "mixed tables raise")
check.contains(check.raises(function() json.encode(0 / 0) end, "NaN"), "cannot encode", "NaN raises")
local cyclic = {}
cyclic.self = cyclic
check.contains(check.raises(function() json.encode(cyclic) end, "cycle"), "contains itself", "cycles raise")

local value = json.decode([[ {"items":[{"id":1,"title":"Apples \u00e9\ud83d\ude00"}],"n":null,"x":-2.5e1} ]])
check.equal("Apples é😀", value.items[1].title, "decode string escapes and surrogates")
check.equal(1, value.items[1].id, "decode integer")
check.equal(-25.0, value.x, "decode exponent")
check.equal(json.null, value.n, "decode null")
local nothing, err = json.decode("{\"a\":}")
check.equal(nil, nothing, "bad JSON returns nil")
check.equal("invalid JSON: unexpected '}' at character 6", err, "bad JSON message")
local round = { list = { "a\nb", 1, { k = "v" } }, flag = true }
check.equal(json.encode(round), json.encode(json.decode(json.encode(round))), "round trip")

check.finish("json_spec")
