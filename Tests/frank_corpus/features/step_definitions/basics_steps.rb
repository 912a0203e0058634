# Counting, typing and checking: a team's everyday Frank steps.
def counter_selector(kind)
  "view:'UILabel' marked:'#{kind.downcase}'"
end

Given /^the app is ready$/ do
  check_element_exists "view:'UILabel' marked:'note'"
end

When /^I touch the "([^"]*)" button (\d+) times?$/ do |title, times|
  times.to_i.times do
    touch "button marked:'#{title}'"
  end
  @touches = (@touches || 0) + times.to_i
end

Then /^the count should be (\d+)$/ do |expected|
  sleep 0.5 # wait for the label to update
  count = frankly_map(counter_selector("Count"), 'text').first
  count.should == "count: #{expected}"
  count.should_not == "count: -1"
  expect(count.strip).to eq("count: #{expected.to_i}")
end

Then /^I have touched (\d+) times? in this scenario$/ do |n|
  @touches.should == n.to_i
  @touches.should be > 0
end

Then /^nothing was touched yet in this scenario$/ do
  @touches.should be_nil
end

When /^I type "(.*?)" into the name field$/ do |text|
  touch "textField placeholder:'Name'"
  type_into_keyboard text, :append_return => false
end

Then(/^the name field should read "(.*?)"$/) do |expected|
  wait_until(:timeout => 3, :message => "the name never read #{expected}") do
    frankly_map("textField placeholder:'Name'", 'text').first == expected
  end
end

Then /^the note should say (.*)$/ do |text|
  wait_for_label GREETING
  note_text.downcase.should include(text.strip.downcase)
end

Then /^the note greets me$/ do
  Timeout::timeout(5) do
    sleep 0.1 until note_text == GREETING
  end
end

Then /^touching a missing button fails$/ do
  lambda { touch "button marked:'Missing'" }.should raise_exception
  frankly_map("view marked:'Kiwi'", 'tag').should be_empty
end

Then /^the note is a word$/i do
  note_text.should match(/^\w+$/)
  raise "the note has digits" if note_text =~ /\d/
end

Then /the count label is shown/ do
  frankly_map(counter_selector("count"), 'text').first.should =~ /^count: \d+$/
end
