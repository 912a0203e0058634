Feature: Outlines
  Scenario Outline: writing <count> entries as <who>
    Given a fresh notebook
    When I write "<who>"
    And the table:
      | <who> | <count> |
    And the text:
      """
      <who> wrote <count>
      """
    Then row 1 holds "<who>" and "<count>"
    And the text is "<who> wrote <count>"
    And the notebook's last entry is "<who>"

    @small
    Examples: small
      | who   | count |
      | alice | 1     |
      | bob   | 2     |

    @large
    Scenarios: large
      | who   | count |
      | carol | 300   |
