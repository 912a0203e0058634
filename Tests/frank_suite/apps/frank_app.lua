-- The app Tests/frank_suite/frank_core.feature drives: one screen with something for each of Frank's core steps
-- (a card of labels, a hidden button, a switch, a table, an alert, an action sheet, a spinner, a text field), a
-- second screen to navigate to and back, and a memory-warning handler.
local function note(app, text) app:view("note").text = text end

return {
  name = "Frank core",
  start = "main",
  classes = { Card = "UIView" },
  screens = {
    main = screen{
      title = "Frank",
      label{id = "note", text = "Hello"},
      button{title = "Go", on_touch = function(app) app:push("second") end},
      button{title = "Alert", on_touch = function(app)
        app:alert{title = "Careful", message = "Are you sure?", buttons = {
          {title = "Cancel", on_touch = function(a) note(a, "cancelled") end},
          {title = "OK", on_touch = function(a) note(a, "confirmed") end},
        }}
      end},
      button{title = "Menu", on_touch = function(app)
        app:action_sheet{title = "Share", buttons = {
          {title = "Mail", on_touch = function(a) note(a, "mailed") end},
          {title = "Print", on_touch = function(a) note(a, "printed") end},
        }}
      end},
      view{class = "Card", frame = {x = 20, y = 250, w = 335, h = 60},
        label{label = "Profile", text = "Profile", frame = {x = 0, y = 0, w = 100, h = 20}},
        label{text = "Alice", frame = {x = 0, y = 20, w = 100, h = 20}},
        label{text = "Bob", frame = {x = 0, y = 40, w = 100, h = 20}},
        button{title = "Edit", frame = {x = 200, y = 10, w = 100, h = 40}},
      },
      button{title = "Secret", hidden = true, frame = {x = 20, y = 320, w = 100, h = 30}},
      button{title = "Visible", frame = {x = 140, y = 320, w = 100, h = 30},
        on_touch = function(app)
          note(app, "visible touched")
          app:view("busy").animating = false -- so nothing is animating any more
        end},
      switch{label = "Sound", frame = {x = 260, y = 320, w = 51, h = 31}},
      spinner{id = "busy", label = "Busy", animating = true, frame = {x = 330, y = 320, w = 20, h = 20}},
      text_field{placeholder = "Name", label = "Name", frame = {x = 20, y = 360, w = 335, h = 36}},
      table_view{frame = {x = 0, y = 400, w = 375, h = 200}, rows = {
        {text = "Row 1", on_touch = function(app) note(app, "touched Row 1") end},
        {text = "Row 2", on_touch = function(app) note(app, "touched Row 2") end},
        {text = "Row 3", on_touch = function(app) note(app, "touched Row 3") end},
      }},
    },
    second = screen{
      title = "Second",
      label{text = "On the second screen"},
    },
  },
  on_memory_warning = function(app) note(app, "memory warning") end,
}
