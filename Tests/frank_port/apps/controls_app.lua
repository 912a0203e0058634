-- An app in the shape of Frank's own example app (example/Controls): a keyboard-type segmented control, an
-- auto-capitalization switch and a long table, for the step definitions ported from that example.
local rows = {}
for i = 1, 30 do rows[i] = {text = ("Row %d of 30"):format(i)} end

return {
  name = "Controls",
  screens = {
    main = screen{
      title = "Controls",
      label{id = "keyboard", text = "keyboard: Plain"},
      segmented{label = "Keyboard", segments = {"Plain", "Email", "Number"},
        on_change = function(app, view, index, title) app:view("keyboard").text = "keyboard: " .. title end},
      switch{label = "Capitalize"},
      table_view{rows = rows},
    },
  },
}
