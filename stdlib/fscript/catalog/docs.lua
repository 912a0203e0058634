---What each built-in step does and an example of it, for `fscript steps`: the catalog a newcomer reads to find
---the wording, so each entry says what the step waits for or checks, in one line, and shows it in use.
local M = {}

---@type table<string, {description: string, example: string}>
M.steps = {
  -- Frank's core steps
  ["I wait to see {string}"] = {
    description = "Waits (the wait limit) until a view marked, or a label or text field containing, the text is " ..
      "visible.",
    example = 'Then I wait to see "Welcome"',
  },
  ["I wait to not see {string}"] = {
    description = "Waits until no view marked with the text is visible.",
    example = 'Then I wait to not see "Loading"',
  },
  ["I should see {string}"] = {
    description = "Checks (retrying for the validation limit) that the text is on screen: a view marked with it, or " ..
      "a label or text field containing it.",
    example = 'Then I should see "Apples"',
  },
  ["I should not see {string}"] = {
    description = "Checks that nothing marked with the text is visible.",
    example = 'Then I should not see "Error"',
  },
  ["I should see a {string} button"] = {
    description = "Checks that a button marked with the text is visible.",
    example = 'Then I should see a "Log In" button',
  },
  ["I should see the following:"] = {
    description = "Checks that every text of the list (or table) is on screen.",
    example = 'Then("I should see the following:", { "Apples", "Pears" }) -- .feature: Then I should see the ' ..
      'following: with the rows | Apples | and | Pears | under it',
  },
  ["I should not see the following:"] = {
    description = "Checks that none of the texts of the list is on screen.",
    example = 'Then("I should not see the following:", { "Error" }) -- .feature: Then I should not see the ' ..
      'following: with the row | Error | under it',
  },
  ["I should see a navigation bar titled {string}"] = {
    description = "Checks the navigation bar's title.",
    example = 'Then I should see a navigation bar titled "Home"',
  },
  ["I should see an alert view titled {string}"] = {
    description = "Checks that an alert with this title is showing.",
    example = 'Then I should see an alert view titled "Login Failed"',
  },
  ["I should not see an alert view"] = {
    description = "Checks that no alert is showing.",
    example = "Then I should not see an alert view",
  },
  ["I touch {string}"] = {
    description = "Touches the first view marked with the text (Frank's \"view marked:'X' first\").",
    example = 'When I touch "Settings"',
  },
  ["I touch the button marked {string}"] = {
    description = "Waits for a button marked with the text and touches it (every button whose label contains the " ..
      "text: marked: is a substring match).",
    example = 'When I touch the button marked "Log In"',
  },
  ["I touch the {ordinal} table cell"] = {
    description = "Touches the n-th table cell (1st, 2nd, third…).",
    example = "When I touch the first table cell",
  },
  ["I touch the table cell marked {string}"] = {
    description = "Touches the table cell marked with the text.",
    example = 'When I touch the table cell marked "Apples"',
  },
  ["I touch the {string} alert view button"] = {
    description = "Touches the alert's button with this title.",
    example = 'When I touch the "OK" alert view button',
  },
  ["I touch the {ordinal} alert view button"] = {
    description = "Touches the alert's n-th button.",
    example = "When I touch the 1st alert view button",
  },
  ["I navigate back"] = { description = "Touches the navigation bar's back button.", example = "When I navigate back" },
  ["I press {string}"] = {
    description = "Presses a key by its W3C name (Enter, Escape, Tab, Backspace, ArrowDown, Control+a) on whatever " ..
      "has focus; an app's keyboard has Enter, Backspace and characters.",
    example = 'When I press "Enter"',
  },
  ["I press {string} in the {string} text field"] = {
    description = "Touches the text field marked with the second text, then presses the key.",
    example = 'When I press "Enter" in the "Search" text field',
  },
  ["I hover over {string}"] = {
    description = "Moves the pointer over the first view marked with the text (a web target shows its hover state).",
    example = 'When I hover over "Help"',
  },
  ["I reload the page"] = {
    description = "Reloads a web page, keeping its storage, as a user does.",
    example = "When I reload the page",
  },
  ["I open {string}"] = {
    description = "Opens a path (relative to the web target's page) or a URL in the page.",
    example = 'When I open "/settings"',
  },
  ["I flip switch {string}"] = {
    description = "Toggles the switch marked with the text.",
    example = 'When I flip switch "Notifications"',
  },
  ["I flip switch {string} on"] = {
    description = "Turns the switch on (does nothing when it is on).",
    example = 'When I flip switch "Notifications" on',
  },
  ["I flip switch {string} off"] = {
    description = "Turns the switch off (does nothing when it is off).",
    example = 'When I flip switch "Notifications" off',
  },
  ["switch {string} should be on"] = {
    description = "Checks that the switch is on.",
    example = 'Then switch "Notifications" should be on',
  },
  ["switch {string} should be off"] = {
    description = "Checks that the switch is off.",
    example = 'Then switch "Notifications" should be off',
  },
  ["I type {string} into the {string} text field"] = {
    description = "Types into the text field with this placeholder or label.",
    example = 'When I type "alice" into the "User name" text field',
  },
  ["I fill in {string} with {string}"] = {
    description = "Frank's wording of typing into a field: the field first; its text is replaced, as Frank's " ..
      "setText: does.",
    example = 'When I fill in "User name" with "alice"',
  },
  ["I fill in text fields as follows:"] = {
    description = "Replaces the text of each text field the field column names (placeholder or label) with the " ..
      "row's text, by typing; the table's header is | field | text |.",
    example = 'When("I fill in text fields as follows:", { { "field", "text" }, { "User name", "alice" } }) -- ' ..
      '.feature: When I fill in text fields as follows: with the rows | field | text | and | User name | alice | ' ..
      'under it',
  },
  ['^I enter the text "([^"]*)" from keyboard to the textfield "([^"]*)"$'] = {
    description = "Frank's older wording: replaces the text field's text (placeholder or label) by typing on the " ..
      "keyboard.",
    example = 'When I enter the text "alice" from keyboard to the textfield "User name"',
  },
  ["the device is in {word} orientation"] = {
    description = "Rotates to landscape or portrait unless already there.",
    example = "Given the device is in landscape orientation",
  },
  ["the device is in a {word} orientation"] = {
    description = "The same, with Frank's article.",
    example = "Given the device is in a portrait orientation",
  },
  ["I rotate to the {string}"] = {
    description = "Rotates the device a quarter turn left or right.",
    example = 'When I rotate to the "left"',
  },
  ["I wait for nothing to be animating"] = {
    description = "Waits until nothing animates and no request is in flight (the app's and the mock's).",
    example = "When I wait for nothing to be animating",
  },
  ["I wait to see a navigation bar titled {string}"] = {
    description = "Waits until the navigation bar shows this title.",
    example = 'Then I wait to see a navigation bar titled "Home"',
  },
  ["I wait to not see a navigation bar titled {string}"] = {
    description = "Waits until no navigation bar shows this title.",
    example = 'Then I wait to not see a navigation bar titled "Log In"',
  },
  ["I should see an alert view with the message {string}"] = {
    description = "Checks that an alert with this message is showing.",
    example = 'Then I should see an alert view with the message "Wrong user name or password."',
  },
  ["I should see an element of class {string} with name {string} with the following labels: {string}"] = {
    description = "Checks that the view marked NAME inside a view of CLASS holds each comma-separated label " ..
      "(Frank's 'parent … descendant' check).",
    example = 'Then I should see an element of class "UIView" with name "User name" with the following labels: ' ..
      '"User name"',
  },
  ["I should see an element of class {string} with name {string} with a {string} button"] = {
    description = "Checks that the view marked NAME inside a view of CLASS holds a button marked with the text.",
    example = 'Then I should see an element of class "UIWindow" with name "Log In" with a "Log In" button',
  },
  ["I should not see a hidden button marked {string}"] = {
    description = "Frank's wording for: no visible button marked with the text (hidden or absent).",
    example = 'Then I should not see a hidden button marked "Delete"',
  },
  ["I should see a nonhidden button marked {string}"] = {
    description = "Checks that a button marked with the text is there and not hidden.",
    example = 'Then I should see a nonhidden button marked "Log In"',
  },
  ["I should see an element of class {string}"] = {
    description = "Checks that a view of this class is there and not hidden.",
    example = 'Then I should see an element of class "UITextField"',
  },
  ["I should not see an element of class {string}"] = {
    description = "Checks that no view of this class is visible.",
    example = 'Then I should not see an element of class "UIAlertView"',
  },
  ["a pop-over menu is displayed with the following:"] = {
    description = "Checks that an action sheet shows every text of the list.",
    example = 'Then("a pop-over menu is displayed with the following:", { "Share", "Delete" }) -- .feature: the ' ..
      'rows | Share | and | Delete | under the step',
  },
  ["I touch {string} if exists"] = {
    description = "Touches the first view marked with the text when there is one; does nothing otherwise.",
    example = 'When I touch "Skip" if exists',
  },
  ["I touch the following:"] = {
    description = "For each text of the list in order, touches every view marked with it: marked: is a substring " ..
      "match, so a table cell labelled \"Bread, 2.00\" and its label \"Bread\" are both touched (the second touch " ..
      "fails when the first left the screen); I touch \"X\" touches only the first.",
    example = 'When("I touch the following:", { "Settings", "Log Out" }) -- .feature: When I touch the following: ' ..
      'with the rows | Settings | and | Log Out | under it',
  },
  ["I touch the {string} action sheet button"] = {
    description = "Touches the action sheet's button with this title.",
    example = 'When I touch the "Delete" action sheet button',
  },
  ["I touch the {ordinal} action sheet button"] = {
    description = "Touches the action sheet's n-th button.",
    example = "When I touch the 2nd action sheet button",
  },
  ["^I launch the app$"] = {
    description = "Frank's skeleton: a fresh launch of the app through fscript's lifecycle (simulator, fscript " ..
      "serve, --launch).",
    example = "Given I launch the app",
  },
  ["^I launch the app using iOS ([\\d\\.]+)(?: and the (iphone|ipad) simulator)?$"] = {
    description = "The same, in the skeleton's longer wording; the target decides the iOS version and device.",
    example = "Given I launch the app using iOS 7.1 and the iphone simulator",
  },
  ["^I quit the simulator$"] = {
    description = "Quits the app; fscript starts it again fresh (what Frank's following launch step would do).",
    example = "When I quit the simulator",
  },
  ["^I reset the simulator$"] = {
    description = "A fresh app with its data reset (fscript's per-scenario reset, on demand).",
    example = "When I reset the simulator",
  },
  ["^I simulate a memory warning$"] = {
    description = "Runs the app's memory-warning handling (the simulator's on_memory_warning; POST /memory_warning).",
    example = "When I simulate a memory warning",
  },
  ["^I wait for ([\\d\\.]+) seconds?$"] = {
    description = "A deliberate pause of that many seconds (prefer a step that waits for what you need).",
    example = "When I wait for 0.5 seconds",
  },
  ["^I dump the DOM$"] = { description = "Prints the view tree.", example = "When I dump the DOM" },
  ["I should see an activity indicator animating"] = {
    description = "Checks that a spinner is animating.",
    example = "Then I should see an activity indicator animating",
  },
  -- Swerkin's steps
  ["I am on the {text} screen"] = {
    description = "Gets to the screen declared with screen{name = …} from wherever the app is, walking the entry " ..
      "steps.",
    example = "Given I am on the Home screen",
  },
  ["I navigate to the {text} screen"] = {
    description = "The same, in Swerkin's words for a flow.",
    example = "When I navigate to the Settings screen",
  },
  ["I render the {text} screen"] = {
    description = "Shows the screen directly, as its screen{render = …} says (a fresh app on that screen, or the " ..
      "app's own method), then waits for idle and its trait; preconditions pick the variant.",
    example = "Given I render the Settings screen",
  },
  ["I wait to see the {text} screen"] = {
    description = "Waits (the wait limit) until the screen's trait is on display.",
    example = "Then I wait to see the Home screen",
  },
  ["I navigate from the {text} screen to the {text} screen"] = {
    description = "Waits for the first screen, then walks the shortest chain of entry steps to the second.",
    example = "When I navigate from the Home screen to the Settings screen",
  },
  ["I touch the button {string}"] = {
    description = "Touches the button with this accessibility identifier (or, failing that, this label).",
    example = 'When I touch the button "login"',
  },
  ["I touch the button with label {string}"] = {
    description = "Waits for the button with this label and touches it.",
    example = 'When I touch the button with label "Log In"',
  },
  ["I should see the button {string}"] = {
    description = "Checks that a button with this accessibility identifier (or label) is there.",
    example = 'Then I should see the button "login"',
  },
  ["I should see the button with label {string}"] = {
    description = "Checks that a button with this label is there.",
    example = 'Then I should see the button with label "Log In"',
  },
  ["I enter {string} into the text field {string}"] = {
    description = "Replaces the text of the text field with this accessibility identifier (or label), by typing.",
    example = 'When I enter "alice" into the text field "username"',
  },
  ["I enter {string} into the text field with label {string}"] = {
    description = "Replaces the text of the text field with this label, by typing.",
    example = 'When I enter "alice" into the text field with label "User name"',
  },
  ["I should see the text field {string} with text {string}"] = {
    description = "Checks the text of the text field with this accessibility identifier (or label).",
    example = 'Then I should see the text field "username" with text "alice"',
  },
  ["I should see the text field with label {string} with text {string}"] = {
    description = "Checks the text of the text field with this label.",
    example = 'Then I should see the text field with label "User name" with text "alice"',
  },
  ["I set the switch {string} to {word}"] = {
    description = "Turns the switch with this accessibility identifier (or label) on or off, by touching it when it " ..
      "differs.",
    example = 'When I set the switch "dark_mode" to on',
  },
  ["I set the switch with label {string} to {word}"] = {
    description = "Turns the switch with this label on or off.",
    example = 'When I set the switch with label "Dark mode" to on',
  },
  ["I should see the switch {string}"] = {
    description = "Checks that a switch with this accessibility identifier (or label) is there.",
    example = 'Then I should see the switch "notifications"',
  },
  ["I set the drop-down {string} to {string}"] = {
    description = "Chooses an option of the drop-down (a segmented control) with this accessibility identifier (or " ..
      "label) by touching it; an unknown option fails listing the options.",
    example = 'When I set the drop-down "text_size" to "Large"',
  },
  ["I set the drop-down with label {string} to {string}"] = {
    description = "Chooses an option of the drop-down with this label.",
    example = 'When I set the drop-down with label "Text size" to "Small"',
  },
  ["the drop-down {string} should show {string}"] = {
    description = "Checks the option the drop-down with this accessibility identifier (or label) shows.",
    example = 'Then the drop-down "text_size" should show "Large"',
  },
  ["the drop-down with label {string} should show {string}"] = {
    description = "Checks the option the drop-down with this label shows.",
    example = 'Then the drop-down with label "Text size" should show "Medium"',
  },
  ["I should see the switch with label {string}"] = {
    description = "Checks that a switch with this label is there.",
    example = 'Then I should see the switch with label "Notifications"',
  },
  -- The mock backend
  ["the app uses a mock backend"] = {
    description = "Starts a mock backend; the app launches (or relaunches, when it already ran) with BACKEND_URL " ..
      "pointing at it when the test next uses it, so stubs added before then answer its launch-time requests.",
    example = "Given the app uses a mock backend",
  },
  ["the backend answers {word} {word} with status {int}"] = {
    description = "Stubs the mock: this method and path answer this status.",
    example = "And the backend answers GET /api/items with status 500",
  },
  ["the backend answers {word} {word} with status {int} after {float} seconds"] = {
    description = "The same, answered after a delay.",
    example = "And the backend answers GET /api/items with status 200 after 1.5 seconds",
  },
  ["the backend answers {word} {word} with status {int} and JSON {string}"] = {
    description = "Stubs a JSON answer.",
    example = [[And the backend answers POST /api/login with status 200 and JSON '{"name":"alice"}']],
  },
  ["the backend answers {word} {word} with status {int} and JSON {string} after {float} seconds"] = {
    description = "A JSON answer after a delay.",
    example = [[And the backend answers GET /api/items with status 200 and JSON '[]' after 1 seconds]],
  },
  ["the backend answers {word} {word} with status {int} and JSON:"] = {
    description = "A JSON answer given as the step's text argument.",
    example = [[And("the backend answers GET /api/items with status 200 and JSON:", '{"items": []}') -- .feature: ]] ..
      [[the JSON between two lines of """ under the step]],
  },
  ["the app sent {word} {word}"] = {
    description = "Checks (retrying) that the app sent this request to the mock.",
    example = "Then the app sent POST /api/login",
  },
  ["the app sent {word} {word} {int} time(s)"] = {
    description = "Checks how many such requests the app sent (`1 time` and `2 times` both read).",
    example = "Then the app sent GET /api/items 1 time",
  },
  ["the app sent {word} {word} with JSON {string}"] = {
    description = "Checks a request's whole JSON body: every field, nothing more.",
    example = [[Then the app sent POST /api/login with JSON '{"user":"alice","password":"secret"}']],
  },
  ["the app sent {word} {word} with JSON containing {string}"] = {
    description = "Checks part of a request's JSON body: these fields (and list items) must be there; others may be " ..
      "too.",
    example = [[Then the app sent POST /api/login with JSON containing '{"user":"alice"}']],
  },
  -- Screenshot checks
  ["the screen should match the baseline {string}"] = {
    description = "Waits for the app to be idle, then compares the screen with the baseline __screenshots__/<test " ..
      "file>/NAME.<target kind>.png (retrying for the validation limit); a missing baseline is written and the step " ..
      "fails, --update-snapshots rewrites it.",
    example = 'Then the screen should match the baseline "cart"',
  },
  ["the screen should match the baseline {string} masking {string}"] = {
    description = "The same, with the views the selector matches painted over in both pictures (a clock, an ad).",
    example = [[Then the screen should match the baseline "cart" masking "label marked:'Time'"]],
  },
}

return M
