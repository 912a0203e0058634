---Attachments, as cucumber has them: `attach(data, media_type[, file_name])` or `attach(data, {media_type =,
---file_name =, encoding =})`, `log(text)` and `link(url)`, from a step or hook, recorded on the step or hook that
---is running (else on the test case). `data` is always the attachment's bytes. Text stays as it is (IDENTITY);
---bytes that are not text (not UTF-8, or control characters other than tab, newlines and the escape of ANSI
---colours) are kept base64 encoded (BASE64), so every record stays JSON, as cucumber-js keeps a string as it is
---and a Buffer as base64. `encoding` forces either.
local util = require("fscript.util")

local M = {}

---@class fscript.Attachment
---@field body string the text (IDENTITY) or base64 (BASE64)
---@field encoding "IDENTITY"|"BASE64"
---@field media_type string
---@field file_name? string
---@field url? string for `link`: the URL (also the body)
---@field at number seconds since the epoch
---@field file? string a file to read at render time instead of `body` (the failure screenshot)

M.LOG = "text/x.cucumber.log+plain"
M.LINK = "text/uri-list"

local function valid_utf8(s)
  return utf8.len(s) ~= nil
end

-- Whether `data` reads as text: UTF-8 without control characters but tab, newlines and ESC.
local function textual(data)
  return valid_utf8(data) and not data:find("[%z\1-\8\11\12\14-\26\28-\31\127]")
end

---Makes an attachment record from `attach`'s arguments; misuse raises at `level`.
---@param data any
---@param spec any
---@param file_name any
---@param level integer
---@return fscript.Attachment
function M.make(data, spec, file_name, level)
  if type(data) ~= "string" then
    error(("bad argument #1 to 'attach' (string expected, got %s)"):format(type(data)), level + 1)
  end
  local opts = spec
  if type(spec) == "string" then opts = { media_type = spec, file_name = file_name } end
  if type(opts) ~= "table" then
    error(("bad argument #2 to 'attach' (a media type or an options table expected, got %s)"):format(type(spec)),
      level + 1)
  end
  for key in pairs(opts) do
    if key ~= "media_type" and key ~= "file_name" and key ~= "encoding" then
      error(("bad argument #2 to 'attach' (unknown option %q; known: encoding, file_name, media_type)")
        :format(tostring(key)), level + 1)
    end
  end
  local media_type = opts.media_type
  if type(media_type) ~= "string" or not media_type:find("^[%w.+-]+/[%w.+-]+") then
    error(("bad argument #2 to 'attach' (media_type must be a media type such as \"text/plain\", got %s)")
      :format(tostring(media_type)), level + 1)
  end
  if opts.file_name ~= nil and type(opts.file_name) ~= "string" then
    error(("bad argument #2 to 'attach' (file_name must be a string, got %s)"):format(type(opts.file_name)), level + 1)
  end
  local encoding = opts.encoding
  if encoding ~= nil and encoding ~= "IDENTITY" and encoding ~= "BASE64" then
    error(("bad argument #2 to 'attach' (encoding must be \"IDENTITY\" or \"BASE64\", got %s)")
      :format(tostring(encoding)), level + 1)
  end
  local body = data
  if encoding == nil then encoding = textual(data) and "IDENTITY" or "BASE64" end
  -- Bytes that are not UTF-8 cannot be kept as they are in JSON, whatever was asked.
  if encoding == "IDENTITY" and not valid_utf8(data) then encoding = "BASE64" end
  if encoding == "BASE64" then body = util.base64(data) end
  return { body = body, encoding = encoding, media_type = media_type, file_name = opts.file_name, at = util.now() }
end

---The DSL functions for a session: `attach`, `log`, `link`, each adding to `target()` (a list, or nil outside a
---test).
---@param target fun(): fscript.Attachment[]?
---@return table<string, function>
function M.globals(target)
  local function add(record, name)
    local list = target()
    if not list then error(("'%s' is for steps and hooks: no test is running"):format(name), 3) end
    list[#list + 1] = record
  end
  return {
    attach = function(data, spec, file_name) add(M.make(data, spec, file_name, 2), "attach") end,
    log = function(text)
      if type(text) ~= "string" then
        error(("bad argument #1 to 'log' (string expected, got %s)"):format(type(text)), 2)
      end
      add({ body = text, encoding = "IDENTITY", media_type = M.LOG, at = util.now() }, "log")
    end,
    link = function(url)
      if type(url) ~= "string" or url == "" then
        error(("bad argument #1 to 'link' (a URL string expected, got %s)"):format(tostring(url)), 2)
      end
      add({ body = url, encoding = "IDENTITY", media_type = M.LINK, url = url, at = util.now() }, "link")
    end,
  }
end

return M
