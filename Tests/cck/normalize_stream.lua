-- A Cucumber Messages stream normalized by normalize.lua, one message a line with its keys sorted, for the shell
-- checks that compare two of fscript's streams with diff (Tests/cli/messages_test.sh, merge_messages_test.sh,
-- cucumber_habits_test.sh):
--
--   "$bin" Tests/cck/normalize_stream.lua -- IN OUT [--keep]
--
-- reads the NDJSON file IN and writes OUT. `--keep` leaves out only meta's content, ids and times (source
-- references, stack traces, exception types and snippets must agree), for two runs of fscript; without it the
-- stream is normalized as the Compatibility Kit's are.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. package.path
local normalize = require("normalize")

local input, output, option = ...
if type(input) ~= "string" or type(output) ~= "string" or (option ~= nil and option ~= "--keep") then
  error("usage: fscript Tests/cck/normalize_stream.lua -- IN OUT [--keep]", 0)
end
local file, err = io.open(input, "rb")
if not file then error(("cannot read the stream %s: %s"):format(input, err), 0) end
local text = file:read("a")
file:close()

local lines = {}
for i, message in ipairs(normalize.stream(normalize.decode(text, input), { keep = option == "--keep" })) do
  lines[i] = json.encode(message)
end
local out
out, err = io.open(output, "wb")
if not out then error(("cannot write %s: %s"):format(output, err), 0) end
out:write(table.concat(lines, "\n"), #lines > 0 and "\n" or "")
out:close()
