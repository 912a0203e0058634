---The sentences of the steps another tool writes, by id: the inspector records an action with them (it reads
---this table when it starts, as `require("fscript.catalog.frank").sentences`), so rewording a step here changes
---what it records, and the two cannot drift. The catalog defines those steps with these same strings.
return {
  touch_view = "I touch {string}",
  touch_button = "I touch the button marked {string}",
  touch_cell = "I touch the table cell marked {string}",
  type_into_field = "I type {string} into the {string} text field",
  flip_switch_on = "I flip switch {string} on",
  flip_switch_off = "I flip switch {string} off",
  navigate_back = "I navigate back",
  should_see = "I should see {string}",
}
