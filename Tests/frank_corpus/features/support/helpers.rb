module CorpusHelpers
  def note_text
    frankly_map("view:'UILabel' marked:'note'", 'text').first
  end

  # Waits for a label, as a team's helper would.
  def wait_for_label(text, timeout = 2)
    wait_until(:timeout => timeout, :message => "no label #{text}") do
      element_exists("view:'UILabel' text:'#{text}'")
    end
  end
end

World(CorpusHelpers)
