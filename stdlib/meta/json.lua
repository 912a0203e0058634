---@meta
-- The `json` global (also `require("fscript.json")`), the host's JSON for scripts, app files, the stdlib, mock
-- stubs and reports. A table with a sequence is an array, one with string keys an object; an empty table is
-- `[]` unless marked with `json.object()`. Objects read from JSON are marked, so `{}` survives a round trip.

---@class json
json = {}

---JSON null: `frank.null` is the same value. It prints as `null`; test with `v == json.null`.
json.null = nil

---Encodes a value (keys sorted). Functions, NaN, infinities, cycles and tables mixing a list with keys raise.
---@param value any
---@param opts? {indent?: string} e.g. "  ": one member per line, for files people read
---@return string
function json.encode(value, opts) end

---Decodes a JSON text. Malformed text is not an error: it returns nil and the parser's message with line and column.
---@param text string
---@return any value
---@return string? err e.g. "invalid JSON: JSON error at line 1, column 6 (byte 5): expected a JSON value, found '}'"
function json.decode(text) end

---Marks `t` (or a new table) as a JSON object, so an empty one encodes as `{}`.
---@generic T: table
---@param t? T
---@return T
function json.object(t) end

---Marks `t` (or a new table) as a JSON array, so an empty one encodes as `[]` even where an object is expected.
---@generic T: table
---@param t? T
---@return T
function json.array(t) end

---A string as a JSON string literal, quotes included.
---@param s string
---@return string
function json.quote(s) end

---The string with each invalid UTF-8 sequence replaced by U+FFFD.
---@param s string
---@return string
function json.valid_utf8(s) end
