# Data tables, steps calling steps, and Ruby's control flow.
Then /^I should see these fruits:$/ do |table|
  table.raw.each do |row|
    next if row.first.empty?
    check_element_exists "view marked:'#{row.first}'"
  end
end

Then /^the fruits have these prices:$/ do |table|
  prices = table.rows_hash
  prices.each do |fruit, price|
    puts "#{fruit} costs #{price}"
    price.to_f.should be > 0
  end
end

Then /^the shop lists:$/ do |table|
  names = table.hashes.map { |row| row['name'] }
  cheap = table.hashes.select { |row| row['price'].to_f < 1 }
  names.should_not be_empty
  cheap.should have(1).items
  labels = frankly_map("tableViewCell view:'UILabel'", 'text')
  names.each { |name| labels.should include(name) }
end

When /^I check the (\w+) fruit$/ do |which|
  case which
  when 'first'
    step 'I should see a fruit called "Apples"'
  when 'last'
    step %{I should see a fruit called "Plums"}
  else
    raise "no #{which} fruit"
  end
end

Then /^I should see a fruit called "([^"]*)"$/ do |name|
  check_element_exists "view marked:'#{name}'" unless name.empty?
end

Given /^the fruit basket is full$/ do
  steps %{
    Then I should see a fruit called "Apples"
    And I should see these fruits:
      | Apples |
      | Pears  |
  }
end

Then /^looking for a (\w+) is handled$/ do |fruit|
  begin
    check_element_exists "view marked:'#{fruit}'"
    found = true
  rescue => e
    puts "not found: #{e.message}"
    found = false
  end
  found.should be_false if fruit == 'Kiwi'
end

Given /^the basket has (\w+)$/ do |fruit|
  steps %Q{
    Then I should see a fruit called "#{fruit}"
  }
end
