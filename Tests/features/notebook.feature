# A comment before the feature.
@corpus
Feature: The notebook
  Every construct of Gherkin that fscript runs, in English.
  This description spans two lines.

  Background:
    Given a fresh notebook
    And I write "from the background"

  @smoke
  Scenario: steps run after the Background
    When I write "first"
    # A comment between steps.
    And I write 'second'
    Then the notebook holds 3 entries
    But the notebook's last entry is "second"
    And this scenario is tagged "smoke"
    And this scenario is tagged "corpus"

  Scenario: a data table and a doc string reach their steps
    Given the table:
      | name  | quantity |
      | Apple | 3        |
      | Pipe \| bar | 1  |
    Then row 2 holds "Apple" and "3"
    And row 3 holds "Pipe | bar" and "1"
    Given the text:
      ```json
      {"a": 1}
      ```
    Then the text decodes to a = 1
    Given the text:
      """
      line one
        indented
      """
    Then the text is "line one\n  indented"
