Feature: Frank's Controls example, with its step definitions ported to Lua

  Scenario: choosing a keyboard
    When I elect to use the Email keyboard
    Then I should see the keyboard type "Email"
    When I turn on auto-capitalization
    Then switch "Capitalize" should be on

  Scenario: scrolling the table
    When I scroll the table to the bottom
    Then the table is scrolled to the bottom
    And I should see "Row 30 of 30"
    When I scroll the table to the 1st row
    Then the table is scrolled to the top
