-- Ported by fscript port frank from step_definitions/fruit_steps.rb; once edited, fscript port leaves it alone (generated content 73c91c16).
require("fscript.frank_compat").install()
local ruby = require("fscript.frank_compat.ruby")
local expect = require("fscript.frank_compat.expect")

-- Data tables, steps calling steps, and Ruby's control flow.
step([[^I should see these fruits:$]], function(data_table)
  for _, row in ipairs(data_table:raw()) do
    if ruby.is_empty(row[1]) then
      goto continue
    end
    check_element_exists("view marked:'" .. row[1] .. "'")
    ::continue::
  end
end)

step([[^the fruits have these prices:$]], function(data_table)
  local prices = data_table:rows_hash()
  for fruit, price in pairs(prices) do
    print(fruit .. " costs " .. price)
    expect.compare(tonumber(price), ">", 0)
  end
end)

step([[^the shop lists:$]], function(data_table)
  local names = ruby.map(data_table:hashes(), function(row)
    return row.name
  end)
  local cheap = ruby.select(data_table:hashes(), function(row)
    return tonumber(row.price) < 1
  end)
  expect.empty(names, true)
  expect.count(cheap, 1)
  local labels = frankly_map("tableViewCell view:'UILabel'", "text")
  for _, name in ipairs(names) do
    expect.include(labels, name)
  end
end)

step([[^I check the (\w+) fruit$]], function(which)
  if which == "first" then
    Given('I should see a fruit called "Apples"')
  elseif which == "last" then
    Given('I should see a fruit called "Plums"')
  else
    ruby.fail("no " .. which .. " fruit")
  end
end)

step([[^I should see a fruit called "([^"]*)"$]], function(name)
  if not ruby.is_empty(name) then
    check_element_exists("view marked:'" .. name .. "'")
  end
end)

step([[^the fruit basket is full$]], function()
  Then('I should see a fruit called "Apples"')
  And("I should see these fruits:", {{"Apples"}, {"Pears"}})
end)

step([[^looking for a (\w+) is handled$]], function(fruit)
  local found
  local ok, err = pcall(function()
    check_element_exists("view marked:'" .. fruit .. "'")
    found = true
  end)
  if not ok then
    local e = err
    print("not found: " .. tostring(e))
    found = false
  end
  if fruit == "Kiwi" then
    expect.truthy(found, true)
  end
end)

step([[^the basket has (\w+)$]], function(fruit)
  Then('I should see a fruit called "' .. fruit .. '"')
end)
