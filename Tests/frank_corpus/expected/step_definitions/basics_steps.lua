-- Ported by fscript port frank from step_definitions/basics_steps.rb; once edited, fscript port leaves it alone (generated content a42441e1).
require("fscript.frank_compat").install()
local ruby = require("fscript.frank_compat.ruby")
local expect = require("fscript.frank_compat.expect")
local world = ruby.world  -- the scenario's instance variables

local counter_selector  -- methods defined below

-- Counting, typing and checking: a team's everyday Frank steps.
function counter_selector(kind)
  return "view:'UILabel' marked:'" .. kind:lower() .. "'"
end

step([[^the app is ready$]], function()
  check_element_exists("view:'UILabel' marked:'note'")
end)

step([[^I touch the "([^"]*)" button (\d+) times?$]], function(title, times)
  for _ = 0, tonumber(times) - 1 do
    touch("button marked:'" .. title .. "'")
  end
  world.touches = (world.touches or 0) + tonumber(times)
end)

step([[^the count should be (\d+)$]], function(expected)
  -- sleep 0.5 # wait for the label to update  (dropped: the checks below retry until they hold)
  ruby.eventually(function()
    local count = frankly_map(counter_selector("Count"), "text")[1]
    expect.eq(count, "count: " .. expected)
    expect.not_eq(count, "count: -1")
    expect.to_eq(count:match("^%s*(.-)%s*$"), "count: " .. tonumber(expected))
  end)
end)

step([[^I have touched (\d+) times? in this scenario$]], function(n)
  expect.eq(world.touches, tonumber(n))
  expect.compare(world.touches, ">", 0)
end)

step([[^nothing was touched yet in this scenario$]], function()
  expect.is_nil(world.touches)
end)

step([[^I type "(.*?)" into the name field$]], function(text)
  touch("textField placeholder:'Name'")
  type_into_keyboard(text, {append_return = false})
end)

step([[^the name field should read "(.*?)"$]], function(expected)
  wait_until({timeout = 3, message = "the name never read " .. expected}, function()
    return frankly_map("textField placeholder:'Name'", "text")[1] == expected
  end)
end)

step([[^the note should say (.*)$]], function(text)
  wait_for_label(GREETING)
  expect.include(note_text():lower(), text:match("^%s*(.-)%s*$"):lower())
end)

step([[^the note greets me$]], function()
  wait_until({timeout = 5}, function() return note_text() == GREETING end)
end)

step([[^touching a missing button fails$]], function()
  expect.raises(function()
    return touch("button marked:'Missing'")
  end)
  expect.empty(frankly_map("view marked:'Kiwi'", "tag"))
end)

step([[^(?i)the note is a word$]], function()
  expect.match(note_text(), [[^\w+$]])
  if ruby.matches(note_text(), [[\d]]) then
    ruby.fail("the note has digits")
  end
end)

step([[^.*?(?:the count label is shown)]], function()
  expect.match(frankly_map(counter_selector("count"), "text")[1], [[^count: \d+$]])
end)
