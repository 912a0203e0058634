-- Ported by fscript port frank from support/helpers.rb; once edited, fscript port leaves it alone (generated content 542cd067).
require("fscript.frank_compat").install()

function note_text()
  return frankly_map("view:'UILabel' marked:'note'", "text")[1]
end

-- Waits for a label, as a team's helper would.
function wait_for_label(text, timeout)
  if timeout == nil then timeout = 2 end
  wait_until({timeout = timeout, message = "no label " .. text}, function()
    return element_exists("view:'UILabel' text:'" .. text .. "'")
  end)
end

-- World(CorpusHelpers)  (support helpers are globals in fscript)
