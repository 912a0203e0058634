-- Step definitions from Frank's example app (example/Controls/features/step_definitions/data_entry_steps.rb and
-- table_steps.rb), ported line by line with fscript's Frank helper API. Frank's "sleep 0.5 #wait for switch
-- animation to complete" is gone: the next step's check waits for what it needs.
require("fscript.frank_compat").install()

step([[^I elect to use the Email keyboard$]], function()
  touch "view:'UISegment' marked:'Email'"
end)

step([[^I turn on auto\-capitalization$]], function()
  touch "view:'UISwitch' marked:'Capitalize'"
end)

step([[^I scroll the table to the bottom$]], function()
  scroll_view_to_bottom('tableView')
end)

step([[^I scroll the table to the (\d+)(?:st|nd|rd|th) row$]], function(row_ordinal)
  local row_index = tonumber(row_ordinal) - 1
  scroll_table_view('tableView', row_index)
end)

step([[^I should see the keyboard type "(.*?)"$]], function(kind)
  check_element_exists("view:'UILabel' text:'keyboard: " .. kind .. "'")
end)

step([[^the table is scrolled to the (top|bottom)$]], function(where)
  local offset = frankly_map('tableView', 'contentOffset')[1]
  if where == "top" then
    assert(offset.y == 0, "the table is scrolled to y = " .. offset.y)
  else
    assert(offset.y > 0, "the table did not scroll")
  end
end)
