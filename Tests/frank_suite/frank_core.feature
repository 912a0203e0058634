# Every step of Frank's core catalog (gem/lib/frank-cucumber/core_frank_steps.rb, in Frank's wording) and of
# Frank's generated skeleton, against apps/frank_app.lua; features_test.sh checks that each step definition of
# fscript's Frank catalog ran, and compares the run's time with the fixed sleeps Frank's versions would spend.
Feature: Frank's core steps

  Background:
    Given I launch the app

  Scenario: seeing
    Then I wait to see "Hello"
    And I should see "Hello"
    And I should not see "Goodbye"
    And I should see a "Go" button
    And I should see a navigation bar titled "Frank"
    And I wait to see a navigation bar titled "Frank"
    And I should see the following:
      | Hello |
      | Go    |
    And I should not see the following:
      | Goodbye |
    And I should see an element of class "Card" with name "Profile" with the following labels: "Alice,Bob"
    And I should see an element of class "Card" with name "Profile" with a "Edit" button
    And I should not see a hidden button marked "Secret"
    And I should see a nonhidden button marked "Visible"
    And I should see an element of class "UISwitch"
    And I should not see an element of class "UIActionSheet"
    And I should not see an alert view
    And I should see an activity indicator animating

  Scenario: touching, tables and navigation
    When I touch "Go"
    Then I wait to see a navigation bar titled "Second"
    And I wait to not see a navigation bar titled "Frank"
    When I navigate back
    Then I wait to not see "On the second screen"
    When I touch "Nowhere to be seen" if exists
    And I touch the first table cell
    Then I should see "touched Row 1"
    When I touch the 2nd table cell
    Then I should see "touched Row 2"
    When I touch the table cell marked "Row 3"
    Then I should see "touched Row 3"
    When I touch the following:
      | Visible |
    Then I should see "visible touched"
    When I touch the button marked "Visible"
    And I flip switch "Sound"
    Then switch "Sound" should be on
    When I flip switch "Sound" off
    Then switch "Sound" should be off
    When I flip switch "Sound" on
    Then switch "Sound" should be on
    When I type "Frank" into the "Name" text field
    And I fill in "Name" with "Pete"
    And I fill in text fields as follows:
      | field | text  |
      | Name  | Frank |
    Then I should see the text field "Name" with text "Frank"
    When I enter the text "Pete" from keyboard to the textfield "Name"
    Then I should see the text field "Name" with text "Pete"
    And I wait for nothing to be animating

  Scenario: alerts and action sheets
    When I touch "Alert"
    Then I should see an alert view titled "Careful"
    And I should see an alert view with the message "Are you sure?"
    When I touch the "OK" alert view button
    Then I should not see an alert view
    And I should see "confirmed"
    When I touch "Alert"
    And I touch the 1st alert view button
    Then I should see "cancelled"
    When I touch "Menu"
    Then a pop-over menu is displayed with the following:
      | Mail  |
      | Print |
    When I touch the "Mail" action sheet button
    Then I should see "mailed"
    When I touch "Menu"
    And I touch the 2nd action sheet button
    Then I should see "printed"

  Scenario: the device and the app's life
    Given the device is in landscape orientation
    And the device is in a portrait orientation
    When I rotate to the "left"
    And I simulate a memory warning
    Then I should see "memory warning"
    When I wait for 0.1 seconds
    And I dump the DOM
    When I quit the simulator
    And I reset the simulator
    Given I launch the app using iOS 7.1 and the iphone simulator
    Then I should see "Hello"
