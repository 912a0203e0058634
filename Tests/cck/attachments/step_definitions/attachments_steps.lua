-- The CCK's attachments sample (devkit/samples/attachments/attachments.ts), in Lua. cucumber-js stores an
-- attached string as it is (IDENTITY) whatever its media type, and a byte buffer or a file stream base64
-- encoded (BASE64) whatever its media type: the steps ask for the same encodings (`data` is the bytes).

-- A file of the sample's folder in the installed kit (scripts/cck sets CCK_SAMPLE_DIR).
local function sample_file(name)
  local path = assert(os.getenv("CCK_SAMPLE_DIR"), "CCK_SAMPLE_DIR is not set (run through scripts/cck)") .. "/" .. name
  local f = assert(io.open(path, "rb"))
  local data = f:read("a")
  f:close()
  return data
end

step("the string {string} is attached as {string}", function(text, media_type)
  attach(text, { media_type = media_type, encoding = "IDENTITY" })
end)

step("the string {string} is logged", function(text)
  log(text)
end)

step("text with ANSI escapes is logged", function()
  log("This displays a \27[31mr\27[0m\27[91ma\27[0m\27[33mi\27[0m\27[32mn\27[0m\27[34mb\27[0m"
    .. "\27[95mo\27[0m\27[35mw\27[0m")
end)

step("the following string is attached as {string}:", function(media_type, text)
  attach(text, { media_type = media_type, encoding = "IDENTITY" })
end)

step("an array with {int} bytes is attached as {string}", function(size, media_type)
  local bytes = {}
  for i = 0, size - 1 do bytes[#bytes + 1] = string.char(i % 256) end
  attach(table.concat(bytes), { media_type = media_type, encoding = "BASE64" })
end)

step("a PDF document is attached and renamed", function()
  attach(sample_file("document.pdf"), { media_type = "application/pdf", file_name = "renamed.pdf",
    encoding = "BASE64" })
end)

step("a link to {string} is attached", function(uri)
  link(uri)
end)

step("the string {string} is attached as {string} before a failure", function(text, media_type)
  attach(text, { media_type = media_type, encoding = "IDENTITY" })
  error("whoops", 0)
end)
